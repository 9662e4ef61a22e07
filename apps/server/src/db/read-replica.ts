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
  /** Called with each new connection of the replica's pool (the statement counter). */
  onConnect?: (client: pg.PoolClient) => void
}

export interface ReplicaStatus {
  /** Seconds of the primary's writes the replica has not replayed; null when it could not be measured. */
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
  /** A read on the replica failed: reads go to the primary until a check finds it well. */
  failed(): void
  /** Measures the lag now (and every `checkEveryMs`); never throws. */
  check(): Promise<void>
  status(): ReplicaStatus
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
 */
export function createLagClock() {
  const samples: Array<{ at: number; lsn: bigint }> = []
  return {
    primaryAt(lsn: bigint, at: number) {
      samples.push({ at, lsn })
      if (samples.length > MAX_SAMPLES) samples.shift()
    },
    /** The lag in seconds once the replica has replayed up to `replayed`. */
    lagAt(replayed: bigint, now: number): number {
      while (samples.length > 0 && samples[0]!.lsn <= replayed) samples.shift()
      return samples.length === 0 ? 0 : (now - samples[0]!.at) / 1000
    },
  }
}

export function openReadReplica(primary: pg.Pool, options: ReplicaOptions): ReadReplica {
  const log = options.log ?? (() => {})
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: 'teranga-replica-reads',
    options: '-c pg_trgm.word_similarity_threshold=0.5',
    // A replica that does not answer is given up quickly: the primary answers instead.
    connectionTimeoutMillis: 1000,
    query_timeout: 10_000,
  })
  pool.on('error', () => {})
  if (options.onConnect) pool.on('connect', options.onConnect)
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const clock = createLagClock()
  let healthy = false
  let lagSeconds: number | null = null
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
  let told: 'in use' | 'down' | 'behind' | undefined
  function note() {
    const inUse = usable()
    const state = !healthy ? 'down' : lagSeconds !== null && lagSeconds > options.maxLagSeconds ? 'behind' : 'in use'
    if (state === told || (state === 'in use' && !inUse)) return
    told = state
    log(
      state === 'in use'
        ? 'read replica in use for the anonymous catalogue reads'
        : state === 'down'
          ? 'read replica set aside: it does not answer; the catalogue reads go to the primary'
          : `read replica set aside: ${lagSeconds!.toFixed(1)} s behind; the catalogue reads go to the primary`,
    )
  }

  async function measure() {
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
      const { rows } = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
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
    close: async () => {
      if (closed) return
      closed = true
      clearInterval(timer)
      await running
      await pool.end()
    },
  }
}

/**
 * A repository over the replica and the same over the primary: `read` runs `fn` on the replica's
 * while it is usable, and on the primary's when it is not or when the replica's read fails (the
 * shopper sees no error). Without a replica both are the primary's.
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
        replica.failed()
        return fn(primary)
      }
    },
  }
}
