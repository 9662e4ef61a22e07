// DATABASE_REPLICA_URL (ADR 064) on a real streaming replica (streaming-replica.ts: a primary
// and its replica made by pg_basebackup, started for this file, stopped and deleted after it):
// anonymous catalogue reads go to the replica, a signed-in one to the primary; a replica too far
// behind is bypassed, a catalogue write heard by NOTIFY is never refilled from a replica that
// has not replayed it, and a replica that stops answering costs the shopper nothing.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { createLagClock, lsnBytes, replicaReads, replicaTrouble, type ReadReplica } from '../src/db/read-replica.ts'
import { makeProduct, makeProductWithVariants, makeSubcategory } from './factories.ts'
import { buildTestApp, gql, signInStaff, testConfig, type SignedIn, type TestContext } from './helpers.ts'
import { startStreamingPair, type StreamingPair } from './streaming-replica.ts'
import { databaseUrl, onServer } from './test-server.ts'

const METRICS_TOKEN = 'replica-metrics-token-0123456789'
/** The lag beyond which the first instance stops reading the replica. */
const MAX_LAG = 3

let pair: StreamingPair
let database: Database
let app: FastifyInstance

beforeAll(async () => {
  pair = await startStreamingPair()
  database = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: 10, replica: { url: pair.replicaUrl, maxLagSeconds: MAX_LAG, checkEveryMs: 100 } })
  // No anonymous cache: every read reaches a database, so that where it went shows.
  app = await buildTestApp(database, { config: testConfig({ METRICS_TOKEN }), catalogueCacheTtl: 0 })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await database?.close()
  await pair?.stop()
})

const PRODUCT = `query($id:Int!){ produits(id:$id){ id designation } }`

async function nameSeen(on: FastifyInstance, id: number, headers: Record<string, string> = {}) {
  const res = await gql<{ produits: { designation: string } }>(on, PRODUCT, { id }, headers)
  expect(res.status).toBe(200)
  expect(res.errors).toBeUndefined()
  return res.data!.produits.designation
}

async function replicaMetrics(on: FastifyInstance = app) {
  const res = await on.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  expect(res.statusCode).toBe(200)
  const value = (name: string) => {
    const line = res.body.split('\n').find((l) => l.startsWith(`${name} `))
    return line === undefined ? undefined : Number(line.split(' ')[1])
  }
  return { inUse: value('teranga_db_replica_in_use'), lag: value('teranga_db_replica_lag_seconds') }
}

/** Waits until the replica has replayed everything the primary holds now. */
async function replayed() {
  const result = await database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`)
  const lsn = (result as unknown as { rows: Array<{ lsn: string }> }).rows[0]!.lsn
  await expect.poll(async () => (await onReplica('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn]))[0]!.ok, { timeout: 10_000, interval: 50 }).toBe(true)
}

/** A statement on the replica, on a connection of its own (the replica is stopped in a test). */
const onReplica = (text: string, values: unknown[] = []) => onServer(pair.replicaUrl, async (c) => (await c.query(text, values)).rows)
const pauseReplay = () => onReplica('select pg_wal_replay_pause()')
const resumeReplay = () => onReplica('select pg_wal_replay_resume()')
/** A change written on the primary behind the shop's back: no NOTIFY, so only the lag can tell. */
const renameQuietly = (id: number, designation: string) => database.db.execute(sql`update produits set designation = ${designation} where id = ${id}`)

/** Statements `fn` sent to each server, counted by the pools of `on` (the lag checks have connections of their own). */
async function statementsOf<T>(fn: () => Promise<T>, on: Database = database) {
  const [primary, replica] = [on.stats.queries, on.replica!.stats.queries]
  const result = await fn()
  return { result, primary: on.stats.queries - primary, replica: on.replica!.stats.queries - replica }
}

/** Checks until the replica is read (caught up with this instance's start, within its lag, no fence). */
async function usable(replica: ReadReplica) {
  await expect
    .poll(
      async () => {
        await replica.check()
        return replica.usable()
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true)
}

/** Another instance on the same primary and replica, with its own pools (no anonymous cache). */
async function instance(replica: { maxLagSeconds: number; checkEveryMs: number; poolSize?: number }) {
  const lines: string[] = []
  const db = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: replica.poolSize ?? 4, replica: { url: pair.replicaUrl, ...replica, log: (line) => lines.push(line) } })
  const on = await buildTestApp(db, { config: testConfig({ METRICS_TOKEN }), catalogueCacheTtl: 0 })
  return {
    db,
    app: on,
    lines,
    close: async () => {
      await on.close()
      await db.close()
    },
  }
}

describe('read replica (DATABASE_REPLICA_URL)', () => {
  let staff: { admin: SignedIn; customer: SignedIn }
  beforeAll(async () => {
    staff = await signInStaff({ app, database, db: database.db } as TestContext)
  })

  it('reads the anonymous catalogue on the replica and a signed-in customer on the primary', async () => {
    const product = await makeProduct(database.db, { designation: 'Thiakry nature' })
    await replayed()
    await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 10_000, interval: 50 }).toBe(1)
    expect(await nameSeen(app, product.id)).toBe('Thiakry nature')

    await pauseReplay()
    try {
      await renameQuietly(product.id, 'Thiakry à la vanille')
      // Within the allowed lag the replica answers, as it was: the anonymous read was its.
      expect(await nameSeen(app, product.id)).toBe('Thiakry nature')
      // The signed-in customer's read is the primary's.
      expect(await nameSeen(app, product.id, staff.customer.auth)).toBe('Thiakry à la vanille')

      // Beyond the allowed lag, measured on WAL positions, the anonymous reads go to the primary.
      await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 15_000, interval: 100 }).toBe(0)
      expect((await replicaMetrics()).lag).toBeGreaterThan(MAX_LAG)
      expect(await nameSeen(app, product.id)).toBe('Thiakry à la vanille')
    } finally {
      await resumeReplay()
    }
    // Caught up, the replica is read again, and an idle primary shows no lag.
    await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 10_000, interval: 50 }).toBe(1)
    expect((await replicaMetrics()).lag).toBeLessThanOrEqual(MAX_LAG)
    expect(await nameSeen(app, product.id)).toBe('Thiakry à la vanille')
  })

  it('sends each anonymous catalogue read to the replica, and the signed-in ones to the primary (statements counted on each)', async () => {
    const sc = await makeSubcategory(database.db)
    const product = await makeProductWithVariants(database.db, 'Taille', [{ valeur: '500 g', prix: 1500, quantite: 5 }, { valeur: '1 kg', prix: 2800, quantite: 5 }], { designation: 'Arachides grillées', souscategorieId: sc.id })
    await makeProduct(database.db, { designation: 'Arachides salées', souscategorieId: sc.id })
    await replayed()
    await usable(database.replica!)
    const ok = (res: { status: number; errors?: unknown }) => {
      expect(res.status).toBe(200)
      expect(res.errors).toBeUndefined()
    }
    const anonymous = {
      grid: () => gql<{ produitspaginated: { data: Array<{ id: number }> } }>(app, `query($c:Int){ produitspaginated(page: 1, count: 12, categorie_id: $c) { data { id designation } } }`, { c: sc.id }),
      search: () => gql<{ produitspaginated: { data: Array<{ id: number }> } }>(app, `{ produitspaginated(page: 1, count: 12, designation: "arachides") { data { id designation } } }`),
      product: () => gql<{ produits: { variantes: unknown[] } }>(app, `query($id:Int!){ produits(id:$id){ id designation variantes { id designation prix } } }`, { id: product.id }),
      similar: () => gql(app, `query($id:Int){ produitsimilairespaginated(page: 1, count: 6, produit_id: $id) { data { id } } }`, { id: product.id }),
    }
    for (const [name, read] of Object.entries(anonymous)) {
      const counted = await statementsOf(read)
      ok(counted.result)
      expect({ name, replica: counted.replica > 0, primary: counted.primary }).toEqual({ name, replica: true, primary: 0 })
    }
    const grid = await statementsOf(anonymous.grid)
    expect(grid.result.data!.produitspaginated.data.map((p) => p.id)).toContain(product.id)
    expect((await statementsOf(anonymous.search)).result.data!.produitspaginated.data.map((p) => p.id)).toContain(product.id)
    // The variants are read with the product, on the replica: two statements there, none on the primary.
    const page = await statementsOf(anonymous.product)
    expect(page.result.data!.produits.variantes).toHaveLength(2)
    expect(page).toMatchObject({ replica: 2, primary: 0 })
    const sitemap = await statementsOf(() => app.inject({ url: '/sitemap.xml' }))
    expect(sitemap.result.statusCode).toBe(200)
    expect(sitemap.result.body).toContain(`/${product.id}`)
    // Its catalogue addresses (sub-categories, the products and their count) on the replica; the
    // shop's own pages are the content module's, read on the primary (ADR 064): one statement.
    expect(sitemap.replica).toBeGreaterThanOrEqual(3)
    expect(sitemap.primary).toBe(1)
    // Close spellings are the instance's own memory: neither server is asked.
    const spellings = await statementsOf(() => gql(app, `{ orthographes(q: "arachydes") }`))
    ok(spellings.result)
    expect(spellings).toMatchObject({ replica: 0, primary: 0 })

    // Signed in, the same reads are the primary's (their likes too).
    const auth = staff.customer.auth
    for (const read of [
      () => gql(app, `query($c:Int){ produitspaginated(page: 1, count: 12, categorie_id: $c) { data { id like } } }`, { c: sc.id }, auth),
      () => gql(app, `{ produitspaginated(page: 1, count: 12, designation: "arachides") { data { id } } }`, {}, auth),
      () => gql(app, `query($id:Int!){ produits(id:$id){ id variantes { id } } }`, { id: product.id }, auth),
    ]) {
      const counted = await statementsOf(read)
      ok(counted.result)
      expect(counted.replica).toBe(0)
      expect(counted.primary).toBeGreaterThan(0)
    }
  })

  it('refills a cache emptied by a back-office write from the primary while the replica has not replayed it', async () => {
    // Another instance, with its own pools and a long cache: only the write's fence can keep it
    // from caching the replica's old answer (its lag allowance is far above this test's length).
    const other = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: 4, replica: { url: pair.replicaUrl, maxLagSeconds: 60, checkEveryMs: 100 } })
    const second = await buildTestApp(other, { config: testConfig({ METRICS_TOKEN }), catalogueCacheTtl: 60 })
    try {
      const sc = await makeSubcategory(database.db)
      const product = await makeProduct(database.db, { designation: 'Mangue Kent', souscategorieId: sc.id })
      await replayed()
      await expect.poll(async () => (await replicaMetrics(second)).inUse, { timeout: 10_000, interval: 50 }).toBe(1)
      expect(await nameSeen(second, product.id)).toBe('Mangue Kent')

      await pauseReplay()
      try {
        const saved = await app.inject({
          method: 'PUT',
          url: `/api/produit/${product.id}`,
          headers: staff.admin.auth,
          payload: { designation: 'Mangue Kent bio', prix: 1800, unite: 'kg', categorie_id: sc.id },
        })
        expect(saved.statusCode).toBe(200)
        // The NOTIFY empties the second instance's cache; its refill reads the primary.
        await expect.poll(() => nameSeen(second, product.id), { timeout: 5000, interval: 50 }).toBe('Mangue Kent bio')
        expect((await replicaMetrics(second)).inUse).toBe(0)
        expect(await onReplica('select designation from produits where id = $1', [product.id])).toEqual([{ designation: 'Mangue Kent' }])
      } finally {
        await resumeReplay()
      }
      // Once the replica has replayed the write, the second instance reads it again.
      await expect.poll(async () => (await replicaMetrics(second)).inUse, { timeout: 10_000, interval: 50 }).toBe(1)
    } finally {
      await second.close()
      await other.close()
    }
  })

  it("never answers a signed-in customer with an answer an anonymous read kept from the replica", async () => {
    // Another instance with a long cache and a lag allowance far above this test's length: the
    // replica stays in use while its replay is paused.
    const other = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: 4, replica: { url: pair.replicaUrl, maxLagSeconds: 60, checkEveryMs: 100 } })
    const second = await buildTestApp(other, { config: testConfig({ METRICS_TOKEN }), catalogueCacheTtl: 60 })
    try {
      const product = await makeProduct(database.db, { designation: 'Bissap rouge' })
      await replayed()
      await expect.poll(async () => (await replicaMetrics(second)).inUse, { timeout: 10_000, interval: 50 }).toBe(1)
      await pauseReplay()
      try {
        // Written without a NOTIFY: no cache is emptied, the replica has not replayed it.
        await renameQuietly(product.id, 'Bissap blanc')
        // The anonymous read is the replica's, and is kept.
        expect(await nameSeen(second, product.id)).toBe('Bissap rouge')
        expect(await nameSeen(second, product.id)).toBe('Bissap rouge')
        expect((await replicaMetrics(second)).inUse).toBe(1)
        // The signed-in customer's, twice (the second from what the first kept): the primary's.
        expect(await nameSeen(second, product.id, staff.customer.auth)).toBe('Bissap blanc')
        expect(await nameSeen(second, product.id, staff.customer.auth)).toBe('Bissap blanc')
      } finally {
        await resumeReplay()
      }
    } finally {
      await second.close()
      await other.close()
    }
  })

  it('answers from the primary without an error when a read meets the replica down, and goes back to it', async () => {
    const product = await makeProduct(database.db, { designation: 'Bouye en poudre' })
    await replayed()
    // An instance that checks only when asked: the reads themselves meet the stopped replica,
    // so only the fallback in the read can answer them (without it, each would be an error).
    const other = await instance({ maxLagSeconds: 60, checkEveryMs: 3_600_000 })
    try {
      await usable(other.db.replica!)
      expect(await nameSeen(other.app, product.id)).toBe('Bouye en poudre')
      await pair.stopReplica()
      try {
        expect(other.db.replica!.usable()).toBe(true)
        const grid = await statementsOf(() => gql<{ produitspaginated: { data: Array<{ id: number }> } }>(other.app, `{ produitspaginated(page: 1, count: 100, designation: "bouye") { data { id } } }`), other.db)
        expect(grid.result.status).toBe(200)
        expect(grid.result.errors).toBeUndefined()
        expect(grid.result.data!.produitspaginated.data.map((p) => p.id)).toContain(product.id)
        expect(grid.primary).toBeGreaterThan(0)
        // Set aside by that read: the next ones go to the primary straight away.
        expect(other.db.replica!.status()).toEqual({ lagSeconds: null, inUse: false })
        expect(other.lines.at(-1)).toMatch(/^read replica set aside: it does not answer/)
        expect(await nameSeen(other.app, product.id)).toBe('Bouye en poudre')
        expect((await other.app.inject({ url: '/sitemap.xml' })).statusCode).toBe(200)
        // The primary is what the instance needs: it stays ready.
        expect((await other.app.inject({ url: '/ready' })).statusCode).toBe(200)
        // The instance that checks every 100 ms sees it too.
        await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 10_000, interval: 50 }).toBe(0)
        expect((await replicaMetrics()).lag).toBeNaN()
        expect(await nameSeen(app, product.id)).toBe('Bouye en poudre')
      } finally {
        await pair.startReplica()
      }
      await usable(other.db.replica!)
      expect((await statementsOf(() => nameSeen(other.app, product.id), other.db)).replica).toBeGreaterThan(0)
    } finally {
      await other.close()
    }
    await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 15_000, interval: 100 }).toBe(1)
    expect(await nameSeen(app, product.id)).toBe('Bouye en poudre')
  })

  it('answers a read from the primary while every connection of the replica is busy, and keeps the replica in use', async () => {
    const product = await makeProduct(database.db, { designation: 'Yassa' })
    await replayed()
    const other = await instance({ maxLagSeconds: 60, checkEveryMs: 100, poolSize: 2 })
    try {
      await usable(other.db.replica!)
      await pauseReplay()
      try {
        await renameQuietly(product.id, 'Yassa au poulet')
        // The replica's answer is the old name, the primary's the new one.
        expect(await nameSeen(other.app, product.id)).toBe('Yassa')
        // Two slow statements take both connections of the replica's pool.
        const held = Promise.all([1, 2].map(() => other.db.replica!.db.execute(sql`select pg_sleep(3)`)))
        await expect
          .poll(async () => (await onReplica(`select count(*)::int as n from pg_stat_activity where application_name = 'teranga-replica-reads' and query like 'select pg_sleep%'`))[0]!.n, { timeout: 5000, interval: 50 })
          .toBe(2)
        // A read that waits its second for a connection is answered by the primary.
        expect(await nameSeen(other.app, product.id)).toBe('Yassa au poulet')
        // The lag is measured on a connection of its own: the replica stays in use.
        await other.db.replica!.check()
        expect(other.db.replica!.status().inUse).toBe(true)
        await held
        expect(await nameSeen(other.app, product.id)).toBe('Yassa')
        expect(other.lines).toEqual(['read replica in use for the anonymous catalogue reads'])
      } finally {
        await resumeReplay()
      }
    } finally {
      await other.close()
    }
  })

  it('does not read a replica that has not replayed the primary position of the instance start, however small its lag looks', async () => {
    const product = await makeProduct(database.db, { designation: 'Ditakh' })
    await replayed()
    await pauseReplay()
    let other: Awaited<ReturnType<typeof instance>> | undefined
    try {
      await renameQuietly(product.id, 'Ditakh frais')
      other = await instance({ maxLagSeconds: 60, checkEveryMs: 100 })
      for (let i = 0; i < 3; i++) await other.db.replica!.check()
      // How far behind it was at the start is unknown: its lag is unknown, it is not read.
      expect(other.db.replica!.status()).toEqual({ lagSeconds: null, inUse: false })
      expect(other.lines).toEqual(["read replica not used yet: it has not replayed the primary's position of this start; the catalogue reads go to the primary"])
      expect(await nameSeen(other.app, product.id)).toBe('Ditakh frais')
    } finally {
      await resumeReplay()
    }
    try {
      await usable(other.db.replica!)
      const seen = await statementsOf(() => nameSeen(other!.app, product.id), other.db)
      expect(seen).toMatchObject({ result: 'Ditakh frais', primary: 0 })
      expect(seen.replica).toBeGreaterThan(0)
    } finally {
      await other.close()
    }
  })

  it('throws a SQL error of the replica as the primary would, without running it again there or setting the replica aside', async () => {
    await usable(database.replica!)
    const reads = replicaReads(database.db, database.replica, (db) => db)
    const counted = await statementsOf(() => reads.read((db) => db.execute(sql`select 1 / 0 as n`)).then(() => 'answered', (error: unknown) => error))
    expect((counted.result as { cause?: { code?: string } }).cause?.code).toBe('22012')
    expect(counted).toMatchObject({ replica: 1, primary: 0 })
    expect(database.replica!.usable()).toBe(true)
    // The server ends a statement that runs too long, and searches match close words as on the primary.
    const settings = await reads.read((db) => db.execute(sql`select current_setting('statement_timeout') as timeout, current_setting('pg_trgm.word_similarity_threshold') as threshold`))
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([{ timeout: '10s', threshold: '0.5' }])
  })

  it('refuses a replica of another cluster with a log line, and serves from the primary', async () => {
    const lines: string[] = []
    // The suite's own server: a PostgreSQL that is not this primary's replica.
    const stranger = await openDatabase({
      databaseUrl: pair.primaryUrl,
      poolSize: 1,
      replica: { url: databaseUrl(inject('testServerUrl'), 'postgres'), maxLagSeconds: 60, checkEveryMs: 3_600_000, log: (line) => lines.push(line) },
    })
    try {
      await stranger.replica!.check()
      await stranger.replica!.check()
      expect(stranger.replica!.status()).toEqual({ lagSeconds: null, inUse: false })
      expect(lines).toEqual(['read replica refused: DATABASE_REPLICA_URL is not a replica of DATABASE_URL (another system_identifier); the catalogue reads go to the primary'])
      const reads = replicaReads(stranger.db, stranger.replica, (db) => db)
      const counted = await statementsOf(() => reads.read((db) => db.execute(sql`select 1 as n`)), stranger)
      expect(counted).toMatchObject({ replica: 0, primary: 1 })
    } finally {
      await stranger.close()
    }
  })
})

describe('a failed read on the replica', () => {
  const sqlError = (code: string, message = 'error') => Object.assign(new Error(message), { code })
  /** As Drizzle throws it: its own error, the driver's as the cause. */
  const wrapped = (cause: Error) => new Error('Failed query: select …', { cause })
  it('is busy on a full pool, down on a lost connection, a shutdown or a recovery conflict, and else thrown', () => {
    expect(replicaTrouble(wrapped(new Error('timeout exceeded when trying to connect')))).toBe('busy')
    for (const down of [
      sqlError('57P01', 'terminating connection due to administrator command'),
      sqlError('57P03', 'the database system is starting up'),
      sqlError('08006'),
      sqlError('53300', 'sorry, too many clients already'),
      sqlError('40001', 'canceling statement due to conflict with recovery'),
      sqlError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'),
      sqlError('ECONNRESET'),
      sqlError('EPIPE'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
    ]) {
      expect([down.message, replicaTrouble(wrapped(down))]).toEqual([down.message, 'down'])
      expect(replicaTrouble(down)).toBe('down')
    }
    for (const thrown of [sqlError('22012', 'division by zero'), sqlError('57014', 'canceling statement due to statement timeout'), sqlError('42703'), new TypeError('x is undefined')]) {
      expect([thrown.message, replicaTrouble(wrapped(thrown))]).toEqual([thrown.message, null])
    }
  })
})

describe('the lag, measured on WAL positions', () => {
  it('is 0 on an idle primary however old its last write, and counts from the first position not replayed', () => {
    const clock = createLagClock()
    const at = (s: number) => 1_000_000 + s * 1000
    clock.primaryAt(lsnBytes('0/3000060'), at(0))
    // Nothing written for a minute: the replica that replayed it all is not behind.
    clock.primaryAt(lsnBytes('0/3000060'), at(60))
    expect(clock.lagAt(lsnBytes('0/3000060'), at(60))).toBe(0)
    // Writes at 61 s and 62 s not replayed: behind since 61 s.
    clock.primaryAt(lsnBytes('0/3000100'), at(61))
    clock.primaryAt(lsnBytes('0/4000000'), at(62))
    expect(clock.lagAt(lsnBytes('0/3000060'), at(64))).toBe(3)
    expect(clock.lagAt(lsnBytes('0/3000100'), at(64))).toBe(2)
    expect(clock.lagAt(lsnBytes('0/4000000'), at(64))).toBe(0)
    expect(lsnBytes('1/0') > lsnBytes('0/FFFFFFFF')).toBe(true)
  })

  it('is unknown until the replica has replayed the first position noted, then known for good', () => {
    const clock = createLagClock()
    const at = (s: number) => 1_000_000 + s * 1000
    // Unknown before any position of the primary is noted.
    expect(clock.lagAt(lsnBytes('0/3000000'), at(0))).toBeNull()
    // The instance starts while the replica is far behind: its lag is not 0 but unknown.
    clock.primaryAt(lsnBytes('0/5000000'), at(0))
    expect(clock.lagAt(lsnBytes('0/3000000'), at(0))).toBeNull()
    clock.primaryAt(lsnBytes('0/5000000'), at(10))
    expect(clock.lagAt(lsnBytes('0/4FFFFFF'), at(10))).toBeNull()
    expect(clock.lagAt(lsnBytes('0/5000000'), at(11))).toBe(0)
    clock.primaryAt(lsnBytes('0/6000000'), at(12))
    expect(clock.lagAt(lsnBytes('0/5000000'), at(20))).toBe(8)
  })
})

describe('DATABASE_REPLICA_URL', () => {
  it('is read with its lag allowance, and refused without DATABASE_URL or when it is not a PostgreSQL URL', () => {
    const base = { FIREBASE_PROJECT_ID: 'demo-teranga', DATABASE_URL: 'postgres://teranga@db1/teranga' }
    expect(loadConfig(base).replica).toBeUndefined()
    expect(loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://teranga@db2/teranga' }).replica).toEqual({ url: 'postgres://teranga@db2/teranga', maxLagSeconds: 5 })
    expect(loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://teranga@db2/teranga', DATABASE_REPLICA_MAX_LAG_SECONDS: '2' }).replica?.maxLagSeconds).toBe(2)
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: 'mysql://db2/teranga' })).toThrow(
      new ConfigError('Invalid configuration: DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL'),
    )
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://teranga@db2/teranga', DATABASE_REPLICA_MAX_LAG_SECONDS: '0' })).toThrow(/^Invalid configuration: DATABASE_REPLICA_MAX_LAG_SECONDS /)
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-teranga', DATABASE_REPLICA_URL: 'postgres://teranga@db2/teranga' })).toThrow(
      new ConfigError('Invalid configuration: DATABASE_URL is required when DATABASE_REPLICA_URL is set (a replica of the embedded server is not supported)'),
    )
  })
})
