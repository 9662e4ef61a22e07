// Catalogue writes tell every instance to drop its anonymous catalogue cache (ADR 018):
// NOTIFY inside the write's transaction is delivered at commit, and only then.
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'

export const CATALOGUE_CHANNEL = 'teranga_catalogue'

export async function notifyCatalogueChanged(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`)
}
