import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { makeProduct, makeProducts } from './factories.ts'
import { createTestApp, gql, signIn, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let alice: SignedIn
let bob: SignedIn
beforeAll(async () => {
  ctx = await createTestApp()
  alice = await signIn(ctx.app)
  bob = await signIn(ctx.app)
})
afterAll(() => ctx.close())

const FAVS = `query($page:Int,$count:Int,$userId:Int){ favoriespaginated(page:$page,count:$count,userId:$userId){ metadata{ total last_page } data{ id produit{ id like designation } } } }`
const CART = `query($user_id:Int){ paniers(user_id:$user_id){ id etat nombre total totalformat panierproduits{ produit_id quantite prix produit{ id designation } } } }`

const cart = (who: SignedIn, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, ...payload } })

describe('favourites', () => {
  it('adding twice keeps one; the list shows it with like 1; delete removes it', async () => {
    const p = await makeProduct(ctx.db)
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: alice.auth, payload: { client: alice.userId, produit: p.id } })
      expect(res.statusCode).toBe(201)
      expect(res.json().message).toBe(MESSAGES.favouriteAdded)
    }
    const list = await gql(ctx.app, FAVS, { page: 1, count: 10 }, alice.auth)
    expect(list.data!.favoriespaginated.metadata.total).toBe(1)
    expect(list.data!.favoriespaginated.data[0].produit).toMatchObject({ id: p.id, like: 1 })
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/favorie/${p.id}`, headers: alice.auth })
    expect(del.statusCode).toBe(200)
    const after = await gql(ctx.app, FAVS, {}, alice.auth)
    expect(after.data!.favoriespaginated.metadata).toEqual({ total: 0, last_page: 1 })
  })

  it('refuses another client, visitors, unknown products and bad ids', async () => {
    const p = await makeProduct(ctx.db)
    const other = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: bob.auth, payload: { client: alice.userId, produit: p.id } })
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe(MESSAGES.forbiddenOtherUser)
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/favorie', payload: { client: alice.userId, produit: p.id } })
    expect(anon.statusCode).toBe(401)
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: alice.auth, payload: { client: alice.userId, produit: 999999 } })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(MESSAGES.productNotFound)
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: alice.auth, payload: { client: alice.userId, produit: 'trois' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.produit).toEqual([MESSAGES.idInteger])
    const delAnon = await ctx.app.inject({ method: 'DELETE', url: `/api/favorie/${p.id}` })
    expect(delAnon.statusCode).toBe(401)
  })

  it('favoriespaginated refuses another client’s id and visitors', async () => {
    const spy = await gql(ctx.app, FAVS, { userId: alice.userId }, bob.auth)
    expect(spy.errors![0]!.extensions!.code).toBe('FORBIDDEN')
    const anon = await gql(ctx.app, FAVS, {})
    expect(anon.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED')
    expect(anon.errors![0]!.message).toBe(MESSAGES.unauthenticated)
  })
})

describe('cart', () => {
  it('adds (0), sets (1) and removes (2) lines, with prices from the database', async () => {
    const rice = await makeProduct(ctx.db, { prix: 4250, quantite: 20, designation: 'Riz parfumé 5 kg' })
    const oil = await makeProduct(ctx.db, { prix: 1800, quantite: 5 })
    const added = await cart(alice, { produit: rice.id, quantite: 2, action: 0, prix: 1 })
    expect(added.statusCode).toBe(200)
    expect(added.json().panier.panierproduits).toEqual([
      expect.objectContaining({ produit_id: rice.id, quantite: 2, prix: 4250 }),
    ])
    await cart(alice, { produit: rice.id, quantite: 3, action: 0 })
    await cart(alice, { produit: oil.id, quantite: 1, action: 0 })
    const set = await cart(alice, { produit: rice.id, quantite: 4, action: 1 })
    expect(set.json().panier).toMatchObject({ nombre: 5, total: 4 * 4250 + 1800, totalformat: '18\u00a0800\u00a0FCFA' })

    const viewed = await gql(ctx.app, CART, { user_id: alice.userId }, alice.auth)
    expect(viewed.data!.paniers[0].panierproduits.map((l: { produit_id: number; quantite: number }) => [l.produit_id, l.quantite])).toEqual([
      [rice.id, 4],
      [oil.id, 1],
    ])
    const removed = await cart(alice, { produit: rice.id, action: 2 })
    expect(removed.json().panier.panierproduits.map((l: { produit_id: number }) => l.produit_id)).toEqual([oil.id])
    // Removing again is harmless.
    expect((await cart(alice, { produit: rice.id, action: 2 })).statusCode).toBe(200)
  })

  it('refuses more than the stock with a 409 naming the product, and keeps the line as it was', async () => {
    const fish = await makeProduct(ctx.db, { quantite: 3, designation: 'Thiof frais 1 kg' })
    expect((await cart(bob, { produit: fish.id, quantite: 2, action: 0 })).statusCode).toBe(200)
    const over = await cart(bob, { produit: fish.id, quantite: 2, action: 0 })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toBe(MESSAGES.insufficientStock('Thiof frais 1 kg', 3))
    expect(over.json().details).toEqual({ produit: fish.id, variante: fish.varianteId, disponible: 3, demande: 4 })
    const setOver = await cart(bob, { produit: fish.id, quantite: 4, action: 1 })
    expect(setOver.statusCode).toBe(409)
    const soldOut = await makeProduct(ctx.db, { quantite: 0 })
    expect((await cart(bob, { produit: soldOut.id, quantite: 1, action: 0 })).statusCode).toBe(409)
    const viewed = await gql(ctx.app, CART, {}, bob.auth)
    expect(viewed.data!.paniers[0].panierproduits).toEqual([expect.objectContaining({ produit_id: fish.id, quantite: 2 })])
  })

  it(`holds ${MAX_CART_LINES} different products at most: the next is a French 409, the lines already there still change`, async () => {
    const full = await signIn(ctx.app)
    const { products } = await makeProducts(ctx.db, MAX_CART_LINES + 1)
    for (const p of products.slice(0, MAX_CART_LINES)) expect((await cart(full, { produit: p.id, quantite: 1, action: 0 })).statusCode).toBe(200)
    const extra = products[MAX_CART_LINES]!
    const refused = await cart(full, { produit: extra.id, quantite: 1, action: 0 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.cartFull(MAX_CART_LINES))
    expect((await cart(full, { produit: extra.id, quantite: 2, action: 1 })).statusCode).toBe(409)
    expect((await cart(full, { produit: products[0]!.id, quantite: 3, action: 1 })).statusCode).toBe(200)
    expect((await cart(full, { produit: products[1]!.id, quantite: 1, action: 0 })).statusCode).toBe(200)
    expect((await cart(full, { produit: products[0]!.id, action: 2 })).statusCode).toBe(200)
    expect((await cart(full, { produit: extra.id, quantite: 1, action: 0 })).statusCode).toBe(200)
    const lines = (await gql(ctx.app, CART, {}, full.auth)).data!.paniers[0].panierproduits
    expect(lines).toHaveLength(MAX_CART_LINES)
  }, 60_000)

  it('refuses bad quantities, bad actions, unknown products, other users and visitors', async () => {
    const p = await makeProduct(ctx.db)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ produit: p.id, quantite: 0, action: 0 }, 'quantite'],
      [{ produit: p.id, quantite: -2, action: 1 }, 'quantite'],
      [{ produit: p.id, quantite: 1.5, action: 0 }, 'quantite'],
      [{ produit: p.id, quantite: '2', action: 0 }, 'quantite'],
      [{ produit: p.id, action: 0 }, 'quantite'],
      [{ produit: p.id, quantite: 1, action: 7 }, 'action'],
      [{ produit: 'x', quantite: 1, action: 0 }, 'produit'],
    ]
    for (const [payload, field] of cases) {
      const res = await cart(alice, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field)
    }
    const unknown = await cart(alice, { produit: 999999, quantite: 1, action: 0 })
    expect(unknown.statusCode).toBe(404)
    const other = await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: bob.auth, payload: { user: alice.userId, produit: p.id, quantite: 1, action: 0 } })
    expect(other.statusCode).toBe(403)
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/panier', payload: { user: alice.userId, produit: p.id, quantite: 1, action: 0 } })
    expect(anon.statusCode).toBe(401)
  })

  it('paniers refuses another client’s id and visitors; an empty cart is an empty list', async () => {
    const carol = await signIn(ctx.app)
    expect((await gql(ctx.app, CART, {}, carol.auth)).data!.paniers).toEqual([])
    expect((await gql(ctx.app, CART, { user_id: alice.userId }, bob.auth)).errors![0]!.extensions!.code).toBe('FORBIDDEN')
    expect((await gql(ctx.app, CART, {})).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED')
  })

  it('concurrent adds never overfill a line beyond the stock', async () => {
    const last = await makeProduct(ctx.db, { quantite: 5 })
    const results = await Promise.all(Array.from({ length: 8 }, () => cart(alice, { produit: last.id, quantite: 1, action: 0 })))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5)
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3)
    const viewed = await gql(ctx.app, CART, {}, alice.auth)
    const line = viewed.data!.paniers[0].panierproduits.find((l: { produit_id: number }) => l.produit_id === last.id)
    expect(line.quantite).toBe(5)
  })
})
