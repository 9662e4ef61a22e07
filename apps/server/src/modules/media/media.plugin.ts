// The media module: catalogue images under /media/. Uploaded images (`uploads/<key>`) come
// from PostgreSQL (the `medias` table, ADR 018), so every instance serves them; the seeded
// ones ship with the server, then older uploads under DATA_DIR. Only WebP renderings are served,
// and each as a JPEG under /media/apercu/ for link previews.
// It also renders uploads (`app.images`, images.service.ts): every image from a user goes through it.
import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { medias } from '../../db/schema.ts'
import { SEED_MEDIA_DIR } from '../../paths.ts'
import { createImageRenderer, ImageQueueFull, type ImageQueueOptions, type ImageRenderer } from './images.service.ts'
import { sweepUnusedMedia } from './media.sweep.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders uploaded images, a few at a time (images.service.ts). */
    images: ImageRenderer
  }
}

export { SEED_MEDIA_DIR }

/** An uploaded rendering's file name: `<32 hex>-<width>.webp`. */
const UPLOADED = /^([0-9a-f]{32})-(\d{2,4})\.webp$/
/** A link preview's path under /media/apercu/: a rendering's path under /media/, `.jpg` for `.webp` (no dot, no `..`). */
const PREVIEW = /^((?:[a-z0-9_-]+\/)*[a-z0-9_-]+)-(\d{2,4})\.jpg$/

async function serveMedia(app: FastifyInstance, opts: { dataDir: string }) {
  app.get<{ Params: { file: string } }>('/media/uploads/:file', async (request, reply) => {
    const match = UPLOADED.exec(request.params.file)
    const width = match ? Number(match[2]) : 0
    if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return reply.status(404).send({ message: MESSAGES.notFound })
    const [row] = await app.db
      .select({ bytes: medias.bytes })
      .from(medias)
      .where(and(eq(medias.key, `uploads/${match[1]}`), eq(medias.width, width)))
    if (!row) return reply.status(404).send({ message: MESSAGES.notFound })
    // A key is never reused: its renderings never change.
    return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(row.bytes)
  })

  const roots = [SEED_MEDIA_DIR, path.join(opts.dataDir, 'media')].filter((dir) => fs.existsSync(dir))

  /** A WebP rendering by its path under /media/ (`uploads/<key>-<width>` or a file), or undefined. */
  async function webpRendering(name: string, width: number): Promise<{ bytes: Buffer; immutable: boolean } | undefined> {
    const upload = /^uploads\/([0-9a-f]{32})$/.exec(name)
    if (upload) {
      const [row] = await app.db
        .select({ bytes: medias.bytes })
        .from(medias)
        .where(and(eq(medias.key, `uploads/${upload[1]}`), eq(medias.width, width)))
      if (row) return { bytes: row.bytes, immutable: true }
      // Else perhaps an older upload, kept as a file under DATA_DIR (below).
    }
    for (const root of roots) {
      const file = path.resolve(root, `${name}-${width}.webp`)
      if (!file.startsWith(root + path.sep)) return undefined
      const bytes = await fs.promises.readFile(file).catch(() => undefined)
      if (bytes) return { bytes, immutable: false }
    }
    return undefined
  }

  // Link previews (issue 19 §3, ADR 037): each rendering again as a JPEG, made on the first ask
  // by a queue of its own (one at a time, four waiting: a crawler, or someone asking for every
  // image, never holds the staff's uploads back) and kept for the next ones.
  const previews = createImageRenderer({ concurrency: 1, maxWaiting: 4 })
  const made = new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (b) => b.length })
  // Each address may ask 120 a minute: a link's preview is fetched once by each crawler.
  app.get<{ Params: { '*': string } }>('/media/apercu/*', { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    const match = PREVIEW.exec(request.params['*'])
    const width = match ? Number(match[2]) : 0
    if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return reply.status(404).send({ message: MESSAGES.notFound })
    const source = await webpRendering(match[1]!, width)
    if (!source) return reply.status(404).send({ message: MESSAGES.notFound })
    let jpeg = made.get(match[0])
    if (!jpeg) {
      try {
        jpeg = await previews.toJpeg(source.bytes)
      } catch (error) {
        if (error instanceof ImageQueueFull) reply.header('retry-after', error.retryAfterSeconds)
        throw error
      }
      made.set(match[0], jpeg)
    }
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', source.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=604800')
      .send(jpeg)
  })

  if (roots.length === 0) return
  await app.register(fastifyStatic, {
    root: roots,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    allowedPath: (pathname) => pathname.endsWith('.webp'),
  })
}

async function media(app: FastifyInstance, opts: { dataDir: string; images?: ImageQueueOptions; sweepEveryMs?: number | undefined }) {
  // On the instance, for the modules that take uploads (buildApp may have put it on the instance
  // it made, so that callers outside see it too); the routes stay in their own scope.
  if (!app.hasDecorator('images')) app.decorate('images', createImageRenderer(opts.images))
  await app.register(serveMedia, { dataDir: opts.dataDir })

  // Unused uploads older than a day go, swept every hour (like the unpaid orders' expiry); a
  // sweep under way when the server stops is finished before the database closes.
  if (opts.sweepEveryMs !== 0) {
    let running: Promise<void> | undefined
    const sweep = setInterval(() => {
      running ??= sweepUnusedMedia(app.db)
        .then((count) => {
          if (count > 0) app.log.info({ count }, 'unused uploaded images deleted')
        })
        .catch((err: unknown) => app.log.error({ err }, 'sweeping unused uploaded images failed'))
        .finally(() => {
          running = undefined
        })
    }, opts.sweepEveryMs ?? 60 * 60 * 1000)
    sweep.unref()
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await running
    })
  }
}

export default fp(media, { name: 'media', dependencies: ['database'] })
