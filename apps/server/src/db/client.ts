// Opens the database: PostgreSQL through a pool, either the embedded server the shop starts
// under DATA_DIR or the one DATABASE_URL names. Drizzle, migrations and a round-trip counter.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import Cursor from 'pg-cursor'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import { MIGRATIONS_DIR } from '../paths.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import { openReadReplica, type ReadReplica } from './read-replica.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | '$with' | 'with'>

export interface Database {
  db: Db
  /** `embedded`: the server the shop started under DATA_DIR; `external`: DATABASE_URL. */
  kind: 'embedded' | 'external'
  /** The connection URL, for clients kept outside the pool (the catalogue listener's LISTEN). */
  url: string
  /** Statements sent to the database since it was opened (for benchmarks and budgets). */
  stats: { queries: number }
  /** DATABASE_REPLICA_URL's streaming replica, for the anonymous catalogue reads (ADR 064); null without one. */
  replica: ReadReplica | null
  migrate(): Promise<void>
  /** Runs `fn` while holding a cluster-wide lock, so concurrent boots migrate and seed once. */
  withBootLock<T>(fn: () => Promise<T>): Promise<T>
  ping(): Promise<void>
  /** The migrations of this build (its journal) the database has not applied: their tags (GET /ready). */
  pendingMigrations(): Promise<string[]>
  /** The pool's connections now (GET /metrics). */
  poolStats(): { total: number; idle: number; waiting: number; max: number }
  /** Tells `listener` how long each query or transaction waited for a connection; answers the unsubscribe. */
  onPoolCheckout(listener: (waitSeconds: number) => void): () => void
  /**
   * Reads a statement's rows `batch` at a time through a server-side cursor on a connection of
   * its own (pg-cursor), for the exports (ADR 060): the rows are never all in memory. The
   * connection goes back to the pool when the loop ends, breaks or throws.
   */
  cursor<T>(query: SQL, batch: number): AsyncGenerator<T[], void, undefined>
  /** The cursor's reads (batches fetched) since the database was opened. */
  cursorReads: { count: number }
  /** Closes the pool, then stops the embedded server if this handle started it. */
  close(): Promise<void>
}

const dialect = new PgDialect()

export { MIGRATIONS_DIR }

// Search matches on words that are close, not only identical (a typo still finds "Café").
const SEARCH_THRESHOLD = '0.5'
/** The read replica's session settings (ADR 064): it is reached directly, never through PgBouncer; the primary's pool sets the threshold by a statement at connect (ADR 065). */
const SESSION_OPTIONS = `-c pg_trgm.word_similarity_threshold=${SEARCH_THRESHOLD}`

export interface OpenOptions {
  databaseUrl: string
  poolSize?: number
  kind?: Database['kind']
  /** Called after the pool is closed (the embedded server's stop). */
  onClose?: () => Promise<void>
  /** A streaming replica of the database for the anonymous catalogue reads (ADR 064). */
  replica?: { url: string; maxLagSeconds: number; checkEveryMs?: number; log?: (line: string) => void }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.kind ?? 'external', options.onClose, options.replica)
}

/**
 * The shop's database: DATABASE_URL when set, else the embedded PostgreSQL server under
 * DATA_DIR, started here and stopped by `close()`.
 */
export async function openShopDatabase(
  config: { databaseUrl: string | undefined; dataDir: string; databasePoolSize?: number; replica?: { url: string; maxLagSeconds: number } | undefined },
  log?: (line: string) => void,
  replicaLog?: (line: string) => void,
): Promise<Database> {
  const poolSize = config.databasePoolSize
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl, poolSize, replica: config.replica && { ...config.replica, log: replicaLog } })
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log })
  try {
    return await openDatabase({ databaseUrl: server.url, kind: 'embedded', poolSize, onClose: server.stop })
  } catch (error) {
    await server.stop()
    throw error
  }
}

async function openPostgres(url: string, max: number, kind: Database['kind'], onClose?: () => Promise<void>, replicaOptions?: OpenOptions['replica']): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    // The search's threshold, set by a statement on each new connection rather than the `options`
    // startup parameter, which PgBouncer does not forward (ADR 065): the shop searches the same
    // through it with nothing set on the database. The pool awaits it before handing the
    // connection out (a failure fails that checkout), and it runs before the counter below wraps
    // `query`: one statement per connection, never counted per order.
    onConnect: (client) => client.query(`SET pg_trgm.word_similarity_threshold = ${SEARCH_THRESHOLD}`),
  })
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const stats = { queries: 0 }
  pool.on('connect', (client) => countCalls(client, ['query'], stats))
  const checkouts = timeCheckouts(pool)
  const db = drizzlePg(pool, { schema }) as unknown as Db
  // The replica's statements are counted apart (`replica.stats`): `stats` is the primary's.
  const replica = replicaOptions ? openReadReplica(url, { ...replicaOptions, poolSize: max, sessionOptions: SESSION_OPTIONS }) : null
  let closed = false
  const cursorReads = { count: 0 }
  return {
    db,
    kind,
    url,
    stats,
    replica,
    cursorReads,
    cursor: async function* <T>(query: SQL, batch: number) {
      const { sql: text, params } = dialect.sqlToQuery(query)
      const client = await pool.connect()
      let broken = false
      try {
        const cursor = client.query(new Cursor<T>(text, params))
        try {
          for (;;) {
            cursorReads.count++
            const rows = await cursor.read(batch)
            if (rows.length === 0) return
            yield rows
            if (rows.length < batch) return
          }
        } finally {
          await cursor.close().catch(() => {
            broken = true
          })
        }
      } catch (error) {
        broken = true
        throw error
      } finally {
        // A connection whose cursor failed is not handed to the next request.
        client.release(broken)
      }
    },
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    withBootLock: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock(827364501)')
        return await fn()
      } finally {
        await client.query('select pg_advisory_unlock(827364501)').catch(() => {})
        client.release()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    pendingMigrations: async () => {
      // Drizzle records each applied migration with its journal entry's `when` as created_at.
      const { rows } = await pool.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations')
      const applied = new Set(rows.map((r) => String(r.created_at)))
      return migrationJournal()
        .filter((entry) => !applied.has(String(entry.when)))
        .map((entry) => entry.tag)
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    onPoolCheckout: (listener) => {
      checkouts.add(listener)
      return () => void checkouts.delete(listener)
    },
    close: async () => {
      if (closed) return
      closed = true
      try {
        await replica?.close()
        await pool.end()
      } finally {
        await onClose?.()
      }
    },
  }
}

let journal: Array<{ tag: string; when: number }> | undefined
/** The migrations this build carries (drizzle-kit's journal), read once. */
function migrationJournal() {
  journal ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> }).entries
  return journal
}

/** Times every checkout of a connection (pool.query takes one too): the listeners hear how long it waited. */
function timeCheckouts(pool: pg.Pool) {
  const listeners = new Set<(seconds: number) => void>()
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown
  const heard = (started: number) => {
    const seconds = (performance.now() - started) / 1000
    for (const listener of listeners) listener(seconds)
  }
  ;(pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const started = performance.now()
    if (callback) {
      return connect((...args: unknown[]) => {
        heard(started)
        callback(...args)
      })
    }
    return (connect() as Promise<unknown>).finally(() => heard(started))
  }
  return listeners
}

function countCalls<T extends object>(target: T, methods: Array<keyof T & string>, stats: { queries: number }) {
  for (const name of methods) {
    const original = (target[name] as (...args: unknown[]) => unknown).bind(target)
    ;(target as Record<string, unknown>)[name] = (...args: unknown[]) => {
      stats.queries++
      return original(...args)
    }
  }
}
