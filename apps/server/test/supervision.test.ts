// Seeing what the shop does (issue 17): GET /metrics behind its token, GET /ready, the event
// stream's headers, and logs that never carry a token, a password or a customer's phone,
// email or address, whatever a request's query string holds.
import fs from 'node:fs/promises'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { app as shopApp, serverOptions, type AppOptions } from '../src/app.ts'
import { recordBackupSuccess } from '../src/db/backup-runs.ts'
import type { Database } from '../src/db/client.ts'
import { modelivraisons, modepaiements } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import databasePlugin from '../src/plugins/database.ts'
import health from '../src/plugins/health.ts'
import { bearerMatches } from '../src/plugins/metrics.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { grantRole, makeProduct } from './factories.ts'
import { freshDatabase, gql, signIn, testConfig, type SignedIn } from './helpers.ts'

const METRICS_TOKEN = 'jeton-de-supervision-0123456789'
/** What the shop must never write to its log: this customer's details, unlike any other test's. */
const PHONE = '+221 77 654 32 10'
const ADDRESS = 'Rue 47, villa 318, Sacré-Cœur 3'
const GRAPHQL_LIMIT = 6

interface Shop {
  app: FastifyInstance
  /** Everything the shop's logger wrote, one JSON line each. */
  log: () => string
  base: string
  close(): Promise<void>
}

let database: Database
let drop: () => Promise<void>
let shop: Shop
const ids = { domicile: 0, cash: 0, wave: 0 }

/** The shop as main.ts builds it, its logger writing into memory at `level`, listening (the payment sandbox calls it back). */
async function start(env: Record<string, string>, options: Partial<AppOptions> = {}): Promise<Shop> {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...env })
  const base = serverOptions(config)
  const app = Fastify({ ...base, logger: { ...(base.logger as object), stream } })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  await app.register(shopApp, { config, database, verifier, webRoot: null, adminRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0, sweepMediaEveryMs: 0, ...options })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, log: () => lines.join(''), base: `http://127.0.0.1:${port}`, close: () => app.close() }
}

beforeAll(async () => {
  ;({ database, drop } = await freshDatabase())
  shop = await start({ METRICS_TOKEN, LOG_LEVEL: 'trace' }, { graphqlRateLimit: GRAPHQL_LIMIT })
  ids.domicile = (await database.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  for (const mode of await database.db.select().from(modepaiements)) {
    if (mode.code === 'CASH') ids.cash = mode.id
    if (mode.code === 'WAVE') ids.wave = mode.id
  }
})
afterAll(async () => {
  await shop?.close()
  await database?.close()
  await drop?.()
})

const scrape = (app: FastifyInstance, authorization?: string) => app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} })

/** A sample's value in the Prometheus text (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3])
  }
  return 0
}

async function metrics(): Promise<string> {
  const res = await scrape(shop.app, `Bearer ${METRICS_TOKEN}`)
  expect(res.statusCode).toBe(200)
  return res.body
}

/** A home-delivered order of one product, with the customer's phone and address. */
async function placeOrder(buyer: SignedIn, modepaiement: number) {
  const produit = await makeProduct(database.db, { prix: 2500, quantite: 20 })
  const cart = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: produit.id, quantite: 2, action: 0 } })
  expect(cart.statusCode, cart.body).toBe(200)
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: { modelivraison: ids.domicile, modepaiement, adresseliv: ADDRESS, zone: 'Mermoz', tel: PHONE },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande as { numerocommande: string; etat: string }
}

describe('GET /metrics', () => {
  it('is a 404 without the token, with another, and on a shop where none is set', async () => {
    const missing = await scrape(shop.app)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: MESSAGES.notFound })
    expect((await scrape(shop.app, `Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(404)
    expect((await scrape(shop.app, `Bearer ${METRICS_TOKEN.slice(0, -1)}`)).statusCode).toBe(404)
    expect((await scrape(shop.app, METRICS_TOKEN)).statusCode).toBe(404)
    expect((await scrape(shop.app, `Basic ${METRICS_TOKEN}`)).statusCode).toBe(404)
    // Exactly what any unknown address answers.
    const unknown = await shop.app.inject({ url: '/nulle-part-ailleurs' })
    expect(missing.body).toBe(unknown.body)
    expect(unknown.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(unknown.headers['x-frame-options']).toBe('SAMEORIGIN')

    const unset = await start({})
    try {
      expect((await scrape(unset.app)).statusCode).toBe(404)
      expect((await scrape(unset.app, 'Bearer ')).statusCode).toBe(404)
      expect((await scrape(unset.app, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(404)
    } finally {
      await unset.close()
    }
  })

  it('compares the token whole, whatever its length', () => {
    expect(bearerMatches(`Bearer ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(true)
    for (const header of [undefined, '', 'Bearer', `bearer ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN} `, `Bearer ${METRICS_TOKEN}${METRICS_TOKEN}`]) {
      expect(bearerMatches(header, METRICS_TOKEN)).toBe(false)
    }
  })

  it('during a rotation takes METRICS_TOKEN_PREVIOUS too, and nothing else', async () => {
    const next = 'nouveau-jeton-de-supervision-987654'
    const rotating = await start({ METRICS_TOKEN: next, METRICS_TOKEN_PREVIOUS: METRICS_TOKEN })
    try {
      expect((await scrape(rotating.app, `Bearer ${next}`)).statusCode).toBe(200)
      expect((await scrape(rotating.app, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200)
      for (const header of [`Bearer ${next}${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`, 'Bearer ', undefined]) expect((await scrape(rotating.app, header)).statusCode).toBe(404)
    } finally {
      await rotating.close()
    }
    // The shop that only knows the old token refuses the new one.
    expect((await scrape(shop.app, `Bearer ${next}`)).statusCode).toBe(404)
    expect(() => testConfig({ METRICS_TOKEN_PREVIOUS: METRICS_TOKEN })).toThrow(/METRICS_TOKEN_PREVIOUS is set without METRICS_TOKEN/)
    expect(() => testConfig({ METRICS_TOKEN: next, METRICS_TOKEN_PREVIOUS: next })).toThrow(/METRICS_TOKEN_PREVIOUS is the same as METRICS_TOKEN/)
  })

  it('a token shorter than 16 characters stops the boot, naming the variable', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'court' })).toThrow(/METRICS_TOKEN/)
    expect(testConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN)
    expect(testConfig().metricsToken).toBeUndefined()
  })

  it('answers the Prometheus text, never cached, with every family named', async () => {
    const res = await scrape(shop.app, `Bearer ${METRICS_TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    for (const family of [
      'http_request_duration_seconds',
      'teranga_orders_placed_total',
      'teranga_order_moves_total',
      'teranga_payment_notifications_total',
      'teranga_refunds_total',
      'teranga_rate_limit_refusals_total',
      'teranga_cache_lookups_total',
      'teranga_db_pool_connections',
      'teranga_db_pool_waiting',
      'teranga_db_pool_wait_seconds',
      'nodejs_eventloop_lag_seconds',
      'teranga_ready',
      'teranga_backup_last_success_timestamp_seconds',
    ]) {
      expect(res.body).toContain(`# TYPE ${family} `)
    }
    expect(sample(res.body, 'teranga_db_pool_connections', { state: 'max' })).toBeGreaterThan(0)
  })

  it("exposes every shop series the alert rules name (deploy/prometheus/teranga.rules.yml)", async () => {
    const rules = await fs.readFile(new URL('../../../deploy/prometheus/teranga.rules.yml', import.meta.url), 'utf8')
    const named = new Set([...rules.matchAll(/\b((?:teranga|http|nodejs)_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!))
    expect(named).toContain('teranga_backup_last_success_timestamp_seconds')
    const text = await metrics()
    const missing = [...named].filter((name) => !text.includes(`# TYPE ${name} `))
    // The replica's gauges are exposed only on a shop that has one (DATABASE_REPLICA_URL): read-replica.test.ts reads them.
    expect(missing.filter((name) => !name.startsWith('teranga_db_replica_'))).toEqual([])
  })

  it('shows every label set the alert rules watch at 0 on a fresh instance (increase() sees the first event after a restart)', async () => {
    const fresh = await start({ METRICS_TOKEN })
    try {
      const res = await scrape(fresh.app, `Bearer ${METRICS_TOKEN}`)
      expect(res.statusCode).toBe(200)
      const zero = (name: string, labels: Record<string, string>) => {
        const line = `${name}{${Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')}} 0`
        expect(res.body.split('\n'), line).toContain(line)
      }
      for (const provider of ['wave', 'paytech']) {
        for (const outcome of ['payee', 'echouee', 'a_rembourser', 'non_confirme', 'signature_refusee', 'perimee', 'malformee']) zero('teranga_payment_notifications_total', { provider, outcome })
        zero('teranga_refunds_total', { provider, outcome: 'echoue' })
      }
      zero('teranga_refunds_total', { provider: 'cash', outcome: 'effectue' })
      for (const channel of ['sms', 'whatsapp']) for (const outcome of ['envoye', 'nouvel_essai', 'abandonne']) zero('teranga_order_messages_total', { channel, outcome })
    } finally {
      await fresh.close()
    }
  })

  it('counts requests by route pattern, orders placed and moved, payments, refusals and cache lookups', async () => {
    const before = await metrics()
    const buyer = await signIn(shop.app)
    const commande = await placeOrder(buyer, ids.cash)
    expect(commande.etat).toBe('en_attente')
    const cancelled = await shop.app.inject({ method: 'POST', url: `/api/commande/${commande.numerocommande}/annulation`, headers: buyer.auth })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    // Two ids, one route: the pattern is the label, not the URL (a staff route: a 401 here).
    expect((await shop.app.inject({ url: '/api/produit/48213579' })).statusCode).toBe(401)
    expect((await shop.app.inject({ url: '/api/produit/48213580' })).statusCode).toBe(401)
    await shop.app.inject({ url: '/pas/de/route/ici?q=1' })
    // The anonymous GraphQL cache: asked twice, found once.
    expect((await gql(shop.app, '{ __typename }')).status).toBe(200)
    expect((await gql(shop.app, '{ __typename }')).res.headers['x-cache']).toBe('HIT')
    // Past the GraphQL limit, a refusal.
    const statuses = []
    for (let i = 0; i <= GRAPHQL_LIMIT; i++) statuses.push((await gql(shop.app, '{ __typename }', {}, buyer.auth)).status)
    expect(statuses.filter((s) => s === 429)).toHaveLength(1)

    const after = await metrics()
    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels)
    expect(delta('teranga_orders_placed_total', { etat: 'en_attente' })).toBe(1)
    expect(delta('teranga_order_moves_total', { from: 'en_attente', to: 'annulee' })).toBe(1)
    expect(delta('teranga_rate_limit_refusals_total', { route: '/graphql' })).toBe(1)
    expect(delta('teranga_cache_lookups_total', { cache: 'graphql', result: 'hit' })).toBe(1)
    expect(delta('http_request_duration_seconds_count', { method: 'GET', route: '/api/produit/:id', status: '401' })).toBe(2)
    expect(delta('http_request_duration_seconds_count', { method: 'POST', route: '/api/commande', status: '201' })).toBe(1)
    expect(delta('http_request_duration_seconds_count', { method: 'GET', route: '(aucune)', status: '404' })).toBe(1)
    expect(after).not.toContain('/api/produit/4821')
    expect(after).not.toContain('/pas/de/route')
    expect(delta('teranga_db_pool_wait_seconds_count')).toBeGreaterThan(0)
  })
})

describe('GET /metrics, the back office', () => {
  it("counts its moves and a refund by hand, once each", async () => {
    const manager = await signIn(shop.app)
    await grantRole(database.db, manager.userId, 'gestionnaire')
    const buyer = await signIn(shop.app)
    const { numerocommande: numero } = await placeOrder(buyer, ids.cash)
    const before = await metrics()
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
      const res = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat } })
      expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
    }
    // A move the machine refuses is counted as nothing.
    const refused = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat: 'en_attente' } })
    expect(refused.statusCode).toBe(409)
    const refund = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: manager.auth, payload: { motif: 'Colis abîmé' } })
    expect(refund.statusCode, refund.body).toBe(200)
    const after = await metrics()
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    expect(delta('teranga_order_moves_total', { from: 'en_attente', to: 'confirmee' })).toBe(1)
    expect(delta('teranga_order_moves_total', { from: 'en_livraison', to: 'livree' })).toBe(1)
    expect(delta('teranga_order_moves_total', { from: 'livree', to: 'en_attente' })).toBe(0)
    expect(delta('teranga_order_moves_total', { from: 'livree', to: 'remboursee' })).toBe(1)
    expect(delta('teranga_refunds_total', { provider: 'cash', outcome: 'effectue' })).toBe(1)
  })
})

describe('GET /ready', () => {
  it('200 when the database answers with every migration of this build; 503 naming the missing one', async () => {
    const ok = await shop.app.inject({ url: '/ready' })
    expect(ok.statusCode).toBe(200)
    // `instance`: drawn at each start, so that an upgrade sees through the proxy which process answered (docs/deploy.md §8).
    expect(ok.json()).toEqual({ status: 'ok', database: 'external', instance: expect.stringMatching(/^[0-9a-f]{16}$/) })
    expect(ok.headers['cache-control']).toBe('no-store')
    // The same verdict on /metrics, for the alert rules (TerangaNotReady).
    expect(sample(await metrics(), 'teranga_ready')).toBe(1)

    // The newest migration, as if this build's last one had not been applied.
    const read = await database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)
    const last = (read as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }).rows[0]!
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`)
    try {
      const behind = await shop.app.inject({ url: '/ready' })
      expect(behind.statusCode).toBe(503)
      expect(behind.json().status).toBe('error')
      expect(behind.json().message).toMatch(/^La base de données n'est pas à jour : migrations non appliquées \(\d{4}_\w+\)\.$/)
      // Alive all the same.
      expect((await shop.app.inject({ url: '/health' })).statusCode).toBe(200)
      const text = await metrics()
      expect(text).toMatch(/^teranga_ready 0$/m)
      expect(text).toMatch(/^# TYPE teranga_ready gauge$/m)
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`)
    }
    expect((await shop.app.inject({ url: '/ready' })).statusCode).toBe(200)
    expect(sample(await metrics(), 'teranga_ready')).toBe(1)
  })

  it('a database gone: /metrics still answers, teranga_ready 0 and no backup series rather than a stale one', async () => {
    const own = await freshDatabase()
    const alone = await start({ METRICS_TOKEN }, { database: own.database })
    try {
      await recordBackupSuccess(own.database.url, 'archive', 'teranga-2026-11-29T023000Z.tar.gz')
      const before = await scrape(alone.app, `Bearer ${METRICS_TOKEN}`)
      expect(sample(before.body, 'teranga_ready')).toBe(1)
      expect(sample(before.body, 'teranga_backup_last_success_timestamp_seconds', { step: 'archive' })).toBeGreaterThan(Date.now() / 1000 - 60)
      await own.drop()
      const after = await scrape(alone.app, `Bearer ${METRICS_TOKEN}`)
      expect(after.statusCode).toBe(200)
      expect(after.body).toMatch(/^teranga_ready 0$/m)
      expect(after.body).not.toMatch(/^teranga_backup_last_success_timestamp_seconds\{/m)
      expect((await alone.app.inject({ url: '/ready' })).statusCode).toBe(503)
    } finally {
      await alone.close()
      await own.database.close()
    }
  })

  it('not ready from the moment the server begins to stop', async () => {
    // The plugin on its own: a request that reaches a closing server is answered 503 by Fastify itself.
    const alone = Fastify()
    await alone.register(databasePlugin, { database, closeOnShutdown: false })
    await alone.register(health)
    await alone.ready()
    expect(await alone.readiness()).toEqual({ ready: true })
    const closing = alone.close()
    await vi.waitFor(async () => expect(await alone.readiness()).toEqual({ ready: false, message: MESSAGES.shuttingDown }))
    await closing
  })
})

describe('the event stream', () => {
  it('carries the security headers of every other answer, and the request id', async () => {
    const manager = await signIn(shop.app)
    await grantRole(database.db, manager.userId, 'gestionnaire')
    const normal = await fetch(`${shop.base}/api/profile`, { headers: manager.auth })
    expect(normal.status).toBe(200)
    const controller = new AbortController()
    const stream = await fetch(`${shop.base}/api/admin/evenements`, { headers: { ...manager.auth, 'x-request-id': 'flux-42' }, signal: controller.signal })
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(stream.headers.get('x-request-id')).toBe('flux-42')
      const perAnswer = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'x-request-id', 'cache-control', 'etag', 'vary', 'transfer-encoding'])
      const shared = [...normal.headers.keys()].filter((name) => !perAnswer.has(name))
      expect(shared).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options', 'strict-transport-security', 'referrer-policy']))
      for (const name of shared) expect([name, stream.headers.get(name)]).toEqual([name, normal.headers.get(name)])
    } finally {
      controller.abort()
    }
    // An id the server made, when none was sent.
    const own = new AbortController()
    const second = await fetch(`${shop.base}/api/admin/evenements`, { headers: manager.auth, signal: own.signal })
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    own.abort()
  })
})

describe('the log', () => {
  it('of a whole order journey and of back-office searches holds no token, email, phone or address', async () => {
    const before = await metrics()
    // The customer: signs in, gives their phone, orders to their address, pays through the sandbox.
    const buyer = await signIn(shop.app)
    const profile = await shop.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: buyer.auth,
      payload: { civilite: 1, prenom: 'Ndeye', nom: 'Faye', telephone: PHONE, ville: 'Dakar', pays: 'SEN' },
    })
    expect(profile.statusCode, profile.body).toBe(200)
    const commande = await placeOrder(buyer, ids.wave)
    const payment = await shop.app.inject({ method: 'POST', url: `/api/commande/${commande.numerocommande}/paiement`, headers: buyer.auth })
    expect(payment.statusCode, payment.body).toBe(200)
    const pressed = await fetch(payment.json().url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'approve' }).toString(),
      redirect: 'manual',
    })
    expect(pressed.status).toBe(303)
    const paid = await shop.app.inject({ url: `/api/commande/${commande.numerocommande}`, headers: buyer.auth })
    expect(paid.json().commande.etat).toBe('payee')
    const after = await metrics()
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    expect(delta('teranga_payment_notifications_total', { provider: 'wave', outcome: 'payee' })).toBe(1)
    expect(delta('teranga_orders_placed_total', { etat: 'en_attente_paiement' })).toBe(1)
    expect(delta('teranga_order_moves_total', { from: 'en_attente_paiement', to: 'payee' })).toBe(1)

    // The back office looks them up by email and by phone, however the query is spelled.
    const admin = await signIn(shop.app)
    await grantRole(database.db, admin.userId, 'admin')
    const digits = PHONE.replace(/\D/g, '')
    const searches = [
      `/api/client?q=${encodeURIComponent(buyer.email)}`,
      `/api/client?q=${buyer.email}`,
      `/api/client?%71=${encodeURIComponent(buyer.email)}&page=1`,
      `/api/commande?q=${encodeURIComponent(PHONE)}`,
      `/api/commande?q=${digits.slice(3)}`,
      `/api/commande?q=${encodeURIComponent(ADDRESS)}&count=10`,
    ]
    for (const url of searches) {
      const res = await shop.app.inject({ url, headers: admin.auth })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
    const byEmail = await shop.app.inject({ url: `/api/client?q=${encodeURIComponent(buyer.email)}`, headers: admin.auth })
    expect(byEmail.json().data.map((c: { id: number }) => c.id)).toContain(buyer.userId)
    // The event stream's token in its query string, under another spelling too.
    for (const query of [`token=${admin.token}`, `tok%65n=${admin.token}`]) {
      const controller = new AbortController()
      const stream = await fetch(`${shop.base}/api/admin/evenements?${query}`, { signal: controller.signal })
      expect(stream.status).toBe(200)
      controller.abort()
    }
    // A refused sign-in and a bad token.
    await shop.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: `${buyer.idToken}x` } })
    await shop.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${buyer.token.slice(0, -2)}zz` } })

    await vi.waitFor(() => expect(shop.log()).toContain('payment notification processed'))
    const log = shop.log()
    // The journey was logged: the test reads a real log, at the most talkative level.
    expect(log).toContain('"url":"/api/client","query":["q"]')
    expect(log).toContain('"url":"/api/admin/evenements","query":["token"]')
    const spaced = PHONE.slice(5)
    const secrets = [
      buyer.email,
      encodeURIComponent(buyer.email),
      buyer.email.split('@')[0]!,
      PHONE,
      encodeURIComponent(PHONE),
      spaced,
      digits,
      digits.slice(3),
      `+${digits}`,
      ADDRESS,
      'villa 318',
      encodeURIComponent(ADDRESS),
      buyer.idToken,
      buyer.idToken.split('.')[1]!,
      buyer.token,
      admin.token,
      buyer.token.slice(0, -2),
      'Bearer ',
      'Ndeye',
    ]
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false)
  })
})
