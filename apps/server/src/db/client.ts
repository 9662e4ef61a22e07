// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is
// given. Both get the same Drizzle API, the same migrations and a round-trip counter.
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Statements sent to the database since it was opened (for benchmarks and budgets). */
  stats: { queries: number }
  migrate(): Promise<void>
  /** Runs `fn` while holding a cluster-wide lock, so concurrent boots migrate and seed once. */
  withBootLock<T>(fn: () => Promise<T>): Promise<T>
  ping(): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url))

// Search matches on words that are close, not only identical (a typo still finds "Café").
const SEARCH_THRESHOLD = '0.5'

export interface OpenOptions {
  databaseUrl?: string | undefined
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined
  /** A PGlite data dump to start from (tests load one migrated template per file). */
  loadDataDir?: Blob | File | undefined
  poolSize?: number
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options)
}

async function openPglite({ dataDir, loadDataDir }: OpenOptions): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true })
  const client = await PGlite.create({
    ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  })
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${SEARCH_THRESHOLD}`)
  const stats = { queries: 0 }
  countCalls(client, ['query', 'exec'], stats)
  const transaction = client.transaction.bind(client)
  client.transaction = (fn) =>
    transaction((tx) => {
      countCalls(tx, ['query', 'exec'], stats)
      return fn(tx)
    })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  let closed = false
  return {
    db,
    kind: 'pglite',
    stats,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    // One process owns a PGlite directory, so there is nobody to race with.
    withBootLock: (fn) => fn(),
    ping: async () => {
      await client.query('select 1')
    },
    close: async () => {
      if (closed) return
      closed = true
      await client.close()
    },
  }
}

async function openPostgres(url: string, max: number): Promise<Database> {
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
    kind: 'postgres',
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
      await pool.end()
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
