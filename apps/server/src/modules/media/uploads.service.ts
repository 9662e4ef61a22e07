// The uploaded images' renderings (the media module's `medias` table, ADR 048): stored on the
// executor the caller gives, so that the back-office catalogue's upload and its audit line are
// one transaction.
import type { Executor } from '../../db/client.ts'
import { medias } from '../../db/schema.ts'

/** One upload's WebP renderings under `key`, one row per width, recorded as `staffId`'s. */
export async function storeUpload(tx: Executor, key: string, renderings: ReadonlyArray<{ width: number; bytes: Buffer }>, staffId: number) {
  await tx.insert(medias).values(renderings.map((r) => ({ key, width: r.width, bytes: r.bytes, staffId })))
}
