// Generates a large catalogue for benchmarks: `npm run seed:large -w apps/server -- --products 100000`.
// It seeds the demo shop if needed, then adds generated variants of the demo products.
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../config.ts'
import { openShopDatabase, type Db } from './client.ts'
import { produits, souscategories } from './schema.ts'
import { seedIfEmpty } from './seed.ts'
import { CATALOGUE } from './seed-data.ts'

const VARIANTS = ['Promo', 'Lot', 'Format familial', 'Qualité supérieure', 'Bio', 'Import', 'Local', 'Eco', 'Premium', 'Mini']

/** Adds generated products until the catalogue holds `target` products; answers how many were added. */
export async function generateProducts(db: Db, target: number, batchSize = 2000): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(produits)
  const subs = await db.select({ id: souscategories.id, designation: souscategories.designation }).from(souscategories)
  const subId = new Map(subs.map((s) => [s.designation, s.id]))
  const models = CATALOGUE.flatMap((c) => c.souscategories.flatMap((s) => s.produits.map((p) => ({ ...p, souscategorieId: subId.get(s.designation)! }))))
  const missing = Math.max(0, target - n)
  for (let done = 0; done < missing; done += batchSize) {
    const rows = []
    for (let i = done; i < Math.min(missing, done + batchSize); i++) {
      const model = models[i % models.length]!
      const serial = n + i + 1
      rows.push({
        designation: `${model.designation} ${VARIANTS[Math.floor(i / models.length) % VARIANTS.length]} n°${serial}`,
        description: model.description,
        code: `GEN-${String(serial).padStart(7, '0')}`,
        prix: model.prix + (serial % 7) * 25,
        quantite: 10 + (serial % 190),
        unite: model.unite,
        image: model.image,
        souscategorieId: model.souscategorieId,
      })
    }
    await db.insert(produits).values(rows)
  }
  // What autovacuum would soon do: statistics for the planner, and the visibility map that
  // lets search count matches from an index alone.
  if (missing > 0) await db.execute(sql`vacuum analyze produits`)
  return missing
}

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } })
  const target = Number(values.products)
  if (!Number.isInteger(target) || target < 1) throw new Error('--products must be a positive whole number')
  const config = loadConfig()
  const database = await openShopDatabase(config)
  try {
    await database.withBootLock(async () => {
      await database.migrate()
      await seedIfEmpty(database.db)
    })
    const started = Date.now()
    const added = await generateProducts(database.db, target)
    console.log(`${added} products added in ${((Date.now() - started) / 1000).toFixed(1)} s; the catalogue holds at least ${target}`)
  } finally {
    await database.close()
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
