// The media module: catalogue images under /media/. Uploaded images (`uploads/<key>`) come
// from PostgreSQL (the `medias` table, ADR 018), so every instance serves them; the seeded
// ones ship with the server, then older uploads under DATA_DIR. Only WebP renderings are served.
// It also renders uploads (`app.images`, images.service.ts): every image from a user goes through it.
import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { medias } from '../../db/schema.ts'
import { SEED_MEDIA_DIR } from '../../paths.ts'
import { createImageRenderer, type ImageQueueOptions, type ImageRenderer } from './images.service.ts'
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
