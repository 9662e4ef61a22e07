// Generates a large catalogue for benchmarks: `npm run seed:large -w apps/server -- --products 100000`,
// and as many orders with `--orders 100000` (the back office's list). It seeds the demo shop
// if needed, then adds generated variants of the demo products and generated orders.
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../config.ts'
import { openShopDatabase, type Db } from './client.ts'
import { clients, commandes, produits, souscategories } from './schema.ts'
import { seedIfEmpty } from './seed.ts'
import { CATALOGUE, seedVariants } from './seed-data.ts'

const VARIANTS = ['Promo', 'Lot', 'Format familial', 'Qualité supérieure', 'Bio', 'Import', 'Local', 'Eco', 'Premium', 'Mini']

/** Adds generated products until the catalogue holds `target` products; answers how many were added. */
export async function generateProducts(db: Db, target: number, batchSize = 2000): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(produits)
  const subs = await db.select({ id: souscategories.id, designation: souscategories.designation }).from(souscategories)
  const subId = new Map(subs.map((s) => [s.designation, s.id]))
  // A grouped demo product is a model per variant (« Riz brisé parfumé 25 kg »).
  const models = CATALOGUE.flatMap((c) =>
    c.souscategories.flatMap((s) =>
      s.produits.flatMap((p) =>
        seedVariants(p).map((v) => ({ ...p, designation: [p.designation, ...v.valeurs].join(' '), prix: v.prix, souscategorieId: subId.get(s.designation)! })),
      ),
    ),
  )
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

// Order i takes state i % 12 and delivery mode i % 2 (DOMICILE, then RETRAIT): prete_retrait
// at an odd place and en_livraison at an even one, as the machine has them (a depot pickup, a home delivery).
const ORDER_STATES = ['livree', 'livree', 'livree', 'livree', 'annulee', 'confirmee', 'en_attente', 'payee', 'en_preparation', 'prete_retrait', 'en_livraison', 'remboursee']
const ZONES = ['Mermoz', 'Plateau', 'Almadies', 'Ouakam', 'Yoff', 'Parcelles Assainies', 'Pikine', 'Guédiawaye', 'Rufisque', 'Médina']

/**
 * Adds generated orders (over `customers` generated customers, the last 180 days, every state)
 * until the shop holds `target` orders, each with one line and its first history row;
 * answers how many were added. Numbers are `GEN-0000001`…
 */
export async function generateOrders(db: Db, target: number, { customers = 5000, batchSize = 20_000 } = {}): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(commandes)
  const missing = Math.max(0, target - n)
  if (missing === 0) return 0
  const [{ existing } = { existing: 0 }] = await db.select({ existing: sql<number>`count(*)::int` }).from(clients).where(sql`${clients.firebaseUid} like 'gen-%'`)
  if (existing < customers) {
    await db.execute(sql`insert into clients (firebase_uid, email, login, prenom, name, telephone, role_id)
      select 'gen-' || i, 'client' || i || '@exemple.sn', 'client' || i || '@exemple.sn',
             (array['Awa','Moussa','Fatou','Ibrahima','Aminata','Cheikh','Mariama','Ousmane'])[1 + i % 8],
             (array['Ndiaye','Diop','Fall','Sarr','Gueye','Ba','Sow','Faye','Diallo','Mbaye'])[1 + (i / 8) % 10],
             '+221 7' || (i % 9) || ' ' || lpad(((i * 7919) % 10000000)::text, 7, '0'),
             (select id from roles where isclient order by id limit 1)
      from generate_series(${existing + 1}::int, ${customers}::int) as i`)
  }
  const states = sql.raw(`array[${ORDER_STATES.map((s) => `'${s}'`).join(',')}]`)
  const zones = sql.raw(`array[${ZONES.map((z) => `'${z.replace(/'/g, "''")}'`).join(',')}]`)
  for (let done = 0; done < missing; done += batchSize) {
    const from = n + done + 1
    const to = n + Math.min(missing, done + batchSize)
    await db.execute(sql`with modes as (select array_agg(id order by id) as ids from modepaiements),
        livs as (select array_agg(id order by id) as ids from modelivraisons),
        people as (select array_agg(id order by id) as ids from clients where firebase_uid like 'gen-%'),
        goods as (select array_agg(id order by id) as ids from (select id from produits order by id limit 500) p),
        inserted as (
          insert into commandes (numerocommande, client_id, etat, datecomm, montantcommande, montantliv, remise, tel, adresseliv, zone, modepaiement_id, modelivraison_id)
          select 'GEN-' || lpad(i::text, 7, '0'),
                 people.ids[1 + (i * 31) % array_length(people.ids, 1)],
                 (${states})[1 + i % ${ORDER_STATES.length}],
                 now() - ((i::bigint * 7727) % (180 * 24 * 60)) * interval '1 minute',
                 1000 + (i * 37) % 60000, 1000, 0,
                 '+221 77 ' || lpad(((i::bigint * 104729) % 10000000)::text, 7, '0'),
                 'Rue ' || (i % 120) || ', villa ' || (i % 40),
                 (${zones})[1 + i % ${ZONES.length}],
                 modes.ids[1 + i % array_length(modes.ids, 1)],
                 livs.ids[1 + i % array_length(livs.ids, 1)]
          from generate_series(${from}::int, ${to}::int) as i, modes, livs, people
          returning id, etat, datecomm, client_id
        ),
        lines as (
          insert into detail_commandes (commande_id, produit_id, quantite, prix)
          select inserted.id, goods.ids[1 + inserted.id % array_length(goods.ids, 1)], 1 + inserted.id % 3, 1500 from inserted, goods
        )
        insert into order_history (commande_id, at, from_etat, to_etat, actor_kind, actor_id)
        select id, datecomm, null, etat, 'client', client_id::text from inserted`)
  }
  await db.execute(sql`vacuum analyze commandes`)
  await db.execute(sql`vacuum analyze clients`)
  return missing
}

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' }, orders: { type: 'string', default: '0' } } })
  const target = Number(values.products)
  if (!Number.isInteger(target) || target < 1) throw new Error('--products must be a positive whole number')
  const orders = Number(values.orders)
  if (!Number.isInteger(orders) || orders < 0) throw new Error('--orders must be a whole number')
  const config = loadConfig()
  // Writes only: no read replica to open.
  const database = await openShopDatabase({ ...config, replica: undefined })
  try {
    await database.withBootLock(async () => {
      await database.migrate()
      await seedIfEmpty(database.db)
    })
    const started = Date.now()
    const added = await generateProducts(database.db, target)
    console.log(`${added} products added in ${((Date.now() - started) / 1000).toFixed(1)} s; the catalogue holds at least ${target}`)
    if (orders > 0) {
      const ordersStarted = Date.now()
      const placed = await generateOrders(database.db, orders)
      console.log(`${placed} orders added in ${((Date.now() - ordersStarted) / 1000).toFixed(1)} s; the shop holds at least ${orders}`)
    }
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
