// What an instance keeps in memory about signed-in customers (ADR 021): the owners of API
// tokens, never used after a revocation, a deletion or a role change, whoever made it; the
// database notifications that tell every instance; and the catalogue's public answers shared
// by signed-in customers with their own likes laid over them.
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { MESSAGES } from '@teranga/shared/server-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKENS_CHANNEL, createTokenOwners } from '../src/modules/auth/token-owners.ts'
import { rateLimitCounters } from '../src/db/schema.ts'
import type { CatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts'
import { createCatalogueService } from '../src/modules/catalogue/catalogue.service.ts'
import { paymentsOfOrder } from '../src/modules/payments/payment-ledger.service.ts'
import database from '../src/plugins/database.ts'
import databaseNotifications, { HEARTBEAT_QUERY } from '../src/plugins/database-notifications.ts'
import { makeProduct } from './factories.ts'
import { anotherInstance, createTestApp, gql, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop?.close())

const ping = (who: SignedIn, app = shop.app) => gql(app, '{ ping }', {}, who.auth)
/** Statements the database ran while `fn` ran. */
async function statements(fn: () => Promise<unknown>) {
  const before = shop.database.stats.queries
  await fn()
  return shop.database.stats.queries - before
}
const listenerPids = async () =>
  ((await shop.db.execute(sql`select pid from pg_stat_activity where application_name = 'teranga-notifications' and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY}) and datname = current_database()`)) as unknown as {
    rows: Array<{ pid: number }>
  }).rows.map((r) => r.pid)

describe('token owners kept in memory', () => {
  it('a signed-in request reads its token from the database once, then from memory', async () => {
    const customer = await signIn(shop.app)
    expect(await statements(() => ping(customer))).toBe(1)
    expect((await ping(customer)).status).toBe(200)
    expect(await statements(() => ping(customer))).toBe(0)
  })

  it('logging out ends the token at once on this instance', async () => {
    const customer = await signIn(shop.app)
    expect((await ping(customer)).status).toBe(200)
    expect((await shop.app.inject({ method: 'POST', url: '/api/logout', headers: customer.auth })).statusCode).toBe(200)
    expect((await ping(customer)).status).toBe(401)
  })

  it('a token revoked or deleted by hand in SQL, or a role changed there, is heard by the NOTIFY', async () => {
    const a = await signIn(shop.app)
    const b = await signIn(shop.app)
    const c = await signIn(shop.app)
    for (const who of [a, b, c]) expect((await ping(who)).status).toBe(200)
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: c.auth })).statusCode).toBe(403)

    await shop.db.execute(sql`update api_tokens set revoked_at = now() where client_id = ${a.userId}`)
    await shop.db.execute(sql`delete from api_tokens where client_id = ${b.userId}`)
    await shop.db.execute(sql`update clients set role_id = (select id from roles where name = 'gestionnaire') where id = ${c.userId}`)

    await expect.poll(async () => (await ping(a)).status, { timeout: 3000, interval: 20 }).toBe(401)
    await expect.poll(async () => (await ping(b)).status, { timeout: 3000, interval: 20 }).toBe(401)
    await expect.poll(async () => (await shop.app.inject({ url: '/api/admin/moi', headers: c.auth })).statusCode, { timeout: 3000, interval: 20 }).toBe(200)
  })

  it('a customer signed out on one instance is signed out on the others', async () => {
    const other = await anotherInstance(shop)
    try {
      const customer = await signIn(shop.app)
      expect((await ping(customer, other)).status).toBe(200)
      expect((await ping(customer, other)).status).toBe(200)
      expect((await shop.app.inject({ method: 'POST', url: '/api/logout/partout', headers: customer.auth })).statusCode).toBe(200)
      expect((await ping(customer)).status).toBe(401)
      await expect.poll(async () => (await ping(customer, other)).status, { timeout: 3000, interval: 20 }).toBe(401)
    } finally {
      await other.close()
    }
  })

  it('while the notifications connection is cut, nothing is kept: a token revoked meanwhile is refused', async () => {
    const customer = await signIn(shop.app)
    expect((await ping(customer)).status).toBe(200)
    // The shop's own listener: the other instance of the test above may still be leaving.
    await expect.poll(async () => (await listenerPids()).length, { timeout: 3000, interval: 20 }).toBe(1)
    const [pid] = await listenerPids()
    await shop.db.execute(sql`select pg_terminate_backend(${pid}::int)`)
    // From the moment the instance knows its connection is gone, each request reads its token
    // again (ADR 021: until then, a change reaches it within the owners' TTL).
    await expect.poll(() => statements(() => ping(customer)), { timeout: 3000, interval: 10 }).toBe(1)
    await shop.db.execute(sql`update api_tokens set revoked_at = now() where client_id = ${customer.userId}`)
    expect((await ping(customer)).status).toBe(401)
    // It connects again (after 2 s) and keeps owners again.
    await expect.poll(async () => (await listenerPids()).length, { timeout: 6000, interval: 50 }).toBe(1)
    const again = await signIn(shop.app)
    await expect.poll(async () => { await ping(again); return statements(() => ping(again)) }, { timeout: 3000, interval: 50 }).toBe(0)
  })
})

describe('bad tokens', () => {
  it('an address presenting too many unknown tokens is refused without a lookup; known tokens still pass', async () => {
    const app = await anotherInstance(shop, { badTokenRateLimit: 3 })
    try {
      // Counted in the database for every instance (ADR 031): the bad tokens the tests above
      // sent from this address would count too.
      await shop.db.delete(rateLimitCounters)
      const customer = await signIn(app)
      expect((await ping(customer, app)).status).toBe(200)
      const bogus = (n: number) => ({ authorization: `Bearer ${'x'.repeat(30)}${n}` })
      for (let n = 0; n < 3; n++) expect((await app.inject({ url: '/api/profile', headers: bogus(n) })).statusCode).toBe(401)
      const refused = await app.inject({ url: '/api/profile', headers: bogus(3) })
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toBe(MESSAGES.tooManyRequests)
      // The rest of the address's minute.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
      expect(await statements(() => gql(app, '{ ping }', {}, bogus(4)))).toBe(0)
      expect((await gql(app, '{ ping }', {}, bogus(5))).errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS')
      // The customer already seen from this address is not held back.
      expect((await ping(customer, app)).status).toBe(200)
      // Visitors without a token are not concerned.
      expect((await app.inject({ url: '/api/categories' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe('the token owners on their own', () => {
  const owner = { id: 7, isadmin: false, role: 'client', expiresAt: new Date(Date.now() + 3_600_000) }

  it('keeps an owner until its TTL or the token expires, and only while it hears changes', async () => {
    let t = 1_000_000
    let lookups = 0
    let hears = true
    const expiresAt = new Date(t + 40_000)
    const owners = createTokenOwners({ lookup: async () => (lookups++, { ...owner, expiresAt }), hearsChanges: () => hears, ttlMs: 30_000, now: () => t })
    await owners.find('h')
    await owners.find('h')
    expect(lookups).toBe(1)
    t += 30_001
    await owners.find('h')
    expect(lookups).toBe(2)
    t += 20_000 // past the token's own expiry, within the TTL of the second lookup
    await owners.find('h')
    expect(lookups).toBe(3)
    hears = false
    await owners.find('h')
    await owners.find('h')
    expect(lookups).toBe(5)
    expect(owners.size()).toBe(0)
  })

  it('does not keep what a lookup read while a change was being told', async () => {
    let release!: () => void
    const owners = createTokenOwners({
      lookup: () => new Promise((resolve) => (release = () => resolve(owner))),
      hearsChanges: () => true,
    })
    const finding = owners.find('h')
    owners.forgetClient(7)
    release()
    expect(await finding).toMatchObject({ id: 7 })
    expect(owners.size()).toBe(0)
  })

  it('forgets a client’s tokens only, whichever of them were pushed out or read again', async () => {
    const ids: Record<string, number> = { a: 1, b: 2, c: 1, d: 1 }
    const owners = createTokenOwners({ lookup: async (hash) => ({ ...owner, id: ids[hash]! }), hearsChanges: () => true, maxEntries: 3 })
    for (const hash of ['a', 'b', 'c', 'd']) await owners.find(hash) // `a` pushed out by `d`
    await owners.find('c') // read from memory, kept
    expect(owners.size()).toBe(3)
    owners.forgetClient(1)
    expect(owners.size()).toBe(1)
    expect(owners.kept('b')).toMatchObject({ id: 2 })
    await owners.find('a')
    owners.forgetClient(1)
    expect(owners.kept('a')).toBeUndefined()
    owners.notified('2')
    expect(owners.size()).toBe(0)
  })

  it('forgets one client on its id, everyone on `*`, and hands out owners nobody can change', async () => {
    const owners = createTokenOwners({ lookup: async (hash) => ({ ...owner, id: hash === 'a' ? 1 : 2 }), hearsChanges: () => true })
    const a = await owners.find('a')
    await owners.find('b')
    expect(Object.isFrozen(a)).toBe(true)
    owners.notified('1')
    expect(owners.size()).toBe(1)
    owners.notified('*')
    expect(owners.size()).toBe(0)
  })
})

describe('database notifications', () => {
  it('calls the handlers of a channel on NOTIFY, resets after its connection was cut, and listens again', async () => {
    const app = Fastify()
    const heard: string[] = []
    let resets = 0
    await app.register(database, { database: shop.database, closeOnShutdown: false })
    await app.register(databaseNotifications, { retryMs: 50 })
    app.notifications.on(TOKENS_CHANNEL, (payload) => heard.push(payload))
    app.notifications.onReset(() => resets++)
    const shops = await listenerPids()
    await app.ready()
    try {
      expect(app.notifications.listening()).toBe(true)
      expect(() => app.notifications.on('later', () => {})).toThrow()
      await shop.db.execute(sql`select pg_notify(${TOKENS_CHANNEL}, '42')`)
      await expect.poll(() => heard, { timeout: 3000, interval: 20 }).toContain('42')
      const before = resets
      // Its own connection only: the shop's stays up.
      const pids = (await listenerPids()).filter((pid) => !shops.includes(pid))
      expect(pids).toHaveLength(1)
      await shop.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(pids.map((p) => sql`${p}::int`), sql`, `)})`)
      await expect.poll(() => resets, { timeout: 3000, interval: 20 }).toBeGreaterThan(before)
      await expect.poll(() => app.notifications.listening(), { timeout: 3000, interval: 20 }).toBe(true)
      await shop.db.execute(sql`select pg_notify(${TOKENS_CHANNEL}, '43')`)
      await expect.poll(() => heard, { timeout: 3000, interval: 20 }).toContain('43')
    } finally {
      await app.close()
    }
  })
})

describe('the catalogue for signed-in customers', () => {
  const grid = `query($sc: Int){ produitspaginated(page: 1, count: 12, categorie_id: $sc){ data { id like quantite } } }`

  it('shares the public page and reads only the customer’s likes, which show at once', async () => {
    const p = await makeProduct(shop.db)
    const customer = await signIn(shop.app)
    const likeOf = async () => (await gql(shop.app, grid, { sc: p.souscategorieId }, customer.auth)).data!.produitspaginated.data.find((r: { id: number }) => r.id === p.id)
    expect((await likeOf()).like).toBe(0)
    // The page is kept: a signed-in request costs one statement, its likes. (Polled: the
    // product's own NOTIFY may empty the cache after the first request.)
    await expect.poll(() => statements(likeOf), { timeout: 3000, interval: 20 }).toBe(1)
    expect((await shop.app.inject({ method: 'POST', url: '/api/favorie', headers: customer.auth, payload: { client: customer.userId, produit: p.id } })).statusCode).toBeLessThan(300)
    expect((await likeOf()).like).toBe(1)
    // Another customer shares the page, not the like.
    const other = await signIn(shop.app)
    const theirs = (await gql(shop.app, grid, { sc: p.souscategorieId }, other.auth)).data!.produitspaginated.data.find((r: { id: number }) => r.id === p.id)
    expect(theirs.like).toBe(0)
  })
})

describe('the catalogue’s public answers kept in memory', () => {
  const row = (id: number) => ({ id, designation: `P${id}`, description: null, code: `C${id}`, prix: 100, quantite: 1, unite: 'kg', image: null, like: 0, scId: 1, scDesignation: 'S', scImage: null, catId: 1, catDesignation: 'C' })

  it('hold 20,000 products at most: searches a visitor varies push the oldest pages out', async () => {
    let reads = 0
    const repo = {
      productPage: async () => {
        reads++
        return { rows: Array.from({ length: 100 }, (_, i) => row(i + 1)), total: 1000 }
      },
    } as unknown as CatalogueRepository
    const service = createCatalogueService(repo, { publicTtlMs: 60_000, countsAsSale: paymentsOfOrder.countsAsSale })
    const search = (n: number) => service.productPage({ page: 1, count: 100, designation: `mot${n}` }, null)
    await search(0)
    await search(0)
    expect(reads).toBe(1)
    for (let n = 1; n <= 250; n++) await search(n)
    expect(reads).toBe(251)
    await search(250)
    expect(reads).toBe(251)
    await search(0)
    expect(reads).toBe(252)
  })
})
