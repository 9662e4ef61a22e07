// The order lifecycle (DESIGN §5) on its own: every pair of states against the shared machine,
// the history each move writes, the events the database announces at commit (never after a
// rollback), refunds only of paid orders, and points taken back when a delivered order is refunded.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOYALTY_MOTIF_DELIVERED, LOYALTY_MOTIF_REFUNDED } from '@teranga/shared/loyalty'
import { MESSAGES } from '@teranga/shared/server-messages'
import { canTransition, isCustomerOnlyMove, isProviderOnly, ORDER_STATUS_VALUES, type OrderStatus } from '@teranga/shared/order-status'
import { clients, commandes, modelivraisons, modepaiements, orderHistory, paiements, pointsFidelite, produits, roles } from '../src/db/schema.ts'
import type { OrderPlacedEvent, OrderStateChangedEvent } from '../src/modules/orders/order-events.ts'
import { actors, createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { AppError } from '../src/lib/errors.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let admin: SignedIn
const ids = { domicile: 0, cash: 0, wave: 0 }

beforeAll(async () => {
  ctx = await createTestApp()
  admin = await signIn(ctx.app)
  const [adminRole] = await ctx.db.select().from(roles).where(eq(roles.isadmin, true))
  await ctx.db.update(clients).set({ roleId: adminRole!.id }).where(eq(clients.id, admin.userId))
  ids.domicile = (await ctx.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  const modes = await ctx.db.select().from(modepaiements)
  ids.cash = modes.find((m) => m.code === 'CASH')!.id
  ids.wave = modes.find((m) => m.code === 'WAVE')!.id
})
afterAll(() => ctx.close())

const lifecycle = () => createOrderLifecycle({ db: ctx.db, orders: createOrdersService(createOrdersRepository(ctx.db, ctx.app.orderParticipants)), participants: ctx.app.orderParticipants, log: ctx.app.log })

async function place(customer: SignedIn, { prix = 2500, quantite = 2, stock = 10, online = false } = {}) {
  const produit = await makeProduct(ctx.db, { prix, quantite: stock })
  await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite, action: 0 } })
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: online ? ids.wave : ids.cash, adresseliv: 'Rue 10, Mermoz', zone: 'Mermoz', tel: '771234567' },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { id, numerocommande } = res.json().commande as { id: number; numerocommande: string }
  return { id, numero: numerocommande, produit }
}

const history = (orderId: number) => ctx.db.select().from(orderHistory).where(eq(orderHistory.commandeId, orderId)).orderBy(asc(orderHistory.id))
const orderRow = async (orderId: number) => (await ctx.db.select().from(commandes).where(eq(commandes.id, orderId)))[0]!
const stockOf = async (id: number) => (await ctx.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
/**
 * A staff move through the back office's route (a cancellation with its motif); remboursee is
 * the back office's refund action (refunds.test.ts), so here the lifecycle is asked directly.
 */
async function setEtat(numero: string, etat: string): Promise<{ statusCode: number; json(): any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (etat !== 'remboursee') {
    return ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: admin.auth, payload: { etat, ...(etat === 'annulee' ? { motif: 'essai' } : {}) } })
  }
  try {
    const commande = await lifecycle().changeByStaff({ id: admin.userId }, numero, 'remboursee')
    return { statusCode: 200, json: () => ({ commande }) }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { statusCode: error.statusCode, json: () => ({ message: error.message }) }
  }
}

/** Moves the order through the lifecycle as staff; the outcome. */
const move = (orderId: number, to: OrderStatus) =>
  lifecycle().run(async ({ orders, move }) => {
    const order = await orders.lockOrder({ id: orderId })
    return move(order!, to, actors.staff(admin.userId), 'essai')
  })

describe('the shared machine, pair by pair', () => {
  it.each(ORDER_STATUS_VALUES)('from %s: a move happens exactly when the machine has it, and writes one history line', async (from) => {
    const customer = await signIn(ctx.app)
    const { id } = await place(customer)
    for (const to of ORDER_STATUS_VALUES) {
      await ctx.db.update(commandes).set({ etat: from }).where(eq(commandes.id, id))
      const before = (await history(id)).length
      const outcome = await move(id, to)
      // → remboursee is in the machine from every paid state but needs a paid order (money online,
      // or cash once delivered, issue 23 §2): this one never was paid online.
      // payee and echec_paiement are the payment provider's word, paying on delivery instead the customer's: refused from staff.
      const unpaidRefund = to === 'remboursee' && from !== 'livree' && canTransition(from, to, 'DOMICILE')
      const allowed = canTransition(from, to, 'DOMICILE') && !unpaidRefund && !isProviderOnly(to) && !isCustomerOnlyMove(from, to)
      expect(outcome.moved, `${from} → ${to}`).toBe(allowed)
      const after = await history(id)
      if (allowed) {
        expect(after).toHaveLength(before + 1)
        expect(after.at(-1)).toMatchObject({ fromEtat: from, toEtat: to, actorKind: 'staff', actorId: String(admin.userId), reason: 'essai' })
        expect((await orderRow(id)).etat).toBe(to)
      } else {
        expect(outcome).toEqual({ moved: false, refusal: unpaidRefund ? 'unpaid' : 'transition' })
        expect(after).toHaveLength(before)
        expect((await orderRow(id)).etat).toBe(from)
      }
    }
  })

  it('a move from a state the order has already left is refused as stale, and writes nothing', async () => {
    const customer = await signIn(ctx.app)
    const { id } = await place(customer)
    const stale = await lifecycle().run(async ({ orders, move }) => {
      const order = (await orders.lockOrder({ id }))!
      await move(order, 'confirmee', actors.system)
      // The same (now outdated) row again: the guarded update finds no order in en_attente.
      return move(order, 'annulee', actors.system)
    })
    expect(stale).toEqual({ moved: false, refusal: 'stale' })
    expect((await history(id)).map((h) => h.toEtat)).toEqual(['en_attente', 'confirmee'])
  })

  it("payee and echec_paiement are the payment provider's moves alone: refused from staff, the customer or the system", async () => {
    const customer = await signIn(ctx.app)
    const { id } = await place(customer, { online: true })
    const moveAs = (to: OrderStatus, actor: ReturnType<typeof actors.staff>) =>
      lifecycle().run(async ({ orders, move }) => move((await orders.lockOrder({ id }))!, to, actor))
    for (const actor of [actors.staff(admin.userId), actors.client(customer.userId), actors.system]) {
      for (const to of ['payee', 'echec_paiement'] as const) {
        expect(await moveAs(to, actor), `${actor.kind} → ${to}`).toEqual({ moved: false, refusal: 'transition' })
      }
    }
    expect((await history(id)).map((h) => h.toEtat)).toEqual(['en_attente_paiement'])
    expect((await moveAs('payee', actors.provider('wave'))).moved).toBe(true)
    expect((await orderRow(id)).etat).toBe('payee')
  })
})

describe('history', () => {
  it('placement records the first state by the customer; cancellation, expiry and the back office record who and why', async () => {
    const customer = await signIn(ctx.app)
    const cash = await place(customer)
    const online = await place(customer, { online: true })
    expect(await history(cash.id)).toEqual([
      expect.objectContaining({ fromEtat: null, toEtat: 'en_attente', actorKind: 'client', actorId: String(customer.userId) }),
    ])
    expect((await ctx.app.inject({ method: 'POST', url: `/api/commande/${cash.numero}/annulation`, headers: customer.auth })).statusCode).toBe(200)
    expect((await history(cash.id)).at(-1)).toMatchObject({ fromEtat: 'en_attente', toEtat: 'annulee', actorKind: 'client', reason: 'annulée par le client' })

    await lifecycle().expireUnpaid(new Date(Date.now() + 31 * 60_000))
    expect((await history(online.id)).map((h) => [h.fromEtat, h.toEtat, h.actorKind])).toEqual([
      [null, 'en_attente_paiement', 'client'],
      ['en_attente_paiement', 'annulee', 'system'],
    ])

    const third = await place(customer)
    expect((await setEtat(third.numero, 'confirmee')).statusCode).toBe(200)
    expect((await history(third.id)).at(-1)).toMatchObject({ toEtat: 'confirmee', actorKind: 'staff', actorId: String(admin.userId) })
  })
})

describe('events', () => {
  it('one event per committed change, announced by the database at commit (a listener reads the new state from another connection)', async () => {
    const customer = await signIn(ctx.app)
    const placedEvents: OrderPlacedEvent[] = []
    const changes: Array<{ event: OrderStateChangedEvent; seen: Promise<string> }> = []
    const offPlaced = ctx.app.orderEvents.on('placed', (event) => void placedEvents.push(event))
    const offChanged = ctx.app.orderEvents.on('stateChanged', (event) => {
      changes.push({ event, seen: orderRow(event.orderId).then((row) => row.etat) })
    })
    try {
      const { id, numero } = await place(customer)
      await expect.poll(() => placedEvents.filter((e) => e.orderId === id)).toEqual([
        expect.objectContaining({ numero, clientId: customer.userId, etat: 'en_attente', actor: { kind: 'client', id: String(customer.userId) } }),
      ])
      expect((await setEtat(numero, 'confirmee')).statusCode).toBe(200)
      expect((await setEtat(numero, 'en_preparation')).statusCode).toBe(200)
      const mine = () => changes.filter((c) => c.event.orderId === id)
      // In the order they were made, each once.
      await expect.poll(() => mine().map((c) => [c.event.from, c.event.to])).toEqual([
        ['en_attente', 'confirmee'],
        ['confirmee', 'en_preparation'],
      ])
      expect(mine()[0]!.event).toMatchObject({ numero, clientId: customer.userId, actor: { kind: 'staff', id: String(admin.userId) }, reason: null })
      // Read when the event came: the change was already committed.
      expect(await mine()[0]!.seen).not.toBe('en_attente')
      expect(await mine()[1]!.seen).toBe('en_preparation')
    } finally {
      offPlaced()
      offChanged()
    }
  })

  it('nothing is delivered when the transaction rolls back, and nothing is written', async () => {
    const customer = await signIn(ctx.app)
    const { id } = await place(customer)
    const other = await place(customer)
    const events: OrderStateChangedEvent[] = []
    const off = ctx.app.orderEvents.on('stateChanged', (event) => void events.push(event))
    try {
      await expect(
        lifecycle().run(async ({ orders, move }) => {
          expect((await move((await orders.lockOrder({ id }))!, 'confirmee', actors.system)).moved).toBe(true)
          throw new Error('rollback')
        }),
      ).rejects.toThrow('rollback')
      // A change committed afterwards arrives, alone: events come in commit order.
      expect((await move(other.id, 'confirmee')).moved).toBe(true)
      await expect.poll(() => events.map((e) => e.orderId)).toEqual([other.id])
      expect((await orderRow(id)).etat).toBe('en_attente')
      expect((await history(id)).map((h) => h.toEtat)).toEqual(['en_attente'])
    } finally {
      off()
    }
  })

  it("a listener that throws does not undo the change nor fail the customer's request, nor keep the others from theirs", async () => {
    const customer = await signIn(ctx.app)
    const heard: number[] = []
    const offThrowing = ctx.app.orderEvents.on('stateChanged', () => {
      throw new Error('listener down')
    })
    const off = ctx.app.orderEvents.on('stateChanged', (event) => void heard.push(event.orderId))
    try {
      const { id, numero } = await place(customer)
      expect((await setEtat(numero, 'confirmee')).statusCode).toBe(200)
      expect((await orderRow(id)).etat).toBe('confirmee')
      await expect.poll(() => heard).toContain(id)
    } finally {
      offThrowing()
      off()
    }
  })
})

describe('refunds', () => {
  const points = async (clientId: number) => ctx.db.select().from(pointsFidelite).where(eq(pointsFidelite.clientId, clientId))

  it('remboursee after livree takes the points back, once; the balance goes back to what it was', async () => {
    const customer = await signIn(ctx.app)
    const { id, numero } = await place(customer, { prix: 4700, quantite: 3 })
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) expect((await setEtat(numero, etat)).statusCode).toBe(200)
    const profile = async () => (await ctx.app.inject({ url: '/api/profile', headers: customer.auth })).json().utilisateur.points as number
    expect(await profile()).toBe(14)
    const refunded = await setEtat(numero, 'remboursee')
    expect(refunded.statusCode).toBe(200)
    expect(refunded.json().commande).toMatchObject({ etat: 'remboursee', etat_text: 'Remboursée', etat_badge: 'dark' })
    expect(await profile()).toBe(0)
    expect((await points(customer.userId)).map((p) => [p.commandeId, p.points, p.motif])).toEqual([
      [id, 14, LOYALTY_MOTIF_DELIVERED],
      [id, -14, LOYALTY_MOTIF_REFUNDED],
    ])
    expect((await setEtat(numero, 'remboursee')).statusCode).toBe(409)
    expect(await profile()).toBe(0)
  })

  it('a cancelled order is refunded only if it was paid: its paid attempt is owed back at cancellation, given back at remboursee', async () => {
    const customer = await signIn(ctx.app)
    const unpaid = await place(customer)
    expect((await setEtat(unpaid.numero, 'annulee')).statusCode).toBe(200)
    const refused = await setEtat(unpaid.numero, 'remboursee')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.orderRefundUnpaid)

    const paid = await place(customer, { online: true, quantite: 3, stock: 5 })
    await ctx.db.insert(paiements).values({ commandeId: paid.id, provider: 'wave', providerRef: `cos-${paid.numero}`, montant: 8500, statut: 'payee' })
    expect((await lifecycle().run(async ({ orders, move }) => move((await orders.lockOrder({ id: paid.id }))!, 'payee', actors.provider('wave')))).moved).toBe(true)
    expect(await stockOf(paid.produit.id)).toBe(2)
    expect((await setEtat(paid.numero, 'annulee')).statusCode).toBe(200)
    expect(await stockOf(paid.produit.id)).toBe(5)
    expect((await ctx.db.select().from(paiements).where(eq(paiements.commandeId, paid.id)))[0]!.statut).toBe('a_rembourser')
    expect((await setEtat(paid.numero, 'remboursee')).statusCode).toBe(200)
    expect((await ctx.db.select().from(paiements).where(eq(paiements.commandeId, paid.id)))[0]!.statut).toBe('remboursee')
    // The stock came back once, at cancellation.
    expect(await stockOf(paid.produit.id)).toBe(5)
  })
})
