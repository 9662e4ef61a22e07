// Placement takes the stock last (ADR 069): the cart is read without a lock, the order, its lines
// and the emptied cart are written, and only then, just before the commit, the stock ledger locks
// the products and takes each variant's stock if it is still there. So an order waits for a
// product's row only for another's take and commit; and when another order took the stock since
// the cart was read, placement starts over and answers from the stock there is now (or sends the
// customer back to their cart when it is no longer the one they confirmed). So does an order
// number drawn twice, or a deadlock PostgreSQL breaks by ending the order (three in a row: a
// French 503 the customer can retry with the same key). Each test
// holds rows in a transaction of its own, as a concurrent order or a staff member does, lets an
// order through the API run into it, and checks what the customer gets and what the database keeps.
// The races themselves (the last units, carts sharing products in any order, one customer's
// orders) are in orders.test.ts, stock-ledger.test.ts, cart-variants.test.ts and
// orders-customer-race.test.ts.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { PLACEMENT_MESSAGES } from '@teranga/shared/placement-messages'
import { codesPromo, commandes, modelivraisons, modepaiements, mouvementsStock, panierLignes, paniers, produits, variantes } from '../src/db/schema.ts'
import { stockLedger } from '../src/modules/stock/stock-ledger.service.ts'
import { makeProduct, makeProductWithVariants } from './factories.ts'
import { createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let manager: SignedIn
const ids = { domicile: 0, cash: 0 }

beforeAll(async () => {
  shop = await createTestApp()
  ;({ manager } = await signInStaff(shop))
  ids.domicile = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  ids.cash = (await shop.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
})
afterAll(() => shop?.close())

async function addToCart(buyer: SignedIn, produit: number, quantite: number, variante?: number) {
  const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit, variante, quantite, action: 0 } })
  expect(added.statusCode, added.body).toBe(200)
}

const order = (buyer: SignedIn, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: { ...buyer.auth, ...headers },
    payload: { modelivraison: ids.domicile, modepaiement: ids.cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '771234567', ...extra },
  })

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** What the sessions of this test's database that wait for a lock are running. */
const waiting = async () =>
  rowsOf<{ query: string }>(await shop.db.execute(sql`select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).map((r) => r.query)

/** Resolves with the statements of `n` sessions waiting for a lock, or fails after 15 s. */
async function untilWaiting(n: number) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const queries = await waiting()
    if (queries.length >= n) return queries
    if (Date.now() > deadline) throw new Error(`${n} sessions never waited for a lock`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const ordersOf = (buyer: SignedIn) => shop.db.select({ id: commandes.id, numero: commandes.numerocommande }).from(commandes).where(eq(commandes.clientId, buyer.userId))
const cartOf = (buyer: SignedIn) =>
  shop.db
    .select({ varianteId: panierLignes.varianteId, quantite: panierLignes.quantite })
    .from(panierLignes)
    .innerJoin(paniers, eq(paniers.id, panierLignes.panierId))
    .where(eq(paniers.clientId, buyer.userId))
    .orderBy(panierLignes.varianteId)
const stockOf = async (id: number) => (await shop.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
const historyOf = (id: number) => shop.db.select({ raison: mouvementsStock.raison, delta: mouvementsStock.delta }).from(mouvementsStock).where(eq(mouvementsStock.produitId, id)).orderBy(mouvementsStock.id)

describe('the stock taken last (ADR 069)', () => {
  it("waits for a product's row only at the take, once its order, lines and emptied cart are written", async () => {
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const buyer = await signIn(shop.app)
    await addToCart(buyer, riz.id, 2)
    let placed: ReturnType<typeof order> | undefined
    await shop.db.transaction(async (tx) => {
      // Another order's take holds the product's row until it commits.
      await tx.execute(sql`select id from produits where id = ${riz.id} for no key update`)
      placed = order(buyer)
      const [query] = await untilWaiting(1)
      // The cart was read without waiting: the statement that waits is the ledger's take.
      expect(query).toMatch(/^with products as \(/)
    })
    const answer = await placed!
    expect(answer.statusCode, answer.body).toBe(201)
    expect(await stockOf(riz.id)).toBe(8)
    expect(await cartOf(buyer)).toEqual([])
  })

  it('stock taken by another order after the cart was read: it starts over and refuses with the stock there is now, keeping nothing but the cart', async () => {
    const last = await makeProduct(shop.db, { designation: 'Huile d’arachide 5 L', quantite: 1 })
    const buyer = await signIn(shop.app)
    await addToCart(buyer, last.id, 1)
    let placed: ReturnType<typeof order> | undefined
    await shop.db.transaction(async (tx) => {
      // A staff member takes the last unit (its row and its product's locked until the commit):
      // the order reads 1 in stock, writes itself, and waits at its take.
      expect(await stockLedger(tx).adjust(last.varianteId, -1, { raison: 'manuel', motif: 'casse', staffId: manager.userId })).toBeDefined()
      placed = order(buyer)
      expect(await untilWaiting(1)).toEqual([expect.stringMatching(/^with products as \(/)])
    })
    const answer = await placed!
    expect(answer.statusCode, answer.body).toBe(409)
    expect(answer.json().message).toBe(MESSAGES.insufficientStock('Huile d’arachide 5 L', 0))
    expect(await ordersOf(buyer)).toEqual([])
    expect(await cartOf(buyer)).toEqual([{ varianteId: last.varianteId, quantite: 1 }])
    expect(await stockOf(last.id)).toBe(0)
    expect(await historyOf(last.id)).toEqual([{ raison: 'manuel', delta: -1 }])
  })

  it('stock gone at each of three takes: the customer is sent back to their cart, and nothing but the cart is kept', async () => {
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const buyer = await signIn(shop.app)
    await addToCart(buyer, riz.id, 1)
    // Each take of this variant finds its row gone from under it (skipped), as when other orders
    // keep taking the stock between this order's read and its take; the attempts are counted.
    await shop.db.execute(sql.raw(`create sequence takes_refused;
      create function refuse_take() returns trigger language plpgsql as $$ begin perform nextval('takes_refused'); return null; end $$;
      create trigger refuse_take before update of quantite on variantes for each row when (old.id = ${riz.varianteId}) execute function refuse_take()`))
    try {
      const answer = await order(buyer, { 'idempotency-key': 'essai-stock-pris' })
      expect(answer.statusCode, answer.body).toBe(409)
      expect(answer.json()).toMatchObject({ message: PLACEMENT_MESSAGES.cartChanged, errors: { panier: [PLACEMENT_MESSAGES.cartChanged] } })
      expect(rowsOf<{ n: string }>(await shop.db.execute(sql`select last_value as n from takes_refused`))[0]!.n).toBe('3')
      expect(await ordersOf(buyer)).toEqual([])
      expect(await cartOf(buyer)).toEqual([{ varianteId: riz.varianteId, quantite: 1 }])
      expect(await stockOf(riz.id)).toBe(10)
      expect(await historyOf(riz.id)).toEqual([])
    } finally {
      await shop.db.execute(sql.raw('drop trigger refuse_take on variantes; drop function refuse_take(); drop sequence takes_refused'))
    }
    // The same key once the stock is there again: a new order, not the refusal replayed.
    const again = await order(buyer, { 'idempotency-key': 'essai-stock-pris' })
    expect(again.statusCode, again.body).toBe(201)
    expect(await stockOf(riz.id)).toBe(9)
  })

  it('an order number drawn twice the same day: drawn again, one order', async () => {
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const [first, second] = await Promise.all([signIn(shop.app), signIn(shop.app)])
    await addToCart(first, riz.id, 1)
    expect((await order(first)).statusCode).toBe(201)
    const [taken] = await ordersOf(first)
    await addToCart(second, riz.id, 1)
    // The next order's first number is the one already given (the unique index refuses it).
    await shop.db.execute(sql.raw(`create sequence numbers_drawn;
      create function same_number() returns trigger language plpgsql as $$ begin
        if nextval('numbers_drawn') = 1 then new.numerocommande := '${taken!.numero}'; end if; return new; end $$;
      create trigger same_number before insert on commandes for each row execute function same_number()`))
    try {
      const answer = await order(second)
      expect(answer.statusCode, answer.body).toBe(201)
      expect(rowsOf<{ n: string }>(await shop.db.execute(sql`select last_value as n from numbers_drawn`))[0]!.n).toBe('2')
      const orders = await ordersOf(second)
      expect(orders).toHaveLength(1)
      expect(orders[0]!.numero).not.toBe(taken!.numero)
      expect(answer.json().commande.numerocommande).toBe(orders[0]!.numero)
    } finally {
      await shop.db.execute(sql.raw('drop trigger same_number on commandes; drop function same_number(); drop sequence numbers_drawn'))
    }
    expect(await stockOf(riz.id)).toBe(8)
  })

  it('a deadlock PostgreSQL breaks by ending the order: started over, one order, its stock taken once', async () => {
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const buyer = await signIn(shop.app)
    await addToCart(buyer, riz.id, 2)
    // The first attempt's line ends as PostgreSQL ends the transaction it picks to break a
    // deadlock (40P01), after the order was written and the stock taken.
    await shop.db.execute(sql.raw(`create sequence lines_tried;
      create function deadlock_once() returns trigger language plpgsql as $$ begin
        if nextval('lines_tried') = 1 then raise exception 'deadlock detected (test)' using errcode = '40P01'; end if; return new; end $$;
      create trigger deadlock_once before insert on detail_commandes for each row when (new.produit_id = ${riz.id}) execute function deadlock_once()`))
    try {
      const answer = await order(buyer, { 'idempotency-key': 'essai-interblocage' })
      expect(answer.statusCode, answer.body).toBe(201)
      expect(rowsOf<{ n: string }>(await shop.db.execute(sql`select last_value as n from lines_tried`))[0]!.n).toBe('2')
      const orders = await ordersOf(buyer)
      expect(orders).toHaveLength(1)
      expect(answer.json().commande.numerocommande).toBe(orders[0]!.numero)
    } finally {
      await shop.db.execute(sql.raw('drop trigger deadlock_once on detail_commandes; drop function deadlock_once(); drop sequence lines_tried'))
    }
    expect(await stockOf(riz.id)).toBe(8)
    expect(await historyOf(riz.id)).toEqual([{ raison: 'vente', delta: -2 }])
    expect(await cartOf(buyer)).toEqual([])
  })

  it('a deadlock at each of three attempts: a French 503 with retry-after, nothing kept but the cart, and the same key places the order once it clears', async () => {
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const buyer = await signIn(shop.app)
    await addToCart(buyer, riz.id, 2)
    await shop.db.execute(sql.raw(`create sequence lines_tried;
      create function deadlock_always() returns trigger language plpgsql as $$ begin
        perform nextval('lines_tried'); raise exception 'deadlock detected (test)' using errcode = '40P01'; end $$;
      create trigger deadlock_always before insert on detail_commandes for each row when (new.produit_id = ${riz.id}) execute function deadlock_always()`))
    try {
      const answer = await order(buyer, { 'idempotency-key': 'essai-interblocages' })
      expect(answer.statusCode, answer.body).toBe(503)
      expect(answer.json()).toMatchObject({ message: PLACEMENT_MESSAGES.busy })
      expect(answer.headers['retry-after']).toBe('2')
      expect(answer.headers['cache-control']).toContain('no-store')
      expect(rowsOf<{ n: string }>(await shop.db.execute(sql`select last_value as n from lines_tried`))[0]!.n).toBe('3')
      expect(await ordersOf(buyer)).toEqual([])
      expect(await cartOf(buyer)).toEqual([{ varianteId: riz.varianteId, quantite: 2 }])
      expect(await stockOf(riz.id)).toBe(10)
      expect(await historyOf(riz.id)).toEqual([])
    } finally {
      await shop.db.execute(sql.raw('drop trigger deadlock_always on detail_commandes; drop function deadlock_always(); drop sequence lines_tried'))
    }
    const again = await order(buyer, { 'idempotency-key': 'essai-interblocages' })
    expect(again.statusCode, again.body).toBe(201)
    expect(await ordersOf(buyer)).toHaveLength(1)
    expect(await stockOf(riz.id)).toBe(8)
  })

  it('an article withdrawn by the shop while the order was placed: it starts over, finds the cart changed and sends the customer back to it, which shows what is left', async () => {
    const pagne = await makeProductWithVariants(shop.db, 'Taille', [
      { valeur: 'S', prix: 5000, quantite: 5 },
      { valeur: 'M', prix: 5000, quantite: 5 },
    ])
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const buyer = await signIn(shop.app)
    await addToCart(buyer, pagne.id, 1, pagne.varianteIds[1])
    await addToCart(buyer, riz.id, 1)
    const [code] = await shop.db.insert(codesPromo).values({ code: 'RETRAIT', type: 'montant', valeur: 100, utilisationsMax: 100, parClient: 1 }).returning()
    let placed: ReturnType<typeof order> | undefined
    await shop.db.transaction(async (tx) => {
      // Another order taking a use of the same code holds its row: this order has read its cart,
      // checked the code, and waits to take its use while the shop deletes the « M » variant
      // (and its cart line with it). Its take then misses that variant, and its next attempt
      // reads a cart that is not the one the customer confirmed.
      await tx.execute(sql`select id from codes_promo where id = ${code!.id} for update`)
      placed = order(buyer, {}, { codepromo: 'RETRAIT' })
      await untilWaiting(1)
      await shop.db.delete(variantes).where(eq(variantes.id, pagne.varianteIds[1]!))
    })
    const answer = await placed!
    expect(answer.statusCode, answer.body).toBe(409)
    expect(answer.json().message).toBe(PLACEMENT_MESSAGES.cartChanged)
    expect(await ordersOf(buyer)).toEqual([])
    expect(await cartOf(buyer)).toEqual([{ varianteId: riz.varianteId, quantite: 1 }])
    expect([await stockOf(pagne.id), await stockOf(riz.id)]).toEqual([5, 10])
    expect(await shop.db.select().from(mouvementsStock).where(and(eq(mouvementsStock.produitId, riz.id), eq(mouvementsStock.raison, 'vente')))).toEqual([])
  })
})
