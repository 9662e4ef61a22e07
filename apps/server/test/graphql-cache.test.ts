import { sql } from 'drizzle-orm'
import { MESSAGES } from '@teranga/shared/server-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifyCatalogueChanged } from '../src/lib/catalogue-changes.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { createTestApp, signIn, type TestContext } from './helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ catalogueCacheTtl: 60 })
})
afterAll(() => ctx.close())

const post = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers })

describe('anonymous catalogue micro-cache', () => {
  it('serves a repeated anonymous catalogue query from memory, without touching the database', async () => {
    const p = await makeProduct(ctx.db, { designation: 'Bissap séché 500 g' })
    const q = `query($id:Int!){ produits(id:$id){ id designation } }`
    const first = await post(q, { id: p.id })
    expect(first.headers['x-cache']).toBeUndefined()
    // The product's own NOTIFY, heard after the first request, may empty the cache once.
    await expect.poll(async () => (await post(q, { id: p.id })).headers['x-cache'], { timeout: 3000, interval: 20 }).toBe('HIT')
    const before = ctx.database.stats.queries
    const second = await post(q, { id: p.id })
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(ctx.database.stats.queries).toBe(before)
    // Other variables are another entry.
    expect((await post(q, { id: p.id + 1000 })).headers['x-cache']).toBeUndefined()
  })

  it('never caches signed-in requests, errors, private fields or mutations', async () => {
    const me = await signIn(ctx.app)
    const p = await makeProduct(ctx.db)
    const q = `query($id:Int!){ produits(id:$id){ id like } }`
    await post(q, { id: p.id }, me.auth)
    expect((await post(q, { id: p.id }, me.auth)).headers['x-cache']).toBeUndefined()

    const missing = `query{ produits(id: 999999){ id } }`
    await post(missing)
    expect((await post(missing)).headers['x-cache']).toBeUndefined()

    const mixed = `query{ categories { id } paniers { id } }`
    await post(mixed)
    expect((await post(mixed)).headers['x-cache']).toBeUndefined()

    const view = `mutation($id:Int!){ enregistrerVue(produit_id:$id) }`
    await post(view, { id: p.id })
    expect((await post(view, { id: p.id })).headers['x-cache']).toBeUndefined()
  })
})

describe("REST's product answers with their variants (ADR 053 §10, step 7)", () => {
  /** The statements the server sends while answering `url`, and its answer. */
  async function costOf(url: string, headers: Record<string, string> = {}) {
    const before = ctx.database.stats.queries
    const res = await ctx.app.inject({ url, headers })
    return { statements: ctx.database.stats.queries - before, res }
  }

  it('keeps a page, a product and the most viewed with their variants: a kept answer reads nothing, a catalogue write empties it', async () => {
    const sub = (await makeSubcategory(ctx.db)).id
    const riz = await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Riz brisé parfumé', prix: 4000, quantite: 140 })
    await ctx.db.execute(sql`update produits set options = '[{"nom": "Contenance", "valeurs": ["5 kg", "25 kg"]}]' where id = ${riz.id}`)
    await ctx.db.execute(sql`update variantes set valeur1 = '5 kg' where id = ${riz.varianteId}`)
    await ctx.db.execute(sql`insert into variantes (produit_id, position, valeur1, code, prix, quantite) values (${riz.id}, 1, '25 kg', ${`${riz.code}-25`}, 17500, 2)`)
    await notifyCatalogueChanged(ctx.db)
    const codes = (body: { variantes: Array<{ code: string; prix: number }> }) => body.variantes.map((v) => [v.code, v.prix])
    const expected = [
      [riz.code, 4000],
      [`${riz.code}-25`, 17500],
    ]

    for (const url of [`/api/produits?categorie_id=${sub}`, `/api/produits/${riz.id}`, '/api/produitplusvus']) {
      // The NOTIFY of the writes above, heard a moment later, may empty the cache once more.
      await expect.poll(async () => (await costOf(url)).statements, { timeout: 3000, interval: 20 }).toBe(0)
      const kept = await costOf(url)
      expect(kept.statements).toBe(0)
      expect(kept.res.statusCode).toBe(200)
      const body = kept.res.json()
      if (url.startsWith('/api/produits?')) expect(codes(body[0].data[0])).toEqual(expected)
      else if (url.startsWith('/api/produits/')) expect(codes(body)).toEqual(expected)
      else expect(Array.isArray(body)).toBe(true)
    }

    // A variant's new price, with the catalogue's NOTIFY: the next answer reads it again.
    await ctx.db.execute(sql`update variantes set prix = 16000 where code = ${`${riz.code}-25`}`)
    await notifyCatalogueChanged(ctx.db)
    await expect
      .poll(async () => codes((await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}` })).json()[0].data[0]), { timeout: 3000, interval: 20 })
      .toEqual([expected[0], [`${riz.code}-25`, 16000]])
    await expect.poll(async () => codes((await ctx.app.inject({ url: `/api/produits/${riz.id}` })).json()), { timeout: 3000, interval: 20 }).toEqual([expected[0], [`${riz.code}-25`, 16000]])

    // A signed-in customer gets the kept page with their likes laid over it, variants included.
    const me = await signIn(ctx.app)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: me.auth, payload: { client: me.userId, produit: riz.id } })).statusCode).toBe(201)
    const mine = (await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}`, headers: me.auth })).json()[0].data[0]
    expect(mine.like).toBe(1)
    expect(codes(mine)).toEqual([expected[0], [`${riz.code}-25`, 16000]])
    const anonymous = (await ctx.app.inject({ url: `/api/produits?categorie_id=${sub}` })).json()[0].data[0]
    expect(anonymous.like).toBe(0)
  })

  it('a bad argument is still a 400 naming it, an unknown product a 404 in French', async () => {
    const bad = await ctx.app.inject({ url: '/api/produits?tri=au-hasard' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['tri'])
    for (let i = 0; i < 2; i++) {
      const missing = await ctx.app.inject({ url: '/api/produits/99999999' })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().message).toBe(MESSAGES.productNotFound)
    }
  })
})
