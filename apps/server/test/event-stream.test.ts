// The back office's live stream ends with the session that opened it (issue 16 §1): logout,
// logging out everywhere, a staff role taken away in SQL, a change made on another instance,
// and the token's expiry all close it; someone else's logout does not.
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens } from '../src/db/schema.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import { HEARTBEAT_QUERY } from '../src/plugins/database-notifications.ts'
import { grantRole, makeProduct, placeHomeOrder } from './factories.ts'
import { anotherInstance, createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let address: string
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ customer } = await signInStaff(shop))
  address = await shop.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => shop?.close())

/** Another session of the same account: a second token. */
async function signInAgain(app: FastifyInstance, who: SignedIn): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: who.idToken } })
  expect(res.statusCode, res.body).toBe(200)
  const token = res.json().token as string
  return { ...who, token, auth: { authorization: `Bearer ${token}` } }
}

/** A staff member signed in anew, with a role (each test its own, so streams never mix). */
async function newManager(): Promise<SignedIn> {
  const staff = await signIn(shop.app)
  await grantRole(shop.db, staff.userId, 'gestionnaire')
  return staff
}

/** An open stream, read as it comes. */
async function open(who: Pick<SignedIn, 'auth'>, base = address) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/admin/evenements`, { headers: who.auth, signal: controller.signal })
  expect(res.status).toBe(200)
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let ended = false
  // A read still waiting when `until` gives up is kept for the next call: its chunk is not lost.
  let pending: ReturnType<typeof reader.read> | null = null
  /** Reads until `match` shows up or the stream ends (or `ms` pass); whether it ended. */
  const until = async (match: (text: string) => boolean, ms = 5000) => {
    const deadline = Date.now() + ms
    while (!ended && !match(text) && Date.now() < deadline) {
      pending ??= reader.read()
      const chunk = await Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))])
      if (!chunk) break
      pending = null
      if (chunk.done) ended = true
      else text += decoder.decode(chunk.value, { stream: true })
    }
    return { text, ended }
  }
  // The stream has said hello: it is subscribed.
  await until((t) => t.includes(': connecté'))
  return {
    until,
    /** Waits for the server to end the stream. */
    end: (ms = 5000) => until(() => false, ms),
    abort: () => controller.abort(),
  }
}

async function place(buyer: SignedIn) {
  const produit = await makeProduct(shop.db, { prix: 1500, quantite: 10 })
  const res = await placeHomeOrder(shop.app, shop.db, buyer, [[produit.id, 1]])
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande.numerocommande as string
}

describe('GET /api/admin/evenements ends with its session', () => {
  it('logout closes the stream of that token, not the same person’s other session', async () => {
    const staff = await newManager()
    const other = await signInAgain(shop.app, staff)
    const stream = await open(staff)
    const kept = await open(other)

    const out = await shop.app.inject({ method: 'POST', url: '/api/logout', headers: staff.auth })
    expect(out.statusCode).toBe(200)
    expect((await stream.end()).ended).toBe(true)

    const numero = await place(customer)
    const seen = await kept.until((t) => t.includes(numero))
    expect(seen.ended).toBe(false)
    expect(seen.text).toContain(`"numero":"${numero}"`)
    kept.abort()
    expect((await fetch(`${address}/api/admin/evenements`, { headers: staff.auth })).status).toBe(401)
  })

  it('logout everywhere closes every stream of the account', async () => {
    const staff = await newManager()
    const other = await signInAgain(shop.app, staff)
    const streams = [await open(staff), await open(other)]
    const out = await shop.app.inject({ method: 'POST', url: '/api/logout/partout', headers: staff.auth })
    expect(out.statusCode, out.body).toBe(200)
    for (const stream of streams) expect((await stream.end()).ended).toBe(true)
  })

  it('a staff role taken away in SQL closes the stream; a role kept does not', async () => {
    const staff = await newManager()
    const stream = await open(staff)
    // A change that leaves the staff role is checked and keeps the stream.
    await shop.db.execute(sql`update clients set role_id = (select id from roles where name = 'admin') where id = ${staff.userId}`)
    const numero = await place(customer)
    const still = await stream.until((t) => t.includes(numero))
    expect(still.ended).toBe(false)

    await shop.db.execute(sql`update clients set role_id = (select id from roles where name = 'client') where id = ${staff.userId}`)
    expect((await stream.end()).ended).toBe(true)
    expect((await fetch(`${address}/api/admin/evenements`, { headers: staff.auth })).status).toBe(403)
  })

  it('a change to the roles themselves (NOTIFY *) checks every stream: a role that stops being staff closes it', async () => {
    const staff = await newManager()
    const stream = await open(staff)
    await shop.db.execute(sql`update roles set name = 'ancien_gestionnaire' where name = 'gestionnaire'`)
    try {
      expect((await stream.end()).ended).toBe(true)
    } finally {
      await shop.db.execute(sql`update roles set name = 'gestionnaire' where name = 'ancien_gestionnaire'`)
    }
  })

  it('a token revoked in SQL closes the stream', async () => {
    const staff = await newManager()
    const stream = await open(staff)
    await shop.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.tokenHash, hashToken(staff.token)))
    expect((await stream.end()).ended).toBe(true)
  })

  it('another customer’s or staff member’s logout does not close it', async () => {
    const staff = await newManager()
    const colleague = await newManager()
    const stream = await open(staff)
    const colleagueStream = await open(colleague)
    const shopper = await signIn(shop.app)

    expect((await shop.app.inject({ method: 'POST', url: '/api/logout', headers: shopper.auth })).statusCode).toBe(200)
    expect((await shop.app.inject({ method: 'POST', url: '/api/logout', headers: colleague.auth })).statusCode).toBe(200)
    expect((await colleagueStream.end()).ended).toBe(true)

    const numero = await place(customer)
    const seen = await stream.until((t) => t.includes(numero))
    expect(seen.ended).toBe(false)
    expect(seen.text).toContain(`"numero":"${numero}"`)
    stream.abort()
  })

  it('a logout on another instance closes the stream on this one', async () => {
    const second = await anotherInstance(shop)
    try {
      const secondAddress = await second.listen({ port: 0, host: '127.0.0.1' })
      const staff = await newManager()
      const here = await open(staff, secondAddress)
      const out = await shop.app.inject({ method: 'POST', url: '/api/logout', headers: staff.auth })
      expect(out.statusCode).toBe(200)
      expect((await here.end()).ended).toBe(true)
    } finally {
      await second.close()
    }
  })

  it('when the instance loses its notifications connection, the stream carries on: an order placed meanwhile arrives once it is back, with no resync (ADR 066)', async () => {
    const staff = await newManager()
    const stream = await open(staff)
    const listeners = async () =>
      ((await shop.db.execute(sql`select pid from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)) as unknown as { rows: Array<{ pid: number }> }).rows
    await expect.poll(async () => (await listeners()).length, { timeout: 3000, interval: 20 }).toBe(1)
    await shop.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)
    await expect.poll(async () => (await listeners()).length, { timeout: 3000, interval: 10 }).toBe(0)
    // Placed while nobody listens (the connection is opened again after 2 s).
    const during = await place(customer)
    const told = await stream.until((t) => t.includes(during), 8000)
    expect(told.ended).toBe(false)
    expect(told.text.split(`"numero":"${during}"`)).toHaveLength(2)
    expect(await listeners()).toHaveLength(1)
    const numero = await place(customer)
    const after = await stream.until((t) => t.includes(numero))
    expect(after.text).toContain(`"numero":"${numero}"`)
    expect(after.text.split(`"numero":"${during}"`)).toHaveLength(2)
    expect(after.text).not.toContain('event: resync')
    stream.abort()
  })

  it('a role taken away while the connection was down: the catch-up does not reach that stream before its token is checked again; it ends without the backlog, a colleague’s stream gets it once checked (ADR 066)', async () => {
    // An instance that opens its connection again 4 s after a loss: time to change things meanwhile.
    const second = await anotherInstance(shop, { notificationsRetryMs: 4000 })
    const locker = new pg.Client({ connectionString: shop.database.url })
    await locker.connect()
    const heard: string[] = []
    const off = second.orderEvents.on('placed', (e) => void heard.push(e.numero))
    try {
      const secondAddress = await second.listen({ port: 0, host: '127.0.0.1' })
      const [removed, kept] = [await newManager(), await newManager()]
      const [gone, staying] = [await open(removed, secondAddress), await open(kept, secondAddress)]
      const listening = async () =>
        ((await shop.db.execute(sql`select count(*)::int as n from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
      await expect.poll(listening, { timeout: 3000, interval: 20 }).toBe(2)
      await shop.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)
      await expect.poll(listening, { timeout: 3000, interval: 10 }).toBe(0)
      // Unheard by the second instance: the role goes, an order is placed.
      await shop.db.execute(sql`update clients set role_id = (select id from roles where name = 'client') where id = ${removed.userId}`)
      const during = await place(customer)
      // The token checks of the reconnection wait on the roles; the catch-up's reads do not.
      await locker.query('begin')
      await locker.query('lock table roles in access exclusive mode')
      await expect.poll(() => heard.includes(during), { timeout: 10_000, interval: 20 }).toBe(true)
      expect((await gone.until((t) => t.includes(during), 300)).text).not.toContain(during)
      expect((await staying.until((t) => t.includes(during), 300)).text).not.toContain(during)
      await locker.query('commit')
      const ended = await gone.end()
      expect(ended.ended).toBe(true)
      expect(ended.text).not.toContain(during)
      const told = await staying.until((t) => t.includes(during))
      expect(told.ended).toBe(false)
      expect(told.text.split(`"numero":"${during}"`)).toHaveLength(2)
      staying.abort()
    } finally {
      off()
      await locker.query('rollback').catch(() => {})
      await locker.end()
      await second.close()
    }
  })

  it('a loss longer than the catch-up bound: the stream says resync (the back office reads its lists again), then carries events again', async () => {
    // An instance whose bound (1 s) is shorter than its reconnection (2 s).
    const second = await anotherInstance(shop, { orderEventsCatchUp: { maxOutageMs: 1000 } })
    try {
      const secondAddress = await second.listen({ port: 0, host: '127.0.0.1' })
      const staff = await newManager()
      const stream = await open(staff, secondAddress)
      const listening = async () =>
        ((await shop.db.execute(sql`select count(*)::int as n from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
      await expect.poll(listening, { timeout: 3000, interval: 20 }).toBe(2)
      await shop.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)
      await expect.poll(listening, { timeout: 3000, interval: 10 }).toBe(0)
      const during = await place(customer)
      const told = await stream.until((t) => t.includes('event: resync'), 8000)
      expect(told.ended).toBe(false)
      expect(told.text).toContain('event: resync\ndata: {}\n\n')
      expect(told.text).not.toContain(during)
      const numero = await place(customer)
      expect((await stream.until((t) => t.includes(numero))).text).toContain(`"numero":"${numero}"`)
      stream.abort()
    } finally {
      await second.close()
    }
  })

  it('the stream ends when its token expires', async () => {
    const staff = await newManager()
    // A token with two seconds to live, as if signed in a month ago.
    const token = randomBytes(32).toString('base64url')
    const expiresAt = Date.now() + 2000
    await shop.db.insert(apiTokens).values({ clientId: staff.userId, tokenHash: hashToken(token), expiresAt: new Date(expiresAt) })
    const stream = await open({ auth: { authorization: `Bearer ${token}` } })
    const numero = await place(customer)
    expect((await stream.until((t) => t.includes(numero))).ended).toBe(false)
    expect((await stream.end(6000)).ended).toBe(true)
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt)
  })
})
