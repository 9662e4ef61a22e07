// The grids' totals (ADR 039): read from the counts the database keeps in produits_comptes, they
// must equal a count of the products themselves after every kind of write (bulk and single
// inserts, stock emptied by a real order and given back, price, sub-category, visibility, a
// delete), with sales that run, have not started or are over under a price range, after a
// fold, and while concurrent transactions empty products of the same keys in opposite orders.
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { produits, produitsComptes } from '../src/db/schema.ts'
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts'
import { makeProduct, makeSubcategory, placeHomeOrder } from './factories.ts'
import { createTestApp, gql, signIn, type TestContext } from './helpers.ts'

const TOTAL = /* GraphQL */ `
  query ($page: Int, $categorie_id: Int, $prix_min: Int, $prix_max: Int, $en_stock: Boolean, $promotion: Boolean, $tri: String) {
    produitspaginated(page: $page, count: 12, categorie_id: $categorie_id, prix_min: $prix_min, prix_max: $prix_max, en_stock: $en_stock, promotion: $promotion, tri: $tri) {
      metadata { total last_page }
    }
  }
`

let ctx: TestContext
let subA: number
let subB: number
const DAY = 86_400_000
const at = (days: number) => new Date(Date.now() + days * DAY)

beforeAll(async () => {
  // No anonymous cache: the rows below are written straight to the database.
  ctx = await createTestApp({ catalogueCacheTtl: 0 })
  subA = (await makeSubcategory(ctx.db)).id
  subB = (await makeSubcategory(ctx.db)).id
})
afterAll(() => ctx.close())

type Filter = { categorie_id?: number; prix_min?: number; prix_max?: number; en_stock?: boolean; promotion?: boolean }

/** Every filter a shopper can combine, on the whole catalogue and on each sub-category. */
function filters(): Filter[] {
  const ranges: Filter[] = [{}, { prix_min: 1000, prix_max: 2000 }, { prix_max: 1500 }, { prix_min: 4000 }]
  const out: Filter[] = []
  for (const categorie_id of [undefined, subA, subB])
    for (const range of ranges)
      for (const en_stock of [false, true])
        for (const promotion of [false, true]) out.push({ ...(categorie_id ? { categorie_id } : {}), ...range, ...(en_stock ? { en_stock } : {}), ...(promotion ? { promotion } : {}) })
  return out
}

/** The same filter counted from the products' own rows, on the price paid now. */
async function counted(f: Filter): Promise<number> {
  const now = sql`(case when prix_promo is not null and prix_promo < prix and (promo_debut is null or promo_debut <= now()) and (promo_fin is null or promo_fin > now()) then prix_promo else prix end)`
  const conditions = [sql`actif`]
  if (f.categorie_id) conditions.push(sql`souscategorie_id = ${f.categorie_id}`)
  if (f.en_stock) conditions.push(sql`quantite > 0`)
  if (f.promotion) conditions.push(sql`${now} < prix`)
  if (f.prix_min != null) conditions.push(sql`${now} >= ${f.prix_min}`)
  if (f.prix_max != null) conditions.push(sql`${now} <= ${f.prix_max}`)
  const result = await ctx.db.execute(sql`select count(*)::int as n from produits where ${sql.join(conditions, sql` and `)}`)
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
}

/** Each filter's total, on its first page and past its end, against the products' own count. */
async function expectExactTotals() {
  for (const f of filters()) {
    const expected = await counted(f)
    for (const variables of [{ ...f }, { ...f, tri: 'prix_croissant' }, { ...f, page: 1000 }]) {
      const { data, errors } = await gql<{ produitspaginated: { metadata: { total: number } } }>(ctx.app, TOTAL, variables)
      expect(errors).toBeUndefined()
      expect({ filter: variables, total: data!.produitspaginated.metadata.total }).toEqual({ filter: variables, total: expected })
    }
  }
}

const foldCounts = () => createCatalogueRepository(ctx.db).foldCatalogueCounts()
const keyRows = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(produitsComptes))[0]!.n
const distinctKeys = async () =>
  (await ctx.db.execute(sql`select count(*)::int as n from (select distinct souscategorie_id, en_stock, prix from produits_comptes) k`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n

describe('the grids count from produits_comptes', () => {
  it('after single and bulk inserts, with sales running, not started and over', async () => {
    await makeProduct(ctx.db, { souscategorieId: subA, prix: 1200 })
    await makeProduct(ctx.db, { souscategorieId: subA, prix: 5000, prixPromo: 1500 })
    await makeProduct(ctx.db, { souscategorieId: subA, prix: 1800, prixPromo: 900, promoFin: at(3) })
    await makeProduct(ctx.db, { souscategorieId: subB, prix: 4500, prixPromo: 1100, promoDebut: at(2) })
    await makeProduct(ctx.db, { souscategorieId: subB, prix: 1900, prixPromo: 4200, promoFin: at(-1) })
    await makeProduct(ctx.db, { souscategorieId: subB, prix: 3000, quantite: 0 })
    await makeProduct(ctx.db, { souscategorieId: subB, prix: 1000, actif: false })
    await ctx.db.insert(produits).values(
      Array.from({ length: 60 }, (_, i) => ({
        designation: `Lot ${i}`,
        code: `LOT-${i}`,
        prix: 500 + (i % 6) * 500,
        quantite: i % 5,
        souscategorieId: i % 2 ? subA : subB,
        actif: i % 7 !== 0,
      })),
    )
    await expectExactTotals()
  })

  it('after stock emptied by a real order, then given back when it is cancelled', async () => {
    const last = await makeProduct(ctx.db, { souscategorieId: subA, prix: 1300, quantite: 2 })
    const customer = await signIn(ctx.app)
    const placed = await placeHomeOrder(ctx.app, ctx.db, customer, [[last.id, 2]])
    expect(placed.statusCode).toBe(201)
    expect((await ctx.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, last.id)))[0]!.q).toBe(0)
    await expectExactTotals()

    const numero = placed.json().commande.numerocommande as string
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/annulation`, headers: customer.auth })
    expect(cancelled.statusCode).toBe(200)
    expect((await ctx.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, last.id)))[0]!.q).toBe(2)
    await expectExactTotals()
  })

  it('after price, sub-category, visibility and stock edits, a delete, and an update that moves no key', async () => {
    const rows = await ctx.db.select({ id: produits.id }).from(produits).where(inArray(produits.souscategorieId, [subA, subB])).orderBy(produits.id)
    const id = (i: number) => rows[i]!.id
    await ctx.db.update(produits).set({ prix: 3900 }).where(eq(produits.id, id(0)))
    await ctx.db.update(produits).set({ souscategorieId: subB }).where(eq(produits.id, id(1)))
    await ctx.db.update(produits).set({ actif: false }).where(eq(produits.id, id(2)))
    await ctx.db.update(produits).set({ actif: true }).where(inArray(produits.id, [id(6), id(7)]))
    await ctx.db.update(produits).set({ quantite: 0 }).where(inArray(produits.id, [id(3), id(8), id(9)]))
    await ctx.db.update(produits).set({ quantite: 7 }).where(eq(produits.id, id(5)))
    await ctx.db.delete(produits).where(eq(produits.id, id(10)))
    // Many keys moved in one statement, and the sale price alone (no key: nothing written).
    await ctx.db.update(produits).set({ prix: sql`${produits.prix} + 100` }).where(eq(produits.souscategorieId, subB))
    const before = await keyRows()
    await ctx.db.update(produits).set({ prixPromo: 1000, vues: 3, designation: 'Renommé' }).where(eq(produits.id, id(11)))
    const [stocked] = await ctx.db.select({ id: produits.id }).from(produits).where(sql`${produits.quantite} > 0`).limit(1)
    await ctx.db.update(produits).set({ quantite: sql`${produits.quantite} + 1` }).where(eq(produits.id, stocked!.id))
    expect(await keyRows()).toBe(before)
    await expectExactTotals()
  })

  it('the fold leaves one row per key and the same totals', async () => {
    expect(await keyRows()).toBeGreaterThan(await distinctKeys())
    await foldCounts()
    expect(await keyRows()).toBe(await distinctKeys())
    const zero = await ctx.db.execute(sql`select count(*)::int as n from produits_comptes where n = 0`)
    expect((zero as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0)
    await expectExactTotals()
  })

  it('concurrent transactions emptying products of the same keys in opposite orders neither wait on each other nor lose a count', async () => {
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => makeProduct(ctx.db, { souscategorieId: i % 2 ? subA : subB, prix: 2500, quantite: 1 })))
    const idsOf = made.map((p) => p.id)
    // Each transaction empties two products whose keys (sub-category, price) the next one
    // takes in the other order, while a fold runs among them.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          const [first, second] = i % 2 ? [idsOf[2 * i]!, idsOf[2 * i + 1]!] : [idsOf[2 * i + 1]!, idsOf[2 * i]!]
          await tx.update(produits).set({ quantite: 0 }).where(eq(produits.id, first))
          await tx.execute(sql`select pg_sleep(0.05)`)
          await tx.update(produits).set({ quantite: 0 }).where(eq(produits.id, second))
        }),
      ),
      foldCounts(),
    ])
    await expectExactTotals()
  })

  it('a truncated catalogue counts nothing', async () => {
    await ctx.db.execute(sql`truncate produits cascade`)
    expect(await keyRows()).toBe(0)
    await makeProduct(ctx.db, { souscategorieId: subA, prix: 1000 })
    await expectExactTotals()
  })
})
