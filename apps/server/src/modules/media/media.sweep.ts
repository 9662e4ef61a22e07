// The sweep of unused uploads (issue 16 §2): an uploaded image no row names any more (its
// product deleted, its slide replaced) is deleted once older than a grace period, so that a
// form still being filled keeps its fresh upload. Seeded images are files, never rows here.
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { caroussels, categories, clients, medias, modepaiements, preferences, privileges, produits, souscategories } from '../../db/schema.ts'

export interface MediaSweepOptions {
  /** How old an unused upload must be before it goes (24 h). */
  graceMs?: number
  /** Uploads (keys, every width) deleted at most per run, so that one run stays short. */
  limit?: number
}

/** Every column that holds a media key: a key named in one of them is in use. */
const MEDIA_COLUMNS = [
  produits.image,
  categories.image,
  souscategories.image,
  caroussels.image,
  preferences.logo,
  preferences.logo2,
  preferences.promotion,
  preferences.promotion2,
  modepaiements.image,
  privileges.image,
  clients.image,
]

/** Deletes unused uploads older than the grace period, in one statement; returns how many keys went. */
export async function sweepUnusedMedia(db: Executor, options: MediaSweepOptions = {}): Promise<number> {
  const graceMs = options.graceMs ?? 24 * 60 * 60 * 1000
  const limit = options.limit ?? 500
  const used = sql.join(
    MEDIA_COLUMNS.map((column) => sql`select ${column} as key from ${column.table} where ${column} is not null`),
    sql` union `,
  )
  const result = await db.execute(sql`
    with stale as (
      select ${medias.key} as key from ${medias}
      group by ${medias.key}
      having max(${medias.createdAt}) < now() - make_interval(secs => ${graceMs / 1000})
      except (${used})
      limit ${limit}
    )
    delete from ${medias} where ${medias.key} in (select key from stale)
    returning ${medias.key} as key`)
  const { rows } = result as unknown as { rows: Array<{ key: string }> }
  return new Set(rows.map((row) => row.key)).size
}
