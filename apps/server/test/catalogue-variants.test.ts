// The product resource with its options and variants (ADR 053 §4, build step 2): a product
// without options answers as before plus its one variant; a product with several answers each;
// a grid page of the storefront's document stays one statement, the variants of a page one more;
// search finds a product once by a variant's values or code (§5).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'
import { notifyCatalogueChanged } from '../src/lib/catalogue-changes.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { createTestApp, gql, signIn, type TestContext } from './helpers.ts'

const VARIANTES = 'variantes { id options designation prix prixformat prix_initial quantite code image imagesrcset }'
const PRODUIT = `id designation prix prixformat prix_initial quantite description code unite like image imagesrcset
  souscategorie { id designation image imagesrcset categorie { id designation } }`

let ctx: TestContext
let sub: number
let single: Awaited<ReturnType<typeof makeProduct>>
let riz: Awaited<ReturnType<typeof makeProduct>>
let big: number

beforeAll(async () => {
  ctx = await createTestApp()
  sub = (await makeSubcategory(ctx.db)).id
  single = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Huile végétale raffinée 1 L', prix: 1800, quantite: 12 })
  riz = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Riz brisé parfumé', code: 'RIZ-G01', prix: 4000, quantite: 140 })
  // No API creates variants yet (the back office's, step 4): the second size is written in SQL.
  await ctx.db.execute(sql`update produits set options = '[{"nom": "Contenance", "valeurs": ["5 kg", "25 kg"]}]' where id = ${riz.id}`)
  const inserted = await ctx.db.execute(sql`insert into variantes (produit_id, position, valeur1, code, prix, quantite, image)
    values (${riz.id}, 1, '25 kg', 'EPI-0002', 17500, 2, 'catalogue/rice') returning id`)
  big = (inserted as unknown as { rows: Array<{ id: number }> }).rows[0]!.id
  // With two variants the product keeps its own code (a lone variant's is the product's).
  await ctx.db.execute(sql`update variantes set valeur1 = '5 kg', code = 'EPI-0001' where id = ${riz.varianteId}`)
})
afterAll(() => ctx.close())

/** How many statements the server sends to the database while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>) {
  const before = ctx.database.stats.queries
  await run()
  return ctx.database.stats.queries - before
}

describe('a product without options', () => {
  it('answers every field as before, plus no options, one variant that is itself, and no « à partir de »', async () => {
    const res = await ctx.app.inject({ url: `/api/produits/${single.id}` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ id: single.id, designation: 'Huile végétale raffinée 1 L', prix: 1800, prixformat: '1\u00a0800\u00a0FCFA', prix_initial: null, quantite: 12, code: single.code })
    expect(body.options).toEqual([])
    expect(body.nb_variantes).toBe(1)
    expect(body.a_partir_de).toBe(false)
    expect(body.variantes).toEqual([
      {
        id: single.varianteId,
        options: {},
        designation: 'Huile végétale raffinée 1 L',
        prix: 1800,
        prixformat: '1\u00a0800\u00a0FCFA',
        prix_initial: null,
        quantite: 12,
        code: single.code,
        image: body.image,
        imagesrcset: body.imagesrcset,
      },
    ])
  })

  it('GraphQL answers the same product as REST, field for field', async () => {
    const rest = (await ctx.app.inject({ url: `/api/produits/${single.id}` })).json()
    const { data, errors } = await gql(ctx.app, `query ($id: Int!) { produits(id: $id) { ${PRODUIT} options { nom valeurs } nb_variantes a_partir_de ${VARIANTES} } }`, { id: single.id })
    expect(errors).toBeUndefined()
    expect(data!.produits).toEqual(rest)
  })
})

describe('a product with two sizes', () => {
  it('answers its options, each variant with its values, name, price, stock, code and image, and « à partir de »', async () => {
    const body = (await ctx.app.inject({ url: `/api/produits/${riz.id}` })).json()
    expect(body).toMatchObject({ prix: 4000, quantite: 142, code: 'RIZ-G01', nb_variantes: 2, a_partir_de: true })
    expect(body.options).toEqual([{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }])
    expect(body.variantes.map((v: Record<string, unknown>) => [v.id, v.options, v.designation, v.prix, v.prixformat, v.quantite, v.code])).toEqual([
      [riz.varianteId, { Contenance: '5 kg' }, 'Riz brisé parfumé 5 kg', 4000, '4\u00a0000\u00a0FCFA', 140, 'EPI-0001'],
      [big, { Contenance: '25 kg' }, 'Riz brisé parfumé 25 kg', 17500, '17\u00a0500\u00a0FCFA', 2, 'EPI-0002'],
    ])
    // Its own image for the 25 kg, the product's for the 5 kg.
    expect(body.variantes[0].image).toBe(body.image)
    expect(body.variantes[1].image).toBe('/media/catalogue/rice-320.webp')
  })

  it("a variant's running sale: its sale price, its regular price as prix_initial; a withdrawn one is not listed", async () => {
    await ctx.db.execute(sql`update variantes set prix_promo = 15000 where id = ${big}`)
    const third = await ctx.db.execute(sql`insert into variantes (produit_id, position, valeur1, code, prix, quantite, actif)
      values (${riz.id}, 2, '50 kg', 'EPI-0099', 30000, 0, false) returning id`)
    const { data, errors } = await gql(ctx.app, `query ($id: Int!) { produits(id: $id) { nb_variantes a_partir_de ${VARIANTES} } }`, { id: riz.id })
    expect(errors).toBeUndefined()
    expect(data!.produits.nb_variantes).toBe(2)
    expect(data!.produits.variantes.map((v: { code: string; prix: number; prix_initial: number | null }) => [v.code, v.prix, v.prix_initial])).toEqual([
      ['EPI-0001', 4000, null],
      ['EPI-0002', 15000, 17500],
    ])
    await ctx.db.execute(sql`delete from variantes where id = ${(third as unknown as { rows: Array<{ id: number }> }).rows[0]!.id}`)
    await ctx.db.execute(sql`update variantes set prix_promo = null where id = ${big}`)
  })

  it('the grid of REST answers every product with its variants', async () => {
    const [page] = (await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}` })).json()
    expect(page.data.map((p: { id: number; variantes: Array<{ code: string }> }) => [p.id, p.variantes.map((v) => v.code)])).toEqual([
      [single.id, [single.code]],
      [riz.id, ['EPI-0001', 'EPI-0002']],
    ])
  })
})

describe("a customer's favourites and cart (GraphQL)", () => {
  it("answer each product's variants when asked", async () => {
    const alice = await signIn(ctx.app)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: alice.auth, payload: { client: alice.userId, produit: riz.id } })).statusCode).toBe(201)
    const cart = await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: alice.auth, payload: { user: alice.userId, produit: single.id, quantite: 1, action: 0 } })
    expect(cart.statusCode).toBe(200)
    const { data, errors } = await gql(
      ctx.app,
      `{ favoriespaginated(page: 1, count: 8) { data { produit { id nb_variantes variantes { code options } } } }
         paniers { panierproduits { produit { id variantes { code options } } } } }`,
      {},
      alice.auth,
    )
    expect(errors).toBeUndefined()
    expect(data!.favoriespaginated.data.map((f: { produit: unknown }) => f.produit)).toEqual([
      { id: riz.id, nb_variantes: 2, variantes: [{ code: 'EPI-0001', options: { Contenance: '5 kg' } }, { code: 'EPI-0002', options: { Contenance: '25 kg' } }] },
    ])
    expect(data!.paniers[0].panierproduits.map((l: { produit: unknown }) => l.produit)).toEqual([{ id: single.id, variantes: [{ code: single.code, options: {} }] }])
  })
})

describe('statements per answer', () => {
  it("the storefront's grid document: one statement per uncached page, with the summary fields and no variants", async () => {
    for (const pageNumber of [1, 2]) {
      let answer: Awaited<ReturnType<typeof gql<Record<string, any>>>> | undefined // eslint-disable-line @typescript-eslint/no-explicit-any
      const statements = await statementsDuring(async () => (answer = await gql(ctx.app, STOREFRONT_QUERIES.produits, { categorie_id: sub, count: 1, page: pageNumber })))
      expect(answer!.errors).toBeUndefined()
      expect(statements).toBe(1)
      const [product] = answer!.data!.produitspaginated.data
      expect(product.nb_variantes).toBe(pageNumber === 1 ? 1 : 2)
      expect(product).not.toHaveProperty('variantes')
    }
  })

  it("a page asking every product's variants: one more statement for all of them, never one per product", async () => {
    let answer: Awaited<ReturnType<typeof gql<Record<string, any>>>> | undefined // eslint-disable-line @typescript-eslint/no-explicit-any
    const statements = await statementsDuring(
      async () => (answer = await gql(ctx.app, `query ($c: Int) { produitspaginated(categorie_id: $c, count: 2) { data { id ${VARIANTES} } } }`, { c: sub })),
    )
    expect(answer!.errors).toBeUndefined()
    expect(answer!.data!.produitspaginated.data.map((p: { variantes: unknown[] }) => p.variantes.length)).toEqual([1, 2])
    expect(statements).toBe(2)
  })
})

describe('search by a variant (ADR 053 §5)', () => {
  // `count` keeps each question's answer apart from those kept before the products changed (a
  // write in SQL does not empty the catalogue's caches).
  const found = async (designation: string, count = 12) =>
    ((await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}&count=${count}&designation=${encodeURIComponent(designation)}` })).json()[0].data as Array<{ id: number }>).map((p) => p.id)

  it('« 25 kg », a variant code and the variant’s full name find the product once', async () => {
    expect(await found('25 kg')).toEqual([riz.id])
    expect(await found('EPI-0002')).toEqual([riz.id])
    expect(await found('riz brisé parfumé 25 kg')).toEqual([riz.id])
    expect(await found('5 kg')).toEqual([riz.id])
  })

  it('a product whose name holds the words comes before one found by a variant', async () => {
    const sucre = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Sucre en poudre 25 kg' })
    expect(await found('25 kg', 13)).toEqual([sucre.id, riz.id])
    await ctx.db.execute(sql`update produits set actif = false where id = ${sucre.id}`)
  })

  it('the name still ranks and the first letters still match the name', async () => {
    expect(await found('ri')).toEqual([riz.id])
    expect(await found('huile')).toEqual([single.id])
  })
})

describe('the sale-boundary timer without caches (a TTL of 0)', () => {
  let shop: TestContext
  beforeAll(async () => {
    shop = await createTestApp({ catalogueCacheTtl: 0 })
  })
  afterAll(() => shop.close())

  it("sums the product again when one variant's sale ends, so the next variant's sale becomes the product's", async () => {
    const product = await makeProduct(shop.db, { prix: 4000 })
    await shop.db.execute(sql`update produits set options = '[{"nom": "Contenance", "valeurs": ["5 kg", "25 kg"]}]' where id = ${product.id}`)
    await shop.db.execute(sql`insert into variantes (produit_id, position, valeur1, code, prix, prix_promo, promo_debut, quantite)
      values (${product.id}, 1, '25 kg', ${`${product.code}-25`}, 5000, 4500, now() + interval '1 hour', 3)`)
    await shop.db.execute(sql`update variantes set valeur1 = '5 kg', prix_promo = 3000, promo_fin = now() + interval '2 seconds' where id = ${product.varianteId}`)
    const summary = async () =>
      ((await shop.db.execute(sql`select prix_promo, promo_debut from produits where id = ${product.id}`)) as unknown as { rows: Array<{ prix_promo: number | null; promo_debut: string | null }> }).rows[0]!
    expect((await summary()).prix_promo).toBe(3000)
    // A catalogue write's notice (as the back office sends it): the timer reads the next boundary again.
    await notifyCatalogueChanged(shop.db)
    await expect.poll(async () => (await summary()).prix_promo, { timeout: 10_000, interval: 250 }).toBe(4500)
    expect((await summary()).promo_debut).not.toBeNull()
  }, 15_000)
})
