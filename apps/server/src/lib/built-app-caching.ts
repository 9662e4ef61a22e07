// How long browsers and proxies keep a file of a built app (the storefront, the back office).
// Vite names what it builds under assets/ after the content's hash: such a name never changes
// content, so it is kept a year without asking again. Any other file of a build (the favicon,
// copied as is) keeps its name across releases: kept an hour, then checked (ETag) again. The
// storefront's service worker is checked on every use: a stale one would keep shoppers on an
// old release (docs/decisions/032).
import path from 'node:path'
import type { FastifyReply } from 'fastify'

export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
export const UNHASHED_FILE_CACHE = 'public, max-age=3600, must-revalidate'
export const SERVICE_WORKER_CACHE = 'no-cache'

/** @fastify/static's `setHeaders` for the built app under `root` (with `cacheControl: false`). */
export function builtAppCaching(root: string) {
  const assets = path.join(root, 'assets') + path.sep
  const worker = path.join(root, 'sw.js')
  return (reply: FastifyReply, file: string) => {
    // The file sent may be the worker's compressed copy (sw.js.br, sw.js.gz).
    if (file.replace(/\.(br|gz)$/, '') === worker) {
      reply.header('cache-control', SERVICE_WORKER_CACHE)
      return
    }
    reply.header('cache-control', file.startsWith(assets) ? HASHED_ASSET_CACHE : UNHASHED_FILE_CACHE)
  }
}
