// « Commander à nouveau » (issue 25 §5, ADR 057): an earlier order's lines back in the cart at
// today's prices, within today's stock; the lines no longer on sale or out of stock named, those
// short named with what was put in; pressing twice does not double the cart. Only the order's
// owner: another's order is a 404 (its existence not told), a visitor a 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { ReorderAnswer } from '@teranga/shared/reorder-answer'
import { produits, variantes } from '../src/db/schema.ts'
import { makeProduct, makeProductWithVariants, makeProducts, placeHomeOrder } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let customer: SignedIn
let other: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;[customer, other] = await Promise.all([signIn(shop.app), signIn(shop.app)])
})
afterAll(() => shop?.close())

const reorder = (numero: string, who: SignedIn | null = customer) =>
  shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/recommander`, headers: who?.auth ?? {} })

async function order(who: SignedIn, lines: Array<[number, number, number?]>) {
  for (const [produit, quantite, variante] of lines) {
    const res = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit, variante, quantite, action: 0 } })
    expect(res.statusCode, res.body).toBe(200)
  }
  const placed = await placeHomeOrder(shop.app, shop.db, who, [])
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json().commande.numerocommande as string
}

describe('commander à nouveau', () => {
  it("puts the order's lines back at today's prices and names what is unavailable or short", async () => {
    const riz = await makeProduct(shop.db, { designation: 'Riz parfumé 5 kg', prix: 4000, quantite: 50 })
    const huile = await makeProductWithVariants(shop.db, 'Contenance', [
      { valeur: '1 L', prix: 1500, quantite: 30 },
      { valeur: '5 L', prix: 6500, quantite: 30 },
    ], { designation: 'Huile' })
    const lait = await makeProduct(shop.db, { designation: 'Lait caillé', prix: 800, quantite: 20 })
    const savon = await makeProductWithVariants(shop.db, 'Parfum', [
      { valeur: 'Citron', prix: 500, quantite: 20 },
      { valeur: 'Lavande', prix: 500, quantite: 20 },
    ], { designation: 'Savon' })
    const sucre = await makeProduct(shop.db, { designation: 'Sucre en morceaux', prix: 900, quantite: 5 })
    const the = await makeProduct(shop.db, { designation: 'Thé vert', prix: 600, quantite: 2 })

    const numero = await order(customer, [
      [riz.id, 2],
      [huile.id, 3, huile.varianteIds[1]],
      [lait.id, 1],
      [savon.id, 2, savon.varianteIds[0]],
      [sucre.id, 4],
      [the.id, 2],
    ])
    // Since: the rice costs more, the milk is off sale, the lemon soap withdrawn; 1 sugar and no tea left.
    await shop.db.update(variantes).set({ prix: 4500 }).where(eq(variantes.id, riz.varianteId))
    await shop.db.update(produits).set({ actif: false }).where(eq(produits.id, lait.id))
    await shop.db.update(variantes).set({ actif: false }).where(eq(variantes.id, savon.varianteIds[0]!))

    const res = await reorder(numero)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const answer = res.json() as ReorderAnswer
    expect(answer.panier.panierproduits.map((l) => [l.variante_id, l.quantite, l.prix])).toEqual([
      [riz.varianteId, 2, 4500],
      [huile.varianteIds[1], 3, 6500],
      [sucre.varianteId, 1, 900],
    ])
    expect(answer.panier.total).toBe(2 * 4500 + 3 * 6500 + 900)
    expect(answer.indisponibles).toEqual([
      { produit: lait.id, variante: lait.varianteId, designation: 'Lait caillé', motif: 'indisponible' },
      { produit: savon.id, variante: savon.varianteIds[0], designation: 'Savon Citron', motif: 'indisponible' },
      { produit: the.id, variante: the.varianteId, designation: 'Thé vert', motif: 'rupture' },
    ])
    expect(answer.partiels).toEqual([{ produit: sucre.id, variante: sucre.varianteId, designation: 'Sucre en morceaux', demande: 4, ajoute: 1 }])

    // Pressing again brings each line to the order's quantity at least: nothing doubles.
    const again = (await reorder(numero)).json() as ReorderAnswer
    expect(again.panier.panierproduits.map((l) => [l.variante_id, l.quantite])).toEqual([
      [riz.varianteId, 2],
      [huile.varianteIds[1], 3],
      [sucre.varianteId, 1],
    ])
    // A line already in the cart with more is left as it is.
    await shop.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: riz.id, quantite: 5, action: 1 } })
    const kept = (await reorder(numero)).json() as ReorderAnswer
    expect(kept.panier.panierproduits.find((l) => l.variante_id === riz.varianteId)?.quantite).toBe(5)
    // The cart as the storefront reads it says the same.
    const cart = await shop.app.inject({ method: 'POST', url: '/graphql', headers: customer.auth, payload: { query: '{ paniers { total panierproduits { variante_id quantite } } }' } })
    expect(cart.json().data.paniers[0].total).toBe(5 * 4500 + 3 * 6500 + 900)
  })

  it("nothing available: an empty cart and every line named", async () => {
    const someone = await signIn(shop.app)
    const gone = await makeProduct(shop.db, { designation: 'Bissap séché', prix: 700, quantite: 3 })
    const numero = await order(someone, [[gone.id, 3]])
    const answer = (await reorder(numero, someone)).json() as ReorderAnswer
    expect(answer.indisponibles).toEqual([{ produit: gone.id, variante: gone.varianteId, designation: 'Bissap séché', motif: 'rupture' }])
    expect(answer.partiels).toEqual([])
    expect(answer.panier.panierproduits).toEqual([])
  })

  it('a full cart takes no new line: named « panier_plein »', async () => {
    const someone = await signIn(shop.app)
    const wanted = await makeProduct(shop.db, { designation: 'Café Touba', prix: 1200, quantite: 10 })
    const numero = await order(someone, [[wanted.id, 1]])
    const { products } = await makeProducts(shop.db, MAX_CART_LINES, { quantite: 5 })
    for (const p of products) {
      const res = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: someone.auth, payload: { user: someone.userId, produit: p.id, quantite: 1, action: 0 } })
      expect(res.statusCode, res.body).toBe(200)
    }
    const answer = (await reorder(numero, someone)).json() as ReorderAnswer
    expect(answer.indisponibles).toEqual([{ produit: wanted.id, variante: wanted.varianteId, designation: 'Café Touba', motif: 'panier_plein' }])
    expect(answer.panier.panierproduits).toHaveLength(MAX_CART_LINES)
  })

  it("another customer's order is a 404, a visitor a 401, a bad number a 400", async () => {
    const produit = await makeProduct(shop.db, { quantite: 10 })
    const numero = await order(customer, [[produit.id, 1]])
    const theirs = await reorder(numero, other)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().message).toBe(MESSAGES.orderNotFound)
    expect((await reorder('CMD-INEXISTANTE', other)).json()).toEqual(theirs.json())
    expect((await shop.app.inject({ url: '/graphql', method: 'POST', headers: other.auth, payload: { query: '{ paniers { nombre } }' } })).json().data.paniers).toEqual([])
    const anonymous = await reorder(numero, null)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().message).toBe(MESSAGES.unauthenticated)
    expect((await reorder('a b', customer)).statusCode).toBe(400)
  })
})
