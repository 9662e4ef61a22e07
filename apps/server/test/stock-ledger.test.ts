// The stock ledger (issue 24 §1, ADR 048), the one writer of stock and of its history: two orders
// for the last unit make exactly one order; an order's goods go back once however many times
// it is cancelled (the customer, then the expiry sweep); an adjustment writes its history line,
// and one that would take the stock below 0 writes nothing. Through the API where the shop does
// it, and the ledger itself for what only a race or a caller's mistake reaches.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { modelivraisons, modepaiements, mouvementsStock, produits } from '../src/db/schema.ts'
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { stockLedger } from '../src/modules/stock/stock-ledger.service.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let manager: SignedIn
const ids = { domicile: 0, cash: 0, wave: 0 }

beforeAll(async () => {
  shop = await createTestApp()
  ;({ manager } = await signInStaff(shop))
  ids.domicile = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  const modes = await shop.db.select().from(modepaiements)
  ids.cash = modes.find((m) => m.code === 'CASH')!.id
  ids.wave = modes.find((m) => m.code === 'WAVE')!.id
})
afterAll(() => shop?.close())

async function addToCart(buyer: SignedIn, produit: number, quantite: number) {
  const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit, quantite, action: 0 } })
  expect(added.statusCode, added.body).toBe(200)
}

const order = (buyer: SignedIn, { online = false } = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: online ? ids.wave : ids.cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '771234567' },
  })

const stockOf = async (id: number) => (await shop.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
const historyOf = (id: number) => shop.db.select().from(mouvementsStock).where(eq(mouvementsStock.produitId, id)).orderBy(mouvementsStock.id)

describe('taking an order', () => {
  it('two shoppers for the last unit: exactly one order, the other a French 409, one sale line', async () => {
    const last = await makeProduct(shop.db, { designation: 'Riz brisé parfumé 25 kg', quantite: 1 })
    const [awa, moussa] = await Promise.all([signIn(shop.app), signIn(shop.app)])
    await addToCart(awa, last.id, 1)
    await addToCart(moussa, last.id, 1)
    const answers = await Promise.all([order(awa), order(moussa)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    const refused = answers.find((a) => a.statusCode === 409)!
    expect(refused.json().message).toBe(MESSAGES.insufficientStock('Riz brisé parfumé 25 kg', 0))
    expect(await stockOf(last.id)).toBe(0)
    expect((await historyOf(last.id)).map((l) => [l.raison, l.delta, l.quantiteApres])).toEqual([['vente', -1, 0]])
  })

  it('takes all the lines or none: a line short leaves every stock and the history as they were', async () => {
    const riz = await makeProduct(shop.db, { quantite: 5 })
    const huile = await makeProduct(shop.db, { quantite: 1 })
    const customer = await signIn(shop.app)
    await addToCart(customer, riz.id, 1)
    const placed = await order(customer)
    expect(placed.statusCode, placed.body).toBe(201)
    const { id } = placed.json().commande as { id: number }
    // What an order meets when another took the stock since it read the cart: the caller sees false
    // and rolls back (placement starts over, ADR 069).
    const taken = await shop.db.transaction(async (tx) => {
      const ok = await stockLedger(tx).take(id, [
        { varianteId: riz.varianteId, quantite: 2 },
        { varianteId: huile.varianteId, quantite: 2 },
      ])
      if (!ok) throw new Error('rollback')
      return ok
    }).catch((error: Error) => error.message)
    expect(taken).toBe('rollback')
    expect([await stockOf(riz.id), await stockOf(huile.id)]).toEqual([4, 1])
    expect((await historyOf(riz.id)).map((l) => [l.raison, l.delta])).toEqual([['vente', -1]])
    expect(await historyOf(huile.id)).toEqual([])
  })

  it('keeps the order path at 11 statements for a 3-line cart of a signed-in customer (the take writes its sale lines)', async () => {
    const buyer = await signIn(shop.app)
    const products = await Promise.all([1, 2, 3].map(() => makeProduct(shop.db, { quantite: 50 })))
    for (const product of products) await addToCart(buyer, product.id, 2)
    const before = shop.database.stats.queries
    const placed = await order(buyer)
    expect(placed.statusCode, placed.body).toBe(201)
    // 13 on the release before the ledger; 11 since the customer's lock reads what the order
    // names and the answer reads the order with its lines, each in one statement (ADR 068).
    // The orders bench's path adds its token's first read (cart-variants.test.ts: ≤ 13).
    expect(shop.database.stats.queries - before).toBeLessThanOrEqual(11)
    for (const product of products) {
      expect((await historyOf(product.id)).map((l) => [l.raison, l.delta, l.quantiteApres])).toEqual([['vente', -2, 48]])
    }
  })
})

describe('giving back', () => {
  it("puts an order's goods back once: cancelled by the customer, then swept as expired, one line", async () => {
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const customer = await signIn(shop.app)
    await addToCart(customer, riz.id, 4)
    const placed = await order(customer, { online: true })
    expect(placed.statusCode, placed.body).toBe(201)
    const { numerocommande } = placed.json().commande as { numerocommande: string }
    expect(await stockOf(riz.id)).toBe(6)

    const lifecycle = createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log })
    // Both at once: the order's row lock puts them one after the other, and the second finds it cancelled.
    const [cancelled] = await Promise.allSettled([
      shop.app.inject({ method: 'POST', url: `/api/commande/${numerocommande}/annulation`, headers: customer.auth }),
      lifecycle.expireUnpaid(new Date(Date.now() + 31 * 60_000)),
    ])
    expect(cancelled.status).toBe('fulfilled')
    await lifecycle.expireUnpaid(new Date(Date.now() + 31 * 60_000))
    expect(await stockOf(riz.id)).toBe(10)
    expect((await historyOf(riz.id)).map((l) => [l.raison, l.delta, l.quantiteApres])).toEqual([
      ['vente', -4, 6],
      ['annulation', 4, 10],
    ])
  })
})

describe('adjusting', () => {
  it("a staff member's movement writes its line; one below 0 writes nothing and changes nothing", async () => {
    const sucre = await makeProduct(shop.db, { quantite: 3 })
    const res = await shop.app.inject({ method: 'POST', url: `/api/produit/${sucre.id}/mouvements`, headers: manager.auth, payload: { delta: -2, motif: 'Sac percé' } })
    expect(res.statusCode, res.body).toBe(201)
    const [line] = await historyOf(sucre.id)
    expect(line).toMatchObject({ raison: 'manuel', delta: -2, quantiteApres: 1, motif: 'Sac percé', staffId: manager.userId, commandeId: null })

    const refused = await shop.db.transaction((tx) => stockLedger(tx).adjust(sucre.id, -2, { raison: 'manuel', staffId: manager.userId }))
    expect(refused).toBeUndefined()
    const nothing = await shop.db.transaction((tx) => stockLedger(tx).adjust(sucre.id, 0, { raison: 'import', staffId: manager.userId }))
    expect(nothing).toBeUndefined()
    expect(await stockOf(sucre.id)).toBe(1)
    expect(await historyOf(sucre.id)).toHaveLength(1)
  })

  it('an import that changes the stock writes one import line from the stock there was', async () => {
    const lait = await makeProduct(shop.db, { quantite: 7 })
    const adjusted = await shop.db.transaction((tx) => stockLedger(tx).adjust(lait.id, 5, { raison: 'import', staffId: manager.userId }))
    expect(adjusted).toMatchObject({ produitId: lait.id, raison: 'import', delta: 5, quantiteApres: 12, staffId: manager.userId, motif: null })
    expect(adjusted!.createdAt).toBeInstanceOf(Date)
    expect(await stockOf(lait.id)).toBe(12)
  })
})
