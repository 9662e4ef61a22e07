// The shop's grids (issue 19 §2): produitspaginated sorted (price, newest, best sellers),
// filtered (price range on the price now, in stock, on sale) and paged, alone or with a
// search, through GraphQL and REST; bad arguments refused with their field named.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GRID_MESSAGES } from '@teranga/shared/catalogue-grid'
import { commandes, detailCommandes, modelivraisons, modepaiements, produits } from '../src/db/schema.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { anotherInstance, createTestApp, gql, signIn, type TestContext } from './helpers.ts'

const PAGE = /* GraphQL */ `
  query ($page: Int, $count: Int, $categorie_id: Int, $designation: String, $tri: String, $prix_min: Int, $prix_max: Int, $en_stock: Boolean, $promotion: Boolean) {
    produitspaginated(page: $page, count: $count, categorie_id: $categorie_id, designation: $designation, tri: $tri, prix_min: $prix_min, prix_max: $prix_max, en_stock: $en_stock, promotion: $promotion) {
      metadata { total per_page current_page last_page }
      data { id designation prix prix_initial quantite souscategorie { id categorie { id } } }
    }
  }
`

type Row = { id: number; designation: string; prix: number; prix_initial: number | null; quantite: number }
type PageAnswer = { metadata: { total: number; per_page: number; current_page: number; last_page: number }; data: Row[] }

let ctx: TestContext
const DAY = 86_400_000

async function page(variables: Record<string, unknown>) {
  const { data, errors, status } = await gql<{ produitspaginated: PageAnswer }>(ctx.app, PAGE, variables)
  expect(errors).toBeUndefined()
  expect(status).toBe(200)
  return data!.produitspaginated
}
const ids = (p: PageAnswer) => p.data.map((r) => r.id)

/** An order of `lines` [product, units] in state `etat`, paid on delivery, placed `daysAgo` days ago. */
async function order(clientId: number, etat: string, daysAgo: number, lines: Array<[number, number]>) {
  const [mp] = await ctx.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH'))
  const [ml] = await ctx.db.select().from(modelivraisons).limit(1)
  const [row] = await ctx.db
    .insert(commandes)
    .values({
      numerocommande: `GRID-${Math.random().toString(36).slice(2, 10)}`,
      clientId,
      etat,
      datecomm: new Date(Date.now() - daysAgo * DAY),
      montantcommande: 1000,
      modepaiementId: mp!.id,
      modelivraisonId: ml!.id,
    })
    .returning({ id: commandes.id })
  await ctx.db.insert(detailCommandes).values(lines.map(([produitId, quantite]) => ({ commandeId: row!.id, produitId, quantite, prix: 1000 })))
}

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('sorting a sub-category', () => {
  let sub: number
  let cheap: number, dear: number, middle: number, onSale: number, saleOver: number
  beforeAll(async () => {
    sub = (await makeSubcategory(ctx.db)).id
    const at = (days: number) => new Date(Date.now() - days * DAY)
    cheap = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 500, createdAt: at(5) })).id
    dear = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 9000, createdAt: at(1) })).id
    middle = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 3000, createdAt: at(3) })).id
    // 8,000 FCFA sold at 400 now: the cheapest by the price the shopper pays.
    onSale = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 8000, prixPromo: 400, promoFin: at(-2), createdAt: at(4) })).id
    // A sale that ended: its regular price counts.
    saleOver = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 2000, prixPromo: 100, promoFin: at(1), createdAt: at(2) })).id
  })

  it('by the price paid now, up and down, a running sale at its sale price', async () => {
    const up = await page({ categorie_id: sub, tri: 'prix_croissant' })
    expect(ids(up)).toEqual([onSale, cheap, saleOver, middle, dear])
    expect(up.data[0]).toMatchObject({ prix: 400, prix_initial: 8000 })
    expect(up.data[2]).toMatchObject({ prix: 2000, prix_initial: null })
    expect(ids(await page({ categorie_id: sub, tri: 'prix_decroissant' }))).toEqual([dear, middle, saleOver, cheap, onSale])
  })

  it('newest first, and the catalogue order without a sort', async () => {
    expect(ids(await page({ categorie_id: sub, tri: 'nouveautes' }))).toEqual([dear, saleOver, middle, onSale, cheap])
    expect(ids(await page({ categorie_id: sub }))).toEqual([cheap, dear, middle, onSale, saleOver])
  })

  it('pages a sort without overlap, with the total, and an empty page past the end', async () => {
    const first = await page({ categorie_id: sub, tri: 'prix_croissant', count: 2, page: 1 })
    const second = await page({ categorie_id: sub, tri: 'prix_croissant', count: 2, page: 2 })
    const third = await page({ categorie_id: sub, tri: 'prix_croissant', count: 2, page: 3 })
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual([onSale, cheap, saleOver, middle, dear])
    expect(second.metadata).toEqual({ total: 5, per_page: 2, current_page: 2, last_page: 3 })
    const past = await page({ categorie_id: sub, tri: 'prix_decroissant', count: 2, page: 7 })
    expect(past).toEqual({ metadata: { total: 5, per_page: 2, current_page: 7, last_page: 3 }, data: [] })
  })
})

describe('filters', () => {
  let sub: number
  let a: number, b: number, empty: number, sale: number, future: number
  beforeAll(async () => {
    sub = (await makeSubcategory(ctx.db)).id
    a = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 1000 })).id
    b = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 5000 })).id
    empty = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 2000, quantite: 0 })).id
    sale = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 9000, prixPromo: 2500 })).id
    // Its sale starts tomorrow: not on sale today, at its regular price.
    future = (await makeProduct(ctx.db, { souscategorieId: sub, prix: 3000, prixPromo: 1500, promoDebut: new Date(Date.now() + DAY) })).id
    await makeProduct(ctx.db, { souscategorieId: sub, prix: 2200, actif: false })
  })

  it('a price range on the price paid now, bounds included', async () => {
    const range = await page({ categorie_id: sub, prix_min: 1000, prix_max: 3000, tri: 'prix_croissant' })
    expect(ids(range)).toEqual([a, empty, sale, future])
    expect(range.metadata.total).toBe(4)
    expect(ids(await page({ categorie_id: sub, prix_min: 2600 }))).toEqual([b, future])
    expect(ids(await page({ categorie_id: sub, prix_max: 1000, tri: 'prix_decroissant' }))).toEqual([a])
  })

  it('in stock only', async () => {
    const stocked = await page({ categorie_id: sub, en_stock: true })
    expect(ids(stocked)).not.toContain(empty)
    expect(stocked.metadata.total).toBe(4)
    expect(ids(await page({ categorie_id: sub, en_stock: false }))).toContain(empty)
  })

  it('on sale only: sales that run now, whatever the sort', async () => {
    for (const tri of [undefined, 'prix_croissant', 'prix_decroissant', 'nouveautes', 'meilleures_ventes']) {
      const onSale = await page({ categorie_id: sub, promotion: true, tri })
      expect(ids(onSale)).toEqual([sale])
      expect(onSale.metadata.total).toBe(1)
    }
    expect(ids(await page({ categorie_id: sub, promotion: true, prix_max: 2000 }))).toEqual([])
  })

  it('filters and sorts together, over the whole catalogue too', async () => {
    const all = await page({ promotion: true, en_stock: true, prix_min: 2500, prix_max: 2500, tri: 'prix_decroissant', count: 100 })
    expect(ids(all)).toContain(sale)
    expect(all.data.every((p) => p.prix === 2500 && p.prix_initial !== null && p.quantite > 0)).toBe(true)
  })
})

describe('best sellers', () => {
  it('units sold over the last 30 days, from the orders that count as sales, then the others', async () => {
    const sub = (await makeSubcategory(ctx.db)).id
    const [x, y, z, none] = await Promise.all([1, 2, 3, 4].map(() => makeProduct(ctx.db, { souscategorieId: sub })))
    const customer = await signIn(ctx.app)
    // Paid on delivery and delivered (ADR 050).
    await order(customer.userId, 'livree', 2, [[x!.id, 2], [y!.id, 1]])
    await order(customer.userId, 'livree', 1, [[y!.id, 2]])
    await order(customer.userId, 'livree', 29, [[z!.id, 1]])
    // Not counted: paid on delivery but not delivered yet, cancelled, refunded, unpaid, failed, or older than 30 days.
    await order(customer.userId, 'en_attente', 1, [[none!.id, 50]])
    await order(customer.userId, 'confirmee', 1, [[none!.id, 50]])
    await order(customer.userId, 'annulee', 1, [[z!.id, 50]])
    await order(customer.userId, 'remboursee', 1, [[none!.id, 50]])
    await order(customer.userId, 'en_attente_paiement', 1, [[none!.id, 50]])
    await order(customer.userId, 'echec_paiement', 1, [[none!.id, 50]])
    await order(customer.userId, 'livree', 31, [[none!.id, 50]])
    // An instance rebuilds the best sellers as it starts (then every few minutes).
    const restarted = await anotherInstance(ctx)
    await restarted.ready()
    await restarted.close()

    const best = await page({ categorie_id: sub, tri: 'meilleures_ventes' })
    expect(ids(best)).toEqual([y!.id, x!.id, z!.id, none!.id])
    const second = await page({ categorie_id: sub, tri: 'meilleures_ventes', count: 2, page: 2 })
    expect(ids(second)).toEqual([z!.id, none!.id])

    // Filtered: the best sellers among what is left, in the same order.
    await ctx.db.update(produits).set({ quantite: 0 }).where(eq(produits.id, y!.id))
    expect(ids(await page({ categorie_id: sub, tri: 'meilleures_ventes', en_stock: true }))).toEqual([x!.id, z!.id, none!.id])
  })
})

describe('a search sorted and filtered', () => {
  it('keeps the matches and orders them by the sort asked', async () => {
    const sub = (await makeSubcategory(ctx.db)).id
    const big = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Riz parfumé grillotte 25 kg', prix: 18000 })
    const small = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Riz brisé grillotte 5 kg', prix: 4000 })
    const out = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Riz grillotte étuvé 1 kg', prix: 900, quantite: 0 })
    await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Huile grillotte', prix: 100 })
    expect(ids(await page({ designation: 'riz', categorie_id: sub, tri: 'prix_croissant' }))).toEqual([out.id, small.id, big.id])
    expect(ids(await page({ designation: 'riz', categorie_id: sub, tri: 'prix_decroissant', en_stock: true }))).toEqual([big.id, small.id])
    expect(ids(await page({ designation: 'riz', categorie_id: sub, prix_min: 1000, prix_max: 5000 }))).toEqual([small.id])
    // A typo still finds close names (the fuzzy fallback), in the sort asked.
    expect(ids(await page({ designation: 'grilotte', categorie_id: sub, tri: 'prix_decroissant', prix_min: 500 }))).toEqual([big.id, small.id, out.id])
  })
})

describe('bad arguments', () => {
  it('GraphQL: BAD_USER_INPUT in French naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ tri: 'prix' }, 'tri', GRID_MESSAGES.triInvalid],
      [{ prix_min: -1 }, 'prix_min', GRID_MESSAGES.prixInvalid],
      [{ prix_max: 100_000_001 }, 'prix_max', GRID_MESSAGES.prixInvalid],
      [{ prix_min: 5000, prix_max: 1000 }, 'prix_max', GRID_MESSAGES.prixRange],
    ]
    for (const [variables, field, message] of cases) {
      const { errors, data } = await gql(ctx.app, PAGE, variables)
      expect(data).toBeNull()
      expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
      expect(errors![0]!.extensions!.errors![field]).toEqual([message])
    }
    const wrongType = await gql(ctx.app, PAGE, { en_stock: 'oui' })
    expect(wrongType.status).toBe(400)
  })

  it('REST: the same arguments in the query string, the same refusals', async () => {
    const sub = (await makeSubcategory(ctx.db)).id
    const cheap = await makeProduct(ctx.db, { souscategorieId: sub, prix: 700 })
    const dear = await makeProduct(ctx.db, { souscategorieId: sub, prix: 7000, quantite: 0 })
    const ok = await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}&tri=prix_decroissant&prix_min=100&prix_max=10000&en_stock=false` })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()[0].data.map((p: Row) => p.id)).toEqual([dear.id, cheap.id])
    const stocked = await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}&en_stock=true` })
    expect(stocked.json()[0].data.map((p: Row) => p.id)).toEqual([cheap.id])
    for (const [query, field, message] of [
      ['tri=cher', 'tri', GRID_MESSAGES.triInvalid],
      ['prix_min=1e3', 'prix_min', GRID_MESSAGES.prixInvalid],
      ['prix_min=9&prix_max=8', 'prix_max', GRID_MESSAGES.prixRange],
      ['en_stock=oui', 'en_stock', GRID_MESSAGES.booleanInvalid],
      ['promotion=1', 'promotion', GRID_MESSAGES.booleanInvalid],
    ] as const) {
      const res = await ctx.app.inject({ url: `/api/produits?${query}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors[field]).toEqual([message])
    }
  })
})

// A page without a search or a price range is a named prepared statement, one per shape,
// its total counted in the same statement (ADR 038): the same statement serves every
// sub-category and page with their own values, and a page past the end still has its total.
describe('totals and last pages of the prepared grid pages', () => {
  let five: number, three: number, none: number
  let fiveIds: number[]
  beforeAll(async () => {
    five = (await makeSubcategory(ctx.db)).id
    three = (await makeSubcategory(ctx.db)).id
    none = (await makeSubcategory(ctx.db)).id
    fiveIds = []
    for (const prix of [700, 300, 900, 100, 500]) fiveIds.push((await makeProduct(ctx.db, { souscategorieId: five, prix })).id)
    for (const prix of [200, 400, 600]) await makeProduct(ctx.db, { souscategorieId: three, prix, quantite: prix === 400 ? 0 : 5 })
    await makeProduct(ctx.db, { souscategorieId: three, prix: 800, actif: false })
  })

  it('pages a sub-category in the catalogue order: each page its rows, the same total, the last page short', async () => {
    const pages = [await page({ categorie_id: five, count: 2, page: 1 }), await page({ categorie_id: five, count: 2, page: 2 }), await page({ categorie_id: five, count: 2, page: 3 })]
    expect(pages.map(ids)).toEqual([fiveIds.slice(0, 2), fiveIds.slice(2, 4), fiveIds.slice(4)])
    expect(pages.map((p) => p.metadata)).toEqual([1, 2, 3].map((current_page) => ({ total: 5, per_page: 2, current_page, last_page: 3 })))
  })

  it('answers another sub-category with its own values, and an empty page past the end with the total', async () => {
    const first = await page({ categorie_id: three, count: 2, page: 1 })
    expect(first.metadata).toEqual({ total: 3, per_page: 2, current_page: 1, last_page: 2 })
    expect(await page({ categorie_id: three, count: 2, page: 5 })).toEqual({ metadata: { total: 3, per_page: 2, current_page: 5, last_page: 2 }, data: [] })
    expect(await page({ categorie_id: five, count: 2, page: 4 })).toEqual({ metadata: { total: 5, per_page: 2, current_page: 4, last_page: 3 }, data: [] })
  })

  it('an empty sub-category: a total of 0 and one page, on page 1 and past it', async () => {
    expect(await page({ categorie_id: none, count: 2, page: 1 })).toEqual({ metadata: { total: 0, per_page: 2, current_page: 1, last_page: 1 }, data: [] })
    expect(await page({ categorie_id: none, count: 2, page: 3 })).toEqual({ metadata: { total: 0, per_page: 2, current_page: 3, last_page: 1 }, data: [] })
  })

  it('with a sort and a filter: the total counts what the filter keeps, past the end too', async () => {
    const up = await page({ categorie_id: five, tri: 'prix_croissant', count: 2, page: 3 })
    expect(up.metadata).toEqual({ total: 5, per_page: 2, current_page: 3, last_page: 3 })
    expect(up.data.map((r) => r.prix)).toEqual([900])
    const stocked = await page({ categorie_id: three, en_stock: true, tri: 'prix_decroissant', count: 1, page: 2 })
    expect(stocked.metadata).toEqual({ total: 2, per_page: 1, current_page: 2, last_page: 2 })
    expect(stocked.data.map((r) => r.prix)).toEqual([200])
    expect(await page({ categorie_id: three, en_stock: true, count: 1, page: 3 })).toEqual({ metadata: { total: 2, per_page: 1, current_page: 3, last_page: 2 }, data: [] })
  })

  it('the whole catalogue: a page past the end has the same total as the first page, and a new product counts', async () => {
    const { total } = (await page({ count: 3, page: 1 })).metadata
    const lastPage = Math.ceil(total / 3)
    expect(await page({ count: 3, page: lastPage + 1 })).toEqual({ metadata: { total, per_page: 3, current_page: lastPage + 1, last_page: lastPage }, data: [] })
    expect((await page({ count: 3, page: lastPage })).data.length).toBe(total - (lastPage - 1) * 3)
    await makeProduct(ctx.db, { souscategorieId: five, prix: 50 })
    expect((await page({ count: 4, page: 1 })).metadata.total).toBe(total + 1)
    expect((await page({ categorie_id: five, count: 4, page: 2 })).metadata).toEqual({ total: 6, per_page: 4, current_page: 2, last_page: 2 })
  })
})
