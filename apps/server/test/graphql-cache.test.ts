import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from './factories.ts'
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
