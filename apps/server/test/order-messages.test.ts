// Order messages by SMS and WhatsApp (issue 18 §2, ADR 034) through the real app listening on
// loopback: the real Orange and WhatsApp adapters talk over HTTP to the sandbox the server
// mounts, and the worker runs in-process (`app.messageWorker.runOnce()`), as it would every 2 s.
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrixSms } from '@teranga/shared/money'
import { buildApp, type AppOptions } from '../src/app.ts'
import { ConfigError, loadConfig, type Config } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { commandes, depots, messageDailyCounts, messageOutbox, messagePreferences, modelivraisons, modepaiements, serverSecrets } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { createMessagesRepository } from '../src/modules/messages/messages.repository.ts'
import { customerText, MESSAGED_STATES, onTheWayText, refundDestination, refundText, staffText } from '../src/modules/messages/message-texts.ts'
import { DAILY_ALLOWANCE } from '../src/modules/messages/message-worker.ts'
import { createOrderMessages } from '../src/modules/messages/messages.service.ts'
import { smsParts, toGsm7 } from '../src/modules/messages/sms-text.ts'
import { supplementKey, trackingKey } from '../src/modules/messages/tracking-key.ts'
import { actors, createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { grantRole, makeProduct } from './factories.ts'
import { freshDatabase, signIn, testConfig, type SignedIn } from './helpers.ts'

interface Shop {
  app: FastifyInstance
  config: Config
  database: Database
  db: Database['db']
}

const METRICS_TOKEN = 'metrics-token-for-the-tests'
let shop: Shop
let drop: () => Promise<void>
let admin: SignedIn
const ids = { domicile: 0, retrait: 0, cash: 0, wave: 0, om: 0, depot: 0 }

const appOptions = (config: Config, database: Database, options: Partial<AppOptions> = {}) => {
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  // The worker is run by the tests; a retry is due at once.
  return buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0, messagesEveryMs: 0, alertsEveryMs: 0, messageRetries: { retryBaseMs: 0, maxAttempts: 3 }, ...options })
}

beforeAll(async () => {
  const fresh = await freshDatabase()
  drop = fresh.drop
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, METRICS_TOKEN })
  const app = await appOptions(config, fresh.database)
  await app.listen({ port, host: '127.0.0.1' })
  shop = { app, config, database: fresh.database, db: fresh.database.db }
  admin = await signIn(app)
  await grantRole(shop.db, admin.userId, 'admin')
  const modes = await shop.db.select().from(modelivraisons)
  ids.domicile = modes.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = modes.find((m) => m.code === 'RETRAIT')!.id
  const payments = await shop.db.select().from(modepaiements)
  ids.cash = payments.find((m) => m.code === 'CASH')!.id
  ids.wave = payments.find((m) => m.code === 'WAVE')!.id
  ids.om = payments.find((m) => m.code === 'OM')!.id
  const [depot] = await shop.db.insert(depots).values({ designation: 'Dépôt de Fann', adresse: 'Avenue Cheikh Anta Diop, Fann', latitude: 14.69, longitude: -17.46 }).returning()
  ids.depot = depot!.id
})
afterAll(async () => {
  await shop.app.close()
  await shop.database.close()
  await drop()
})

// Each test starts with every number's allowance for the day untouched (most place orders with one number).
beforeEach(async () => {
  await shop.db.delete(messageDailyCounts)
})

const sandbox = () => shop.app.messaging.sandbox!
const deliver = () => shop.app.messaging.worker!.runOnce()
/** The messages the sandbox received for `numero`, oldest first. */
const sentAbout = (numero: string) =>
  sandbox()
    .messages()
    .filter((m) => m.texte.includes(numero))
    .reverse()

async function place(customer: SignedIn, { tel = '77 123 45 67', online = false, pickup = false, prix = 12_500 } = {}) {
  const produit = await makeProduct(shop.db, { prix, quantite: 10, designation: 'Thiéboudienne surgelé' })
  await shop.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 1, action: 0 } })
  const where = pickup ? { modelivraison: ids.retrait, depot: ids.depot } : { modelivraison: ids.domicile, adresseliv: 'Rue 10, villa 42, Mermoz', zone: 'Mermoz' }
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { ...where, modepaiement: online ? ids.wave : ids.cash, tel },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande as { id: number; numerocommande: string; montanttotal: number }
}

const move = (numero: string, etat: string) =>
  shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: admin.auth, payload: { etat, ...(etat === 'annulee' ? { motif: 'essai' } : {}) } })

const choose = (customer: SignedIn, canal: string) => shop.app.inject({ method: 'PUT', url: '/api/profile/messages', headers: customer.auth, payload: { canal } })

describe('each event gives one message per channel', () => {
  it('a home delivery: placed, confirmed, out for delivery, delivered, one SMS each to the order’s number in E.164; none for « en préparation »', async () => {
    const customer = await signIn(shop.app)
    const order = await place(customer)
    await deliver()
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
      expect((await move(order.numerocommande, etat)).statusCode).toBe(200)
      await deliver()
    }
    // Run again: nothing is sent twice.
    await deliver()
    const sent = sentAbout(order.numerocommande).filter((m) => m.destinataire === '+221771234567')
    expect(sent.map((m) => m.canal)).toEqual(['sms', 'sms', 'sms', 'sms'])
    expect(sent[0]!.texte).toMatch(new RegExp(`^Teranga : commande ${order.numerocommande} enregistrée \\(${formatPrixSms(order.montanttotal)}\\)\\. Suivi : http://127\\.0\\.0\\.1:\\d+/suivi/${order.numerocommande}\\?k=[\\w-]{22}$`))
    expect(sent.slice(1).map((m) => /\) (confirmée|en route vers vous|livrée)/.exec(m.texte)?.[1])).toEqual(['confirmée', 'en route vers vous', 'livrée'])
    // In the GSM alphabet: one SMS part each, not three of UCS-2's 70 characters.
    for (const m of sent) expect({ texte: m.texte, parts: smsParts(m.texte), gsm: toGsm7(m.texte) === m.texte }).toEqual({ texte: m.texte, parts: 1, gsm: true })
    const rows = await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, order.id))
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
  })

  it('a pickup ready at the depot, a cancellation, a failed payment: one message each', async () => {
    const customer = await signIn(shop.app)
    const pickup = await place(customer, { pickup: true, tel: '+221 70 111 22 33' })
    for (const etat of ['confirmee', 'en_preparation', 'prete_retrait']) expect((await move(pickup.numerocommande, etat)).statusCode).toBe(200)
    const cancelled = await place(customer, { tel: '00221761234567' })
    expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${cancelled.numerocommande}/annulation`, headers: customer.auth })).statusCode).toBe(200)
    const online = await place(customer, { online: true })
    const lifecycle = createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log })
    const failed = await lifecycle.run(async ({ orders, move: moveTo }) => moveTo((await orders.lockOrder({ id: online.id }))!, 'echec_paiement', actors.provider('wave')))
    expect(failed.moved).toBe(true)
    await deliver()

    expect(sentAbout(pickup.numerocommande).map((m) => [m.destinataire, m.texte.split(' : ')[1]!.replace(/ \(.*$/, '')])).toEqual([
      ['+221701112233', `commande ${pickup.numerocommande} enregistrée`],
      ['+221701112233', `commande ${pickup.numerocommande}`],
      ['+221701112233', `commande ${pickup.numerocommande}`],
    ])
    expect(sentAbout(pickup.numerocommande)[2]!.texte).toContain(') disponible au retrait')
    expect(sentAbout(cancelled.numerocommande).map((m) => m.texte)).toEqual([expect.stringContaining('enregistrée'), expect.stringContaining(') annulée')])
    expect(sentAbout(cancelled.numerocommande)[0]!.destinataire).toBe('+221761234567')
    expect(sentAbout(online.numerocommande).map((m) => m.texte)).toEqual([expect.stringContaining('enregistrée'), expect.stringContaining('paiement échoué')])
  })

  it('the staff’s numbers from the settings get one SMS per new order, and none for its moves', async () => {
    const set = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { telephonesAlertes: ['78 000 11 22', '+221 76 555 44 33'] } })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().telephonesAlertes).toEqual(['+221780001122', '+221765554433'])
    const bad = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { telephonesAlertes: ['12'] } })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('telephonesAlertes')
    // The staff's numbers are the back office's alone: the shop's public settings (REST and GraphQL) never show them.
    const restPublic = await shop.app.inject({ url: '/api/preferences' })
    expect(restPublic.statusCode, restPublic.body).toBe(200)
    const graphqlPublic = await shop.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ preferences { id telephone } }' } })
    for (const answer of [restPublic.body, graphqlPublic.body]) {
      expect(answer).not.toContain('780001122')
      expect(answer).not.toContain('765554433')
    }
    expect(restPublic.json()).not.toHaveProperty('telephonesAlertes')
    try {
      const customer = await signIn(shop.app)
      const order = await place(customer)
      expect((await move(order.numerocommande, 'confirmee')).statusCode).toBe(200)
      await deliver()
      const staff = sentAbout(order.numerocommande).filter((m) => m.destinataire !== '+221771234567')
      expect(staff.map((m) => m.destinataire).sort()).toEqual(['+221765554433', '+221780001122'])
      expect(staff[0]!.texte).toMatch(new RegExp(`^Teranga : nouvelle commande ${order.numerocommande} de ${formatPrixSms(order.montanttotal)}\\. http://127\\.0\\.0\\.1:\\d+/admin/commandes/${order.numerocommande}$`))
    } finally {
      await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { telephonesAlertes: [] } })
    }
  })
})

describe('the texts fit one SMS', () => {
  it('every text, with a shop address of 27 characters and a six-figure amount, is one part in the GSM alphabet', () => {
    const numero = 'TRG-261127-ABCDEF'
    const link = `https://boutique.teranga.sn/suivi/${numero}?k=${'k'.repeat(22)}`
    const about = { numero, total: 125_000, link }
    const texts = [
      ...(['placed', ...MESSAGED_STATES] as const).map((event) => customerText(event, about)),
      customerText('en_attente', { ...about, total: 0 }),
      staffText({ numero, total: 125_000, adminLink: `https://boutique.teranga.sn/admin/commandes/${numero}` }),
      // A refund, wherever its money goes; « en route » with a courier's name, however long, and number.
      ...(['WAVE', 'OM', 'FREE', 'CARD', 'CASH', null] as const).map((code) => refundText(about, { montant: 125_000, destination: refundDestination(code, 'paytech') })),
      onTheWayText(about, { nom: 'Moussa Diop', telephone: '77 000 11 22' }),
      onTheWayText(about, { nom: 'Serigne-Mouhamadou-Moustapha Mbacké', telephone: '+33 6 12 34 56 78' }),
      onTheWayText(about, { nom: 'François', telephone: '+221 77 000 11 22' }),
    ]
    for (const texte of texts) expect({ texte, gsm: toGsm7(texte) === texte, parts: smsParts(texte) }).toEqual({ texte, gsm: true, parts: 1 })
  })

  it('what falls outside the GSM alphabet is replaced by its nearest sign, and counted as UCS-2 when it is not', () => {
    expect(toGsm7('Reçue, prête au dépôt « Liberté 6 » – l’œuf…')).toBe('Recue, prete au dépot " Liberté 6 " - l\'oeuf...')
    expect(toGsm7('Thiéboudienne 🐟')).toBe('Thiéboudienne ?')
    expect(smsParts('a'.repeat(160))).toBe(1)
    expect(smsParts('a'.repeat(161))).toBe(2)
    expect(smsParts('€'.repeat(80))).toBe(1)
    expect(smsParts(`ç${'a'.repeat(69)}`)).toBe(1)
    expect(smsParts(`ç${'a'.repeat(70)}`)).toBe(2)
    expect(smsParts(`ç${'a'.repeat(150)}`)).toBe(3)
  })
})

describe("the customer's choice", () => {
  it('SMS by default; WhatsApp once chosen; nothing after « aucun »', async () => {
    const customer = await signIn(shop.app)
    expect((await shop.app.inject({ url: '/api/profile/messages', headers: customer.auth })).json()).toEqual({ canal: 'sms' })

    expect((await choose(customer, 'whatsapp')).json()).toEqual({ canal: 'whatsapp' })
    expect((await shop.app.inject({ url: '/api/profile/messages', headers: customer.auth })).json()).toEqual({ canal: 'whatsapp' })
    const byWhatsapp = await place(customer)
    await deliver()
    expect(sentAbout(byWhatsapp.numerocommande).map((m) => [m.canal, m.destinataire])).toEqual([['whatsapp', '+221771234567']])

    expect((await choose(customer, 'aucun')).statusCode).toBe(200)
    const silent = await place(customer)
    expect((await move(silent.numerocommande, 'confirmee')).statusCode).toBe(200)
    await deliver()
    expect(sentAbout(silent.numerocommande)).toEqual([])
    expect(await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, silent.id))).toEqual([])
  })

  it('WhatsApp chosen while that channel is off: by SMS rather than not at all', async () => {
    const customer = await signIn(shop.app)
    expect((await choose(customer, 'whatsapp')).statusCode).toBe(200)
    const order = await place(customer)
    const smsOnly = createOrderMessages({ repo: createMessagesRepository(shop.db), publicUrl: shop.config.publicUrl, secret: 'k'.repeat(32), channels: new Set(['sms']) })
    const [row] = await shop.db.select().from(commandes).where(eq(commandes.id, order.id))
    await shop.db.transaction((tx) => smsOnly.enqueue(tx, row!, 'placed'))
    const rows = await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, order.id))
    expect(rows.map((r) => r.channel).sort()).toEqual(['sms', 'whatsapp'])
    await deliver()
    expect(sentAbout(order.numerocommande).map((m) => m.canal).sort()).toEqual(['sms', 'whatsapp'])
  })

  it('a deleted account is not messaged, and its messages and choice are erased with it', async () => {
    const customer = await signIn(shop.app)
    expect((await choose(customer, 'whatsapp')).statusCode).toBe(200)
    const sent = await place(customer)
    await deliver()
    expect(sentAbout(sent.numerocommande)).toHaveLength(1)
    expect((await move(sent.numerocommande, 'confirmee')).statusCode).toBe(200)
    for (const etat of ['en_preparation', 'en_livraison', 'livree']) expect((await move(sent.numerocommande, etat)).statusCode).toBe(200)
    const waiting = await place(customer)
    const before = await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, waiting.id))
    expect(before).toHaveLength(1)

    const deleted = await shop.app.inject({ method: 'DELETE', url: '/api/profile', headers: customer.auth })
    expect(deleted.statusCode, deleted.body).toBe(200)
    await deliver()
    // The waiting order was cancelled by the deletion: no « annulée » goes, and nothing is kept.
    expect(sentAbout(waiting.numerocommande)).toEqual([])
    expect(await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, waiting.id))).toEqual([])
    expect(await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, sent.id))).toEqual([])
    expect(await shop.db.select().from(messagePreferences).where(eq(messagePreferences.clientId, customer.userId))).toEqual([])
  })

  it('the choice is the signed-in customer’s own, checked', async () => {
    const customer = await signIn(shop.app)
    expect((await shop.app.inject({ url: '/api/profile/messages' })).statusCode).toBe(401)
    expect((await shop.app.inject({ method: 'PUT', url: '/api/profile/messages', payload: { canal: 'sms' } })).statusCode).toBe(401)
    const bad = await choose(customer, 'pigeon')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ canal: ['Choisissez SMS, WhatsApp ou aucun message.'] })
  })
})

describe('delivery', () => {
  it('a provider answering 500 is tried again, and the message goes once', async () => {
    const customer = await signIn(shop.app)
    sandbox().failNext('sms', 2)
    const order = await place(customer)
    expect(await deliver()).toMatchObject({ sent: 0, retried: 1 })
    expect(sentAbout(order.numerocommande)).toEqual([])
    expect(await deliver()).toMatchObject({ sent: 0, retried: 1 })
    expect(await deliver()).toMatchObject({ sent: 1, retried: 0 })
    expect(sentAbout(order.numerocommande)).toHaveLength(1)
    const [row] = await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, order.id))
    expect(row).toMatchObject({ status: 'sent', attempts: 3 })
  })

  it('after its last try a message is given up: marked, logged without the number, counted in /metrics', async () => {
    const customer = await signIn(shop.app)
    sandbox().failNext('sms', 3)
    const order = await place(customer)
    for (let i = 0; i < 3; i++) await deliver()
    const [row] = await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, order.id))
    expect(row).toMatchObject({ status: 'failed', attempts: 3 })
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0, postponed: 0 })
    expect(sentAbout(order.numerocommande)).toEqual([])
    const metrics = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(metrics.body).toMatch(/teranga_order_messages_total\{channel="sms",outcome="abandonne"\} 1\b/)
  })

  it('a worker that died after claiming leaves its messages to another instance, which sends each once; two workers never send one twice', async () => {
    const customer = await signIn(shop.app)
    const orders = [await place(customer), await place(customer), await place(customer)]
    // A worker that claims and dies before sending (its lease ends at once here).
    expect((await createMessagesRepository(shop.db).claim(10, 0)).length).toBeGreaterThanOrEqual(3)
    const other = await appOptions(shop.config, shop.database)
    try {
      await Promise.all([other.messaging.worker!.runOnce(), deliver(), deliver()])
      await deliver()
      for (const order of orders) expect(sentAbout(order.numerocommande)).toHaveLength(1)
    } finally {
      await other.close()
    }
  })

  it('an order is placed and moved while the provider is down', async () => {
    const customer = await signIn(shop.app)
    sandbox().failNext('sms', 100)
    try {
      const order = await place(customer)
      expect((await move(order.numerocommande, 'confirmee')).statusCode).toBe(200)
    } finally {
      sandbox().failNext('sms', 0)
    }
    await deliver()
  })
})

describe('messages that cost money (issue 23 §4)', () => {
  const metricsBody = async () => (await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
  const counted = (body: string, outcome: string) => Number(new RegExp(`teranga_order_messages_total\\{channel="sms",outcome="${outcome}"\\} (\\d+)`).exec(body)?.[1] ?? 0)
  const setCountries = (indicatifsMessages: unknown) => shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { indicatifsMessages } })

  it('only Senegalese mobiles get messages: a foreign number, or a landline, is refused, written nowhere and counted, until the owner allows its country', async () => {
    const before = counted(await metricsBody(), 'refuse')
    const customer = await signIn(shop.app)
    const numbers = ['+88213123456', '+447700900123', '00 33 6 12 34 56 78', '33 821 23 45']
    const orders = []
    for (const tel of numbers) {
      const order = await place(customer, { tel })
      expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/annulation`, headers: customer.auth })).statusCode).toBe(200)
      orders.push(order)
    }
    await deliver()
    for (const order of orders) {
      expect(sentAbout(order.numerocommande)).toEqual([])
      expect(await shop.db.select().from(messageOutbox).where(eq(messageOutbox.commandeId, order.id))).toEqual([])
    }
    // Placed and cancelled, four numbers: eight messages refused.
    expect(counted(await metricsBody(), 'refuse') - before).toBe(8)

    // The owner allows the United Kingdom (« +44 ») and France (« 0033 »): those numbers get their messages, the others still none.
    const set = await setCountries(['+44', '0033', '44'])
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().indicatifsMessages).toEqual(['44', '33'])
    expect((await shop.app.inject({ url: '/api/preference', headers: admin.auth })).json().indicatifsMessages).toEqual(['44', '33'])
    // Back-office only: the shop's public settings do not show it.
    expect((await shop.app.inject({ url: '/api/preferences' })).json()).not.toHaveProperty('indicatifsMessages')
    try {
      const uk = await place(customer, { tel: '+44 7700 900123' })
      const france = await place(customer, { tel: '00 33 6 12 34 56 78' })
      const satellite = await place(customer, { tel: '+88213123456' })
      const landline = await place(customer, { tel: '33 821 23 45' })
      await deliver()
      expect(sentAbout(uk.numerocommande).map((m) => m.destinataire)).toEqual(['+447700900123'])
      expect(sentAbout(france.numerocommande).map((m) => m.destinataire)).toEqual(['+33612345678'])
      expect(sentAbout(satellite.numerocommande)).toEqual([])
      expect(sentAbout(landline.numerocommande)).toEqual([])
    } finally {
      expect((await setCountries([])).json().indicatifsMessages).toEqual([])
    }
    for (const bad of [['221'], ['2210'], ['0'], ['abc'], Array.from({ length: 21 }, (_, i) => String(i + 1))]) {
      const res = await setCountries(bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(JSON.stringify(res.json().errors)).toContain('indicatifsMessages')
    }
  })

  it(`a number gets at most ${DAILY_ALLOWANCE} messages a day, whichever instance sends them; the next ones wait for tomorrow in Dakar, counted in /metrics`, async () => {
    const before = counted(await metricsBody(), 'reporte')
    const customer = await signIn(shop.app)
    const tel = '78 999 00 11'
    const orders = []
    for (let i = 0; i < 5; i++) orders.push(await place(customer, { tel }))
    for (const order of orders) expect((await move(order.numerocommande, 'confirmee')).statusCode).toBe(200)
    // Ten messages for one number, two instances sending at once.
    const other = await appOptions(shop.config, shop.database)
    let postponedByOther: number
    try {
      await Promise.all([other.messaging.worker!.runOnce(), deliver()])
      await Promise.all([other.messaging.worker!.runOnce(), deliver()])
      // Each instance counts what it put off in its own /metrics.
      postponedByOther = counted((await other.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body, 'reporte')
    } finally {
      await other.close()
    }
    const toNumber = () => sandbox().messages().filter((m) => m.destinataire === '+221789990011')
    expect(toNumber()).toHaveLength(DAILY_ALLOWANCE)
    const waiting = await shop.db.select().from(messageOutbox).where(and(eq(messageOutbox.recipient, '+221789990011'), eq(messageOutbox.status, 'pending')))
    expect(waiting).toHaveLength(10 - DAILY_ALLOWANCE)
    const tomorrow = await shop.db.execute(sql`select ((now() at time zone 'Africa/Dakar')::date + 1)::timestamp at time zone 'Africa/Dakar' as midnight`)
    const midnight = (tomorrow as unknown as { rows: Array<{ midnight: string | Date }> }).rows[0]!.midnight
    for (const row of waiting) expect({ next: row.nextAttemptAt.toISOString(), attempts: row.attempts }).toEqual({ next: new Date(midnight).toISOString(), attempts: 0 })
    expect(counted(await metricsBody(), 'reporte') - before + postponedByOther).toBe(10 - DAILY_ALLOWANCE)
    expect(await deliver()).toMatchObject({ sent: 0, postponed: 0 })

    // The next day: the day's count starts again and the messages go, in their order.
    await shop.db.execute(sql`update message_daily_counts set day = day - 1 where recipient = '+221789990011'`)
    await shop.db.execute(sql`update message_outbox set next_attempt_at = now() where recipient = '+221789990011' and status = 'pending'`)
    expect(await deliver()).toMatchObject({ sent: 10 - DAILY_ALLOWANCE, postponed: 0 })
    expect(toNumber()).toHaveLength(10)
    expect(toNumber().slice(0, 10 - DAILY_ALLOWANCE).every((m) => m.texte.includes(') confirmée'))).toBe(true)
  })

  it('a payment received after « Payer autrement » says so; cash chosen after a failure says it is paid on delivery', async () => {
    const customer = await signIn(shop.app)
    const pay = async (numero: string, decision: 'approve' | 'decline', modepaiement?: number) => {
      const started = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: customer.auth, ...(modepaiement ? { payload: { modepaiement } } : {}) })
      expect(started.statusCode, started.body).toBe(200)
      const res = await fetch(started.json().url as string, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }).toString(), redirect: 'manual' })
      expect(res.status).toBe(303)
    }
    const online = await place(customer, { online: true })
    await pay(online.numerocommande, 'decline')
    await pay(online.numerocommande, 'approve', ids.om)
    await deliver()
    const texts = sentAbout(online.numerocommande).map((m) => m.texte)
    expect(texts).toEqual([expect.stringContaining('enregistrée'), expect.stringContaining('paiement échoué'), expect.any(String)])
    expect(texts[2]).toMatch(new RegExp(`^Teranga : paiement accepté, commande ${online.numerocommande} \\(${formatPrixSms(online.montanttotal)}\\)\\. Suivi : http://\\S+$`))

    const cash = await place(customer, { online: true })
    await pay(cash.numerocommande, 'decline')
    const switched = await shop.app.inject({ method: 'POST', url: `/api/commande/${cash.numerocommande}/paiement`, headers: customer.auth, payload: { modepaiement: ids.cash } })
    expect(switched.statusCode, switched.body).toBe(200)
    await deliver()
    expect(sentAbout(cash.numerocommande).map((m) => m.texte).at(-1)).toMatch(new RegExp(`^Teranga : commande ${cash.numerocommande} \\(${formatPrixSms(cash.montanttotal)}\\) à payer à la livraison\\. http://\\S+$`))
  })

  it('« en route » names the courier (first name and number); a refund says how much and where the money goes', async () => {
    const courier = await shop.app.inject({ method: 'POST', url: '/api/livreur', headers: admin.auth, payload: { nom: 'Moussa Diop', telephone: '+221 77 000 11 22', actif: true } })
    expect(courier.statusCode, courier.body).toBe(201)
    const customer = await signIn(shop.app)
    const order = await place(customer, { prix: 4000 })
    for (const etat of ['confirmee', 'en_preparation']) expect((await move(order.numerocommande, etat)).statusCode).toBe(200)
    const assigned = await shop.app.inject({ method: 'PUT', url: `/api/commande/${order.numerocommande}/livreur`, headers: admin.auth, payload: { livreur: courier.json().id } })
    expect(assigned.statusCode, assigned.body).toBe(200)
    for (const etat of ['en_livraison', 'livree']) expect((await move(order.numerocommande, etat)).statusCode).toBe(200)
    await deliver()
    const onTheWay = sentAbout(order.numerocommande).find((m) => m.texte.includes('en route'))!
    expect(onTheWay.texte).toMatch(new RegExp(`^Teranga : commande ${order.numerocommande} en route, livreur Moussa \\(77 000 11 22\\)\\. http://\\S+$`))

    // A part given back by hand, then the rest: one message each, with its amount, « en espèces ».
    const refund = (payload: Record<string, unknown>) => shop.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/remboursement`, headers: admin.auth, payload })
    const part = await refund({ montant: 1500, motif: 'Produit abîmé' })
    expect(part.statusCode, part.body).toBeLessThan(300)
    const rest = await refund({ motif: 'Client mécontent' })
    expect(rest.statusCode, rest.body).toBeLessThan(300)
    await deliver()
    const refunds = sentAbout(order.numerocommande).filter((m) => m.texte.includes('remboursés'))
    expect(refunds.map((m) => m.texte)).toEqual([
      expect.stringMatching(new RegExp(`^Teranga : commande ${order.numerocommande} : ${formatPrixSms(1500)} remboursés en espèces\\. http://\\S+$`)),
      expect.stringMatching(new RegExp(`^Teranga : commande ${order.numerocommande} : ${formatPrixSms(order.montanttotal - 1500)} remboursés en espèces\\. http://\\S+$`)),
    ])
    // No other message for the move to « remboursée » the second refund made.
    expect(sentAbout(order.numerocommande)).toHaveLength(6)
  })

  it('a payment that moves nothing (approved after cash was chosen) is told once, « paiement accepté »', async () => {
    const customer = await signIn(shop.app)
    const order = await place(customer)
    const lifecycle = createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log })
    for (let i = 0; i < 2; i++) await lifecycle.run(async ({ orders, tell }) => tell((await orders.lockOrder({ id: order.id }))!, { payment: { attemptId: 4242 } }))
    await deliver()
    expect(sentAbout(order.numerocommande).map((m) => m.texte)).toEqual([expect.stringContaining('enregistrée'), expect.stringMatching(new RegExp(`^Teranga : paiement accepté, commande ${order.numerocommande} `))])
  })

  it('a refund online says it goes back on Wave', async () => {
    const customer = await signIn(shop.app)
    const order = await place(customer, { online: true, prix: 3000 })
    const started = await shop.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/paiement`, headers: customer.auth })
    const res = await fetch(started.json().url as string, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision: 'approve' }).toString(), redirect: 'manual' })
    expect(res.status).toBe(303)
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) expect((await move(order.numerocommande, etat)).statusCode).toBe(200)
    const refunded = await shop.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/remboursement`, headers: admin.auth, payload: { montant: 1000, motif: 'Produit abîmé' } })
    expect(refunded.statusCode, refunded.body).toBeLessThan(300)
    await deliver()
    expect(sentAbout(order.numerocommande).map((m) => m.texte).at(-1)).toMatch(new RegExp(`^Teranga : commande ${order.numerocommande} : ${formatPrixSms(1000)} remboursés sur Wave\\. http://\\S+$`))
  })
})

describe('the tracking link', () => {
  const linkOf = async (numero: string) => {
    await deliver()
    const url = new URL(/https?:\/\/\S+/.exec(sentAbout(numero)[0]!.texte)![0])
    return { path: url.pathname, k: url.searchParams.get('k')! }
  }

  it('opens the order’s state, lines and amounts without signing in, and nothing else of the customer’s', async () => {
    const customer = await signIn(shop.app)
    const order = await place(customer, { prix: 4700 })
    const { path, k } = await linkOf(order.numerocommande)
    expect(path).toBe(`/suivi/${order.numerocommande}`)
    const res = await shop.app.inject({ url: `/api${path}?k=${k}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().commande).toMatchObject({
      numerocommande: order.numerocommande,
      etat: 'en_attente',
      etat_text: 'En attente de confirmation',
      montantcommande: 4700,
      montanttotal: order.montanttotal,
      lignes: [{ designation: 'Thiéboudienne surgelé', quantite: 1, prix: 4700 }],
    })
    expect(res.body).not.toContain(customer.email)
    expect(res.body).not.toContain('Mermoz')
    expect(res.body).not.toContain('123 45 67')
    expect(res.body).not.toContain('771234567')
  })

  it('an altered, missing or other order’s key is a 404', async () => {
    const customer = await signIn(shop.app)
    const [a, b] = [await place(customer), await place(customer)]
    const { k } = await linkOf(a.numerocommande)
    const altered = `${k.slice(0, -1)}${k.endsWith('A') ? 'B' : 'A'}`
    for (const url of [`/api/suivi/${a.numerocommande}?k=${altered}`, `/api/suivi/${a.numerocommande}`, `/api/suivi/${b.numerocommande}?k=${k}`, `/api/suivi/TRG-000000-AAAAAA?k=${k}`]) {
      const res = await shop.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe(MESSAGES.orderNotFound)
    }
  })
})

describe('rotating the tracking links\' key (docs/keys-and-secrets.md)', () => {
  it('links already sent keep opening while TRACKING_LINK_SECRET_PREVIOUS names their key; without it they are a 404', async () => {
    const customer = await signIn(shop.app)
    const order = await place(customer)
    await deliver()
    const sentKey = new URL(/https?:\/\/\S+/.exec(sentAbout(order.numerocommande)[0]!.texte)![0]).searchParams.get('k')!
    // This shop has no TRACKING_LINK_SECRET: its key was drawn once and kept in the database.
    const [drawn] = await shop.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'tracking_links'))
    expect(trackingKey(drawn!.value, order.numerocommande)).toBe(sentKey)
    const fresh = 'nouvelle-cle-des-liens-de-suivi-0123456789abcdef'

    const rotating = await appOptions(testConfig({ TRACKING_LINK_SECRET: fresh, TRACKING_LINK_SECRET_PREVIOUS: drawn!.value }), shop.database)
    const rotated = await appOptions(testConfig({ TRACKING_LINK_SECRET: fresh }), shop.database)
    try {
      const open = (app: FastifyInstance, k: string) => app.inject({ url: `/api/suivi/${order.numerocommande}?k=${k}` })
      expect((await open(rotating, sentKey)).statusCode).toBe(200)
      expect((await open(rotating, trackingKey(fresh, order.numerocommande))).statusCode).toBe(200)
      // New links are made with the new key only.
      expect(rotating.messaging.messages!.trackingLink(order.numerocommande)).toContain(`?k=${trackingKey(fresh, order.numerocommande)}`)
      const gone = await open(rotated, sentKey)
      expect(gone.statusCode).toBe(404)
      expect(gone.json().message).toBe(MESSAGES.orderNotFound)
      expect((await open(shop.app, trackingKey(fresh, order.numerocommande))).statusCode).toBe(404)

      // A dearer substitute's acceptance link (ADR 055) sent before the rotation: its key still
      // accepted while the previous secret is named, refused once it is gone, as the tracking's.
      const sentSupplement = supplementKey(drawn!.value, order.numerocommande)
      const freshSupplement = supplementKey(fresh, order.numerocommande)
      expect(rotating.messaging.messages!.supplementKeyMatches(order.numerocommande, sentSupplement)).toBe(true)
      expect(rotating.messaging.messages!.supplementKeyMatches(order.numerocommande, freshSupplement)).toBe(true)
      expect(rotating.messaging.messages!.supplementKeyMatches(order.numerocommande, trackingKey(drawn!.value, order.numerocommande))).toBe(false)
      expect(rotated.messaging.messages!.supplementKeyMatches(order.numerocommande, sentSupplement)).toBe(false)
      expect(rotated.messaging.messages!.supplementKeyMatches(order.numerocommande, freshSupplement)).toBe(true)
      // Through the route: the old key gets past the key check (this order has no supplement to
      // accept, whatever answers then is not the key's 404); after the rotation, the key's 404.
      const accept = (app: FastifyInstance, k: string) => app.inject({ method: 'POST', url: `/api/suivi/${order.numerocommande}/supplement`, payload: { k } })
      const during = await accept(rotating, sentSupplement)
      const after = await accept(rotated, sentSupplement)
      expect(after.statusCode).toBe(404)
      expect(after.json().message).toBe(MESSAGES.orderNotFound)
      expect(during.statusCode).not.toBe(404)
      expect(during.statusCode).toBeLessThan(500)
    } finally {
      await rotating.close()
      await rotated.close()
    }
  })

  it('refuses a previous key without a new one, or the same as the new one, naming the variable', () => {
    expect(() => testConfig({ TRACKING_LINK_SECRET_PREVIOUS: 'ancienne-cle-des-liens-de-suivi-0123456789' })).toThrow(/TRACKING_LINK_SECRET_PREVIOUS is set without TRACKING_LINK_SECRET/)
    const same = 'la-meme-cle-des-liens-de-suivi-0123456789ab'
    expect(() => testConfig({ TRACKING_LINK_SECRET: same, TRACKING_LINK_SECRET_PREVIOUS: same })).toThrow(/TRACKING_LINK_SECRET_PREVIOUS is the same as TRACKING_LINK_SECRET/)
    expect(() => testConfig({ TRACKING_LINK_SECRET: same, TRACKING_LINK_SECRET_PREVIOUS: 'courte' })).toThrow(/TRACKING_LINK_SECRET_PREVIOUS/)
  })
})

describe('the sandbox', () => {
  it('lists what was sent, newest first, as JSON and as a page in French', async () => {
    const json = await shop.app.inject({ url: '/sandbox/messages.json' })
    expect(json.statusCode).toBe(200)
    const list = json.json() as Array<{ canal: string; destinataire: string; texte: string; date: string }>
    expect(list.length).toBeGreaterThan(0)
    expect(Object.keys(list[0]!).sort()).toEqual(['canal', 'date', 'destinataire', 'texte'])
    expect([...list].sort((x, y) => y.date.localeCompare(x.date)).map((m) => m.date)).toEqual(list.map((m) => m.date))
    const page = await shop.app.inject({ url: '/sandbox/messages' })
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('Bac à sable · messages envoyés')
    expect(page.body).toContain(list[0]!.destinataire)
  })

  it('in production (a staging shop’s MESSAGES_SANDBOX=true), the list asks for a staff session', async () => {
    const fresh = await freshDatabase()
    const staging = await appOptions({ ...testConfig({ MESSAGES_SANDBOX: 'true' }), production: true }, fresh.database)
    try {
      const [customer, member] = [await signIn(staging), await signIn(staging)]
      await grantRole(fresh.database.db, member.userId, 'gestionnaire')
      for (const url of ['/sandbox/messages.json', '/sandbox/messages']) {
        const anonymous = await staging.inject({ url })
        expect(anonymous.statusCode, url).toBe(401)
        expect(anonymous.json().message).toBe(MESSAGES.unauthenticated)
        expect((await staging.inject({ url, headers: { authorization: 'Bearer pas-un-jeton' } })).statusCode, url).toBe(401)
        const notStaff = await staging.inject({ url, headers: customer.auth })
        expect(notStaff.statusCode, url).toBe(403)
        expect(notStaff.json().message).toBe(MESSAGES.staffOnly)
        expect((await staging.inject({ url, headers: member.auth })).statusCode, url).toBe(200)
      }
    } finally {
      await staging.close()
      await fresh.database.close()
      await fresh.drop()
    }
  })

  it('wants its keys, as the providers do', async () => {
    const base = shop.config.publicUrl
    const token = await fetch(`${base}/sandbox/orange/oauth/v3/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    expect(token.status).toBe(401)
    const sms = await fetch(`${base}/sandbox/orange/smsmessaging/v1/outbound/tel%3A%2B221770000000/requests`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' })
    expect(sms.status).toBe(401)
    const whatsapp = await fetch(`${base}/sandbox/whatsapp/v21.0/100000000000001/messages`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' })
    expect(whatsapp.status).toBe(401)
  })
})

describe('configuration', () => {
  const real = {
    ORANGE_SMS_CLIENT_ID: 'orange-client-id',
    ORANGE_SMS_CLIENT_SECRET: 'orange-client-secret',
    ORANGE_SMS_SENDER: '+221770000000',
    WHATSAPP_TOKEN: 'EAAG-whatsapp-token-0123456789',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_TEMPLATE: 'suivi_commande',
  }

  it('a provider’s variables all set or none; without keys, the sandbox (production: off unless MESSAGES_SANDBOX=true)', () => {
    const keyed = loadConfig(real).messages
    expect(keyed.sms).toMatchObject({ sandbox: false, apiUrl: 'https://api.orange.com', sender: '221770000000' })
    expect(keyed.whatsapp).toMatchObject({ sandbox: false, apiUrl: 'https://graph.facebook.com/v21.0', template: 'suivi_commande', language: 'fr' })
    expect(() => loadConfig({ ORANGE_SMS_CLIENT_ID: 'orange-client-id' })).toThrow(/ORANGE_SMS_CLIENT_SECRET is required when ORANGE_SMS_CLIENT_ID is set/)
    expect(() => loadConfig({ WHATSAPP_API_URL: 'https://graph.example.com/v21.0' })).toThrow(/WHATSAPP_TOKEN is required when WHATSAPP_API_URL is set/)
    expect(() => loadConfig({ ...real, WHATSAPP_PHONE_NUMBER_ID: '+221 77' })).toThrow(ConfigError)
    expect(loadConfig({ PORT: '4000' }).messages.sms).toMatchObject({ sandbox: true, apiUrl: 'http://127.0.0.1:4000/sandbox/orange' })
    const production = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'teranga-prod', FIREBASE_API_KEY: 'AIzaSyExample-0123456789', PAYMENTS_SANDBOX: 'true' }
    expect(loadConfig(production).messages).toMatchObject({ sms: null, whatsapp: null })
    expect(loadConfig({ ...production, MESSAGES_SANDBOX: 'true' }).messages.sms?.sandbox).toBe(true)
    expect(loadConfig({ MESSAGES_SANDBOX: 'false' }).messages).toMatchObject({ sms: null, whatsapp: null })
  })

  it('with every channel off, nothing is written nor mounted', async () => {
    const fresh = await freshDatabase()
    const app = await appOptions(testConfig({ MESSAGES_SANDBOX: 'false' }), fresh.database)
    try {
      expect((await app.inject({ url: '/sandbox/messages.json' })).statusCode).toBe(404)
      expect((await app.inject({ url: '/sandbox/messages' })).statusCode).toBe(404)
      const customer = await signIn(app)
      const produit = await makeProduct(fresh.database.db, { prix: 1000, quantite: 5 })
      await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 1, action: 0 } })
      const res = await app.inject({ method: 'POST', url: '/api/commande', headers: customer.auth, payload: { modelivraison: ids.domicile, modepaiement: ids.cash, adresseliv: 'Rue 10, Mermoz', zone: 'Mermoz', tel: '771234567' } })
      expect(res.statusCode).toBe(201)
      expect(await fresh.database.db.select().from(messageOutbox)).toEqual([])
    } finally {
      await app.close()
      await fresh.database.close()
      await fresh.drop()
    }
  })
})
