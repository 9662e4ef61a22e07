// Money after discounts (issue 23 §2, ADR 041) through the real app listening on loopback (the
// Wave and PayTech adapters talk to the server's sandbox): a line is refunded at what was paid for
// it, the code's and the loyalty reward's shares taken off, and « the rest » is exactly what
// remains; a paid order is refundable from its payment on; an order of 0 FCFA needs no payment;
// points are earned on what was paid for the goods; two pay-agains at once open one attempt; an
// online approval after the shopper chose cash pays the order.
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOYALTY_MOTIF_DELIVERED } from '@teranga/shared/loyalty'
import { MESSAGES } from '@teranga/shared/server-messages'
import { buildApp } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import { commandes, depots, messageOutbox, modelivraisons, modepaiements, paiements, pointsFidelite, privilegeRecompenses, privileges, produits, remboursements, typerecompenses } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { makeProduct } from './factories.ts'
import { freshDatabase, signIn, signInStaff, testConfig, type SignedIn } from './helpers.ts'

let app: FastifyInstance
let db: Database['db']
let close: () => Promise<void>
let admin: SignedIn
let manager: SignedIn
const ids = { domicile: 0, retrait: 0, depot: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, orderRateLimit: 1000, expireOrdersEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    await app.close()
    await database.close()
    await drop()
  }
  ;({ admin, manager } = await signInStaff({ app, db, database, close }))
  const delivery = await db.select().from(modelivraisons)
  ids.domicile = delivery.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = delivery.find((m) => m.code === 'RETRAIT')!.id
  for (const mode of await db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
  const [depot] = await db.insert(depots).values({ designation: 'Dépôt de Fann', adresse: 'Fann', latitude: 14.69, longitude: -17.46 }).returning({ id: depots.id })
  ids.depot = depot!.id
})
afterAll(() => close?.())

type Mode = 'CASH' | 'WAVE' | 'OM' | 'FREE'

let codeSeq = 0
/** A discount code made in the back office: `pourcentage` of `valeur` by default. */
async function newCode(rules: Record<string, unknown>) {
  const code = `ARGENT${++codeSeq}${Math.random().toString(36).slice(2, 6).toUpperCase()}`
  const res = await app.inject({ method: 'POST', url: '/api/codepromo', headers: admin.auth, payload: { code, type: 'pourcentage', ...rules } })
  expect(res.statusCode, res.body).toBe(201)
  return code
}

/** A new customer orders `lines` (fresh products, stock 50 each), home delivery to Mermoz (1 000 FCFA) unless `pickup`. */
async function place(mode: Mode, lines: Array<{ prix: number; quantite: number; designation?: string }>, options: { code?: string; pickup?: boolean; customer?: SignedIn } = {}) {
  const customer = options.customer ?? (await signIn(app))
  const products: number[] = []
  for (const line of lines) {
    const produit = await makeProduct(db, { prix: line.prix, quantite: 50, ...(line.designation ? { designation: line.designation } : {}) })
    products.push(produit.id)
    const added = await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: line.quantite, action: 0 } })
    expect(added.statusCode, added.body).toBe(200)
  }
  const where = options.pickup
    ? { modelivraison: ids.retrait, depot: ids.depot, tel: '+221 77 123 45 67' }
    : { modelivraison: ids.domicile, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' }
  const res = await app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { ...where, modepaiement: ids.modes[mode], ...(options.code ? { codepromo: options.code } : {}) },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string; etat: string; montanttotal: number; remise: number }
  return { customer, commande, numero: commande.numerocommande, id: commande.id, products }
}

const pay = (who: SignedIn, numero: string, body?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: who.auth, ...(body ? { payload: body } : {}) })

/** The customer's decision on the sandbox's page (its notification reaches the webhook before the redirect). */
async function press(url: string, decision: 'approve' | 'decline') {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }).toString(), redirect: 'manual' })
  expect(res.status).toBe(303)
}

async function payOnline(who: SignedIn, numero: string) {
  const started = await pay(who, numero)
  expect(started.statusCode, started.body).toBe(200)
  await press(started.json().url as string, 'approve')
  expect(await orderRow(numero)).toMatchObject({ etat: 'payee' })
}

const orderRow = async (numero: string) => (await db.select().from(commandes).where(eq(commandes.numerocommande, numero)))[0]!
const attemptsOf = (orderId: number) => db.select().from(paiements).where(eq(paiements.commandeId, orderId)).orderBy(asc(paiements.id))
const setEtat = async (numero: string, etat: string, motif?: string) => {
  const res = await app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat, ...(motif ? { motif } : {}) } })
  expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
}
const moveTo = async (numero: string, states: string[]) => {
  for (const etat of states) await setEtat(numero, etat)
}
const TO_DELIVERED = ['confirmee', 'en_preparation', 'en_livraison', 'livree']
const refund = (numero: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: manager.auth, payload: { motif: 'Article manquant', ...payload } })
const detailOf = async (numero: string) => {
  const res = await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    etat: string
    total: number
    remboursable: boolean
    rembourse: number
    paiement: { provider: string; statut: string; montant: number } | null
    modepaiement: { code: string }
    lignes: Array<{ produit: { id: number }; quantite: number; total: number; paye: number; paye_fr: string }>
    remboursements: Array<{ montant: number; lignes: Array<{ produit: { id: number }; total: number; total_fr: string }> }>
  }
}
const refundedOf = async (orderId: number) =>
  (await db.select().from(remboursements).where(and(eq(remboursements.commandeId, orderId), eq(remboursements.statut, 'effectue')))).reduce((sum, r) => sum + r.montant, 0)

describe('a line is refunded at what was paid for it (issue 23 §2)', () => {
  it('DAKAR10: 2 × Lait caillé give back 1 800 FCFA, not 2 000; « the rest » is then exactly what remains and is accepted', async () => {
    const code = await newCode({ valeur: 10 })
    const { numero, id, products, commande } = await place(
      'CASH',
      [
        { prix: 1000, quantite: 2, designation: 'Lait caillé 1 L' },
        { prix: 17000, quantite: 1, designation: 'Riz brisé 25 kg' },
      ],
      { code },
    )
    // 19 000 of goods, 1 900 off, 1 000 of delivery.
    expect(commande).toMatchObject({ remise: 1900, montanttotal: 18100 })
    await moveTo(numero, TO_DELIVERED)
    const before = await detailOf(numero)
    expect(before.lignes.map((l) => [l.produit.id, l.total, l.paye, l.paye_fr])).toEqual([
      [products[0], 2000, 1800, '1\u00a0800\u00a0FCFA'],
      [products[1], 17000, 15300, '15\u00a0300\u00a0FCFA'],
    ])

    const lait = await refund(numero, { lignes: [{ produit: products[0], quantite: 2, restock: false }] })
    expect(lait.statusCode, lait.body).toBe(200)
    expect(await refundedOf(id)).toBe(1800)
    const after = await detailOf(numero)
    expect(after.remboursements[0]!.lignes).toEqual([expect.objectContaining({ produit: expect.objectContaining({ id: products[0] }), total: 1800, total_fr: '1\u00a0800\u00a0FCFA' })])

    const rest = await refund(numero)
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json()).toMatchObject({ etat: 'remboursee', rembourse: 18100 })
    expect(await refundedOf(id)).toBe(18100)
  })

  it('the code and the loyalty reward both come off; the lines, refunded unit by unit, add up to exactly what was paid for the goods', async () => {
    // A 7 % tier (after the code, ADR 036) and a 13 % code on prices that leave remainders.
    const [tier] = await db.insert(privileges).values({ designation: 'Argent-7', point: 900000, couleur: '#aaa' }).returning()
    const types = await db.select().from(typerecompenses)
    await db.insert(privilegeRecompenses).values([{ privilegeId: tier!.id, typerecompenseId: types.find((t) => t.code === 'REMISE_POURCENT')!.id, valeur: 7 }])
    const customer = await signIn(app)
    await db.insert(pointsFidelite).values({ clientId: customer.userId, points: 900000, motif: 'test' })
    const code = await newCode({ valeur: 13 })
    const lines = [
      { prix: 333, quantite: 3 },
      { prix: 1001, quantite: 1 },
      { prix: 2999, quantite: 2 },
    ]
    const { numero, id, products, commande } = await place('WAVE', lines, { code, customer })
    await payOnline(customer, numero)
    const goods = 999 + 1001 + 5998
    const codeOff = Math.floor((goods * 13) / 100)
    const paidForGoods = goods - codeOff - Math.floor(((goods - codeOff) * 7) / 100)
    expect(commande.montanttotal).toBe(paidForGoods + 1000)
    const detail = await detailOf(numero)
    expect(detail.lignes.reduce((sum, l) => sum + l.paye, 0)).toBe(paidForGoods)

    // Refunded from payment on, one unit at a time: each line gives back its share, no more.
    for (const [i, line] of lines.entries()) {
      for (let unit = 0; unit < line.quantite; unit++) {
        const res = await refund(numero, { lignes: [{ produit: products[i], quantite: 1, restock: false }] })
        expect(res.statusCode, res.body).toBe(200)
      }
    }
    expect(await refundedOf(id)).toBe(paidForGoods)
    // What remains is the delivery: « the rest » gives it back and the order is refunded.
    const rest = await refund(numero)
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json()).toMatchObject({ etat: 'remboursee', rembourse: paidForGoods + 1000 })
  })
})

describe('a paid order is refundable from its payment on (issue 23 §2)', () => {
  it('a missing item found while preparing a Wave order is refunded; the order goes on; refunding everything ends it remboursee', async () => {
    const { customer, numero, id, products } = await place('WAVE', [
      { prix: 2500, quantite: 2 },
      { prix: 4000, quantite: 1 },
    ])
    await payOnline(customer, numero)
    expect(await detailOf(numero)).toMatchObject({ etat: 'payee', remboursable: true })
    await moveTo(numero, ['confirmee', 'en_preparation'])

    const missing = await refund(numero, { lignes: [{ produit: products[1], quantite: 1, restock: false }] })
    expect(missing.statusCode, missing.body).toBe(200)
    expect(missing.json()).toMatchObject({ etat: 'en_preparation', rembourse: 4000, remboursable: true })
    expect((await attemptsOf(id)).map((a) => a.statut)).toEqual(['payee'])

    const rest = await refund(numero)
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json()).toMatchObject({ etat: 'remboursee', rembourse: 10000, remboursable: false })
    expect((await attemptsOf(id)).map((a) => a.statut)).toEqual(['remboursee'])
  })

  it('a line refunded back to stock, then the order cancelled: every unit is back once, not twice', async () => {
    const { customer, numero, products } = await place('WAVE', [{ prix: 3000, quantite: 3 }])
    await payOnline(customer, numero)
    await setEtat(numero, 'confirmee')
    const stockOf = async () => (await db.select({ quantite: produits.quantite }).from(produits).where(eq(produits.id, products[0]!)))[0]!.quantite
    expect(await stockOf()).toBe(47)
    const one = await refund(numero, { lignes: [{ produit: products[0], quantite: 1, restock: true }] })
    expect(one.statusCode, one.body).toBe(200)
    expect(await stockOf()).toBe(48)
    await setEtat(numero, 'annulee', 'Client injoignable')
    expect(await stockOf()).toBe(50)
    // What remains of the payment goes back with the rest.
    const rest = await refund(numero)
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json()).toMatchObject({ etat: 'remboursee', rembourse: 10000 })
    expect(await stockOf()).toBe(50)
  })

  it('a cash order is not refundable before it is delivered (nothing was collected)', async () => {
    const { numero } = await place('CASH', [{ prix: 3000, quantite: 1 }])
    await moveTo(numero, ['confirmee', 'en_preparation'])
    expect(await detailOf(numero)).toMatchObject({ remboursable: false })
    expect((await refund(numero)).statusCode).toBe(409)
  })
})

describe('an order of 0 FCFA needs no payment (issue 23 §2)', () => {
  it('a 100 % code with a depot pickup and Wave: waiting for confirmation at once, no expiry, no attempt; paying is a 409, not a 502', async () => {
    const code = await newCode({ valeur: 100 })
    const { customer, numero, id, commande } = await place('WAVE', [{ prix: 6000, quantite: 2 }], { code, pickup: true })
    expect(commande).toMatchObject({ montanttotal: 0, etat: 'en_attente', etat_text: 'En attente de confirmation' })
    expect(await orderRow(numero)).toMatchObject({ etat: 'en_attente', expiresAt: null })
    const paying = await pay(customer, numero)
    expect(paying.statusCode, paying.body).toBe(409)
    expect(paying.json().message).toBe(MESSAGES.orderNotPayable)
    expect(await attemptsOf(id)).toEqual([])
    // The shop confirms and hands it over like any other.
    await moveTo(numero, ['confirmee', 'en_preparation', 'prete_retrait', 'livree'])
  })
})

describe('points are earned on what was paid for the goods (issue 23 §2)', () => {
  it('a 100 % code on 12 000 FCFA of goods, paying only the delivery: 0 points; a 10 % code on 10 000: 9 points', async () => {
    const free = await place('CASH', [{ prix: 6000, quantite: 2 }], { code: await newCode({ valeur: 100 }) })
    expect(free.commande.montanttotal).toBe(1000)
    await moveTo(free.numero, TO_DELIVERED)
    expect(await db.select().from(pointsFidelite).where(and(eq(pointsFidelite.commandeId, free.id), eq(pointsFidelite.motif, LOYALTY_MOTIF_DELIVERED)))).toEqual([])

    const tenth = await place('CASH', [{ prix: 5000, quantite: 2 }], { code: await newCode({ valeur: 10 }) })
    await moveTo(tenth.numero, TO_DELIVERED)
    const credited = await db.select().from(pointsFidelite).where(and(eq(pointsFidelite.commandeId, tenth.id), eq(pointsFidelite.motif, LOYALTY_MOTIF_DELIVERED)))
    expect(credited.map((p) => p.points)).toEqual([9])
  })
})

describe('paying again (issue 23 §2)', () => {
  async function failedWaveOrder() {
    const placed = await place('WAVE', [{ prix: 4000, quantite: 1 }])
    const first = await pay(placed.customer, placed.numero)
    expect(first.statusCode, first.body).toBe(200)
    await press(first.json().url as string, 'decline')
    expect(await orderRow(placed.numero)).toMatchObject({ etat: 'echec_paiement' })
    return placed
  }

  it('four pay-agains at once (two modes) open one attempt: the others get its page or a French 409', async () => {
    const { customer, numero, id } = await failedWaveOrder()
    const answers = await Promise.all([
      pay(customer, numero, { modepaiement: ids.modes.OM }),
      pay(customer, numero, { modepaiement: ids.modes.WAVE }),
      pay(customer, numero, { modepaiement: ids.modes.OM }),
      pay(customer, numero),
    ])
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode)
    const refused = answers.filter((r) => r.statusCode === 409).map((r) => r.json().message as string)
    for (const message of refused) expect([MESSAGES.paymentOpening, MESSAGES.orderNotRepayable, MESSAGES.orderNotPayable]).toContain(message)
    const attempts = await attemptsOf(id)
    const open = attempts.filter((a) => a.statut === 'en_cours')
    expect(open).toHaveLength(1)
    expect(open[0]!.checkoutUrl).toEqual(expect.any(String))
    // Those answered in turn each closed the one before (a shopper changing modes): every page
    // handed out is an attempt's, and only the last is still open, in the order's mode.
    const pages = attempts.map((a) => a.checkoutUrl)
    for (const res of answers.filter((r) => r.statusCode === 200)) expect(pages).toContain(res.json().url)
    const order = await orderRow(numero)
    expect(order.etat).toBe('en_attente_paiement')
    expect(open[0]!.modepaiementId).toBe(order.modepaiementId)
  })

  it('while another request is opening an attempt, paying again in another mode or in cash is a French 409 that changes nothing', async () => {
    const { customer, numero, id, commande } = await place('WAVE', [{ prix: 4000, quantite: 1 }])
    // What another request leaves under the order's lock while it asks the provider: a reservation with no page yet.
    const [reservation] = await db.insert(paiements).values({ commandeId: id, provider: 'wave', montant: commande.montanttotal, statut: 'en_cours', modepaiementId: ids.modes.WAVE }).returning()
    for (const modepaiement of [ids.modes.OM, ids.modes.CASH]) {
      const res = await pay(customer, numero, { modepaiement })
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json().message).toBe(MESSAGES.paymentOpening)
    }
    expect(await orderRow(numero)).toMatchObject({ etat: 'en_attente_paiement', modepaiementId: ids.modes.WAVE })
    expect(await attemptsOf(id)).toEqual([reservation])
  })

  it('an open PayTech page is not answered for another PayTech mode: the new mode opens its own attempt', async () => {
    const { customer, numero, id } = await place('OM', [{ prix: 4000, quantite: 1 }])
    const om = await pay(customer, numero)
    expect(om.statusCode, om.body).toBe(200)
    const free = await pay(customer, numero, { modepaiement: ids.modes.FREE })
    expect(free.statusCode, free.body).toBe(200)
    expect(free.json().url).not.toBe(om.json().url)
    expect((await attemptsOf(id)).map((a) => [a.provider, a.modepaiementId, a.statut, a.checkoutUrl])).toEqual([
      ['paytech', ids.modes.OM, 'echouee', om.json().url],
      ['paytech', ids.modes.FREE, 'en_cours', free.json().url],
    ])
    expect(await orderRow(numero)).toMatchObject({ etat: 'en_attente_paiement', modepaiementId: ids.modes.FREE })
  })

  it('four retries at once in the same mode: one attempt, one page for all', async () => {
    const { customer, numero, id } = await failedWaveOrder()
    const answers = await Promise.all([pay(customer, numero), pay(customer, numero), pay(customer, numero), pay(customer, numero)])
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode)
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().message).toBe(MESSAGES.paymentOpening)
    const attempts = await attemptsOf(id)
    expect(attempts.map((a) => a.statut)).toEqual(['echouee', 'en_cours'])
    expect(new Set(answers.filter((r) => r.statusCode === 200).map((r) => r.json().url as string))).toEqual(new Set([attempts[1]!.checkoutUrl]))
  })

  it('a new attempt closes the one left open: at most one attempt is open per order', async () => {
    const { customer, numero, id } = await place('WAVE', [{ prix: 4000, quantite: 1 }])
    expect((await pay(customer, numero)).statusCode).toBe(200)
    const other = await pay(customer, numero, { modepaiement: ids.modes.OM })
    expect(other.statusCode, other.body).toBe(200)
    expect((await attemptsOf(id)).map((a) => [a.provider, a.statut])).toEqual([
      ['wave', 'echouee'],
      ['paytech', 'en_cours'],
    ])
  })
})

describe('an online payment approved after the shopper chose to pay on delivery (issue 23 §2)', () => {
  async function switchedToCash() {
    const placed = await place('WAVE', [{ prix: 4500, quantite: 2 }])
    const started = await pay(placed.customer, placed.numero)
    expect(started.statusCode, started.body).toBe(200)
    const cash = await pay(placed.customer, placed.numero, { modepaiement: ids.modes.CASH })
    expect(cash.statusCode, cash.body).toBe(200)
    expect(cash.json()).toMatchObject({ url: null, commande: { etat: 'en_attente', modepaiement: { code: 'CASH' } } })
    return { ...placed, url: started.json().url as string }
  }

  it('waiting for confirmation: the order becomes paid, online again; the courier collects nothing; nothing is owed back', async () => {
    const { numero, id, url } = await switchedToCash()
    await press(url, 'approve')
    expect(await orderRow(numero)).toMatchObject({ etat: 'payee', modepaiementId: ids.modes.WAVE })
    expect((await attemptsOf(id)).map((a) => a.statut)).toEqual(['payee'])
    const detail = await detailOf(numero)
    expect(detail).toMatchObject({ etat: 'payee', modepaiement: { code: 'WAVE' }, paiement: { provider: 'wave', statut: 'payee', montant: 10000 }, remboursable: true })
    // The list no longer flags money to give back.
    const list = (await app.inject({ url: `/api/commande?q=${numero}`, headers: manager.auth })).json()
    expect(list.data[0]).toMatchObject({ numero, a_rembourser: false, modepaiement: { code: 'WAVE' } })
  })

  it('already confirmed: it keeps its state, paid online; delivered, it is not collected twice', async () => {
    const { numero, id, url } = await switchedToCash()
    await setEtat(numero, 'confirmee')
    await press(url, 'approve')
    expect(await orderRow(numero)).toMatchObject({ etat: 'confirmee', modepaiementId: ids.modes.WAVE })
    expect((await attemptsOf(id)).map((a) => a.statut)).toEqual(['payee'])
    expect(await detailOf(numero)).toMatchObject({ paiement: { statut: 'payee' }, remboursable: true })
    // No move to tell of: the customer is told of the payment itself.
    const told = await db.select({ event: messageOutbox.event, body: messageOutbox.body }).from(messageOutbox).where(and(eq(messageOutbox.commandeId, id), eq(messageOutbox.audience, 'client')))
    expect(told.filter((m) => m.event.startsWith('paiement:'))).toEqual([expect.objectContaining({ body: expect.stringContaining('paiement') })])
  })

  it('after delivery (the courier collected it), a late approval is owed back as before', async () => {
    const { numero, id, url } = await switchedToCash()
    await moveTo(numero, TO_DELIVERED)
    await press(url, 'approve')
    expect(await orderRow(numero)).toMatchObject({ etat: 'livree', modepaiementId: ids.modes.CASH })
    expect((await attemptsOf(id)).map((a) => a.statut)).toEqual(['a_rembourser'])
  })
})
