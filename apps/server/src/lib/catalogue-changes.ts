// Catalogue writes tell every instance to drop its anonymous catalogue cache (ADR 018):
// NOTIFY inside the write's transaction is delivered at commit, and only then; the writing
// instance empties its own caches at once after commit (its NOTIFY reaches it a moment later,
// and a read in between would be served the old answer).
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'

export const CATALOGUE_CHANNEL = 'teranga_catalogue'

export async function notifyCatalogueChanged(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`)
}

/**
 * A write the storefronts show (the catalogue, the settings, the shop's pages): `fn` in one
 * transaction with the NOTIFY for every instance, then this instance's caches emptied.
 */
export async function writeCatalogue<T>(db: Executor, clearCaches: (() => void) | undefined, fn: (tx: Executor) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await fn(tx)
    await notifyCatalogueChanged(tx)
    return value
  })
  clearCaches?.()
  return result
}
