// Payments (DESIGN §6) and loyalty earning (§7) through the real app listening on loopback:
// the real Wave and PayTech adapters talk over HTTP to the sandbox the server mounts, whose
// pages' buttons send signed notifications back to the shop's webhooks. Signatures, replays,
// tampered amounts, the retry path, refunds owed, back-office transitions over the whole shared
// machine, points at delivery, and a payment racing the customer's cancellation.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOYALTY_MOTIF_DELIVERED } from '@teranga/shared/loyalty'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrix } from '@teranga/shared/money'
import { canTransition, isCustomerOnlyMove, isProviderOnly, ORDER_STATUS_VALUES, ORDER_STATUSES, type OrderStatus } from '@teranga/shared/order-status'
import { buildApp, type AppOptions } from '../src/app.ts'
import { ConfigError, listenUrl, loadConfig, publicUrlNotice, type Config } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { clients, commandes, modelivraisons, modepaiements, paiements, paymentEvents, pointsFidelite, produits, roles } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { MAX_PAYMENT_ATTEMPTS } from '../src/modules/payments/payments.service.ts'
import { paytechHmac } from '../src/modules/payments/paytech.provider.ts'
import { waveSignature } from '../src/modules/payments/wave.provider.ts'
import { sha256Hex } from '../src/modules/payments/payment-provider.ts'
import { makeProduct } from './factories.ts'
import { freshDatabase, signIn, testConfig, type SignedIn } from './helpers.ts'

interface Shop {
  app: FastifyInstance
  config: Config
  db: Database['db']
  close(): Promise<void>
}

/** The real app on a fresh database; listening on a loopback port when `listen` (the sandbox calls it back). */
async function startShop(env: Record<string, string> = {}, options: Partial<AppOptions> = {}, listen = true): Promise<Shop> {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...env })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  const app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0, ...options })
  if (listen) await app.listen({ port, host: '127.0.0.1' })
  return {
    app,
    config,
    db: database.db,
    close: async () => {
      await app.close()
      await database.close()
      await drop()
    },
  }
}

const METRICS_TOKEN = 'jeton-de-supervision-paiements-01'
let shop: Shop
let admin: SignedIn
const ids = { domicile: 0, retrait: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  shop = await startShop({ METRICS_TOKEN })
  admin = await signIn(shop.app)
  const [adminRole] = await shop.db.select().from(roles).where(eq(roles.isadmin, true))
  await shop.db.update(clients).set({ roleId: adminRole!.id }).where(eq(clients.id, admin.userId))
  const delivery = await shop.db.select().from(modelivraisons)
  ids.domicile = delivery.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = delivery.find((m) => m.code === 'RETRAIT')!.id
  for (const mode of await shop.db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => shop?.close())

// ---------- helpers ----------

type Mode = 'CASH' | 'WAVE' | 'OM' | 'FREE' | 'CARD'

/** A home-delivered order (Mermoz: 1 000 FCFA of delivery) of `quantite` × `prix`, from a product with `stock`. */
async function placeOrder(customer: SignedIn, mode: Mode, { prix = 4700, quantite = 3, stock = 10 } = {}) {
  const produit = await makeProduct(shop.db, { prix, quantite: stock })
  const cart = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite, action: 0 } })
  expect(cart.statusCode).toBe(200)
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string; etat: string; montantcommande: number; montanttotal: number }
  return { commande, numero: commande.numerocommande, produit }
}

const pay = (who: SignedIn | null, numero: string) =>
  shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: who?.auth ?? {} })

async function startPayment(who: SignedIn, numero: string) {
  const res = await pay(who, numero)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { url: string; commande: { etat: string } }
}

/** The customer's browser on the sandbox page: the page, then one of its two buttons. */
async function openPage(url: string) {
  const res = await fetch(url)
  return { status: res.status, html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' }
}
async function press(url: string, decision: 'approve' | 'decline', notify = true) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision, ...(notify ? {} : { notify: 'false' }) }).toString(),
    redirect: 'manual',
  })
  return { status: res.status, location: res.headers.get('location') }
}
/**
 * The customer pays on the provider's page but its notification never comes: the provider's
 * status API says paid. Tests that play the provider's notifications themselves start here.
 */
const paidAtProvider = async (url: string) => expect((await press(url, 'approve', false)).status).toBe(303)

const orderRow = async (numero: string) => (await shop.db.select().from(commandes).where(eq(commandes.numerocommande, numero)))[0]!
const etatOf = async (numero: string) => (await orderRow(numero)).etat
const attemptsOf = async (orderId: number) => shop.db.select().from(paiements).where(eq(paiements.commandeId, orderId)).orderBy(paiements.id)
const stockOf = async (id: number) => (await shop.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
const eventRows = async (provider: string, eventId: string) =>
  shop.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))

/** A Wave event about `session`, as Wave would send it. */
function waveEvent(session: string, amount: number | string, { type = 'checkout.session.completed', id = `AE_test_${randomUUID()}`, currency = 'XOF' } = {}) {
  const succeeded = type === 'checkout.session.completed'
  return JSON.stringify({
    id,
    type,
    data: { id: session, amount: String(amount), currency, checkout_status: succeeded ? 'complete' : 'open', payment_status: succeeded ? 'succeeded' : 'failed' },
  })
}
const nowSeconds = () => Math.floor(Date.now() / 1000)
/** `signature` null: no Wave-Signature header at all. */
const sendWave = (body: string, signature: string | null = waveSignature(shop.config.payments.wave.secret, body, nowSeconds())) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/paiement/webhook/wave',
    headers: { 'content-type': 'application/json', ...(signature ? { 'wave-signature': signature } : {}) },
    payload: body,
  })

/** A PayTech IPN, signed with the shop's keys unless `hmac` says otherwise. */
function paytechIpn(ref: string, price: number | string, fields: Record<string, string> = {}) {
  const { apiKey, secret } = shop.config.payments.paytech
  return {
    type_event: 'sale_complete',
    ref_command: ref,
    item_name: 'Commande',
    item_price: String(price),
    currency: 'XOF',
    token: randomUUID(),
    api_key_sha256: sha256Hex(apiKey),
    api_secret_sha256: sha256Hex(secret),
    hmac_compute: paytechHmac(apiKey, secret, price, ref),
    ...fields,
  }
}
const sendPaytech = (ipn: Record<string, string>, as: 'form' | 'json' = 'form') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/paiement/webhook/paytech',
    headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: as === 'form' ? new URLSearchParams(ipn).toString() : JSON.stringify(ipn),
  })

const setEtat = (who: SignedIn, numero: string, etat: string) =>
  shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: who.auth, payload: { etat, ...(etat === 'annulee' ? { motif: 'essai' } : {}) } })
const cancel = (who: SignedIn, numero: string) => shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/annulation`, headers: who.auth })
/** The shop's count of payment notifications for this provider and outcome (GET /metrics's series). */
async function notifications(provider: string, outcome: string): Promise<number> {
  const res = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  expect(res.statusCode).toBe(200)
  const line = res.body.split('\n').find((l) => l.startsWith(`teranga_payment_notifications_total{provider="${provider}",outcome="${outcome}"} `))
  return line ? Number(line.split(' ')[1]) : 0
}
const label = (etat: OrderStatus) => ORDER_STATUSES[etat].text

/** The order lifecycle as the app builds it, with its own clock (the expiry sweep's). */
function lifecycle(now: () => Date = () => new Date()) {
  return createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log, now })
}

// ---------- the customer's flows through the sandbox ----------

describe('Wave through the sandbox', () => {
  it('approve: the page shows the order and its amount, the signed webhook marks it paid, the browser returns to /success', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero } = await placeOrder(customer, 'WAVE')
    const { url, commande: answered } = await startPayment(customer, numero)
    expect(answered.etat).toBe('en_attente_paiement')
    expect(url).toMatch(new RegExp(`^${shop.config.publicUrl}/sandbox/wave/c/`))

    const page = await openPage(url)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Approuver le paiement')
    expect(page.html).toContain('Refuser le paiement')
    expect(page.html).toContain(numero)
    expect(page.html).toContain(formatPrix(commande.montanttotal))
    expect(page.html).not.toContain('<script')
    expect(page.csp).toContain(`form-action 'self' ${shop.config.publicUrl}`)

    const pressed = await press(url, 'approve')
    expect(pressed).toEqual({ status: 303, location: `${shop.config.publicUrl}/success?commande=${numero}` })
    const read = await shop.app.inject({ url: `/api/commande/${numero}`, headers: customer.auth })
    expect(read.json().commande).toMatchObject({ etat: 'payee', etat_text: 'Payée' })
    const [attempt] = await attemptsOf(commande.id)
    expect(attempt).toMatchObject({ provider: 'wave', statut: 'payee', montant: commande.montanttotal, checkoutUrl: url })
    const events = await shop.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'wave'))
    expect(events.filter((e) => (e.payload as { data: { id: string } }).data.id === attempt!.providerRef)).toHaveLength(1)

    // The page is spent, and a paid order is not payable again.
    expect((await openPage(url)).status).toBe(409)
    expect((await press(url, 'approve')).status).toBe(409)
    const again = await pay(customer, numero)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(MESSAGES.orderNotPayable)
  })

  it('decline → echec_paiement; retry → en_attente_paiement with a fresh 30 minutes; approve → payee', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero, produit } = await placeOrder(customer, 'WAVE', { quantite: 2, stock: 5 })
    const first = await startPayment(customer, numero)
    expect(await press(first.url, 'decline')).toEqual({ status: 303, location: `${shop.config.publicUrl}/failed?commande=${numero}` })
    expect(await etatOf(numero)).toBe('echec_paiement')
    expect(await stockOf(produit.id)).toBe(3) // a failed payment still holds the stock until expiry

    // Pretend the first 30 minutes are nearly over: the retry restarts them.
    await shop.db.update(commandes).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(commandes.id, commande.id))
    const before = Date.now()
    const retry = await startPayment(customer, numero)
    expect(retry.commande.etat).toBe('en_attente_paiement')
    expect(retry.url).not.toBe(first.url)
    const expiresAt = (await orderRow(numero)).expiresAt!.getTime()
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000)

    expect((await press(retry.url, 'approve')).status).toBe(303)
    expect(await etatOf(numero)).toBe('payee')
    expect((await attemptsOf(commande.id)).map((a) => a.statut)).toEqual(['echouee', 'payee'])
    expect(await stockOf(produit.id)).toBe(3)
  })

  it('a second call while the attempt is open answers the same page; the amount is the database total', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero } = await placeOrder(customer, 'WAVE', { prix: 2500, quantite: 2 })
    const first = await startPayment(customer, numero)
    const second = await startPayment(customer, numero)
    expect(second.url).toBe(first.url)
    const attempts = await attemptsOf(commande.id)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]!.montant).toBe(2 * 2500 + 1000)
  })

  it('too many failed attempts on one order are refused', async () => {
    const customer = await signIn(shop.app)
    const { numero } = await placeOrder(customer, 'WAVE')
    for (let i = 0; i < MAX_PAYMENT_ATTEMPTS; i++) {
      const { url } = await startPayment(customer, numero)
      expect((await press(url, 'decline')).status).toBe(303)
    }
    const refused = await pay(customer, numero)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.paymentTooManyAttempts)
    expect(await etatOf(numero)).toBe('echec_paiement')
  })
})

describe('PayTech through the sandbox', () => {
  it.each(['OM', 'FREE', 'CARD'] as const)('%s approve → payee, via a form-encoded IPN', async (mode) => {
    const customer = await signIn(shop.app)
    const { commande, numero } = await placeOrder(customer, mode)
    const { url } = await startPayment(customer, numero)
    expect(url).toMatch(new RegExp(`^${shop.config.publicUrl}/sandbox/paytech/payment/checkout/`))
    const page = await openPage(url)
    expect(page.html).toContain(numero)
    expect(page.html).toContain(formatPrix(commande.montanttotal))
    expect(await press(url, 'approve')).toEqual({ status: 303, location: `${shop.config.publicUrl}/success?commande=${numero}` })
    expect(await etatOf(numero)).toBe('payee')
    const [attempt] = await attemptsOf(commande.id)
    expect(attempt).toMatchObject({ provider: 'paytech', statut: 'payee', montant: commande.montanttotal })
    const [event] = await eventRows('paytech', `sale_complete:${attempt!.providerRef}`)
    expect(event!.payload).toMatchObject({ type_event: 'sale_complete', ref_command: attempt!.providerRef, item_price: String(commande.montanttotal) })
    expect(event!.payload).not.toHaveProperty('api_secret_sha256')
  })

  it('OM cancel → echec_paiement, the browser goes to /failed', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero } = await placeOrder(customer, 'OM')
    const { url } = await startPayment(customer, numero)
    expect(await press(url, 'decline')).toEqual({ status: 303, location: `${shop.config.publicUrl}/failed?commande=${numero}` })
    expect(await etatOf(numero)).toBe('echec_paiement')
    expect((await attemptsOf(commande.id))[0]!.statut).toBe('echouee')
  })
})

describe('who may pay what', () => {
  it("another customer cannot start payment on my order (404); a visitor must sign in; an unknown number is 404", async () => {
    const [owner, other] = await Promise.all([signIn(shop.app), signIn(shop.app)])
    const { commande, numero } = await placeOrder(owner, 'WAVE')
    const foreign = await pay(other, numero)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(MESSAGES.orderNotFound)
    expect((await pay(null, numero)).statusCode).toBe(401)
    expect((await pay(owner, 'TRG-000000-NOPE22')).statusCode).toBe(404)
    expect(await attemptsOf(commande.id)).toEqual([])
  })

  it("another customer's pay or cancel never waits on my order's lock: 404 while the order is held", async () => {
    const [owner, other] = await Promise.all([signIn(shop.app), signIn(shop.app)])
    const { numero } = await placeOrder(owner, 'WAVE')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    // The owner's order row held by a transaction of its own (a payment being decided, say).
    const holder = shop.db.transaction(async (tx) => {
      await tx.execute(sql`select id from commandes where numerocommande = ${numero} for update`)
      locked()
      await held
    })
    await isLocked
    try {
      // A stranger's request locked the row before reading whose it was: it waited here for the
      // holder, which is released only after both answers.
      const [paid, cancelled] = await Promise.all([pay(other, numero), cancel(other, numero)])
      expect(paid.statusCode).toBe(404)
      expect(cancelled.statusCode).toBe(404)
    } finally {
      release()
      await holder
    }
    expect(await etatOf(numero)).toBe('en_attente_paiement')
  })

  it('a cash order is not payable online (409); neither is a cancelled one', async () => {
    const customer = await signIn(shop.app)
    const cash = await placeOrder(customer, 'CASH')
    const res = await pay(customer, cash.numero)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(MESSAGES.orderPaidOnDelivery)
    const online = await placeOrder(customer, 'WAVE')
    expect((await cancel(customer, online.numero)).statusCode).toBe(200)
    const cancelled = await pay(customer, online.numero)
    expect(cancelled.statusCode).toBe(409)
    expect(cancelled.json().message).toBe(MESSAGES.orderNotPayable)
  })

  it('an order past its 30 minutes is not payable, even before the sweep releases it; waiting or after a failure', async () => {
    const customer = await signIn(shop.app)
    const waiting = await placeOrder(customer, 'WAVE')
    const failed = await placeOrder(customer, 'OM')
    const { url } = await startPayment(customer, failed.numero)
    await press(url, 'decline')
    for (const placed of [waiting, failed]) {
      await shop.db.update(commandes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(commandes.id, placed.commande.id))
      const res = await pay(customer, placed.numero)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(MESSAGES.orderNotPayable)
    }
    expect(await attemptsOf(waiting.commande.id)).toEqual([])
    expect(await etatOf(failed.numero)).toBe('echec_paiement')
  })
})

// ---------- webhooks ----------

describe('webhook verification', () => {
  async function openAttempt(mode: Mode = 'WAVE') {
    const customer = await signIn(shop.app)
    const placed = await placeOrder(customer, mode)
    const { url } = await startPayment(customer, placed.numero)
    const [attempt] = await attemptsOf(placed.commande.id)
    return { ...placed, customer, attempt: attempt!, url }
  }

  it('Wave: a good signature is applied; a replay changes nothing and answers 200', async () => {
    const { numero, attempt, url } = await openAttempt()
    await paidAtProvider(url)
    const body = waveEvent(attempt.providerRef!, attempt.montant, { id: 'AE_replay_0001' })
    const first = await sendWave(body)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ statut: 'payee' })
    const paidAt = (await orderRow(numero)).updatedAt
    const replay = await sendWave(body)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ statut: 'doublon' })
    // The same event with a new signature (as Wave does on a retry) is still the same event.
    const resigned = await sendWave(body, waveSignature(shop.config.payments.wave.secret, body, nowSeconds() - 10))
    expect(resigned.json()).toEqual({ statut: 'doublon' })
    expect(await eventRows('wave', 'AE_replay_0001')).toHaveLength(1)
    expect((await orderRow(numero)).updatedAt).toEqual(paidAt)
    expect((await attemptsOf(attempt.commandeId)).map((a) => a.statut)).toEqual(['payee'])
  })

  it('Wave: a success for an attempt whose money was given back (the order refunded) is a duplicate, not a refund owed again', async () => {
    const { numero, attempt, url } = await openAttempt()
    await paidAtProvider(url)
    expect((await sendWave(waveEvent(attempt.providerRef!, attempt.montant))).json()).toEqual({ statut: 'payee' })
    // As a full refund leaves them (the refunds' own tests go through the back office).
    await shop.db.update(paiements).set({ statut: 'remboursee' }).where(eq(paiements.id, attempt.id))
    await shop.db.update(commandes).set({ etat: 'remboursee' }).where(eq(commandes.numerocommande, numero))
    const again = await sendWave(waveEvent(attempt.providerRef!, attempt.montant))
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ statut: 'doublon' })
    expect((await attemptsOf(attempt.commandeId)).map((a) => a.statut)).toEqual(['remboursee'])
    expect(await etatOf(numero)).toBe('remboursee')
  })

  it.each([
    ['a wrong secret', (body: string) => waveSignature('not-the-secret', body, nowSeconds()), 'signature_refusee'],
    ['no signature', () => null, 'malformee'],
    ['a malformed header', () => 'v1=abc', 'malformee'],
    ['a signature of another body', () => waveSignature('x', '{}', nowSeconds()), 'signature_refusee'],
    ['a stale timestamp (6 minutes old)', (body: string) => waveSignature(shop.config.payments.wave.secret, body, nowSeconds() - 360), 'perimee'],
    ['a timestamp from the future', (body: string) => waveSignature(shop.config.payments.wave.secret, body, nowSeconds() + 360), 'perimee'],
  ] as Array<[string, (body: string) => string | null, string]>)('Wave: %s → 401 with a French message, nothing recorded, counted as %s', async (_label, sign, outcome) => {
    const { numero, attempt } = await openAttempt()
    const body = waveEvent(attempt.providerRef!, attempt.montant)
    const eventId = JSON.parse(body).id as string
    const kinds = ['signature_refusee', 'perimee', 'malformee']
    const before = await Promise.all(kinds.map((kind) => notifications('wave', kind)))
    const res = await sendWave(body, sign(body))
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(MESSAGES.paymentWebhookSignatureInvalid)
    // Counted by kind for the alert rules: only a well-formed notification with a wrong signature
    // says a secret no longer matches (TerangaPaymentNotificationsRefused).
    const after = await Promise.all(kinds.map((kind) => notifications('wave', kind)))
    expect(Object.fromEntries(kinds.map((kind, i) => [kind, after[i]! - before[i]!]))).toEqual(Object.fromEntries(kinds.map((kind) => [kind, kind === outcome ? 1 : 0])))
    expect(await etatOf(numero)).toBe('en_attente_paiement')
    expect(await eventRows('wave', eventId)).toEqual([])
  })

  it('junk posted to the webhooks (anyone can) is counted malformee, never as a refused signature', async () => {
    const refusedBefore = { wave: await notifications('wave', 'signature_refusee'), paytech: await notifications('paytech', 'signature_refusee') }
    const junkBefore = { wave: await notifications('wave', 'malformee'), paytech: await notifications('paytech', 'malformee') }
    // A signature header of the right form over a body that is no Wave event; no JSON at all; an IPN without its HMAC.
    const notAnEvent = JSON.stringify({ hello: 'world' })
    const forged = await sendWave(notAnEvent, waveSignature('guess', notAnEvent, nowSeconds()))
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toBe(MESSAGES.paymentWebhookSignatureInvalid)
    expect((await sendWave('pas du json', waveSignature('guess', 'pas du json', nowSeconds()))).statusCode).toBe(401)
    const notJson = await shop.app.inject({ method: 'POST', url: '/api/paiement/webhook/paytech', headers: { 'content-type': 'application/json' }, payload: '{' })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().message).toBe(MESSAGES.paymentWebhookInvalid)
    expect((await sendPaytech(paytechIpn('REF-INCONNUE', 1000, { hmac_compute: '' }))).statusCode).toBe(401)
    expect({ wave: await notifications('wave', 'malformee'), paytech: await notifications('paytech', 'malformee') }).toEqual({ wave: junkBefore.wave + 2, paytech: junkBefore.paytech + 2 })
    expect({ wave: await notifications('wave', 'signature_refusee'), paytech: await notifications('paytech', 'signature_refusee') }).toEqual(refusedBefore)
  })

  it('a tampered amount changes nothing: re-signed or not', async () => {
    const { numero, attempt, url } = await openAttempt()
    await paidAtProvider(url)
    const genuine = waveEvent(attempt.providerRef!, attempt.montant)
    const signature = waveSignature(shop.config.payments.wave.secret, genuine, nowSeconds())
    // The body changed after signing: the signature no longer matches.
    const tampered = genuine.replace(`"amount":"${attempt.montant}"`, '"amount":"100"')
    expect(tampered).not.toBe(genuine)
    expect((await sendWave(tampered, signature)).statusCode).toBe(401)
    // Correctly signed but for another amount or currency (a provider bug, a leaked secret): ignored, not recorded.
    for (const body of [waveEvent(attempt.providerRef!, 100), waveEvent(attempt.providerRef!, attempt.montant, { currency: 'EUR' }), waveEvent(attempt.providerRef!, 'douze')]) {
      const res = await sendWave(body)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ statut: 'ignore' })
      expect(await eventRows('wave', JSON.parse(body).id)).toEqual([])
    }
    expect(await etatOf(numero)).toBe('en_attente_paiement')
    expect((await attemptsOf(attempt.commandeId)).map((a) => a.statut)).toEqual(['en_cours'])
    // The genuine event still pays the order.
    expect((await sendWave(genuine, signature)).json()).toEqual({ statut: 'payee' })
  })

  it('PayTech: hmac_compute checked in constant time; JSON accepted; a changed price or key hash is refused; a re-signed wrong price is ignored', async () => {
    const { numero, attempt, url } = await openAttempt('CARD')
    await paidAtProvider(url)
    const ref = attempt.providerRef!
    const refusedBefore = await notifications('paytech', 'signature_refusee')
    const unsigned = paytechIpn(ref, attempt.montant, { hmac_compute: '' })
    expect((await sendPaytech(unsigned)).statusCode).toBe(401)
    const changedPrice = { ...paytechIpn(ref, attempt.montant), item_price: '100' }
    const refused = await sendPaytech(changedPrice)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe(MESSAGES.paymentWebhookSignatureInvalid)
    expect((await sendPaytech(paytechIpn(ref, attempt.montant, { api_secret_sha256: sha256Hex('autre') }))).statusCode).toBe(401)
    // The two well-formed IPNs with a wrong signature count as refused signatures; the unsigned one is junk.
    expect(await notifications('paytech', 'signature_refusee')).toBe(refusedBefore + 2)
    const wrongPrice = await sendPaytech(paytechIpn(ref, 100))
    expect(wrongPrice.json()).toEqual({ statut: 'ignore' })
    expect(await etatOf(numero)).toBe('en_attente_paiement')
    expect(await eventRows('paytech', `sale_complete:${ref}`)).toEqual([])

    const ok = await sendPaytech(paytechIpn(ref, attempt.montant), 'json')
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ statut: 'payee' })
    expect((await sendPaytech(paytechIpn(ref, attempt.montant))).json()).toEqual({ statut: 'doublon' })
    expect(await eventRows('paytech', `sale_complete:${ref}`)).toHaveLength(1)
    expect(await etatOf(numero)).toBe('payee')
  })

  it('PayTech: a captured sale_canceled replayed as sale_complete (the signature does not cover type_event) does not pay the order', async () => {
    const { numero, attempt, url, commande } = await openAttempt('OM')
    // The genuine cancellation, as the sandbox sends it when the customer declines.
    expect((await press(url, 'decline')).status).toBe(303)
    expect(await etatOf(numero)).toBe('echec_paiement')
    const captured = paytechIpn(attempt.providerRef!, attempt.montant, { type_event: 'sale_canceled' })
    // Same signed fields, another event type: the HMAC still matches, PayTech's status API says canceled.
    const forged = { ...captured, type_event: 'sale_complete' }
    const unconfirmedBefore = await notifications('paytech', 'non_confirme')
    for (const as of ['form', 'json'] as const) {
      const res = await sendPaytech(forged, as)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ statut: 'non_confirme' })
    }
    expect(await notifications('paytech', 'non_confirme')).toBe(unconfirmedBefore + 2)
    expect(await etatOf(numero)).toBe('echec_paiement')
    expect((await attemptsOf(commande.id)).map((a) => a.statut)).toEqual(['echouee'])
    // Not recorded, so it cannot stand in for a genuine completion later.
    expect(await eventRows('paytech', `sale_complete:${attempt.providerRef}`)).toEqual([])
  })

  it('Wave: a success the provider does not confirm (session still open) does not pay; once paid there, the same event does', async () => {
    const { numero, attempt, url } = await openAttempt()
    const body = waveEvent(attempt.providerRef!, attempt.montant, { id: `AE_unconfirmed_${randomUUID()}` })
    expect((await sendWave(body)).json()).toEqual({ statut: 'non_confirme' })
    expect(await etatOf(numero)).toBe('en_attente_paiement')
    await paidAtProvider(url)
    expect((await sendWave(body)).json()).toEqual({ statut: 'payee' })
    expect(await etatOf(numero)).toBe('payee')
  })

  it("the sandbox's status APIs want their keys and know only their own sessions", async () => {
    const { attempt } = await openAttempt('CARD')
    const base = `${shop.config.publicUrl}/sandbox/paytech/payment/get-status?token_payment=${attempt.providerToken}`
    const { apiKey, secret } = shop.config.payments.paytech
    expect((await fetch(base, { headers: { API_KEY: apiKey, API_SECRET: 'faux' } })).status).toBe(401)
    const pending = await fetch(base, { headers: { API_KEY: apiKey, API_SECRET: secret } })
    expect(await pending.json()).toMatchObject({ success: 1, type_event: 'sale_pending', ref_command: attempt.providerRef, item_price: attempt.montant })
    expect((await fetch(`${base}x`, { headers: { API_KEY: apiKey, API_SECRET: secret } })).status).toBe(404)
    const wave = `${shop.config.publicUrl}/sandbox/wave/v1/checkout/sessions/cos-nope`
    expect((await fetch(wave, { headers: { authorization: 'Bearer faux' } })).status).toBe(401)
    expect((await fetch(wave, { headers: { authorization: `Bearer ${shop.config.payments.wave.apiKey}` } })).status).toBe(404)
  })

  it('unreadable bodies are 400, other media types 415, unknown attempts and other event types are acknowledged and ignored', async () => {
    const garbage = await shop.app.inject({ method: 'POST', url: '/api/paiement/webhook/paytech', headers: { 'content-type': 'application/json' }, payload: '{"type_event":' })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().message).toBe(MESSAGES.paymentWebhookInvalid)
    const text = await shop.app.inject({ method: 'POST', url: '/api/paiement/webhook/wave', headers: { 'content-type': 'text/plain' }, payload: 'bonjour' })
    expect(text.statusCode).toBe(415)
    const unknown = await sendWave(waveEvent('cos-unknown', 1000))
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual({ statut: 'ignore' })
    const other = await sendWave(JSON.stringify({ id: 'AE_other', type: 'merchant.payment_received', data: { id: 'x' } }))
    expect(other.json()).toEqual({ statut: 'ignore' })
    expect((await sendPaytech(paytechIpn('TRG-000000-UNKNOWN-1', 1000))).json()).toEqual({ statut: 'ignore' })
  })

  it('a late failure of an older attempt does not undo the newer one', async () => {
    const { customer, numero, attempt: older, url: olderUrl } = await openAttempt()
    // The older attempt fails, the customer retries, then the older one's failure arrives again under a new event.
    expect((await sendWave(waveEvent(older.providerRef!, older.montant, { type: 'checkout.session.payment_failed' }))).json()).toEqual({ statut: 'echouee' })
    await startPayment(customer, numero)
    expect(await etatOf(numero)).toBe('en_attente_paiement')
    expect((await sendWave(waveEvent(older.providerRef!, older.montant, { type: 'checkout.session.payment_failed' }))).json()).toEqual({ statut: 'ignore' })
    expect(await etatOf(numero)).toBe('en_attente_paiement')
    // And if the older session is paid after all, the order is paid by it.
    await paidAtProvider(olderUrl)
    expect((await sendWave(waveEvent(older.providerRef!, older.montant))).json()).toEqual({ statut: 'payee' })
    expect(await etatOf(numero)).toBe('payee')
  })
})

// ---------- money for orders that can no longer take it ----------

describe('a payment for an order already cancelled or expired', () => {
  it('after the customer cancelled: the order stays cancelled, the stock came back once, the attempt is owed back', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero, produit } = await placeOrder(customer, 'WAVE', { quantite: 2, stock: 5 })
    const { url } = await startPayment(customer, numero)
    expect((await cancel(customer, numero)).statusCode).toBe(200)
    expect(await stockOf(produit.id)).toBe(5)
    expect((await press(url, 'approve')).status).toBe(303)
    expect(await etatOf(numero)).toBe('annulee')
    expect(await stockOf(produit.id)).toBe(5)
    expect((await attemptsOf(commande.id))[0]!.statut).toBe('a_rembourser')
  })

  it('after expiry: released by the sweep, not revived by the late payment', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero, produit } = await placeOrder(customer, 'OM', { quantite: 1, stock: 4 })
    const { url } = await startPayment(customer, numero)
    await lifecycle().expireUnpaid(new Date(Date.now() + 31 * 60_000))
    expect(await etatOf(numero)).toBe('annulee')
    expect(await stockOf(produit.id)).toBe(4)
    expect((await press(url, 'approve')).status).toBe(303)
    expect(await etatOf(numero)).toBe('annulee')
    expect(await stockOf(produit.id)).toBe(4)
    expect((await attemptsOf(commande.id))[0]!.statut).toBe('a_rembourser')
  })

  it('a second success for an order already paid by another attempt is owed back', async () => {
    const customer = await signIn(shop.app)
    const { commande, numero } = await placeOrder(customer, 'WAVE')
    const { url: firstUrl } = await startPayment(customer, numero)
    const [first] = await attemptsOf(commande.id)
    await sendWave(waveEvent(first!.providerRef!, first!.montant, { type: 'checkout.session.payment_failed' }))
    const retry = await startPayment(customer, numero)
    expect((await press(retry.url, 'approve')).status).toBe(303)
    await paidAtProvider(firstUrl)
    expect((await sendWave(waveEvent(first!.providerRef!, first!.montant))).json()).toEqual({ statut: 'a_rembourser' })
    expect(await etatOf(numero)).toBe('payee')
    expect((await attemptsOf(commande.id)).map((a) => a.statut)).toEqual(['a_rembourser', 'payee'])
  })
})

describe('expiry of orders whose payment failed', () => {
  it('echec_paiement orders past their expiry give their stock back (through en_attente_paiement → annulee); fresh ones stay', async () => {
    const customer = await signIn(shop.app)
    const stale = await placeOrder(customer, 'WAVE', { quantite: 2, stock: 6 })
    const fresh = await placeOrder(customer, 'WAVE', { quantite: 1, stock: 6 })
    for (const placed of [stale, fresh]) {
      const { url } = await startPayment(customer, placed.numero)
      await press(url, 'decline')
      expect(await etatOf(placed.numero)).toBe('echec_paiement')
    }
    await shop.db.update(commandes).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(commandes.id, stale.commande.id))
    expect(await lifecycle().expireUnpaid()).toBeGreaterThanOrEqual(1)
    expect(await etatOf(stale.numero)).toBe('annulee')
    expect(await stockOf(stale.produit.id)).toBe(6)
    expect(await etatOf(fresh.numero)).toBe('echec_paiement')
    expect(await stockOf(fresh.produit.id)).toBe(5)
    // A second sweep gives nothing back twice.
    await lifecycle().expireUnpaid(new Date(Date.now() + 60 * 60_000))
    expect(await stockOf(stale.produit.id)).toBe(6)
    expect(await stockOf(fresh.produit.id)).toBe(6)
  })
})

// ---------- the back office ----------

describe('admin state changes', () => {
  it.each(ORDER_STATUS_VALUES)('from %s: exactly the transitions of the shared machine', async (from) => {
    const customer = await signIn(shop.app)
    const { numero } = await placeOrder(customer, 'WAVE')
    for (const to of ORDER_STATUS_VALUES) {
      await shop.db.update(commandes).set({ etat: from }).where(eq(commandes.numerocommande, numero))
      const res = await setEtat(admin, numero, to)
      if (to === 'remboursee') {
        // Refunding is the back office's refund action, which gives the money back (refunds.test.ts).
        expect(res.statusCode).toBe(409)
        expect(res.json().message).toBe(ORDERS_MESSAGES.refundIsAnAction)
      } else if (isProviderOnly(to)) {
        // Paid or failed is the payment provider's word alone (DESIGN §5).
        expect(res.statusCode, `${from} → ${to}`).toBe(409)
        expect(res.json().message).toBe(ORDERS_MESSAGES.providerOnly)
        expect(await etatOf(numero)).toBe(from)
      } else if (canTransition(from, to, 'DOMICILE') && !isCustomerOnlyMove(from, to)) {
        expect(res.statusCode, `${from} → ${to}`).toBe(200)
        expect(res.json()).toMatchObject({ etat: to, etat_text: label(to) })
      } else {
        expect(res.statusCode, `${from} → ${to}`).toBe(409)
        // A depot's move for this home delivery says why (order-moves-by-delivery.test.ts).
        const other = from === 'en_preparation' && to === 'prete_retrait'
        expect(res.json().message).toBe(other ? MESSAGES.orderMoveNotForDelivery(label(to), false) : MESSAGES.orderTransitionRefused(label(from), label(to)))
        expect(await etatOf(numero)).toBe(from)
      }
    }
  })

  it('clients get 403, visitors 401, an unknown order 404, an unknown state 400', async () => {
    const customer = await signIn(shop.app)
    const { numero } = await placeOrder(customer, 'CASH')
    const own = await setEtat(customer, numero, 'confirmee')
    expect(own.statusCode).toBe(403)
    expect(own.json().message).toBe(MESSAGES.staffOnly)
    expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, payload: { etat: 'confirmee' } })).statusCode).toBe(401)
    const unknown = await setEtat(admin, 'TRG-000000-ABSENT', 'confirmee')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(MESSAGES.orderNotFound)
    const bad = await setEtat(admin, numero, 'expediee')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.etat).toContain(MESSAGES.orderStatusUnknown)
    expect(await etatOf(numero)).toBe('en_attente')
  })

  it('cancelling gives the stock back once; cancelling a paid order flags its payment for a refund', async () => {
    const customer = await signIn(shop.app)
    const cash = await placeOrder(customer, 'CASH', { quantite: 3, stock: 7 })
    expect(await stockOf(cash.produit.id)).toBe(4)
    expect((await setEtat(admin, cash.numero, 'annulee')).statusCode).toBe(200)
    expect(await stockOf(cash.produit.id)).toBe(7)
    expect((await setEtat(admin, cash.numero, 'annulee')).statusCode).toBe(409)
    expect((await cancel(customer, cash.numero)).statusCode).toBe(409)
    expect(await stockOf(cash.produit.id)).toBe(7)

    const paid = await placeOrder(customer, 'WAVE', { quantite: 1, stock: 3 })
    const { url } = await startPayment(customer, paid.numero)
    await press(url, 'approve')
    expect((await setEtat(admin, paid.numero, 'annulee')).statusCode).toBe(200)
    expect(await stockOf(paid.produit.id)).toBe(3)
    expect((await attemptsOf(paid.commande.id))[0]!.statut).toBe('a_rembourser')
  })
})

describe('loyalty at delivery', () => {
  const deliver = async (numero: string, path: OrderStatus[]) => {
    let last
    for (const etat of path) {
      last = await setEtat(admin, numero, etat)
      expect(last.statusCode, etat).toBe(200)
    }
    return { ...last!.json(), dateliv: (await orderRow(numero)).dateliv }
  }
  const profilePoints = async (who: SignedIn) => (await shop.app.inject({ url: '/api/profile', headers: who.auth })).json().utilisateur.points as number

  it('1 point per 1 000 FCFA of goods (delivery excluded, rounded down), credited once, shown in the profile', async () => {
    const customer = await signIn(shop.app)
    // 3 × 4 700 = 14 100 FCFA of goods, + 1 000 of delivery: 14 points (15 if delivery counted).
    const { numero, commande } = await placeOrder(customer, 'CASH', { prix: 4700, quantite: 3 })
    expect(commande.montantcommande).toBe(14_100)
    expect(await profilePoints(customer)).toBe(0)
    const before = Date.now()
    const delivered = await deliver(numero, ['confirmee', 'en_preparation', 'en_livraison', 'livree'])
    expect(delivered).toMatchObject({ etat: 'livree', etat_text: 'Livrée' })
    expect(new Date(delivered.dateliv).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(await profilePoints(customer)).toBe(14)
    const ledger = await shop.db.select().from(pointsFidelite).where(eq(pointsFidelite.commandeId, commande.id))
    expect(ledger).toEqual([expect.objectContaining({ clientId: customer.userId, points: 14, motif: LOYALTY_MOTIF_DELIVERED })])

    expect((await setEtat(admin, numero, 'livree')).statusCode).toBe(409)
    expect(await profilePoints(customer)).toBe(14)

    // A paid online order, through the pickup path, adds its own: 2 × 999 = 1 998 FCFA, 1 point.
    const second = await placeOrder(customer, 'WAVE', { prix: 999, quantite: 2 })
    // Picked up at a depot instead: only such an order takes that path.
    await shop.db.update(commandes).set({ modelivraisonId: ids.retrait }).where(eq(commandes.numerocommande, second.numero))
    const { url } = await startPayment(customer, second.numero)
    await press(url, 'approve')
    await deliver(second.numero, ['confirmee', 'en_preparation', 'prete_retrait', 'livree'])
    expect(await profilePoints(customer)).toBe(15)
  })

  it('two deliveries clicked at once: one succeeds, the points are credited once', async () => {
    const customer = await signIn(shop.app)
    const { numero, commande } = await placeOrder(customer, 'CASH', { prix: 5000, quantite: 1 })
    await deliver(numero, ['confirmee', 'en_preparation', 'en_livraison'])
    const answers = await Promise.all([setEtat(admin, numero, 'livree'), setEtat(admin, numero, 'livree')])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(await profilePoints(customer)).toBe(5)
    expect(await shop.db.select().from(pointsFidelite).where(eq(pointsFidelite.commandeId, commande.id))).toHaveLength(1)
  })

  it('an order under 1 000 FCFA of goods earns nothing and writes no ledger row', async () => {
    const customer = await signIn(shop.app)
    const { numero, commande } = await placeOrder(customer, 'CASH', { prix: 900, quantite: 1 })
    await deliver(numero, ['confirmee', 'en_preparation', 'en_livraison', 'livree'])
    expect(await profilePoints(customer)).toBe(0)
    expect(await shop.db.select().from(pointsFidelite).where(eq(pointsFidelite.commandeId, commande.id))).toEqual([])
  })
})

// ---------- the race ----------

describe('a payment notification racing the customer’s cancellation', () => {
  it('10 concurrent deliveries of one event and a cancellation: paid (cancel 409) or cancelled (payment owed back); stock back at most once; one event row', async () => {
    const customer = await signIn(shop.app)
    const outcomes = new Set<string>()
    for (let round = 0; round < 8; round++) {
      const { commande, numero, produit } = await placeOrder(customer, 'WAVE', { quantite: 2, stock: 5 })
      await paidAtProvider((await startPayment(customer, numero)).url)
      const [attempt] = await attemptsOf(commande.id)
      const eventId = `AE_race_${round}_${randomUUID()}`
      const body = waveEvent(attempt!.providerRef!, attempt!.montant, { id: eventId })
      const signature = waveSignature(shop.config.payments.wave.secret, body, nowSeconds())
      // The cancellation goes in at a different place each round.
      const calls: Array<() => Promise<{ kind: 'webhook' | 'cancel'; status: number; statut?: string }>> = Array.from({ length: 10 }, () => async () => {
        const res = await sendWave(body, signature)
        return { kind: 'webhook', status: res.statusCode, statut: res.json().statut }
      })
      calls.splice(round % 11, 0, async () => ({ kind: 'cancel', status: (await cancel(customer, numero)).statusCode }))
      const answers = await Promise.all(calls.map((call) => call()))

      const webhooks = answers.filter((a) => a.kind === 'webhook')
      const cancelled = answers.find((a) => a.kind === 'cancel')!
      expect(webhooks.every((w) => w.status === 200)).toBe(true)
      const applied = webhooks.filter((w) => w.statut !== 'doublon')
      expect(applied).toHaveLength(1)
      const etat = await etatOf(numero)
      const [after] = await attemptsOf(commande.id)
      if (etat === 'payee') {
        expect(cancelled.status).toBe(409)
        expect(applied[0]!.statut).toBe('payee')
        expect(after!.statut).toBe('payee')
        expect(await stockOf(produit.id)).toBe(3)
      } else {
        expect(etat).toBe('annulee')
        expect(cancelled.status).toBe(200)
        expect(applied[0]!.statut).toBe('a_rembourser')
        expect(after!.statut).toBe('a_rembourser')
        expect(await stockOf(produit.id)).toBe(5)
      }
      outcomes.add(etat)
      expect(await eventRows('wave', eventId)).toHaveLength(1)
    }
    const negative = (await shop.db.execute(sql`select count(*)::int as n from produits where quantite < 0`)) as unknown as { rows: Array<{ n: number }> }
    expect(negative.rows[0]!.n).toBe(0)
    expect(outcomes.size).toBeGreaterThanOrEqual(1)
  }, 120_000)
})

// ---------- configuration and provider failures ----------

describe('configuration', () => {
  it('no keys: the sandbox, with secrets drawn at start; half a configuration stops the boot naming the variable', () => {
    const a = loadConfig({ PORT: '4000' })
    const b = loadConfig({ PORT: '4000' })
    expect(a.payments.wave).toMatchObject({ sandbox: true, apiUrl: 'http://127.0.0.1:4000/sandbox/wave' })
    expect(a.payments.paytech).toMatchObject({ sandbox: true, apiUrl: 'http://127.0.0.1:4000/sandbox/paytech' })
    expect(a.payments.wave.secret).not.toBe(b.payments.wave.secret)
    const real = loadConfig({ WAVE_API_KEY: 'wave_sn_prod_abcdef', WAVE_WEBHOOK_SECRET: 'wave_sn_WHS_abcdef' })
    expect(real.payments.wave).toMatchObject({ sandbox: false, apiUrl: 'https://api.wave.com', apiKey: 'wave_sn_prod_abcdef', secret: 'wave_sn_WHS_abcdef' })
    expect(() => loadConfig({ WAVE_API_KEY: 'wave_sn_prod_abcdef' })).toThrow(new ConfigError('Invalid configuration: WAVE_WEBHOOK_SECRET is required when WAVE_API_KEY is set'))
    expect(() => loadConfig({ PAYTECH_API_SECRET: 'paytech-secret-1' })).toThrow(/PAYTECH_API_KEY is required when PAYTECH_API_SECRET is set/)
    expect(() => loadConfig({ PAYTECH_API_URL: 'https://paytech.sn/api' })).toThrow(/PAYTECH_API_KEY is required when PAYTECH_API_URL is set/)
    expect(() => loadConfig({ WAVE_API_URL: 'pas une url', WAVE_API_KEY: 'wave_sn_prod_abcdef', WAVE_WEBHOOK_SECRET: 'x12345678' })).toThrow(/WAVE_API_URL/)
  })

  it('PUBLIC_URL defaults to the address the shop prints, so that a payment comes back to the origin the shopper is signed in on', () => {
    // npm start printed http://127.0.0.1:3000 while the return went to http://localhost:3000:
    // another origin, another storage, and the shopper landed on /success signed out.
    const shop = loadConfig({})
    expect(shop.publicUrl).toBe(listenUrl(shop.host, shop.port))
    expect(shop.publicUrl).toBe('http://127.0.0.1:3000')
    expect(publicUrlNotice(shop.publicUrl, listenUrl(shop.host, shop.port))).toBeUndefined()
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000')
    // Set by hand to another origin: one line in the boot log says so.
    const proxied = loadConfig({ PUBLIC_URL: 'https://boutique.example.sn/' })
    expect(proxied.publicUrl).toBe('https://boutique.example.sn')
    expect(publicUrlNotice(proxied.publicUrl, listenUrl(proxied.host, proxied.port))).toMatch(/^PUBLIC_URL \(https:\/\/boutique\.example\.sn\) n'est pas l'adresse où la boutique écoute \(http:\/\/127\.0\.0\.1:3000\)/)
    expect(publicUrlNotice('http://localhost:3000', 'http://127.0.0.1:3000')).toBeDefined()
    expect(publicUrlNotice('http://127.0.0.1:3000/', 'http://127.0.0.1:3000')).toBeUndefined()
  })

  it('a real Firebase project does not boot on the sandbox unless PAYMENTS_SANDBOX=true says so', () => {
    const production = { FIREBASE_PROJECT_ID: 'teranga-prod', FIREBASE_API_KEY: 'AIzaSyExample-0123456789' }
    expect(() => loadConfig(production)).toThrow(/WAVE_API_KEY is required when FIREBASE_PROJECT_ID is not a demo- project/)
    const keys = { WAVE_API_KEY: 'wave_sn_prod_abcdef', WAVE_WEBHOOK_SECRET: 'wave_sn_WHS_abcdef' }
    expect(() => loadConfig({ ...production, ...keys })).toThrow(/PAYTECH_API_KEY is required/)
    const paid = loadConfig({ ...production, ...keys, PAYTECH_API_KEY: 'paytech-key-1', PAYTECH_API_SECRET: 'paytech-secret-1' })
    expect(paid.payments.wave.sandbox || paid.payments.paytech.sandbox).toBe(false)
    expect(loadConfig({ ...production, PAYMENTS_SANDBOX: 'true' }).payments.wave.sandbox).toBe(true)
    // The demo project (local runs, tests) may say no to the sandbox too.
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'false' })).toThrow(/WAVE_API_KEY is required when PAYMENTS_SANDBOX=false/)
  })

  it('the sandbox API wants its keys', async () => {
    const wave = await fetch(`${shop.config.publicUrl}/sandbox/wave/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '1000', currency: 'XOF', success_url: 'http://127.0.0.1/s', error_url: 'http://127.0.0.1/e' }),
    })
    expect(wave.status).toBe(401)
    const paytech = await fetch(`${shop.config.publicUrl}/sandbox/paytech/payment/request-payment`, {
      method: 'POST',
      headers: { API_KEY: shop.config.payments.paytech.apiKey, API_SECRET: 'wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ item_name: 'x', item_price: 1000, ref_command: 'r', command_name: 'c', ipn_url: 'http://127.0.0.1/i', success_url: 'http://127.0.0.1/s', cancel_url: 'http://127.0.0.1/c' }),
    })
    expect(paytech.status).toBe(401)
    expect((await openPage(`${shop.config.publicUrl}/sandbox/wave/c/cos-nope`)).status).toBe(404)
  })
})

describe('a provider that fails', () => {
  let provider: http.Server
  let real: Shop
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }> = []

  beforeAll(async () => {
    // A stand-in for the real providers: Wave never answers, PayTech refuses.
    provider = http.createServer((req, res) => {
      let data = ''
      req.on('data', (chunk) => (data += chunk))
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(data || '{}') })
        if (req.url?.startsWith('/paytech/')) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: -1, message: 'clé api invalide' }))
      })
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
    real = await startShop(
      {
        WAVE_API_KEY: 'wave_sn_prod_test_key',
        WAVE_WEBHOOK_SECRET: 'wave_sn_WHS_test_secret',
        WAVE_API_URL: `${base}/wave`,
        PAYTECH_API_KEY: 'paytech-test-key',
        PAYTECH_API_SECRET: 'paytech-test-secret',
        PAYTECH_API_URL: `${base}/paytech`,
      },
      { paymentTimeoutMs: 400 },
      false,
    )
  })
  afterAll(async () => {
    await real?.close()
    provider?.closeAllConnections()
    await new Promise((resolve) => provider?.close(resolve))
  })

  async function order(mode: Mode) {
    const customer = await signIn(real.app)
    const produit = await makeProduct(real.db, { prix: 3000, quantite: 5 })
    await real.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 1, action: 0 } })
    const res = await real.app.inject({
      method: 'POST',
      url: '/api/commande',
      headers: customer.auth,
      payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 1, Mermoz', zone: 'Mermoz', tel: '771234567' },
    })
    expect(res.statusCode).toBe(201)
    return { customer, numero: res.json().commande.numerocommande as string, id: res.json().commande.id as number }
  }

  it('a timeout and a refusal become a French 502; the order is untouched and no attempt recorded', async () => {
    for (const mode of ['WAVE', 'OM'] as const) {
      const { customer, numero, id } = await order(mode)
      const res = await real.app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: customer.auth })
      expect(res.statusCode, mode).toBe(502)
      expect(res.json()).toEqual({ message: MESSAGES.paymentProviderUnavailable })
      const [row] = await real.db.select().from(commandes).where(eq(commandes.id, id))
      expect(row!.etat).toBe('en_attente_paiement')
      expect(await real.db.select().from(paiements).where(eq(paiements.commandeId, id))).toEqual([])
    }
    // What the real adapters sent: Wave's and PayTech's documented requests, the amount from the database.
    const wave = seen.find((s) => s.url === '/wave/v1/checkout/sessions')!
    expect(wave.headers.authorization).toBe('Bearer wave_sn_prod_test_key')
    expect(wave.body).toMatchObject({ amount: '4000', currency: 'XOF', success_url: expect.stringMatching(/\/success\?commande=TRG-/), error_url: expect.stringMatching(/\/failed\?commande=TRG-/) })
    const paytech = seen.find((s) => s.url === '/paytech/payment/request-payment')!
    expect(paytech.headers).toMatchObject({ api_key: 'paytech-test-key', api_secret: 'paytech-test-secret' })
    expect(paytech.body).toMatchObject({ item_price: 4000, currency: 'XOF', env: 'prod', target_payment: 'Orange Money', ipn_url: `${real.config.publicUrl}/api/paiement/webhook/paytech` })
    expect(paytech.body.ref_command).toMatch(/^TRG-\d{6}-[A-Z2-9]{6}-[0-9A-F]{8}$/)
  })

  it('a success whose status the provider cannot give is refused with a 502 (the provider sends it again later); the order is untouched', async () => {
    const { id } = await order('WAVE')
    await real.db.insert(paiements).values({ commandeId: id, provider: 'wave', providerRef: 'cos-silent-1', montant: 4000, statut: 'en_cours' })
    const body = JSON.stringify({ id: 'AE_silent_1', type: 'checkout.session.completed', data: { id: 'cos-silent-1', amount: '4000', currency: 'XOF', payment_status: 'succeeded' } })
    const res = await real.app.inject({
      method: 'POST',
      url: '/api/paiement/webhook/wave',
      headers: { 'content-type': 'application/json', 'wave-signature': waveSignature('wave_sn_WHS_test_secret', body, nowSeconds()) },
      payload: body,
    })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({ message: MESSAGES.paymentProviderUnavailable })
    expect(seen.some((s) => s.url === '/wave/v1/checkout/sessions/cos-silent-1')).toBe(true)
    const [row] = await real.db.select().from(commandes).where(eq(commandes.id, id))
    expect(row!.etat).toBe('en_attente_paiement')
    expect(await real.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'AE_silent_1'))).toEqual([])
  })

  it('with real keys no sandbox is mounted', async () => {
    const res = await real.app.inject({ method: 'POST', url: '/sandbox/wave/v1/checkout/sessions', payload: {} })
    expect(res.statusCode).toBe(404)
  })
})
