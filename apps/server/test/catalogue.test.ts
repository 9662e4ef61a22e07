import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { produits, vuesProduits } from '../src/db/schema.ts'
import { makeCategory, makeProduct, makeProducts, makeSubcategory } from './factories.ts'
import { createTestApp, gql, signIn, type TestContext } from './helpers.ts'

const PAGE = /* GraphQL */ `
  query ($page: Int, $count: Int, $userId: Int, $categorie_id: Int, $designation: String) {
    produitspaginated(page: $page, count: $count, userId: $userId, categorie_id: $categorie_id, designation: $designation) {
      metadata { total per_page current_page last_page }
      data { id designation prix prixformat quantite code like image imagesrcset souscategorie { id designation categorie { id designation } } }
    }
  }
`

let ctx: TestContext
let subId: number
let ids: number[]

beforeAll(async () => {
  ctx = await createTestApp()
  const made = await makeProducts(ctx.db, 25, { prix: 12500 })
  subId = made.souscategorieId
  ids = made.products.map((p) => p.id)
})
afterAll(() => ctx.close())

describe('produitspaginated', () => {
  it('pages with metadata, sub-category and category joined', async () => {
    const { data, errors } = await gql(ctx.app, PAGE, { page: 1, count: 12, categorie_id: subId })
    expect(errors).toBeUndefined()
    const page = data!.produitspaginated
    expect(page.metadata).toEqual({ total: 25, per_page: 12, current_page: 1, last_page: 3 })
    expect(page.data).toHaveLength(12)
    expect(page.data[0].id).toBe(ids[0])
    expect(page.data[0].prixformat).toBe('12\u00a0500\u00a0FCFA')
    expect(page.data[0].like).toBe(0)
    expect(page.data[0].souscategorie.id).toBe(subId)
    expect(page.data[0].souscategorie.categorie.designation).toMatch(/^Catégorie /)
    expect(page.data[0].image).toBe('/media/catalogue/basket-320.webp')
    expect(page.data[0].imagesrcset).toContain('/media/catalogue/basket-640.webp 640w')
  })

  it('answers the last partial page and an empty page past the end with the true total', async () => {
    const last = await gql(ctx.app, PAGE, { page: 3, count: 12, categorie_id: subId })
    expect(last.data!.produitspaginated.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(24))
    const past = await gql(ctx.app, PAGE, { page: 9, count: 12, categorie_id: subId })
    expect(past.data!.produitspaginated).toEqual({
      metadata: { total: 25, per_page: 12, current_page: 9, last_page: 3 },
      data: [],
    })
  })

  it('caps count at 100 and refuses nonsense page arguments with the field named', async () => {
    const tooMany = await gql(ctx.app, PAGE, { count: 101 })
    expect(tooMany.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
    expect(tooMany.errors![0]!.extensions!.errors!.count).toEqual([MESSAGES.countInvalid])
    const zero = await gql(ctx.app, PAGE, { page: 0 })
    expect(zero.errors![0]!.extensions!.errors!.page).toEqual([MESSAGES.pageInvalid])
    const wrongType = await gql(ctx.app, PAGE, { page: 'deux' })
    expect(wrongType.status).toBe(400)
    expect(wrongType.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
    expect(wrongType.errors![0]!.message).toBe(MESSAGES.graphqlInvalid)
  })

  it('an empty sub-category has last_page 1', async () => {
    const empty = await makeSubcategory(ctx.db)
    const { data } = await gql(ctx.app, PAGE, { categorie_id: empty.id })
    expect(data!.produitspaginated.metadata).toEqual({ total: 0, per_page: 12, current_page: 1, last_page: 1 })
  })

  it('hides products taken off sale', async () => {
    const sub = await makeSubcategory(ctx.db)
    await makeProduct(ctx.db, { souscategorieId: sub.id, actif: false })
    const { data } = await gql(ctx.app, PAGE, { categorie_id: sub.id })
    expect(data!.produitspaginated.metadata.total).toBe(0)
  })
})

describe('search', () => {
  let sub: number
  beforeAll(async () => {
    sub = (await makeSubcategory(ctx.db)).id
    for (const designation of ['Café Touba moulu 250 g', 'Thé vert de Chine 500 g', 'Sucre en morceaux 1 kg', 'Cafetière italienne', 'Lait caillé sucré']) {
      await makeProduct(ctx.db, { souscategorieId: sub, designation })
    }
  })
  const search = async (designation: string) =>
    ((await gql(ctx.app, PAGE, { designation, categorie_id: sub, count: 5 })).data!.produitspaginated.data as Array<{ designation: string }>).map(
      (p) => p.designation,
    )

  it('is case- and accent-insensitive and partial', async () => {
    expect(await search('cafe')).toContain('Café Touba moulu 250 g')
    expect(await search('CAFÉ')).toContain('Café Touba moulu 250 g')
    expect(await search('thé')).toEqual(['Thé vert de Chine 500 g'])
    expect(await search('sucr')).toEqual(expect.arrayContaining(['Sucre en morceaux 1 kg', 'Lait caillé sucré']))
  })

  it('puts the best match first: a word starting the name before a word inside it', async () => {
    expect((await search('sucre'))[0]).toBe('Sucre en morceaux 1 kg')
    expect((await search('cafe'))[0]).toBe('Café Touba moulu 250 g')
    expect(await search('lait')).toEqual(['Lait caillé sucré'])
  })

  it('on the first one or two letters, suggests the names that start with them, else a word that does, else the names that hold them', async () => {
    expect(await search('ca')).toEqual(['Cafetière italienne', 'Café Touba moulu 250 g'].sort((a, b) => a.length - b.length))
    expect(await search('C')).toEqual(expect.arrayContaining(['Café Touba moulu 250 g', 'Cafetière italienne']))
    expect(await search('C')).not.toContain('Lait caillé sucré')
    expect(await search('ve')).toEqual(['Thé vert de Chine 500 g'])
    expect(await search('ai')).toEqual(['Lait caillé sucré'])
  })

  it('tolerates a typo', async () => {
    expect(await search('toubaa')).toContain('Café Touba moulu 250 g')
    expect(await search('cafr touba')).toContain('Café Touba moulu 250 g')
  })

  it('treats LIKE wildcards as plain text and finds nothing for gibberish', async () => {
    expect(await search('%')).toEqual([])
    expect(await search('zzqxw')).toEqual([])
  })

  it('refuses an over-long search with the field named', async () => {
    const { errors } = await gql(ctx.app, PAGE, { designation: 'x'.repeat(101) })
    expect(errors![0]!.extensions!.errors!.designation).toBeDefined()
  })
})

describe('like and userId', () => {
  it('is 1 for the signed-in client’s favourites only', async () => {
    const alice = await signIn(ctx.app)
    const bob = await signIn(ctx.app)
    const fav = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: alice.auth, payload: { client: alice.userId, produit: ids[1] } })
    expect(fav.statusCode).toBe(201)
    const mine = await gql(ctx.app, PAGE, { categorie_id: subId, count: 3 }, alice.auth)
    expect(mine.data!.produitspaginated.data.map((p: { like: number }) => p.like)).toEqual([0, 1, 0])
    const theirs = await gql(ctx.app, PAGE, { categorie_id: subId, count: 3 }, bob.auth)
    expect(theirs.data!.produitspaginated.data.map((p: { like: number }) => p.like)).toEqual([0, 0, 0])
    const anonymous = await gql(ctx.app, PAGE, { categorie_id: subId, count: 3 })
    expect(anonymous.data!.produitspaginated.data.map((p: { like: number }) => p.like)).toEqual([0, 0, 0])
    const self = await gql(ctx.app, PAGE, { categorie_id: subId, count: 3, userId: alice.userId }, alice.auth)
    expect(self.data!.produitspaginated.data[1].like).toBe(1)
  })

  it('refuses a userId naming someone else, and a userId without a token', async () => {
    const alice = await signIn(ctx.app)
    const bob = await signIn(ctx.app)
    const spy = await gql(ctx.app, PAGE, { userId: alice.userId }, bob.auth)
    expect(spy.data).toBeNull()
    expect(spy.errors![0]!.extensions!.code).toBe('FORBIDDEN')
    expect(spy.errors![0]!.message).toBe(MESSAGES.forbiddenOtherUser)
    const anon = await gql(ctx.app, PAGE, { userId: alice.userId })
    expect(anon.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED')
  })
})

describe('single product, similar and most viewed', () => {
  it('produits(id) answers the product, NOT_FOUND in French for an unknown one', async () => {
    const ok = await gql(ctx.app, `query($id:Int!){ produits(id:$id){ id designation } }`, { id: ids[0] })
    expect(ok.data!.produits.id).toBe(ids[0])
    const missing = await gql(ctx.app, `query($id:Int!){ produits(id:$id){ id } }`, { id: 999999 })
    expect(missing.data!.produits).toBeNull()
    expect(missing.errors![0]).toMatchObject({ message: MESSAGES.productNotFound, extensions: { code: 'NOT_FOUND' } })
    const negative = await gql(ctx.app, `query($id:Int!){ produits(id:$id){ id } }`, { id: -4 })
    expect(negative.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
  })

  it('similar products come from the same sub-category first, never the product itself', async () => {
    const cat = await makeCategory(ctx.db)
    const a = await makeSubcategory(ctx.db, { categorieId: cat.id })
    const b = await makeSubcategory(ctx.db, { categorieId: cat.id })
    const cousin = await makeProduct(ctx.db, { souscategorieId: b.id })
    const target = await makeProduct(ctx.db, { souscategorieId: a.id })
    const sibling = await makeProduct(ctx.db, { souscategorieId: a.id })
    const { data } = await gql(
      ctx.app,
      `query($id:Int){ produitsimilairespaginated(page:1,count:10,produit_id:$id){ metadata{ total } data{ id } } }`,
      { id: target.id },
    )
    expect(data!.produitsimilairespaginated.data.map((p: { id: number }) => p.id)).toEqual([sibling.id, cousin.id])
    expect(data!.produitsimilairespaginated.metadata.total).toBe(2)
    const past = await gql(
      ctx.app,
      `query($id:Int){ produitsimilairespaginated(page:5,count:10,produit_id:$id){ metadata{ total last_page } data{ id } } }`,
      { id: target.id },
    )
    expect(past.errors).toBeUndefined()
    expect(past.data!.produitsimilairespaginated).toEqual({ metadata: { total: 2, last_page: 1 }, data: [] })
    const searchPast = await gql(ctx.app, PAGE, { designation: 'produit', page: 500 })
    expect(searchPast.errors).toBeUndefined()
    expect(searchPast.data!.produitspaginated.metadata.total).toBeGreaterThan(0)
  })

  it('a recorded visit moves a product up the most-viewed list', async () => {
    const star = ids[20]!
    const r = await gql(ctx.app, `mutation($id:Int!){ enregistrerVue(produit_id:$id) }`, { id: star })
    expect(r.data!.enregistrerVue).toBe(true)
    const { data } = await gql(ctx.app, `{ produitplusvus { id } }`)
    expect(data!.produitplusvus[0].id).toBe(star)
    const unknown = await gql(ctx.app, `mutation{ enregistrerVue(produit_id: 987654) }`)
    expect(unknown.errors![0]!.extensions!.code).toBe('NOT_FOUND')
  })

  it('counts a view once per visitor and product per hour: repeating it moves nothing', async () => {
    const target = ids[21]!
    const views = async () => (await ctx.db.select({ v: produits.vues }).from(produits).where(eq(produits.id, target)))[0]!.v
    const view = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/graphql', remoteAddress, headers, payload: { query: `mutation{ enregistrerVue(produit_id: ${target}) }` } })
    const before = await views()
    // The attack: 1,000 in one request is refused outright.
    const burst = await gql(ctx.app, `mutation { ${Array.from({ length: 1000 }, (_, i) => `v${i}: enregistrerVue(produit_id: ${target})`).join(' ')} }`)
    expect(burst.status).toBe(400)
    expect(await views()).toBe(before)
    // One visitor, many requests: one view (each answered true, like the first).
    for (let i = 0; i < 5; i++) expect((await view('10.2.0.1')).json().data.enregistrerVue).toBe(true)
    expect(await views()).toBe(before + 1)
    // Another address is another visitor; a signed-in customer counts once wherever they are.
    await view('10.2.0.2')
    const me = await signIn(ctx.app)
    await view('10.2.0.3', me.auth)
    await view('10.2.0.4', me.auth)
    expect(await views()).toBe(before + 3)
    // What is stored names no address.
    const rows = await ctx.db.select().from(vuesProduits).where(eq(vuesProduits.produitId, target))
    expect(rows).toHaveLength(3)
    expect(rows.map((r) => r.visiteur).join(' ')).not.toContain('10.2.0')
  })
})

describe('categories and the rest of the catalogue', () => {
  it('categories nest their sub-categories in order', async () => {
    const cat = await makeCategory(ctx.db, { designation: 'Épicerie test', position: -1 })
    await makeSubcategory(ctx.db, { categorieId: cat.id, designation: 'Riz', position: 2 })
    await makeSubcategory(ctx.db, { categorieId: cat.id, designation: 'Huiles', position: 1 })
    const { data } = await gql(ctx.app, `{ categories { id designation souscategories { designation categorie { id } } } }`)
    const first = data!.categories[0]
    expect(first.designation).toBe('Épicerie test')
    expect(first.souscategories.map((s: { designation: string }) => s.designation)).toEqual(['Huiles', 'Riz'])
    expect(first.souscategories[0].categorie.id).toBe(cat.id)
    const subs = await gql(ctx.app, `{ souscategories { id categorie { id designation } } }`)
    expect(subs.data!.souscategories.length).toBeGreaterThan(2)
  })

  it('reference lists answer: delivery modes, zones with fees, payment modes', async () => {
    const { data, errors } = await gql(
      ctx.app,
      `{ modelivraisons { code designation } modepaiements { code designation image } zoneslivraison { designation frais fraisformat } depots { id } caroussels { id } preferences { id } privileges { id } }`,
    )
    expect(errors).toBeUndefined()
    expect(data!.modelivraisons.map((m: { code: string }) => m.code).sort()).toEqual(['DOMICILE', 'RETRAIT'])
    expect(data!.modepaiements.map((m: { code: string }) => m.code)).toEqual(['CASH', 'WAVE', 'OM', 'FREE', 'CARD'])
    expect(data!.zoneslivraison).toContainEqual({ designation: 'Mermoz', frais: 1000, fraisformat: '1\u00a0000\u00a0FCFA' })
    expect(data!.zoneslivraison).toContainEqual({ designation: 'Podor', frais: 12000, fraisformat: '12\u00a0000\u00a0FCFA' })
  })

  it('REST reads: the paginated-list form, single resources and a French 404', async () => {
    const list = await ctx.app.inject({ url: `/api/produits?page=1&count=5&categorie_id=${subId}` })
    expect(list.statusCode).toBe(200)
    const [first] = list.json()
    expect(first.metadata.total).toBe(25)
    expect(first.data).toHaveLength(5)
    const one = await ctx.app.inject({ url: `/api/produits/${ids[0]}` })
    expect(one.json().id).toBe(ids[0])
    const missing = await ctx.app.inject({ url: '/api/produits/999999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(MESSAGES.productNotFound)
    const bad = await ctx.app.inject({ url: '/api/produits/abc' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.id).toEqual([MESSAGES.idInteger])
    const badCount = await ctx.app.inject({ url: '/api/produits?count=1000' })
    expect(badCount.statusCode).toBe(400)
    expect(badCount.json().errors.count).toEqual([MESSAGES.countInvalid])
    for (const resource of ['categories', 'souscategories', 'modelivraisons', 'modepaiements', 'depots', 'zones', 'privileges', 'caroussels']) {
      const res = await ctx.app.inject({ url: `/api/${resource}` })
      expect(res.statusCode, resource).toBe(200)
      expect(Array.isArray(res.json()), resource).toBe(true)
    }
    const zone = await ctx.app.inject({ url: '/api/zones/1' })
    expect(zone.json().frais).toBeGreaterThan(0)
    const unknown = await ctx.app.inject({ url: '/api/nimporte-quoi' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(MESSAGES.notFound)
  })

  it('never exposes stock that went negative: the database refuses it', async () => {
    const p = await makeProduct(ctx.db)
    const { eq } = await import('drizzle-orm')
    await expect(ctx.db.update(produits).set({ quantite: -1 }).where(eq(produits.id, p.id))).rejects.toThrow()
  })
})
