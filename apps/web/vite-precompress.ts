// Every built asset also written gzip- and brotli-compressed, which the server sends as is
// (preCompressed): the storefront's and the back-office's builds both use it.
import type { Plugin } from 'vite'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fs from 'node:fs/promises'
import path from 'node:path'

export function precompress(): Plugin {
  return {
    name: 'teranga-precompress',
    apply: 'build',
    // After the files are written: earlier hooks still see chunks before Vite's last rewrites.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist'
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => /\.(js|css|svg|json)$/.test(fileName))
          .map(async (fileName) => {
            const file = path.join(outDir, fileName)
            const buffer = await fs.readFile(file)
            if (buffer.length < 1024) return
            await fs.writeFile(`${file}.gz`, gzipSync(buffer, { level: 9 }))
            await fs.writeFile(`${file}.br`, brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
          }),
      )
    },
  }
}
