// The streaming replica of DATABASE_REPLICA_URL (ADR 064): a second pool that the anonymous
// catalogue reads use while the replica answers, has replayed the primary's writes of the last
// few seconds, and has replayed every catalogue write this instance has heard of.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db, Executor } from './client.ts'
import { AppError } from '../lib/errors.ts'
import * as schema from './schema.ts'

export interface ReplicaOptions {
  url: string
  /** Beyond this lag the reads go to the primary (DATABASE_REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number
  /** How often the lag is measured (1 s). */
  checkEveryMs?: number
  poolSize?: number
  /** Told when the replica starts or stops being used, and why (no address, no password). */
  log?: (line: string) => void
  /** The `-c` settings of the primary's sessions (the search threshold), given to the replica's too. */
  sessionOptions?: string
}

export interface ReplicaStatus {
  /**
   * Seconds of the primary's writes the replica has not replayed; null when it could not be
   * measured (no answer, or, after the instance starts, until the replica has replayed the
   * primary's position of then).
   */
  lagSeconds: number | null
  /** Whether anonymous catalogue reads go to the replica now. */
  inUse: boolean
}

export interface ReadReplica {
  db: Db
  /** Whether a read may go to the replica now. */
  usable(): boolean
  /**
   * A catalogue write committed (this instance's, or another's heard by NOTIFY): reads go to the
   * primary until the replica has replayed the primary's WAL up to where it is now, so that a
   * cache emptied by the write is not filled again with what the write replaced.
   */
  fence(): void
  /** The replica's connection failed (lost, shut down, recovery conflict): reads go to the primary until a check finds it well. */
  failed(): void
  /** Measures the lag now (and every `checkEveryMs`); never throws. */
  check(): Promise<void>
  status(): ReplicaStatus
  /** Statements sent on the replica's read pool (the lag checks have a connection of their own). */
  stats: { queries: number }
  close(): Promise<void>
}

/** A pg_lsn (`16/B374D848`) as a number of bytes, to compare two positions. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/** How many of the primary's positions are remembered at most (an hour of checks at 1 s). */
const MAX_SAMPLES = 3600

/**
 * The lag is measured on WAL positions, not on `pg_last_xact_replay_timestamp()` (which grows
 * on an idle primary without any lag): at each check the primary's position is noted with the
 * time; the lag is how long ago the primary was at a position the replica has not replayed yet.
 * Before the replica has replayed the first position noted, how far behind it was then is
 * unknown (an hour as well as nothing): the lag is unknown (null) until it has.
 */
export function createLagClock() {
  const samples: Array<{ at: number; lsn: bigint }> = []
  let first: bigint | null = null
  let known = false
  return {
    primaryAt(lsn: bigint, at: number) {
      first ??= lsn
      samples.push({ at, lsn })
      if (samples.length > MAX_SAMPLES) samples.shift()
    },
    /** The lag in seconds once the replica has replayed up to `replayed`; null while unknown. */
    lagAt(replayed: bigint, now: number): number | null {
      if (!known) {
        if (first === null || replayed < first) return null
        known = true
      }
      while (samples.length > 0 && samples[0]!.lsn <= replayed) samples.shift()
      return samples.length === 0 ? 0 : (now - samples[0]!.at) / 1000
    },
  }
}

/** What a failed read on the replica says of it. */
export type ReplicaTrouble =
  /** Every connection of its pool busy for the whole wait: this read goes to the primary, the replica stays in use. */
  | 'busy'
  /** Its connection is lost or refused, it shuts down, or replay cancelled the read: the read goes to the primary, the replica is set aside. */
  | 'down'
  /** Anything else (a SQL error, the statement timeout): the primary would say the same; thrown as it is. */
  | null

// SQLSTATE classes and codes that speak of the replica, not of the statement: connection
// exceptions (08), operator intervention (57P01-05: shutdown, not yet accepting connections),
// insufficient resources (53: too many connections), and replay cancelling a read (« conflict
// with recovery »: 40001, or 40P01 for a buffer pin deadlock; no other deadlock on a read-only server).
const REPLICA_STATES = /^(08|57P|53)/
const RECOVERY_CONFLICTS = new Set(['40001', '40P01'])
// node-postgres's own errors for a connection that is gone or does not answer.
const CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed|Query read timeout)/

export function replicaTrouble(error: unknown): ReplicaTrouble {
  // Drizzle wraps the driver's error in its own (`cause`).
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message === 'timeout exceeded when trying to connect') return 'busy'
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') {
      // A system error's code (ECONNREFUSED, EPIPE: no SQLSTATE class starts with E), else a
      // server's SQLSTATE (five digits and capitals).
      if (/^E[A-Z]+$/.test(code)) return 'down'
      if (/^[0-9A-Z]{5}$/.test(code)) return REPLICA_STATES.test(code) || RECOVERY_CONFLICTS.has(code) ? 'down' : null
    }
    if (CONNECTION_MESSAGES.test(e.message)) return 'down'
  }
  return null
}

/** How long a catalogue statement may run on the replica: the server cancels it beyond (57014, thrown as is). */
export const REPLICA_STATEMENT_TIMEOUT_MS = 10_000

export function openReadReplica(primaryUrl: string, options: ReplicaOptions): ReadReplica {
  const log = options.log ?? (() => {})
  const settings = `${options.sessionOptions ?? ''} -c statement_timeout=${REPLICA_STATEMENT_TIMEOUT_MS}`.trim()
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: 'teranga-replica-reads',
    options: settings,
    // A replica that does not answer is given up quickly: the primary answers instead. The same
    // wait bounds a read waiting for a free connection of a busy pool: that one read goes to the
    // primary, the replica stays in use (replicaTrouble: 'busy').
    connectionTimeoutMillis: 1000,
    // Past the server's statement_timeout, a silent replica: its connection is taken as lost.
    query_timeout: REPLICA_STATEMENT_TIMEOUT_MS + 5000,
  })
  pool.on('error', () => {})
  const stats = { queries: 0 }
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      stats.queries++
      return query(...args)
    }
  })
  // The checks' own connections, one on each server: a pool full of slow searches must not make
  // them wait, time out and set the replica aside, nor note the primary's position late.
  const lagProbe = (url: string) => {
    const probe = new pg.Pool({ connectionString: url, max: 1, application_name: 'teranga-replica-lag', connectionTimeoutMillis: 1000, query_timeout: 5000 })
    probe.on('error', () => {})
    return probe
  }
  const probe = lagProbe(options.url)
  const primary = lagProbe(primaryUrl)
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const clock = createLagClock()
  let healthy = false
  let lagSeconds: number | null = null
  // The replica's cluster, checked once against the primary's: a replica of another is never read.
  let sameCluster: boolean | undefined
  // Fences asked (catalogue writes heard) and fences set (the primary's position read after them).
  let fencesAsked = 0
  let fencesSet = 0
  let fenceLsn: bigint | null = null
  let running: Promise<void> | undefined
  let again = false
  let closed = false

  const usable = () => healthy && lagSeconds !== null && lagSeconds <= options.maxLagSeconds && fencesAsked === fencesSet && fenceLsn === null

  // Told when the replica goes down, falls behind or comes back; a write's fence, lifted within
  // a moment, is not worth a line.
  let told: 'in use' | 'down' | 'behind' | 'catching up' | 'refused' | undefined
  function note() {
    const inUse = usable()
    const state =
      sameCluster === false ? 'refused'
      : !healthy ? 'down'
      : lagSeconds === null ? 'catching up'
      : lagSeconds > options.maxLagSeconds ? 'behind'
      : 'in use'
    if (state === told || (state === 'in use' && !inUse)) return
    told = state
    log(
      state === 'in use'
        ? 'read replica in use for the anonymous catalogue reads'
        : state === 'refused'
          ? 'read replica refused: DATABASE_REPLICA_URL is not a replica of DATABASE_URL (another system_identifier); the catalogue reads go to the primary'
          : state === 'down'
            ? 'read replica set aside: it does not answer; the catalogue reads go to the primary'
            : state === 'catching up'
              ? "read replica not used yet: it has not replayed the primary's position of this start; the catalogue reads go to the primary"
              : `read replica set aside: ${lagSeconds!.toFixed(1)} s behind; the catalogue reads go to the primary`,
    )
  }

  const identifier = async (on: pg.Pool) => (await on.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]!.id

  async function measure() {
    if (sameCluster === false) return
    const asked = fencesAsked
    let primaryLsn: bigint
    try {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      primaryLsn = lsnBytes(rows[0]!.lsn)
    } catch {
      // Without the primary there is nothing to compare with; the reads fail there anyway.
      return
    }
    clock.primaryAt(primaryLsn, Date.now())
    if (asked > fencesSet) {
      fenceLsn = fenceLsn !== null && fenceLsn > primaryLsn ? fenceLsn : primaryLsn
      fencesSet = asked
    }
    try {
      if (sameCluster === undefined) {
        const [theirs, ours] = await Promise.all([identifier(probe), identifier(primary)])
        sameCluster = theirs === ours
        if (!sameCluster) {
          healthy = false
          lagSeconds = null
          return
        }
      }
      const { rows } = await probe.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
      const replayed = rows[0]?.lsn
      // A server that is not in recovery (promoted, or not a replica at all) is not used.
      if (!replayed) throw new Error('not a replica')
      const at = lsnBytes(replayed)
      healthy = true
      lagSeconds = clock.lagAt(at, Date.now())
      if (fenceLsn !== null && at >= fenceLsn) fenceLsn = null
    } catch {
      healthy = false
      lagSeconds = null
    }
  }

  function check(): Promise<void> {
    if (closed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await measure()
        note()
      } while (again && !closed)
    })().finally(() => (running = undefined))
    return running
  }

  const timer = setInterval(() => void check(), options.checkEveryMs ?? 1000)
  timer.unref()
  void check()

  return {
    db,
    usable,
    fence() {
      fencesAsked++
      note()
      void check()
    },
    failed() {
      healthy = false
      lagSeconds = null
      note()
    },
    check,
    status: () => ({ lagSeconds, inUse: usable() }),
    stats,
    close: async () => {
      if (closed) return
      closed = true
      clearInterval(timer)
      await running
      await Promise.all([pool.end(), probe.end(), primary.end()])
    },
  }
}

/**
 * A repository over the replica and the same over the primary: `read` runs `fn` on the replica's
 * while it is usable, and on the primary's when it is not. A read the replica cannot answer (its
 * pool busy for the whole wait, its connection lost, replay cancelling it) is answered by the
 * primary, the shopper sees no error; any other error (a SQL error, the statement timeout) is
 * thrown as the primary would throw it, not run a second time. Without a replica both are the
 * primary's.
 */
export function replicaReads<R>(primaryDb: Executor, replica: ReadReplica | null, make: (db: Executor) => R) {
  const primary = make(primaryDb)
  const onReplica = replica ? make(replica.db) : null
  return {
    primary,
    async read<T>(fn: (repo: R) => Promise<T>): Promise<T> {
      if (!replica || !onReplica || !replica.usable()) return fn(primary)
      try {
        return await fn(onReplica)
      } catch (error) {
        // An answer of ours (a 404, a 400) is the same on the primary.
        if (error instanceof AppError) throw error
        const trouble = replicaTrouble(error)
        if (trouble === null) throw error
        if (trouble === 'down') replica.failed()
        return fn(primary)
      }
    },
  }
}
