// SQL pieces Drizzle does not spell the way the shop needs them.
import { sql, type SQL } from 'drizzle-orm'

/**
 * Integers as one `int[]` parameter, whatever their number. Drizzle spreads a JavaScript array
 * into a list of parameters: its text then changes with the length (no prepared statement can
 * be named for it) and PostgreSQL takes 65,535 parameters at most.
 */
export const intArray = (values: readonly number[]): SQL => sql`${`{${values.join(',')}}`}::int[]`
