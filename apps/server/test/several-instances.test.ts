// Two instances of the shop on one PostgreSQL, each listening on its own port and serving at
// once, as behind the load balancer (issue 17, ADR 031): orders and payment webhooks spread
// over both, no overselling, a catalogue change on one seen on the other, an order placed on
// one in a back-office stream opened on the other, and the limits that protect money and
// identity counted once for both.
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { EVENT_STREAMS_PER_STAFF, ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { MESSAGES } from '@teranga/shared/server-messages'
import Fastify from 'fastify'
import { buildApp, type AppOptions } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { commandes, modelivraisons, modepaiements, produits, rateLimitPlaces } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import databasePlugin from '../src/plugins/database.ts'
import sharedLimits from '../src/plugins/shared-limits.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { createEmulatorUser, freshDatabase, gql, signIn, testConfig, type SignedIn } from './helpers.ts'

interface Instance {
  app: FastifyInstance
  url: string
}

let database: Database
let drop: () => Promise<void>
let a: Instance
let b: Instance
let admin: SignedIn
let manager: SignedIn
const ids = { domicile: 0, cash: 0, wave: 0 }

/** One instance on the shared database, listening on `port`, configured as the others (the same keys, the load balancer's PUBLIC_URL). */
async function start(port: number, config: Config, options: Partial<AppOptions> = {}): Promise<Instance> {
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  const app = await buildApp({ config, database, verifier, webRoot: null, adminRoot: null, signInRateLimit: 1000, graphqlRateLimit: 100_000, expireOrdersEveryMs: 0, sweepMediaEveryMs: 0, catalogueCacheTtl: 60, ...options })
  return { app, url: await app.listen({ port, host: '127.0.0.1' }) }
}

beforeAll(async () => {
  ;({ database, drop } = await freshDatabase())
  const [portA, portB] = [await freePort(), await freePort()]
  // The payment provider calls back the public address, which here is B's: webhooks for A's orders arrive on B.
  // One configuration for both (the payment sandbox's keys are shared through the database anyway, ADR 066).
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${portB}` })
  a = await start(portA, config)
  b = await start(portB, config)
  ;[admin, manager] = await Promise.all([signIn(a.app), signIn(b.app)])
  await database.db.execute(sql`update clients set role_id = (select id from roles where name = 'admin') where id = ${admin.userId}`)
  await database.db.execute(sql`update clients set role_id = (select id from roles where name = 'gestionnaire') where id = ${manager.userId}`)
  ids.domicile = (await database.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  const modes = await database.db.select().from(modepaiements)
  ids.cash = modes.find((m) => m.code === 'CASH')!.id
  ids.wave = modes.find((m) => m.code === 'WAVE')!.id
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.app.close(), b?.app.close()])
  await database?.close()
  await drop?.()
})

const json = { 'content-type': 'application/json' }
const post = (on: Instance, path: string, who: SignedIn | null, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${on.url}${path}`, { method: 'POST', headers: { ...json, ...(who?.auth ?? {}), ...headers }, body: JSON.stringify(body) })
const addToCart = (on: Instance, who: SignedIn, produit: number, quantite = 1) => post(on, '/api/panier', who, { user: who.userId, produit, quantite, action: 0 })
const order = (on: Instance, who: SignedIn, modepaiement = ids.cash) =>
  post(on, '/api/commande', who, { modelivraison: ids.domicile, modepaiement, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' })
const stockOf = async (id: number) => (await database.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q

/** A back-office event stream, read as it comes. */
async function openStream(on: Instance, who: SignedIn) {
  const controller = new AbortController()
  const res = await fetch(`${on.url}/api/admin/evenements`, { headers: who.auth, signal: controller.signal })
  const reader = res.status === 200 ? res.body!.getReader() : null
  const decoder = new TextDecoder()
  let text = ''
  return {
    status: res.status,
    res,
    /** Reads until `match` shows up in what came. */
    async until(match: (text: string) => boolean) {
      while (!match(text)) {
        const chunk = await reader!.read()
        if (chunk.done) throw new Error(`the stream ended before: ${text}`)
        text += decoder.decode(chunk.value, { stream: true })
      }
      return text
    },
    close: () => controller.abort(),
  }
}

describe('orders over two instances', () => {
  it('50 customers racing for the last 10 units, half on each instance: exactly 10 orders, stock 0, never below', async () => {
    const p = await makeProduct(database.db, { designation: 'Bissap rouge', quantite: 10 })
    const customers = await Promise.all(Array.from({ length: 50 }, (_, n) => signIn(n % 2 ? b.app : a.app)))
    for (const [n, customer] of customers.entries()) expect((await addToCart(n % 2 ? a : b, customer, p.id)).status).toBe(200)
    const answers = await Promise.all(customers.map((customer, n) => order(n % 2 ? b : a, customer)))
    const codes = answers.map((r) => r.status)
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    expect(codes.filter((c) => c === 409)).toHaveLength(40)
    // Both instances placed some: the race was between them, not inside one.
    expect(new Set(answers.flatMap((r, n) => (r.status === 201 ? [n % 2] : []))).size).toBe(2)
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.insufficientStock('Bissap rouge', 0))
    }
    expect(await stockOf(p.id)).toBe(0)
    const sold = (await database.db.execute(sql`select coalesce(sum(quantite), 0)::int as n from detail_commandes where produit_id = ${p.id}`)) as unknown as { rows: Array<{ n: number }> }
    expect(sold.rows[0]!.n).toBe(10)
  }, 180_000)

  it("an order placed and paid for on A: the provider's webhook arrives on B, which marks it paid", async () => {
    const customer = await signIn(a.app)
    const p = await makeProduct(database.db, { prix: 3000, quantite: 5 })
    expect((await addToCart(a, customer, p.id, 2)).status).toBe(200)
    const placed = await order(a, customer, ids.wave)
    expect(placed.status).toBe(201)
    const numero = ((await placed.json()) as { commande: { numerocommande: string } }).commande.numerocommande
    const started = await post(a, `/api/commande/${numero}/paiement`, customer, {})
    expect(started.status).toBe(200)
    const { url } = (await started.json()) as { url: string }
    expect(url.startsWith(b.url)).toBe(true)
    const pressed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'approve' }).toString(),
      redirect: 'manual',
    })
    expect(pressed.status).toBe(303)
    const [row] = await database.db.select().from(commandes).where(eq(commandes.numerocommande, numero))
    expect(row!.etat).toBe('payee')
    const read = await fetch(`${a.url}/api/commande/${numero}`, { headers: customer.auth })
    expect(((await read.json()) as { commande: { etat: string } }).commande.etat).toBe('payee')
  })

  it('an order placed through A shows in a back-office stream opened on B, and its moves made on B in one opened on A, in order', async () => {
    const onB = await openStream(b, manager)
    const onA = await openStream(a, manager)
    try {
      expect([onB.status, onA.status]).toEqual([200, 200])
      await Promise.all([onB.until((t) => t.includes(': connecté')), onA.until((t) => t.includes(': connecté'))])
      const customer = await signIn(a.app)
      const p = await makeProduct(database.db, { prix: 1500, quantite: 10 })
      expect((await addToCart(a, customer, p.id)).status).toBe(200)
      const placed = await order(a, customer)
      expect(placed.status).toBe(201)
      const numero = ((await placed.json()) as { commande: { numerocommande: string } }).commande.numerocommande
      const placedEvent = `event: commande\ndata: ${JSON.stringify({ type: 'placed', numero, etat: 'en_attente' })}\n\n`
      expect(await onB.until((t) => t.includes(placedEvent))).toContain(placedEvent)

      for (const etat of ['confirmee', 'en_preparation']) expect((await post(b, `/api/commande/${numero}/etat`, admin, { etat })).status).toBe(200)
      const text = await onA.until((t) => t.includes(JSON.stringify({ type: 'state', numero, etat: 'en_preparation' })))
      // Each event once, in the order the changes were made, on the instance that did not make them.
      const mine = text.split('\n').filter((line) => line.startsWith('data: ') && line.includes(numero))
      expect(mine).toEqual([
        `data: ${JSON.stringify({ type: 'placed', numero, etat: 'en_attente' })}`,
        `data: ${JSON.stringify({ type: 'state', numero, etat: 'confirmee' })}`,
        `data: ${JSON.stringify({ type: 'state', numero, etat: 'en_preparation' })}`,
      ])
    } finally {
      onB.close()
      onA.close()
    }
  })
})

describe('the catalogue over two instances', () => {
  it('a product added on A shows in the anonymous catalogue B has cached, as soon as the NOTIFY arrives', async () => {
    const search = `query($d:String){ produitspaginated(page:1, count:10, designation:$d){ data { id designation } } }`
    const sc = await makeSubcategory(database.db)
    expect((await gql(b.app, search, { d: 'Thiakry' })).data!.produitspaginated.data).toEqual([])
    await expect.poll(async () => (await gql(b.app, search, { d: 'Thiakry' })).res.headers['x-cache'], { timeout: 3000, interval: 20 }).toBe('HIT')
    const created = await post(a, '/api/produit', admin, { designation: 'Thiakry vanillé', prix: 800, qte: 5, unite: 'pot', categorie_id: sc.id })
    expect(created.status).toBe(201)
    await expect.poll(async () => (await gql(b.app, search, { d: 'Thiakry' })).data!.produitspaginated.data.length, { timeout: 3000, interval: 20 }).toBe(1)
  })
})

describe('the limits that protect money and identity hold across both instances', () => {
  /** Two more instances on the same database with tight limits, asked alternately. */
  let tight: [FastifyInstance, FastifyInstance]
  const limits = { signInRateLimit: 3, signInAccountRateLimit: 2, badTokenRateLimit: 3, orderRateLimit: 2 }
  beforeAll(async () => {
    const config = testConfig()
    const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
    const make = () => buildApp({ config, database, verifier, webRoot: null, adminRoot: null, graphqlRateLimit: 100_000, expireOrdersEveryMs: 0, sweepMediaEveryMs: 0, ...limits })
    tight = [await make(), await make()]
  })
  afterAll(async () => {
    await Promise.all(tight?.map((app) => app.close()) ?? [])
  })
  const on = (n: number) => tight[n % 2]!

  it('sign-in attempts from one address, split over both: refused at the same total as on one instance', async () => {
    const statuses = []
    for (let n = 0; n < 5; n++) {
      statuses.push((await on(n).inject({ method: 'POST', url: '/api/sociallogin', remoteAddress: '10.20.0.1', payload: { idToken: 'x'.repeat(40) } })).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    // Another address is not held back.
    expect((await on(0).inject({ method: 'POST', url: '/api/sociallogin', remoteAddress: '10.20.0.2', payload: { idToken: 'x'.repeat(40) } })).statusCode).toBe(401)
  })

  it("one account's sign-ins, from two addresses on two instances: its own ceiling", async () => {
    const user = await createEmulatorUser()
    const attempt = (n: number) => on(n).inject({ method: 'POST', url: '/api/sociallogin', remoteAddress: `10.21.0.${n}`, payload: { idToken: user.idToken } })
    expect((await attempt(0)).statusCode).toBe(200)
    expect((await attempt(1)).statusCode).toBe(200)
    const third = await attempt(2)
    expect(third.statusCode).toBe(429)
    expect(third.json()).toEqual({ message: MESSAGES.signInTooManyAttempts })
  })

  it('bad tokens from one address, split over both: the same ceiling; past it, Retry-After and no lookup on either', async () => {
    const bogus = (n: number) => ({ authorization: `Bearer ${'y'.repeat(30)}${n}` })
    const ask = (n: number) => on(n).inject({ url: '/api/profile', remoteAddress: '10.22.0.1', headers: bogus(n) })
    for (let n = 0; n < 3; n++) expect((await ask(n)).statusCode).toBe(401)
    const refused = await ask(3)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(MESSAGES.tooManyRequests)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await ask(4)).statusCode).toBe(429)
  })

  it("one customer's orders, split over both: refused past the minute's ceiling, in French", async () => {
    const customer = await signIn(a.app)
    // Empty cart: refused (409), but each request counts.
    const place = (n: number) => on(n).inject({ method: 'POST', url: '/api/commande', headers: customer.auth, payload: { modelivraison: ids.domicile, modepaiement: ids.cash, adresseliv: 'Rue 10, Mermoz', zone: 'Mermoz', tel: '771234567' } })
    expect((await place(0)).statusCode).toBe(409)
    expect((await place(1)).statusCode).toBe(409)
    const limited = await place(2)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(MESSAGES.orderRateLimited)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it(`${EVENT_STREAMS_PER_STAFF} event streams per staff member over both instances; one closed frees a place on the other`, async () => {
    const staff = await signIn(a.app)
    await database.db.execute(sql`update clients set role_id = (select id from roles where name = 'gestionnaire') where id = ${staff.userId}`)
    const open = []
    for (let n = 0; n < EVENT_STREAMS_PER_STAFF; n++) {
      const stream = await openStream(n % 2 ? b : a, staff)
      expect(stream.status).toBe(200)
      await stream.until((t) => t.includes(': connecté'))
      open.push(stream)
    }
    try {
      for (const instance of [a, b]) {
        const refused = await openStream(instance, staff)
        expect(refused.status).toBe(429)
        expect(((await refused.res.json()) as { message: string }).message).toBe(ORDERS_MESSAGES.tooManyStreams)
      }
      // A stream closed on A gives its place back: B opens one (once A has heard the close).
      open.shift()!.close()
      const places = async () => (await database.db.select().from(rateLimitPlaces).where(eq(rateLimitPlaces.key, String(staff.userId)))).length
      await expect.poll(places, { timeout: 5000, interval: 20 }).toBe(EVENT_STREAMS_PER_STAFF - 1)
      const reopened = await openStream(b, staff)
      expect(reopened.status).toBe(200)
      open.push(reopened)
    } finally {
      for (const stream of open) stream.close()
    }
  })

  it("a place whose instance died without giving it back stops counting once unrenewed; the sweep deletes what ended", async () => {
    const key = `mort-${Date.now()}`
    // The limits of two more instances, on their own: one dies holding the only place.
    const limitsOf = async () => {
      const app = Fastify()
      await app.register(databasePlugin, { database, closeOnShutdown: false })
      await app.register(sharedLimits, { sweepEveryMs: 0 })
      await app.ready()
      onTestFinished(() => app.close())
      return app.limits
    }
    const dead = await limitsOf()
    const alive = await limitsOf()
    // A place of 2 s: long enough that a loaded machine still asks again before it ends.
    expect(await dead.take('essai', key, 1, 2000)).not.toBeNull()
    expect(await alive.take('essai', key, 1, 2000)).toBeNull()
    // Never renewed nor given back: it stops counting once its time is up.
    await expect.poll(async () => (await alive.take('essai', key, 1, 60_000)) !== null, { timeout: 10_000, interval: 100 }).toBe(true)
    // Ended windows and expired places go at the sweep; live ones stay.
    await alive.hit('essai', key, 10, 1)
    await alive.hit('essai-long', key, 10, 60_000)
    await expect
      .poll(async () => {
        await alive.sweep()
        const { rows } = (await database.db.execute(
          sql`select 'fenêtre ' || name as n from rate_limit_counters where key = ${key} union all select 'place ' || name from rate_limit_places where key = ${key}`,
        )) as unknown as { rows: Array<{ n: string }> }
        return rows.map((r) => r.n).sort()
      }, { timeout: 5000, interval: 50 })
      .toEqual(['fenêtre essai-long', 'place essai'])
  })
})
