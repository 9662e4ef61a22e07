// SQL pieces Drizzle does not spell the way the shop needs them.
import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, Executor } from './client.ts'

/**
 * Integers as one `int[]` parameter, whatever their number. Drizzle spreads a JavaScript array
 * into a list of parameters: its text then changes with the length (no prepared statement can
 * be named for it) and PostgreSQL takes 65,535 parameters at most.
 */
export const intArray = (values: ReadonlyArray<number | null>): SQL => sql`${`{${values.map((v) => v ?? 'NULL').join(',')}}`}::int[]`

/** Booleans as one `boolean[]` parameter (see `intArray`). */
export const boolArray = (values: readonly boolean[]): SQL => sql`${`{${values.map((v) => (v ? 't' : 'f')).join(',')}}`}::boolean[]`

/**
 * The PostgreSQL error a statement failed with: node-postgres's own, or the one Drizzle wraps as
 * its `cause`; undefined for any other error.
 */
export function databaseError(error: unknown): { code: string; constraint?: string; table?: string } | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null
  if (typeof e?.code === 'string') return e as { code: string }
  if (typeof e?.cause?.code === 'string') return e.cause as { code: string }
  return undefined
}

/** The unique index a statement ran into ('' when PostgreSQL names none), or undefined for any other error. */
export const uniqueViolation = (error: unknown): string | undefined => {
  const e = databaseError(error)
  return e?.code === '23505' ? (e.constraint ?? '') : undefined
}

const dialect = new PgDialect()

/**
 * Runs `query` as a named prepared statement and answers its rows (raw, as `db.execute` gives
 * them). PostgreSQL parses a named statement once per connection and, once it has run it a few
 * times, keeps one plan for it: an unnamed statement is parsed and planned at every call. The
 * orders bench measured planning at a fifth of PostgreSQL's time per order (ADR 070).
 * The statement's name is `name` and a digest of its text: node-postgres refuses a name seen
 * with another text, and each text is kept on every connection that ran it, so the text must
 * not vary with the data. Values go in as parameters, lists as one array (`intArray`).
 */
export async function executeNamed<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query)
  const named = `${name}_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 10)}`
  const prepared = (db as Db)._.session.prepareQuery(built, undefined, named, false)
  return ((await prepared.execute()) as { rows: T[] }).rows
}
