// SQL pieces Drizzle does not spell the way the shop needs them.
import { sql, type SQL } from 'drizzle-orm'

/**
 * Integers as one `int[]` parameter, whatever their number. Drizzle spreads a JavaScript array
 * into a list of parameters: its text then changes with the length (no prepared statement can
 * be named for it) and PostgreSQL takes 65,535 parameters at most.
 */
export const intArray = (values: readonly number[]): SQL => sql`${`{${values.join(',')}}`}::int[]`

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
