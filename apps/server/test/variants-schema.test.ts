// Variants in the database (issue 24 §2, ADR 053 §1-3, migration 0033): the backfill gives each
// product its one variant; the product is kept as its variants' summary by the database whoever
// writes them (a second variant is inserted here in SQL: nothing in the application creates one
// yet); two takes of two variants of one product both count; the triggers do not call each
// other back; and the previous release's recorded statements still work on a product with one
// variant and refuse, without writing anything wrong, on a product with several.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../src/db/client.ts'
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts'
import { stockLedger } from '../src/modules/stock/stock-ledger.service.ts'
import { freshDatabase } from './helpers.ts'
import { databaseUrl } from './test-server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const MIGRATIONS = path.join(here, '..', 'migrations')
const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures', 'release-queries.json'), 'utf8')) as { queries: string[] }

/** The previous release's recorded statement that starts with `start` (spaces folded). */
function recorded(start: string): string {
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim()
  const found = fixture.queries.find((q) => fold(q).startsWith(fold(start)))
  if (!found) throw new Error(`no recorded statement starts with ${start}`)
  return found
}

/** A migration's statements, as the migrator splits them. */
const migrationText = (tag: string) => fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8').split('--> statement-breakpoint').join('\n')
const migrationTags = () =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> }).entries.map((e) => e.tag)

let database: Database
let drop: () => Promise<void>
let client: pg.Client
let staffId: number
let souscategorieId: number

beforeAll(async () => {
  ;({ database, drop } = await freshDatabase())
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const role = await client.query<{ id: number }>('select min(id) as id from roles')
  staffId = (await client.query<{ id: number }>(`insert into clients (firebase_uid, role_id) values ('staff-variantes', $1) returning id`, [role.rows[0]!.id])).rows[0]!.id
  const categorie = (await client.query<{ id: number }>(`insert into categories (designation) values ('Épicerie') returning id`)).rows[0]!.id
  souscategorieId = (await client.query<{ id: number }>(`insert into souscategories (categorie_id, designation) values ($1, 'Riz') returning id`, [categorie])).rows[0]!.id
})
afterAll(async () => {
  await client?.end()
  await database?.close()
  await drop?.()
})

let codes = 0
/** A product as the previous release inserted one (its recorded statement): the database gives it its one variant. */
async function oldProduct(fields: { designation?: string; prix?: number; quantite?: number } = {}) {
  const code = `VAR-${++codes}-${randomBytes(3).toString('hex')}`
  const { rows } = await client.query<{ id: number }>(recorded('insert into "produits" ("id", "designation", "description", "code", "prix", "quantite", "unite", "image", "souscategorie_id", "vues", "actif", "seuil", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, default, $9, default, default, default) returning'), [
    fields.designation ?? 'Riz brisé parfumé',
    'Un sac.',
    code,
    fields.prix ?? 4000,
    fields.quantite ?? 10,
    'sac',
    null,
    souscategorieId,
    true,
  ])
  const id = rows[0]!.id
  const variant = (await client.query<{ id: number }>('select id from variantes where produit_id = $1', [id])).rows[0]!.id
  return { id, code, variant }
}

/** A second variant, written straight in SQL as the back office will (ADR 053 §9, step 4). */
async function secondVariant(produitId: number, fields: { code?: string; prix: number; quantite: number; valeur?: string; prix_promo?: number | null }) {
  await client.query(`update variantes set valeur1 = '5 kg' where produit_id = $1`, [produitId])
  const { rows } = await client.query<{ id: number }>(
    `insert into variantes (produit_id, position, valeur1, code, prix, quantite, prix_promo) values ($1, 1, $2, $3, $4, $5, $6) returning id`,
    [produitId, fields.valeur ?? '25 kg', fields.code ?? `VAR-${++codes}-B`, fields.prix, fields.quantite, fields.prix_promo ?? null],
  )
  return rows[0]!.id
}

const productRow = async (id: number) =>
  (
    await client.query<{ quantite: number; prix: number; prix_max: number; nb_variantes: number; code: string; prix_promo: number | null; recherche_variantes: string }>(
      'select quantite, prix, prix_max, nb_variantes, code, prix_promo, recherche_variantes from produits where id = $1',
      [id],
    )
  ).rows[0]!
const variantRow = async (id: number) =>
  (await client.query<{ quantite: number; prix: number; code: string; seuil: number }>('select quantite, prix, code, seuil from variantes where id = $1', [id])).rows[0]

describe('the backfill (migration 0033 on a shop of the previous release)', () => {
  const name = `teranga_v_${randomBytes(6).toString('hex')}`
  let old: pg.Client
  let admin: pg.Client

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('testServerUrl') })
    await admin.connect()
    await admin.query(`create database ${name}`)
    old = new pg.Client({ connectionString: databaseUrl(inject('testServerUrl'), name) })
    await old.connect()
    const tags = migrationTags()
    for (const tag of tags.slice(0, tags.indexOf('0033_variantes'))) await old.query(migrationText(tag))
  })
  afterAll(async () => {
    await old?.end()
    await admin?.query(`drop database if exists ${name} with (force)`)
    await admin?.end()
  })

  it('gives each product one variant with its fields, and every line, movement and cart line that variant', async () => {
    const role = (await old.query<{ id: number }>('select min(id) as id from roles')).rows[0]!.id
    const clientId = (await old.query<{ id: number }>(`insert into clients (firebase_uid, role_id) values ('u1', $1) returning id`, [role])).rows[0]!.id
    const cat = (await old.query<{ id: number }>(`insert into categories (designation) values ('c') returning id`)).rows[0]!.id
    const sc = (await old.query<{ id: number }>(`insert into souscategories (categorie_id, designation) values ($1, 's') returning id`, [cat])).rows[0]!.id
    const products = await old.query<{ id: number }>(
      `insert into produits (designation, code, prix, quantite, seuil, souscategorie_id, prix_promo, promo_debut, promo_fin)
       values ('Riz brisé parfumé 25 kg', 'EPI-0002', 17500, 12, 3, $1, 16000, now() - interval '1 day', now() + interval '1 day'),
              ('Huile végétale 1 L', 'EPI-0012', 1500, 0, 5, $1, null, null, null) returning id`,
      [sc],
    )
    const [riz, huile] = products.rows.map((r) => r.id)
    const mp = (await old.query<{ id: number }>(`insert into modepaiements (designation, code) values ('Espèces', 'CASH') returning id`)).rows[0]!.id
    const ml = (await old.query<{ id: number }>(`insert into modelivraisons (designation, code) values ('Domicile', 'DOMICILE') returning id`)).rows[0]!.id
    const commande = (
      await old.query<{ id: number }>(
        `insert into commandes (numerocommande, client_id, etat, montantcommande, modepaiement_id, modelivraison_id) values ('C1', $1, 'livree', 19000, $2, $3) returning id`,
        [clientId, mp, ml],
      )
    ).rows[0]!.id
    await old.query('insert into detail_commandes (commande_id, produit_id, quantite, prix) values ($1, $2, 1, 17500), ($1, $3, 1, 1500)', [commande, riz, huile])
    const refund = (await old.query<{ id: number }>(`insert into remboursements (commande_id, montant, provider, motif) values ($1, 1500, 'cash', 'Cassée') returning id`, [commande])).rows[0]!.id
    await old.query('insert into remboursement_lignes (remboursement_id, produit_id, quantite, prix, restock) values ($1, $2, 1, 1500, false)', [refund, huile])
    await old.query(`insert into mouvements_stock (produit_id, delta, quantite_apres, raison, commande_id) values ($1, -1, 12, 'vente', $2)`, [riz, commande])
    const panier = (await old.query<{ id: number }>('insert into paniers (client_id) values ($1) returning id', [clientId])).rows[0]!.id
    await old.query('insert into panier_produits (panier_id, produit_id, quantite) values ($1, $2, 2)', [panier, riz])

    await old.query(migrationText('0033_variantes'))

    const variants = await old.query(
      `select produit_id, position, valeur1, valeur2, valeur3, code, prix, prix_promo, promo_debut is not null as debut, promo_fin is not null as fin, quantite, seuil, image, actif
       from variantes order by produit_id`,
    )
    expect(variants.rows).toEqual([
      { produit_id: riz, position: 0, valeur1: null, valeur2: null, valeur3: null, code: 'EPI-0002', prix: 17500, prix_promo: 16000, debut: true, fin: true, quantite: 12, seuil: 3, image: null, actif: true },
      { produit_id: huile, position: 0, valeur1: null, valeur2: null, valeur3: null, code: 'EPI-0012', prix: 1500, prix_promo: null, debut: false, fin: false, quantite: 0, seuil: 5, image: null, actif: true },
    ])
    const summary = await old.query('select id, quantite, prix, prix_max, nb_variantes, code, prix_promo, recherche_variantes from produits order by id')
    expect(summary.rows).toEqual([
      { id: riz, quantite: 12, prix: 17500, prix_max: 17500, nb_variantes: 1, code: 'EPI-0002', prix_promo: 16000, recherche_variantes: 'riz brise parfume 25 kg epi-0002' },
      { id: huile, quantite: 0, prix: 1500, prix_max: 1500, nb_variantes: 1, code: 'EPI-0012', prix_promo: null, recherche_variantes: 'huile vegetale 1 l epi-0012' },
    ])
    const variantOf = new Map(
      (await old.query<{ id: number; produit_id: number }>('select id, produit_id from variantes')).rows.map((r) => [r.produit_id, r.id]),
    )
    const named = async (table: string) =>
      (await old.query<{ produit_id: number; variante_id: number }>(`select produit_id, variante_id from ${table} order by id`)).rows.map((r) => r.variante_id === variantOf.get(r.produit_id))
    expect(await named('detail_commandes')).toEqual([true, true])
    expect(await named('remboursement_lignes')).toEqual([true])
    expect(await named('mouvements_stock')).toEqual([true])
    expect((await old.query('select panier_id, produit_id, variante_id, quantite from panier_lignes')).rows).toEqual([
      { panier_id: panier, produit_id: riz, variante_id: variantOf.get(riz!), quantite: 2 },
    ])
  })
})

describe('the product, its variants summed by the database', () => {
  it('sums stock and counts, keeps the lowest and highest price and the search text as variants are inserted, changed and deleted', async () => {
    const riz = await oldProduct({ designation: 'Riz brisé parfumé', prix: 4000, quantite: 10 })
    const big = await secondVariant(riz.id, { code: `${riz.code}-25`, prix: 17500, quantite: 2 })
    expect(await productRow(riz.id)).toEqual({
      quantite: 12,
      prix: 4000,
      prix_max: 17500,
      nb_variantes: 2,
      code: riz.code,
      prix_promo: null,
      recherche_variantes: `riz brise parfume 5 kg ${riz.code.toLowerCase()} | riz brise parfume 25 kg ${riz.code.toLowerCase()}-25`,
    })

    await client.query('update variantes set prix = 3500 where id = $1', [big])
    expect(await productRow(riz.id)).toMatchObject({ prix: 3500, prix_max: 4000, quantite: 12 })

    // A name change writes the search text again.
    await client.query(`update produits set designation = 'Riz parfumé' where id = $1`, [riz.id])
    expect((await productRow(riz.id)).recherche_variantes).toBe(`riz parfume 5 kg ${riz.code.toLowerCase()} | riz parfume 25 kg ${riz.code.toLowerCase()}-25`)

    // Withdrawn: out of the sums, still there.
    await client.query('update variantes set actif = false where id = $1', [big])
    expect(await productRow(riz.id)).toMatchObject({ quantite: 10, prix: 4000, prix_max: 4000, nb_variantes: 1 })

    await client.query('update variantes set actif = true where id = $1', [big])
    await client.query('delete from variantes where id = $1', [riz.variant])
    expect(await productRow(riz.id)).toMatchObject({ quantite: 2, prix: 3500, prix_max: 3500, nb_variantes: 1, code: `${riz.code}-25` })
  })

  it("takes the sale of the variant a shopper pays least for now, and none that is not below its price or has ended", async () => {
    const riz = await oldProduct({ prix: 4000, quantite: 5 })
    // The 25 kg bag on sale at 16 000: still dearer than the 5 kg bag, so the product's price now stays 4 000.
    await secondVariant(riz.id, { prix: 17500, quantite: 1, prix_promo: 16000 })
    expect(await productRow(riz.id)).toMatchObject({ prix: 4000, prix_promo: 16000 })
    const now = async () => (await client.query<{ p: number }>('select case when prix_promo < prix then prix_promo else prix end as p from produits where id = $1', [riz.id])).rows[0]!.p
    expect(await now()).toBe(4000)
    // The 5 kg bag on sale at 3 500: the cheapest running sale.
    await client.query(`update variantes set prix_promo = 3500, promo_fin = now() + interval '1 day' where id = $1`, [riz.variant])
    expect(await productRow(riz.id)).toMatchObject({ prix: 4000, prix_promo: 3500 })
    expect(await now()).toBe(3500)
    // Ended: the other sale is the product's again.
    await client.query(`update variantes set promo_fin = now() - interval '1 minute' where id = $1`, [riz.variant])
    expect(await productRow(riz.id)).toMatchObject({ prix_promo: 16000 })
  })

  it("is summed again at a variant's sale start by the boundary timer's call, and the next boundary is read from the variants", async () => {
    const riz = await oldProduct({ prix: 4000, quantite: 5 })
    await secondVariant(riz.id, { prix: 17500, quantite: 1 })
    const catalogue = createCatalogueRepository(database.db)
    // A sale of the 5 kg bag written to start in a minute: no running sale yet, so none on the product.
    await client.query(`update variantes set prix_promo = 3500, promo_debut = now() + interval '1 minute' where id = $1`, [riz.variant])
    const next = await catalogue.nextPromotionBoundary()
    expect(next!.getTime()).toBeGreaterThan(Date.now())
    expect(await productRow(riz.id)).toMatchObject({ prix_promo: 3500 })
    // The minute passing, as the clock would: the start moved into the past without the triggers
    // (a session that fires none), so the product's summary is what it was before the start.
    await withoutTriggers(async () => {
      await client.query(`update produits set prix_promo = null, promo_debut = null where id = $1`, [riz.id])
      await client.query(`update variantes set promo_debut = now() - interval '1 second' where id = $1`, [riz.variant])
    })
    const at = await catalogue.summarizeSaleBoundaries(new Date(Date.now() - 60 * 60_000))
    expect(at.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(await productRow(riz.id)).toMatchObject({ prix: 4000, prix_promo: 3500 })
    // Called again from its own answer: nothing started or ended since, nothing written.
    await withoutTriggers(() => client.query(`update produits set prix_promo = null where id = $1`, [riz.id]))
    await catalogue.summarizeSaleBoundaries(at)
    expect((await productRow(riz.id)).prix_promo).toBeNull()
  })

  it('adds a stock-only change as a delta, once: the summary does not call the triggers back', async () => {
    const huile = await oldProduct({ prix: 1500, quantite: 7 })
    await client.query('update variantes set quantite = quantite + 5, updated_at = now() where id = $1', [huile.variant])
    expect(await variantRow(huile.variant)).toMatchObject({ quantite: 12 })
    expect((await productRow(huile.id)).quantite).toBe(12)
    // The compatibility trigger copies a product write to the variant once, and the summary does not echo it back.
    await client.query('update produits set quantite = quantite - 2, prix = 1600 where id = $1', [huile.id])
    expect(await variantRow(huile.variant)).toMatchObject({ quantite: 10, prix: 1600 })
    expect(await productRow(huile.id)).toMatchObject({ quantite: 10, prix: 1600, prix_max: 1600 })
    const depth = await client.query<{ d: number }>('select pg_trigger_depth() as d')
    expect(depth.rows[0]!.d).toBe(0)
  })

  it('tells a stock-only change by every other column of variantes (migration 0053 names them all)', async () => {
    // A column added to the table and not to the trigger's list would let its changes pass as stock.
    const columns = (await client.query<{ name: string }>(`select column_name as name from information_schema.columns where table_name = 'variantes' order by ordinal_position`)).rows.map((r) => r.name)
    const definition = (await client.query<{ def: string }>(`select pg_get_functiondef('variantes_changements'::regproc) as def`)).rows[0]!.def
    for (const column of columns.filter((c) => !['id', 'quantite', 'updated_at'].includes(c))) {
      expect(definition, column).toContain(`a."${column}"`)
      expect(definition, column).toContain(`n."${column}"`)
    }
    // A change of stock and of something else in one statement is summed again, not added as a delta.
    const riz = await oldProduct({ prix: 2000, quantite: 4 })
    await client.query('update variantes set quantite = quantite + 1, prix = 1800, updated_at = now() where id = $1', [riz.variant])
    expect(await productRow(riz.id)).toMatchObject({ quantite: 5, prix: 1800 })
    await client.query("update variantes set quantite = quantite - 1, valeur1 = 'Parfumé' where id = $1", [riz.variant])
    expect(await productRow(riz.id)).toMatchObject({ quantite: 4, recherche_variantes: expect.stringContaining('parfume') })
  })
})

describe('the stock ledger by variant', () => {
  it('two transactions taking two variants of one product at once: both count in the product', async () => {
    const riz = await oldProduct({ prix: 4000, quantite: 10 })
    const big = await secondVariant(riz.id, { prix: 17500, quantite: 6 })
    const first = new pg.Client({ connectionString: database.url })
    await first.connect()
    try {
      await first.query('begin')
      await first.query('update variantes set quantite = quantite - 3, updated_at = now() where id = $1', [riz.variant])
      // The second waits on the product's row the first holds, then adds its own delta to the committed stock.
      const second = database.db.transaction((tx) => stockLedger(tx).adjust(big, -4, { raison: 'manuel', motif: 'Perte', staffId }))
      await waitForALockWait()
      await first.query('commit')
      expect(await second).toMatchObject({ produitId: riz.id, varianteId: big, delta: -4, quantiteApres: 2 })
    } finally {
      await first.end()
    }
    expect(await productRow(riz.id)).toMatchObject({ quantite: 9 })
    expect([(await variantRow(riz.variant))!.quantite, (await variantRow(big))!.quantite]).toEqual([7, 2])
  })

  it('refuses a change that would take a variant below 0, writing nothing', async () => {
    const riz = await oldProduct({ quantite: 10 })
    const big = await secondVariant(riz.id, { prix: 17500, quantite: 1 })
    const refused = await database.db.transaction((tx) => stockLedger(tx).adjust(big, -2, { raison: 'manuel', staffId }))
    expect(refused).toBeUndefined()
    expect((await productRow(riz.id)).quantite).toBe(11)
    const history = await client.query('select count(*)::int as n from mouvements_stock where variante_id = $1', [big])
    expect(history.rows[0]).toEqual({ n: 0 })
  })
})

/** Writes made as time passing would make them: in a session that fires no trigger. */
async function withoutTriggers(write: () => Promise<unknown>) {
  await client.query('set session_replication_role = replica')
  try {
    await write()
  } finally {
    await client.query('set session_replication_role = default')
  }
}

/** Until another session waits on a lock (the second transaction is then really behind the first). */
async function waitForALockWait() {
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)
    if (rows[0]!.n > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the second transaction never waited')
}

describe("the previous release's statements during the upgrade", () => {
  const take = () => recorded('update "produits" set quantite = "produits"."quantite" - wanted.quantite')
  const setStock = () => recorded('update "produits" set "quantite" = $1, "updated_at" = $2 where "produits"."id" = $3')
  const productForm = () => recorded('update "produits" set "designation" = $1, "description" = $2, "code" = $3, "prix" = $4, "unite" = $5, "image" = $6, "souscategorie_id" = $7, "seuil" = $8')
  const cartAdd = () => recorded('insert into "panier_produits" (panier_id, produit_id, quantite) select $1, "produits"."id", $2 from "produits" where "produits"."id" = $3 and "produits"."actif" and "produits"."quantite" >= $4 and ((select count(*) from "panier_produits" where "panier_produits"."panier_id" = $5) < $6 or exists (select 1 from "panier_produits" where "panier_produits"."panier_id" = $7 and "panier_produits"."produit_id" = $8)) on conflict (panier_id, produit_id) do update set quantite = "panier_produits"."quantite" + excluded.quantite')
  const cartRemove = () => recorded('delete from "panier_produits" where ("panier_produits"."panier_id" = $1 and "panier_produits"."produit_id" = $2)')

  async function newCart() {
    const role = (await client.query<{ id: number }>('select min(id) as id from roles')).rows[0]!.id
    const who = (await client.query<{ id: number }>(`insert into clients (firebase_uid, role_id) values ($1, $2) returning id`, [`u-${randomBytes(4).toString('hex')}`, role])).rows[0]!.id
    return (await client.query<{ id: number }>('insert into paniers (client_id) values ($1) returning id', [who])).rows[0]!.id
  }

  it('on a product with one variant: its take, stock, form, cart and history lines reach the variant', async () => {
    const riz = await oldProduct({ prix: 4000, quantite: 10 })
    expect((await client.query(take(), [[riz.id], [3]])).rowCount).toBe(1)
    expect(await variantRow(riz.variant)).toMatchObject({ quantite: 7 })
    await client.query(setStock(), [20, new Date(), riz.id])
    expect(await variantRow(riz.variant)).toMatchObject({ quantite: 20 })
    await client.query(productForm(), ['Riz parfumé', 'Un sac.', `${riz.code}-X`, 4200, 'sac', null, souscategorieId, 2, new Date(), riz.id])
    expect(await variantRow(riz.variant)).toEqual({ quantite: 20, prix: 4200, code: `${riz.code}-X`, seuil: 2 })
    expect(await productRow(riz.id)).toMatchObject({ quantite: 20, prix: 4200, prix_max: 4200, recherche_variantes: `riz parfume ${riz.code.toLowerCase()}-x` })

    // A history line without its variant (the recorded one predates `raison`, which is now required: its columns and a reason).
    const moved = await client.query<{ id: number }>(
      `insert into mouvements_stock (produit_id, delta, quantite_apres, raison, motif, staff_id) values ($1, 1, 21, 'manuel', 'Livraison', $2) returning id`,
      [riz.id, staffId],
    )
    const line = await client.query('select variante_id from mouvements_stock where id = $1', [moved.rows[0]!.id])
    expect(line.rows).toEqual([{ variante_id: riz.variant }])

    const panier = await newCart()
    const added = await client.query(cartAdd(), [panier, 2, riz.id, 2, panier, 100, panier, riz.id, 50])
    expect(added.rowCount).toBe(1)
    expect((await client.query('select variante_id, quantite from panier_lignes where panier_id = $1', [panier])).rows).toEqual([{ variante_id: riz.variant, quantite: 2 }])
    await client.query(cartAdd(), [panier, 3, riz.id, 3, panier, 100, panier, riz.id, 50])
    expect((await client.query('select quantite from panier_lignes where panier_id = $1', [panier])).rows).toEqual([{ quantite: 5 }])
    await client.query(cartRemove(), [panier, riz.id])
    expect((await client.query('select count(*)::int as n from panier_lignes where panier_id = $1', [panier])).rows).toEqual([{ n: 0 }])
  })

  it('on a product with several variants: a take or a stock change writes nothing, the form keeps the prices, the cart refuses it', async () => {
    const riz = await oldProduct({ prix: 4000, quantite: 10 })
    const big = await secondVariant(riz.id, { prix: 17500, quantite: 2 })
    expect((await client.query(take(), [[riz.id], [3]])).rowCount).toBe(0)
    await client.query(setStock(), [50, new Date(), riz.id])
    expect(await productRow(riz.id)).toMatchObject({ quantite: 12, prix: 4000, prix_max: 17500, nb_variantes: 2 })
    expect([(await variantRow(riz.variant))!.quantite, (await variantRow(big))!.quantite]).toEqual([10, 2])

    await client.query(productForm(), ['Riz parfumé', 'Deux tailles.', riz.code, 1, 'sac', null, souscategorieId, 0, new Date(), riz.id])
    const after = await client.query('select designation, description, prix, seuil from produits where id = $1', [riz.id])
    expect(after.rows).toEqual([{ designation: 'Riz parfumé', description: 'Deux tailles.', prix: 4000, seuil: 5 }])
    expect(await variantRow(riz.variant)).toMatchObject({ prix: 4000, seuil: 5 })

    const panier = await newCart()
    expect((await client.query(cartAdd(), [panier, 1, riz.id, 1, panier, 100, panier, riz.id, 50])).rowCount).toBe(0)
    expect((await client.query('select count(*)::int as n from panier_lignes where panier_id = $1', [panier])).rows).toEqual([{ n: 0 }])
  })

  it("sums a cart written by variant into the previous release's row of its product", async () => {
    const riz = await oldProduct({ prix: 4000, quantite: 10 })
    const big = await secondVariant(riz.id, { prix: 17500, quantite: 5 })
    const panier = await newCart()
    await client.query('insert into panier_lignes (panier_id, produit_id, variante_id, quantite) values ($1, $2, $3, 1), ($1, $2, $4, 2)', [panier, riz.id, riz.variant, big])
    expect((await client.query('select produit_id, quantite from panier_produits where panier_id = $1', [panier])).rows).toEqual([{ produit_id: riz.id, quantite: 3 }])
    await client.query('delete from panier_lignes where panier_id = $1', [panier])
    expect((await client.query('select count(*)::int as n from panier_produits where panier_id = $1', [panier])).rows).toEqual([{ n: 0 }])
  })
})
