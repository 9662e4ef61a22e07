// Every built file worth it also written gzip- and brotli-compressed, which the server sends as
// is (@fastify/static's preCompressed, chosen by Accept-Encoding): the storefront's and the
// back-office's builds both use it. The whole output folder is walked, so that files copied
// from public/ are covered too; the server-rendering build is left alone (nobody downloads it).
import type { Plugin } from 'vite'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fs from 'node:fs/promises'
import path from 'node:path'

/** Text formats; images and fonts (WebP, WOFF2) are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/
/** Below this, the headers of a compressed answer outweigh what it saves. */
export const MIN_BYTES = 1024

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** Writes `<file>.gz` and `<file>.br` beside each compressible file of `dir` (kept only when smaller). */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue
    const buffer = await fs.readFile(file)
    if (buffer.length < MIN_BYTES) continue
    const gzip = gzipSync(buffer, { level: 9 })
    const brotli = brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    })
    if (gzip.length < buffer.length) await fs.writeFile(`${file}.gz`, gzip)
    if (brotli.length < buffer.length) await fs.writeFile(`${file}.br`, brotli)
    written++
  }
  return written
}

export function precompress(): Plugin {
  let skip = false
  return {
    name: 'teranga-precompress',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr)
    },
    // After the files are written: earlier hooks still see chunks before Vite's last rewrites.
    async writeBundle(options) {
      if (skip) return
      await precompressDir(options.dir ?? 'dist')
    },
  }
}
