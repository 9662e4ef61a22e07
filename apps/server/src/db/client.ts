// Opens the database: PostgreSQL through a pool, either the embedded server the shop starts
// under DATA_DIR or the one DATABASE_URL names. Drizzle, migrations and a round-trip counter.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../paths.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>

export interface Database {
  db: Db
  /** `embedded`: the server the shop started under DATA_DIR; `external`: DATABASE_URL. */
  kind: 'embedded' | 'external'
  /** The connection URL, for clients kept outside the pool (the catalogue listener's LISTEN). */
  url: string
  /** Statements sent to the database since it was opened (for benchmarks and budgets). */
  stats: { queries: number }
  migrate(): Promise<void>
  /** Runs `fn` while holding a cluster-wide lock, so concurrent boots migrate and seed once. */
  withBootLock<T>(fn: () => Promise<T>): Promise<T>
  ping(): Promise<void>
  /** Closes the pool, then stops the embedded server if this handle started it. */
  close(): Promise<void>
}

export { MIGRATIONS_DIR }

// Search matches on words that are close, not only identical (a typo still finds "Café").
const SEARCH_THRESHOLD = '0.5'

export interface OpenOptions {
  databaseUrl: string
  poolSize?: number
  kind?: Database['kind']
  /** Called after the pool is closed (the embedded server's stop). */
  onClose?: () => Promise<void>
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.kind ?? 'external', options.onClose)
}

/**
 * The shop's database: DATABASE_URL when set, else the embedded PostgreSQL server under
 * DATA_DIR, started here and stopped by `close()`.
 */
export async function openShopDatabase(config: { databaseUrl: string | undefined; dataDir: string }, log?: (line: string) => void): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl })
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log })
  try {
    return await openDatabase({ databaseUrl: server.url, kind: 'embedded', onClose: server.stop })
  } catch (error) {
    await server.stop()
    throw error
  }
}

async function openPostgres(url: string, max: number, kind: Database['kind'], onClose?: () => Promise<void>): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: `-c pg_trgm.word_similarity_threshold=${SEARCH_THRESHOLD}`,
    connectionTimeoutMillis: 5000,
  })
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const stats = { queries: 0 }
  pool.on('connect', (client) => countCalls(client, ['query'], stats))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  let closed = false
  return {
    db,
    kind,
    url,
    stats,
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
    close: async () => {
      if (closed) return
      closed = true
      try {
        await pool.end()
      } finally {
        await onClose?.()
      }
    },
  }
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
