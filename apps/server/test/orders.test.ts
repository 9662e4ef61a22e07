// Placing orders (DESIGN §5) through the real app: amounts from database prices and the zone
// table, stock taken in the same transaction, idempotent retries, cancellation and expiry
// giving stock back, privacy between customers, no overselling under concurrency, and the
// limits a greedy customer meets (orders per minute, unpaid online orders, 99 per line).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADD_TO_CART_MAX, MAX_UNPAID_ONLINE_ORDERS, ORDER_RATE_LIMIT_PER_MINUTE } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { commandes, depots, modelivraisons, modepaiements, pointsFidelite, privilegeRecompenses, privileges, produits, typerecompenses } from '../src/db/schema.ts'
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, gql, signIn, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let alice: SignedIn
let bob: SignedIn
const ids = { domicile: 0, retrait: 0, cash: 0, wave: 0, depot: 0, depotAdresse: '' as string | null }

beforeAll(async () => {
  ctx = await createTestApp()
  ;[alice, bob] = await Promise.all([signIn(ctx.app), signIn(ctx.app)])
  const modes = await ctx.db.select().from(modelivraisons)
  const payments = await ctx.db.select().from(modepaiements)
  const [depot] = await ctx.db
    .insert(depots)
    .values({ designation: 'Dépôt de Fann', adresse: 'Avenue Cheikh Anta Diop, Fann', latitude: 14.69, longitude: -17.46 })
    .returning()
  ids.domicile = modes.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = modes.find((m) => m.code === 'RETRAIT')!.id
  ids.cash = payments.find((m) => m.code === 'CASH')!.id
  ids.wave = payments.find((m) => m.code === 'WAVE')!.id
  ids.depot = depot!.id
  ids.depotAdresse = depot!.adresse
})
afterAll(() => ctx.close())

const addToCart = (who: SignedIn, produit: number, quantite: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit, quantite, action: 0 } })

const order = (who: SignedIn, payload: Record<string, unknown>, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })

const home = (extra: Record<string, unknown> = {}) => ({
  modelivraison: ids.domicile,
  modepaiement: ids.cash,
  adresseliv: 'Rue 10, villa 24, Mermoz',
  zone: 'Mermoz',
  tel: '+221 77 123 45 67',
  ...extra,
})
const pickup = (extra: Record<string, unknown> = {}) => ({ modelivraison: ids.retrait, modepaiement: ids.cash, depot: ids.depot, tel: '771234567', ...extra })

const stockOf = async (id: number) => (await ctx.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
const ordersOf = async (who: SignedIn) => ctx.db.select().from(commandes).where(eq(commandes.clientId, who.userId))

/** The order lifecycle as the app builds it, with its own clock (the expiry sweep's). */
function lifecycle(now: () => Date) {
  return createOrderLifecycle({ db: ctx.db, orders: createOrdersService(createOrdersRepository(ctx.db, ctx.app.orderParticipants)), participants: ctx.app.orderParticipants, log: ctx.app.log, now })
}

describe('placing an order', () => {
  it('cash on delivery at home: amounts from the database and the zone table, stock taken, cart emptied', async () => {
    const customer = await signIn(ctx.app)
    const riz = await makeProduct(ctx.db, { prix: 4000, quantite: 10 })
    const huile = await makeProduct(ctx.db, { prix: 1800, quantite: 5 })
    await addToCart(customer, riz.id, 2)
    await addToCart(customer, huile.id, 3)
    // Prices and amounts sent by the client are ignored.
    const res = await order(customer, home({ montantcommande: 1, prix: 1, remise: 99999, montantliv: 0, repere: '  Derrière la pharmacie, portail bleu ' }))
    expect(res.statusCode).toBe(201)
    const { commande } = res.json()
    expect(commande).toMatchObject({
      etat: 'en_attente',
      etat_text: 'En attente de confirmation',
      etat_badge: 'secondary',
      montantcommande: 2 * 4000 + 3 * 1800,
      montantliv: 1000,
      remise: 0,
      montanttotal: 13400 + 1000,
      montanttotalformat: '14\u00a0400\u00a0FCFA',
      adresseliv: 'Rue 10, villa 24, Mermoz',
      tel: '+221 77 123 45 67',
      modelivraison: { code: 'DOMICILE' },
      modepaiement: { code: 'CASH' },
      depot: null,
    })
    expect(commande.numerocommande).toMatch(/^TRG-\d{6}-[A-Z2-9]{6}$/)
    expect(commande.detailcommandes.map((l: { quantite: number; prix: number; produit: { id: number } }) => [l.produit.id, l.quantite, l.prix])).toEqual([
      [riz.id, 2, 4000],
      [huile.id, 3, 1800],
    ])
    // The landmark for the courier is kept on the order, trimmed (issue 25 §3).
    expect((await ordersOf(customer))[0]!.repere).toBe('Derrière la pharmacie, portail bleu')
    expect(await stockOf(riz.id)).toBe(8)
    expect(await stockOf(huile.id)).toBe(2)
    const cart = await gql(ctx.app, '{ paniers { nombre } }', {}, customer.auth)
    expect(cart.data!.paniers[0]?.nombre ?? 0).toBe(0)
    const list = await gql(ctx.app, '{ commandespaginated(page: 1, count: 5) { metadata { total } data { numerocommande etat_badge } } }', {}, customer.auth)
    expect(list.data!.commandespaginated.data).toEqual([{ numerocommande: commande.numerocommande, etat_badge: 'secondary' }])
  })

  it('pickup at a depot is free of delivery; an online payment waits for payment with a 30-minute expiry', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { prix: 2500, quantite: 4 })
    await addToCart(customer, p.id, 1)
    const before = Date.now()
    // A landmark sent with a pickup is not kept: no courier goes there.
    const res = await order(customer, pickup({ modepaiement: ids.wave, repere: 'Portail bleu' }))
    expect(res.statusCode).toBe(201)
    expect(res.json().commande).toMatchObject({ etat: 'en_attente_paiement', etat_badge: 'warning', montantliv: 0, montanttotal: 2500, adresseliv: ids.depotAdresse, depot: { id: ids.depot } })
    const [row] = await ordersOf(customer)
    expect(row!.repere).toBeNull()
    expect(row!.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000)
    expect(row!.expiresAt!.getTime() - before).toBeLessThanOrEqual(30 * 60_000 + 60_000)
  })

  it("applies the loyalty tier's rewards: 5 % off the goods and free delivery at 'Or'", async () => {
    const customer = await signIn(ctx.app)
    const [or] = await ctx.db.insert(privileges).values({ designation: 'Or', point: 300, couleur: '#D4AF37' }).returning()
    const types = await ctx.db.select().from(typerecompenses)
    await ctx.db.insert(privilegeRecompenses).values([
      { privilegeId: or!.id, typerecompenseId: types.find((t) => t.code === 'REMISE_POURCENT')!.id, valeur: 5 },
      { privilegeId: or!.id, typerecompenseId: types.find((t) => t.code === 'LIVRAISON_GRATUITE')!.id, valeur: 100 },
    ])
    await ctx.db.insert(pointsFidelite).values({ clientId: customer.userId, points: 350, motif: 'test' })
    const p = await makeProduct(ctx.db, { prix: 3333, quantite: 10 })
    await addToCart(customer, p.id, 3)
    const res = await order(customer, home({ zone: 'Rufisque' }))
    expect(res.statusCode).toBe(201)
    const goods = 3 * 3333
    expect(res.json().commande).toMatchObject({ montantcommande: goods, montantliv: 5000, remise: Math.floor(goods * 0.05) + 5000, montanttotal: goods - Math.floor(goods * 0.05) })
  })

  it.each([
    ['no phone', () => home({ tel: undefined }), 'tel', MESSAGES.telephoneInvalid],
    ['a bad phone', () => home({ tel: 'appelez-moi' }), 'tel', MESSAGES.telephoneInvalid],
    ['home delivery without an address', () => home({ adresseliv: '' }), 'adresseliv', MESSAGES.orderAddressRequired],
    ['a zone outside the table', () => home({ zone: 'Paris' }), 'zone', MESSAGES.orderZoneUnknown],
    ['pickup without a depot', () => pickup({ depot: undefined }), 'depot', MESSAGES.orderDepotRequired],
    ['an unknown depot', () => pickup({ depot: 999999 }), 'depot', MESSAGES.orderDepotRequired],
    ['an unknown delivery mode', () => home({ modelivraison: 999999 }), 'modelivraison', MESSAGES.orderDeliveryModeUnknown],
    ['an unknown payment mode', () => home({ modepaiement: 999999 }), 'modepaiement', MESSAGES.orderPaymentModeUnknown],
    ['a landmark of 151 characters', () => home({ repere: 'x'.repeat(151) }), 'repere', MESSAGES.repereTooLong],
    ['a landmark that is no text', () => home({ repere: ['portail'] }), 'repere', MESSAGES.repereTooLong],
  ])('refuses %s with a 400 naming the field, and keeps the cart', async (_label, body, field, message) => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 5 })
    await addToCart(customer, p.id, 2)
    const res = await order(customer, body())
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toContain(message)
    expect(await stockOf(p.id)).toBe(5)
    expect(await ordersOf(customer)).toEqual([])
    const cart = await gql(ctx.app, '{ paniers { nombre } }', {}, customer.auth)
    expect(cart.data!.paniers[0]!.nombre).toBe(2)
  })

  it('says so when the cart is empty, and needs a signed-in customer', async () => {
    const customer = await signIn(ctx.app)
    const empty = await order(customer, home())
    expect(empty.statusCode).toBe(409)
    expect(empty.json().message).toBe(MESSAGES.orderCartEmpty)
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/commande', payload: home() })
    expect(visitor.statusCode).toBe(401)
  })

  it('refuses the whole order when one line lacks stock, and changes nothing', async () => {
    const customer = await signIn(ctx.app)
    const plenty = await makeProduct(ctx.db, { quantite: 50 })
    const scarce = await makeProduct(ctx.db, { designation: 'Thiof frais', quantite: 5 })
    await addToCart(customer, plenty.id, 4)
    await addToCart(customer, scarce.id, 3)
    await ctx.db.update(produits).set({ quantite: 2 }).where(eq(produits.id, scarce.id))
    const res = await order(customer, home())
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(MESSAGES.insufficientStock('Thiof frais', 2))
    expect(res.json().details).toEqual({ produit: scarce.id, variante: scarce.varianteId, disponible: 2, demande: 3 })
    expect(await stockOf(plenty.id)).toBe(50)
    expect(await stockOf(scarce.id)).toBe(2)
    expect(await ordersOf(customer)).toEqual([])
  })
})

describe('idempotency', () => {
  it('a retried submission answers the first order, once', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 9 })
    await addToCart(customer, p.id, 2)
    const first = await order(customer, home(), 'commande-abc-123')
    const again = await order(customer, home(), 'commande-abc-123')
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.json().commande.numerocommande).toBe(first.json().commande.numerocommande)
    expect(await ordersOf(customer)).toHaveLength(1)
    expect(await stockOf(p.id)).toBe(7)
  })

  it('a key sent again after the cart was filled anew answers the first order, takes no stock and keeps the cart', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 9 })
    await addToCart(customer, p.id, 2)
    const first = await order(customer, home(), 'commande-rejouee-1')
    expect(first.statusCode).toBe(201)
    await addToCart(customer, p.id, 2)
    const again = await order(customer, home(), 'commande-rejouee-1')
    expect(again.statusCode).toBe(200)
    expect(again.json().commande.numerocommande).toBe(first.json().commande.numerocommande)
    expect(await ordersOf(customer)).toHaveLength(1)
    expect(await stockOf(p.id)).toBe(7)
    // The new cart is still there, for the next order.
    expect((await order(customer, home(), 'commande-rejouee-2')).statusCode).toBe(201)
    expect(await stockOf(p.id)).toBe(5)
  })

  it('the same key sent several times at once gives one order', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 9 })
    await addToCart(customer, p.id, 1)
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(customer, home(), 'double-tap-0001')))
    const numeros = new Set(answers.map((a) => a.json().commande?.numerocommande))
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true)
    expect(numeros.size).toBe(1)
    expect(await ordersOf(customer)).toHaveLength(1)
    expect(await stockOf(p.id)).toBe(8)
  })

  it('refuses a key reused for a different order, and a malformed key', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 9 })
    await addToCart(customer, p.id, 1)
    expect((await order(customer, home(), 'cle-unique-42')).statusCode).toBe(201)
    const reused = await order(customer, pickup(), 'cle-unique-42')
    expect(reused.statusCode).toBe(409)
    expect(reused.json().message).toBe(MESSAGES.idempotencyKeyReused)
    const bad = await order(customer, home(), 'x')
    expect(bad.statusCode).toBe(400)
  })
})

describe('reading and cancelling', () => {
  it("shows a customer their order and no one else's", async () => {
    const p = await makeProduct(ctx.db, { quantite: 9 })
    await addToCart(alice, p.id, 1)
    const { commande } = (await order(alice, home())).json()
    const own = await ctx.app.inject({ url: `/api/commande/${commande.numerocommande}`, headers: alice.auth })
    expect(own.statusCode).toBe(200)
    expect(own.json().commande.id).toBe(commande.id)
    const other = await ctx.app.inject({ url: `/api/commande/${commande.numerocommande}`, headers: bob.auth })
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe(MESSAGES.orderNotFound)
    const list = await gql(ctx.app, '{ commandespaginated { data { id } } }', {}, bob.auth)
    expect(list.data!.commandespaginated.data.map((c: { id: number }) => c.id)).not.toContain(commande.id)
    expect((await ctx.app.inject({ method: 'POST', url: `/api/commande/${commande.numerocommande}/annulation`, headers: bob.auth })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: `/api/commande/${commande.numerocommande}` })).statusCode).toBe(401)
  })

  it('cancels a waiting order and gives the stock back; only once', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 6 })
    await addToCart(customer, p.id, 4)
    const { commande } = (await order(customer, home())).json()
    expect(await stockOf(p.id)).toBe(2)
    const cancel = () => ctx.app.inject({ method: 'POST', url: `/api/commande/${commande.numerocommande}/annulation`, headers: customer.auth })
    const first = await cancel()
    expect(first.statusCode).toBe(200)
    expect(first.json().commande).toMatchObject({ etat: 'annulee', etat_text: 'Annulée', etat_badge: 'danger' })
    expect(await stockOf(p.id)).toBe(6)
    const second = await cancel()
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(MESSAGES.orderNotCancellable)
    expect(await stockOf(p.id)).toBe(6)
  })

  it('refuses to cancel once the order is confirmed', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 6 })
    await addToCart(customer, p.id, 1)
    const { commande } = (await order(customer, home())).json()
    await ctx.db.update(commandes).set({ etat: 'confirmee' }).where(eq(commandes.id, commande.id))
    const res = await ctx.app.inject({ method: 'POST', url: `/api/commande/${commande.numerocommande}/annulation`, headers: customer.auth })
    expect(res.statusCode).toBe(409)
    expect(await stockOf(p.id)).toBe(5)
  })
})

describe('expiry of unpaid orders', () => {
  it('cancels online orders left unpaid for 30 minutes and gives their stock back', async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 6 })
    await addToCart(customer, p.id, 2)
    const online = (await order(customer, home({ modepaiement: ids.wave }))).json().commande
    await addToCart(customer, p.id, 1)
    const cash = (await order(customer, home())).json().commande
    expect(await stockOf(p.id)).toBe(3)

    expect(await lifecycle(() => new Date(Date.now() + 10 * 60_000)).expireUnpaid()).toBe(0)
    const expired = await lifecycle(() => new Date()).expireUnpaid(new Date(Date.now() + 31 * 60_000))
    expect(expired).toBeGreaterThanOrEqual(1)
    const [onlineRow] = await ctx.db.select().from(commandes).where(eq(commandes.id, online.id))
    const [cashRow] = await ctx.db.select().from(commandes).where(eq(commandes.id, cash.id))
    expect(onlineRow!.etat).toBe('annulee')
    expect(cashRow!.etat).toBe('en_attente')
    expect(await stockOf(p.id)).toBe(5)
  })
})

describe('no overselling', () => {
  it('50 customers racing for the last 10 units: exactly 10 orders, stock 0, 40 clear 409s', async () => {
    const p = await makeProduct(ctx.db, { designation: 'Mangue Kent', quantite: 10 })
    const customers = await Promise.all(Array.from({ length: 50 }, () => signIn(ctx.app)))
    for (const customer of customers) expect((await addToCart(customer, p.id, 1)).statusCode).toBe(200)
    const answers = await Promise.all(customers.map((customer) => order(customer, home())))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    expect(codes.filter((c) => c === 409)).toHaveLength(40)
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(MESSAGES.insufficientStock('Mangue Kent', 0))
    }
    expect(await stockOf(p.id)).toBe(0)
    const result = (await ctx.db.execute(sql`select count(*)::int as n from detail_commandes where produit_id = ${p.id}`)) as unknown as { rows: Array<{ n: number }> }
    expect(result.rows[0]!.n).toBe(10)
  }, 120_000)

  it('20 customers racing for 3 products shared by their carts, filled in any order: no deadlock, 12 orders, stock 0', async () => {
    const products = await Promise.all([1, 2, 3].map((i) => makeProduct(ctx.db, { designation: `Panier ${i}`, quantite: 12 })))
    const customers = await Promise.all(Array.from({ length: 20 }, () => signIn(ctx.app)))
    for (const [n, customer] of customers.entries()) {
      const order = n % 2 === 0 ? products : [...products].reverse()
      for (const p of order) expect((await addToCart(customer, p.id, 1)).statusCode).toBe(200)
    }
    const answers = await Promise.all(customers.map((customer) => order(customer, home())))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(12)
    expect(codes.filter((c) => c === 409)).toHaveLength(8)
    for (const p of products) expect(await stockOf(p.id)).toBe(0)
  }, 120_000)
})

describe('limits on placing orders (issue 9 §4.4)', () => {
  it(`at most ${ORDER_RATE_LIMIT_PER_MINUTE} order requests per customer and minute: then a French 429, for that customer only`, async () => {
    const [greedy, other] = await Promise.all([signIn(ctx.app), signIn(ctx.app)])
    // Empty carts: refused (409), but each request counts.
    for (let i = 0; i < ORDER_RATE_LIMIT_PER_MINUTE; i++) expect((await order(greedy, home())).statusCode).toBe(409)
    const limited = await order(greedy, home())
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(MESSAGES.orderRateLimited)
    expect((await order(other, home())).statusCode).toBe(409)
  })

  it(`at most ${MAX_UNPAID_ONLINE_ORDERS} unpaid online orders at once: the next online one is a French 409 and takes no stock; cash still goes`, async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { quantite: 20 })
    const placed: string[] = []
    for (let i = 0; i < MAX_UNPAID_ONLINE_ORDERS; i++) {
      await addToCart(customer, p.id, 1)
      const res = await order(customer, home({ modepaiement: ids.wave }))
      expect(res.statusCode).toBe(201)
      placed.push(res.json().commande.numerocommande)
    }
    await addToCart(customer, p.id, 1)
    const refused = await order(customer, home({ modepaiement: ids.wave }))
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.orderUnpaidLimit(MAX_UNPAID_ONLINE_ORDERS))
    expect(await stockOf(p.id)).toBe(20 - MAX_UNPAID_ONLINE_ORDERS)
    expect(await ordersOf(customer)).toHaveLength(MAX_UNPAID_ONLINE_ORDERS)
    // Cash on delivery holds nothing unpaid online; and once one is cancelled, an online order goes again.
    expect((await order(customer, home())).statusCode).toBe(201)
    await addToCart(customer, p.id, 1)
    expect((await ctx.app.inject({ method: 'POST', url: `/api/commande/${placed[0]}/annulation`, headers: customer.auth })).statusCode).toBe(200)
    expect((await order(customer, home({ modepaiement: ids.wave }))).statusCode).toBe(201)
  })

  it(`at most ${ADD_TO_CART_MAX} of one product per line: in one request (400 naming quantite), added up (409), and at placement`, async () => {
    const customer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { designation: 'Sac de riz', quantite: 1000 })
    const tooMany = await addToCart(customer, p.id, ADD_TO_CART_MAX + 1)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors.quantite).toContain(MESSAGES.quantityMax)
    expect((await addToCart(customer, p.id, 60)).statusCode).toBe(200)
    const addedUp = await addToCart(customer, p.id, 60)
    expect(addedUp.statusCode).toBe(409)
    expect(addedUp.json().errors.quantite).toContain(MESSAGES.quantityMax)
    expect((await addToCart(customer, p.id, ADD_TO_CART_MAX - 60)).statusCode).toBe(200)
    // A line saved before the limit existed: the order is refused, nothing taken.
    await ctx.db.execute(sql`update panier_produits set quantite = 150 where produit_id = ${p.id}`)
    const res = await order(customer, home())
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(MESSAGES.orderLineTooLarge('Sac de riz', ADD_TO_CART_MAX))
    expect(await stockOf(p.id)).toBe(1000)
    expect(await ordersOf(customer)).toEqual([])
  })
})
