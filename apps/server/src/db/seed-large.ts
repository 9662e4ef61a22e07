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

/**
 * Adds generated orders (with 200 generated customers, one line each) until the shop holds
 * `target` orders, spread over the last 90 days and every state; answers how many were added.
 */
export async function generateOrders(db: Db, target: number): Promise<number> {
  const counted = await db.execute(sql`select count(*)::int as n from commandes`)
  const n = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0)
  const missing = Math.max(0, target - n)
  if (missing === 0) return 0
  await db.execute(sql`insert into clients (firebase_uid, email, name, prenom, telephone, role_id)
    select 'seed-large-' || g, 'client' || g || '@example.sn', 'Diop' || g, 'Awa', '+221 77 ' || lpad(g::text, 7, '0'), (select id from roles where name = 'client' limit 1)
    from generate_series(1, 200) g on conflict (firebase_uid) do nothing`)
  await db.execute(sql`with c as (select array_agg(id) ids from clients where firebase_uid like 'seed-large-%'),
      mp as (select array_agg(id order by id) ids from modepaiements), ml as (select array_agg(id order by id) ids from modelivraisons),
      st as (select array['en_attente','payee','confirmee','en_preparation','en_livraison','livree','livree','livree','annulee','en_attente_paiement']::text[] s)
    insert into commandes (numerocommande, client_id, etat, datecomm, montantcommande, montantliv, tel, adresseliv, zone, modepaiement_id, modelivraison_id)
    select 'GEN-' || lpad((${n} + g)::text, 8, '0'), c.ids[1 + g % array_length(c.ids, 1)], st.s[1 + g % 10],
      now() - (g % 129600) * interval '1 minute', 1000 + (g % 97) * 250, 1000, '+221 77 ' || lpad((g % 200)::text, 7, '0'),
      'Rue ' || g, (array['Mermoz','Plateau','Almadies','Ouakam','Yoff'])[1 + g % 5],
      mp.ids[1 + g % array_length(mp.ids, 1)], ml.ids[1 + g % array_length(ml.ids, 1)]
    from generate_series(1, ${missing}) g, c, mp, ml, st`)
  await db.execute(sql`vacuum analyze commandes`)
  await db.execute(sql`analyze clients`)
  return missing
}

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' }, orders: { type: 'string', default: '0' } } })
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
    const orders = Number(values.orders)
    if (!Number.isInteger(orders) || orders < 0) throw new Error('--orders must be a whole number')
    if (orders > 0) console.log(`${await generateOrders(database.db, orders)} orders added; the shop holds at least ${orders}`)
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
