// One customer's orders racing each other (issue 27, ADR 068): placement locks the customer's row,
// and what the customer's other transactions change under that lock (their unpaid online orders,
// their points) must be read after the lock is granted, not with the snapshot of the statement
// that waited for it. Each test holds the customer's row in a transaction of its own, as another
// order or a back-office adjustment of the same customer does, lets concurrent orders queue
// behind it through the API, commits, and checks what the queued orders saw.
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UNPAID_ONLINE_ORDERS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { UNPAID_STATUSES } from '@teranga/shared/order-status'
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import { codesPromo, commandes, modelivraisons, modepaiements, pointsFidelite, privilegeRecompenses, privileges, typerecompenses } from '../src/db/schema.ts'
import { createLoyaltyService } from '../src/modules/loyalty/loyalty.service.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
const ids = { domicile: 0, cash: 0, wave: 0 }
/** Concurrent orders per round. */
const N = 8

beforeAll(async () => {
  ctx = await createTestApp()
  const modes = await ctx.db.select().from(modelivraisons)
  const payments = await ctx.db.select().from(modepaiements)
  ids.domicile = modes.find((m) => m.code === 'DOMICILE')!.id
  ids.cash = payments.find((m) => m.code === 'CASH')!.id
  ids.wave = payments.find((m) => m.code === 'WAVE')!.id
})
afterAll(() => ctx.close())

const addToCart = (who: SignedIn, produit: number, quantite: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit, quantite, action: 0 } })

const home = (modepaiement: number) => ({ modelivraison: ids.domicile, modepaiement, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' })

const order = (who: SignedIn, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/commande', headers: who.auth, payload })

/** Sessions of this test's database waiting for a row lock. */
async function waitingForLocks(): Promise<number> {
  const result = await ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
}

/** Resolves once `n` sessions wait for a lock (the queued orders), or fails after 15 s. */
async function untilWaiting(n: number) {
  const deadline = Date.now() + 15_000
  while ((await waitingForLocks()) < n) {
    if (Date.now() > deadline) throw new Error(`${n} orders never queued on the customer's row`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Holds the customer's row (`select … for update`, the lock placement and loyalty take) in a
 * transaction of the test's, fires `N` orders through the API while it is held, waits until they
 * all queue behind it, then runs `meanwhile` in the holding transaction and commits: the orders go
 * on one after the other, each after that commit.
 */
async function ordersQueuedBehind(customer: SignedIn, payload: Record<string, unknown>, meanwhile: (tx: Parameters<Parameters<TestContext['db']['transaction']>[0]>[0]) => Promise<void>) {
  let requests: Promise<Array<{ statusCode: number; json: () => { message: string; commande?: { remise: number } } }>> | undefined
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from clients where id = ${customer.userId} for update`)
    const before = await waitingForLocks()
    requests = Promise.all(Array.from({ length: N }, () => order(customer, payload)))
    await untilWaiting(before + N)
    await meanwhile(tx)
  })
  return requests!
}

const unpaidOnline = (customer: SignedIn) =>
  ctx.db
    .select({ id: commandes.id })
    .from(commandes)
    .where(and(eq(commandes.clientId, customer.userId), inArray(commandes.etat, [...UNPAID_STATUSES]), gt(commandes.expiresAt, new Date())))

describe('one customer, concurrent orders (ADR 068)', () => {
  // A customer holds at most MAX_UNPAID_ONLINE_ORDERS unpaid online orders (each holds stock for
  // 30 minutes). Orders queued on the customer's row while another online order of theirs
  // commits must count it: before the fix, the count was read by the statement that waited for
  // the lock, with the snapshot taken before the wait, so the first queued order went past the limit.
  it(`never more than ${MAX_UNPAID_ONLINE_ORDERS} unpaid online orders, when ${N} online orders queue behind the customer's other order`, async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await signIn(ctx.app)
      const p = await makeProduct(ctx.db, { prix: 1000, quantite: 100 })
      for (let i = 0; i < MAX_UNPAID_ONLINE_ORDERS - 1; i++) {
        await addToCart(customer, p.id, 1)
        expect((await order(customer, home(ids.wave))).statusCode).toBe(201)
      }
      await addToCart(customer, p.id, 1)
      const [template] = await ctx.db.select().from(commandes).where(eq(commandes.clientId, customer.userId)).limit(1)
      const answers = await ordersQueuedBehind(customer, home(ids.wave), async (tx) => {
        // The customer's last allowed online order commits while the others wait (as placement writes it).
        const { id: _id, montantTotal: _total, ...copy } = template!
        await tx.insert(commandes).values({ ...copy, numerocommande: `${template!.numerocommande.slice(0, 11)}RACE${round}X`, datecomm: new Date() })
      })
      expect(await unpaidOnline(customer)).toHaveLength(MAX_UNPAID_ONLINE_ORDERS)
      expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(409))
      for (const answer of answers) expect(answer.json().message).toBe(MESSAGES.orderUnpaidLimit(MAX_UNPAID_ONLINE_ORDERS))
    }
  }, 60_000)

  // Without the holder, the same customer's concurrent online orders: the first empties the cart,
  // the others find it empty; never past the limit either.
  it(`${N} concurrent online orders of a customer one below the limit: one placed, the others a French 409`, async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 100 })
    for (let i = 0; i < MAX_UNPAID_ONLINE_ORDERS - 1; i++) {
      await addToCart(customer, p.id, 1)
      expect((await order(customer, home(ids.wave))).statusCode).toBe(201)
    }
    await addToCart(customer, p.id, 1)
    const answers = await Promise.all(Array.from({ length: N }, () => order(customer, home(ids.wave))))
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409)
      expect([MESSAGES.orderCartEmpty, MESSAGES.orderUnpaidLimit(MAX_UNPAID_ONLINE_ORDERS)]).toContain(answer.json().message)
    }
    expect(await unpaidOnline(customer)).toHaveLength(MAX_UNPAID_ONLINE_ORDERS)
  })

  // Points are not spent by an order (DESIGN §7: the tier the balance reaches gives its rewards on
  // every order), so concurrent orders cannot spend them twice and never move the ledger. What
  // can race is a change of the balance under the customer's lock: the back office taking points
  // away (it locks the same row). An order queued behind that adjustment must see the balance it
  // left; before the fix it read the balance of before its wait and got the tier's discount.
  it(`the tier's reward follows the balance the back office left, for ${N} orders queued behind its adjustment; the ledger never goes below 0`, async () => {
    const [argent] = await ctx.db.insert(privileges).values({ designation: 'Argent (course)', point: 200, couleur: '#C0C0C0' }).returning()
    const types = await ctx.db.select().from(typerecompenses)
    await ctx.db.insert(privilegeRecompenses).values({ privilegeId: argent!.id, typerecompenseId: types.find((t) => t.code === 'REMISE_POURCENT')!.id, valeur: 10 })
    for (let round = 0; round < 3; round++) {
      const customer = await signIn(ctx.app)
      await ctx.db.insert(pointsFidelite).values({ clientId: customer.userId, points: 250, motif: 'test' })
      const p = await makeProduct(ctx.db, { prix: 10_000, quantite: 100 })
      await addToCart(customer, p.id, 1)
      const answers = await ordersQueuedBehind(customer, home(ids.cash), async (tx) => {
        // The back office's adjustment, as its route runs it, in the holding transaction.
        const adjusted = await createLoyaltyService(tx).adjust(customer.userId, -250, 'Points retirés')
        expect(adjusted).toMatchObject({ ok: true, balance: 0 })
      })
      const placed = answers.filter((a) => a.statusCode === 201)
      expect(placed).toHaveLength(1)
      expect(placed[0]!.json().commande!.remise).toBe(0)
      for (const answer of answers.filter((a) => a.statusCode !== 201)) expect(answer.json().message).toBe(MESSAGES.orderCartEmpty)
      const [balance] = await ctx.db
        .select({ points: sql<number>`coalesce(sum(${pointsFidelite.points}), 0)::int` })
        .from(pointsFidelite)
        .where(eq(pointsFidelite.clientId, customer.userId))
      expect(balance!.points).toBe(0)
    }
  }, 60_000)

  // A code usable once per customer: the customer's uses are read by the promotions' own statement
  // (`forCustomer`), which runs after the customer's lock is granted, so it already sees an order
  // with the code committed meanwhile; the code's total uses are a conditional update that
  // PostgreSQL re-checks on the row's latest version (promotions.test.ts races 50 orders on it).
  // This one held before the fix too: it guards the order of statements that makes it hold.
  it(`a code once per customer stays once, for ${N} orders with it queued behind the customer's other order using it`, async () => {
    const [code] = await ctx.db.insert(codesPromo).values({ code: 'COURSE1', type: 'montant', valeur: 500, utilisationsMax: 100, parClient: 1 }).returning()
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { prix: 5000, quantite: 100 })
    await addToCart(customer, p.id, 1)
    expect((await order(customer, home(ids.cash))).statusCode).toBe(201)
    await addToCart(customer, p.id, 1)
    const [template] = await ctx.db.select().from(commandes).where(eq(commandes.clientId, customer.userId))
    const answers = await ordersQueuedBehind(customer, { ...home(ids.cash), codepromo: 'course1' }, async (tx) => {
      // The customer's other order, with the code, commits while these wait (as placement writes it: the order and the code's use).
      const { id: _id, montantTotal: _total, ...copy } = template!
      await tx.insert(commandes).values({ ...copy, numerocommande: `${template!.numerocommande.slice(0, 11)}CODE1X`, codepromoId: code!.id, remiseCode: 500, remise: 500 })
      await tx.update(codesPromo).set({ utilisations: sql`${codesPromo.utilisations} + 1` }).where(eq(codesPromo.id, code!.id))
    })
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(409))
    for (const answer of answers) expect(answer.json().message).toBe(PROMO_MESSAGES.perClient(1))
    const withCode = await ctx.db.select({ id: commandes.id }).from(commandes).where(and(eq(commandes.clientId, customer.userId), eq(commandes.codepromoId, code!.id)))
    expect(withCode).toHaveLength(1)
    expect((await ctx.db.select({ n: codesPromo.utilisations }).from(codesPromo).where(eq(codesPromo.id, code!.id)))[0]!.n).toBe(1)
  }, 60_000)
})
