// Where the server finds what ships beside its code: the migrations, the seeded images and
// the two built apps. Computed from this file's place, which is one folder under apps/server
// both as source (src/paths.ts) and once built (dist/main.js, where the build bundles it).
import { fileURLToPath } from 'node:url'

const fromServer = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url))

export const MIGRATIONS_DIR = fromServer('migrations')
export const SEED_MEDIA_DIR = fromServer('assets/media')
/** The built storefront (apps/web/dist; its server renderer beside it in dist-server). */
export const DEFAULT_WEB_ROOT = fromServer('../web/dist')
/** The built back-office (apps/admin/dist). */
export const DEFAULT_ADMIN_ROOT = fromServer('../admin/dist')
