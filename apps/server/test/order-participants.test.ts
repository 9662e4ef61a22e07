// The order lifecycle's participants (ADR 049): the modules the app registers, in plugin order;
// a participant's refusal stops a move before anything is written; its work runs in the move's
// transaction after the state is written (a failure rolls the whole move back, stock included);
// it is told of the move after every participant acted; and after the commit, a failure is
// logged and the change stays.
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandes, modelivraisons, modepaiements, orderHistory, produits } from '../src/db/schema.ts'
import { actors, createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrderParticipants, type OrderParticipant } from '../src/modules/orders/order-participants.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let customer: SignedIn
const ids = { domicile: 0, cash: 0 }

beforeAll(async () => {
  ctx = await createTestApp()
  customer = await signIn(ctx.app)
  ids.domicile = (await ctx.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  ids.cash = (await ctx.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
})
afterAll(() => ctx.close())

/** The app's participants and providers, then `extra`: a lifecycle as the app's, with more. */
function lifecycleWith(...extra: OrderParticipant[]) {
  const participants = createOrderParticipants()
  for (const participant of ctx.app.orderParticipants.all) participants.add(participant)
  for (const name of ['rewards', 'codes', 'tracking'] as const) participants.provide(name, ctx.app.orderParticipants.provider(name) as never)
  for (const participant of extra) participants.add(participant)
  return createOrderLifecycle({ db: ctx.db, orders: createOrdersService(createOrdersRepository(ctx.db, participants)), participants, log: ctx.app.log })
}

async function place() {
  const produit = await makeProduct(ctx.db, { prix: 3000, quantite: 10 })
  await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 2, action: 0 } })
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.cash, adresseliv: 'Rue 10, Mermoz', zone: 'Mermoz', tel: '771234567' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { id: res.json().commande.id as number, produitId: produit.id }
}

const etatOf = async (orderId: number) => (await ctx.db.select({ etat: commandes.etat }).from(commandes).where(eq(commandes.id, orderId)))[0]!.etat
const stockOf = async (produitId: number) => (await ctx.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, produitId)))[0]!.q
const historyOf = async (orderId: number) => (await ctx.db.select().from(orderHistory).where(eq(orderHistory.commandeId, orderId)).orderBy(asc(orderHistory.id))).map((h) => h.toEtat)

const cancel = (lifecycle: ReturnType<typeof lifecycleWith>, orderId: number) =>
  lifecycle.run(async ({ orders, move }) => move((await orders.lockOrder({ id: orderId }))!, 'annulee', actors.system, 'essai'))

describe('the registry', () => {
  it('holds what the modules registered, in plugin order, with one provider each; closed once the app is ready', () => {
    const registry = ctx.app.orderParticipants
    expect(registry.all.map((p) => p.name)).toEqual(['stock', 'loyalty', 'promotions', 'messages', 'metrics', 'payments', 'invoices'])
    for (const name of ['stock', 'rewards', 'codes', 'tracking'] as const) expect(registry.provider(name), name).toBeDefined()
    expect(() => registry.add({ name: 'tardif' })).toThrow(/sealed/)
    const fresh = createOrderParticipants()
    fresh.provide('tracking', { keyMatches: () => true })
    expect(() => fresh.provide('tracking', { keyMatches: () => false })).toThrow(/already provided/)
  })
})

describe('a move', () => {
  it('calls each participant in its transaction once the state is written, then tells them all, then counts it after the commit', async () => {
    const { id } = await place()
    const calls: string[] = []
    const outcome = await lifecycleWith(
      {
        name: 'first',
        async moved({ tx, order, from, to }) {
          // Inside the move's transaction: the new state is already there.
          const [row] = ((await tx.execute(sql`select etat from commandes where id = ${order.id}`)) as unknown as { rows: Array<{ etat: string }> }).rows
          calls.push(`first.moved ${from}->${to} (${row!.etat})`)
          return { points: 2 }
        },
        async noticed(_tx, _order, notice) {
          calls.push(`first.noticed ${JSON.stringify(notice)}`)
        },
        committed: (change) => void calls.push(`first.committed ${JSON.stringify(change)}`),
      },
      {
        name: 'second',
        async moved() {
          calls.push('second.moved')
          return { points: 3, refunds: 1 }
        },
      },
    ).run(async ({ orders, move }) => move((await orders.lockOrder({ id }))!, 'confirmee', actors.system))
    expect(outcome).toMatchObject({ moved: true, from: 'en_attente', points: 5, refunds: 1 })
    expect(calls).toEqual([
      'first.moved en_attente->confirmee (confirmee)',
      'second.moved',
      'first.noticed {"to":"confirmee"}',
      'first.committed {"from":"en_attente","to":"confirmee"}',
    ])
  })

  it('a participant that fails rolls the whole move back: state, history and the stock given back', async () => {
    const { id, produitId } = await place()
    expect(await stockOf(produitId)).toBe(8)
    const failing = lifecycleWith({
      name: 'en panne',
      async moved() {
        throw new Error('participant en panne')
      },
    })
    await expect(cancel(failing, id)).rejects.toThrow('participant en panne')
    expect(await etatOf(id)).toBe('en_attente')
    expect(await historyOf(id)).toEqual(['en_attente'])
    expect(await stockOf(produitId)).toBe(8)
  })

  it("a participant's refusal stops the move before anything is written, and no one else acts", async () => {
    const { id, produitId } = await place()
    const acted: string[] = []
    const outcome = await cancel(
      lifecycleWith(
        { name: 'refuse', refuses: async () => 'unpaid' },
        { name: 'witness', moved: async () => void acted.push('moved'), noticed: async () => void acted.push('noticed') },
      ),
      id,
    )
    expect(outcome).toEqual({ moved: false, refusal: 'unpaid' })
    expect(acted).toEqual([])
    expect(await etatOf(id)).toBe('en_attente')
    expect(await stockOf(produitId)).toBe(8)
  })

  it('a failure after the commit is logged, and the change stays', async () => {
    const { id, produitId } = await place()
    const heard: string[] = []
    const outcome = await cancel(
      lifecycleWith(
        {
          name: 'bruyant',
          committed: () => {
            throw new Error('après coup')
          },
        },
        { name: 'witness', committed: (change) => void heard.push(JSON.stringify(change)) },
      ),
      id,
    )
    expect(outcome.moved).toBe(true)
    expect(heard).toEqual(['{"from":"en_attente","to":"annulee"}'])
    expect(await etatOf(id)).toBe('annulee')
    expect(await stockOf(produitId)).toBe(10)
  })
})
