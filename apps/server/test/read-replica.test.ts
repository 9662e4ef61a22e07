// DATABASE_REPLICA_URL (ADR 064) on a real streaming replica (streaming-replica.ts: a primary
// and its replica made by pg_basebackup, started for this file, stopped and deleted after it):
// anonymous catalogue reads go to the replica, a signed-in one to the primary; a replica too far
// behind is bypassed, a catalogue write heard by NOTIFY is never refilled from a replica that
// has not replayed it, and a replica that stops answering costs the shopper nothing.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { createLagClock, lsnBytes } from '../src/db/read-replica.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { buildTestApp, gql, signInStaff, testConfig, type SignedIn, type TestContext } from './helpers.ts'
import { startStreamingPair, type StreamingPair } from './streaming-replica.ts'
import { onServer } from './test-server.ts'

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

  it('answers from the primary without an error while the replica is down, and goes back to it', async () => {
    const product = await makeProduct(database.db, { designation: 'Bouye en poudre' })
    await replayed()
    await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 10_000, interval: 50 }).toBe(1)
    await pair.stopReplica()
    try {
      // The first read meets the replica's ended sessions or refused connections: the primary answers.
      for (let i = 0; i < 3; i++) expect(await nameSeen(app, product.id)).toBe('Bouye en poudre')
      const grid = await gql<{ produitspaginated: { data: unknown[] } }>(app, `{ produitspaginated(page: 1, count: 12) { data { id } } }`)
      expect(grid.status).toBe(200)
      expect(grid.errors).toBeUndefined()
      expect(grid.data!.produitspaginated.data.length).toBeGreaterThan(0)
      expect((await app.inject({ url: '/sitemap.xml' })).statusCode).toBe(200)
      // The primary is what the instance needs: it stays ready.
      expect((await app.inject({ url: '/ready' })).statusCode).toBe(200)
      const down = await replicaMetrics()
      expect(down.inUse).toBe(0)
      expect(down.lag).toBeNaN()
    } finally {
      await pair.startReplica()
    }
    await expect.poll(async () => (await replicaMetrics()).inUse, { timeout: 15_000, interval: 100 }).toBe(1)
    expect(await nameSeen(app, product.id)).toBe('Bouye en poudre')
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
