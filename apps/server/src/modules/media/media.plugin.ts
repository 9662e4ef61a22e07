// The media module: catalogue images under /media/, the seeded ones shipped with the server
// first, then uploads under DATA_DIR. Only the WebP renderings are served.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

export const SEED_MEDIA_DIR = fileURLToPath(new URL('../../../assets/media', import.meta.url))

export default async function media(app: FastifyInstance, opts: { dataDir: string }) {
  const roots = [SEED_MEDIA_DIR, path.join(opts.dataDir, 'media')].filter((dir) => fs.existsSync(dir))
  if (roots.length === 0) return
  await app.register(fastifyStatic, {
    root: roots,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    allowedPath: (pathname) => pathname.endsWith('.webp'),
  })
}
