// The storefront module: the built web app's hashed assets, and every other page GET answered
// with the storefront's HTML, rendered on the server with its first data (storefront-pages.ts).
// API paths keep their JSON 404.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { Config } from '../../config.ts'
import { builtAppCaching } from '../../lib/built-app-caching.ts'
import { DEFAULT_WEB_ROOT } from '../../paths.ts'
import { createStorefrontPages, loadServerRenderer, type RenderedPage, type RunQuery } from './storefront-pages.ts'

export { DEFAULT_WEB_ROOT }

export interface StorefrontOptions {
  config: Pick<Config, 'firebaseWeb' | 'firebaseProjectId' | 'firebaseEmulatorHost' | 'publicUrl'>
  /** The built storefront; null serves none. */
  webRoot: string | null
  /** Runs a GraphQL document in-process, as a visitor. */
  run: RunQuery
  /** How long a rendered page is kept. */
  ttlMs: number
}

/** The service worker's files: never answered with a page (a missing worker is a plain 404). */
const WORKER_FILES = /^\/(sw\.js|manifest\.webmanifest)([?#]|$)/

/** An order's tracking page (ADR 034): its number, and the key its link carries. */
const TRACKING_PAGE = /^\/suivi\/([^/?#]+)/

/** A tracking page whose key is missing or wrong: the storefront shows its not-found page, and the server says 404. */
function trackingRefused(app: FastifyInstance, url: string): boolean {
  const match = TRACKING_PAGE.exec(url)
  const messages = app.messaging.messages
  if (!match || !messages) return false
  const key = new URL(url, 'http://shop.local').searchParams.get('k') ?? undefined
  let numero: string
  try {
    numero = decodeURIComponent(match[1]!)
  } catch {
    return true
  }
  return !messages.trackingKeyMatches(numero, key)
}

/** A page's HTML, compressed as the browser accepts. */
function sendPage(acceptEncoding: string | string[] | undefined, reply: FastifyReply, page: RenderedPage) {
  const accepts = String(acceptEncoding ?? '')
  reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding')
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.brotli)
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip)
  return reply.send(page.html)
}

async function storefront(app: FastifyInstance, opts: StorefrontOptions) {
  const { config, webRoot } = opts
  const webDir = webRoot && fs.existsSync(path.join(webRoot, 'index.html')) ? webRoot : null
  const pages = webDir
    ? createStorefrontPages({
        renderer: await loadServerRenderer(webDir),
        onRenderError: (err, url) => app.log.error({ err, url }, 'server rendering failed; the page is drawn by the browser'),
        template: fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'),
        firebase: {
          ...config.firebaseWeb,
          projectId: config.firebaseProjectId,
          emulatorUrl: config.firebaseEmulatorHost ? `http://${config.firebaseEmulatorHost}` : undefined,
        },
        run: opts.run,
        publicUrl: config.publicUrl,
        ttlMs: opts.ttlMs,
      })
    : null
  if (pages && app.hasDecorator('catalogueCaches')) app.catalogueCaches.add(pages.clear)
  if (webDir) {
    // Hashed assets cached for a year, the favicon an hour (built-app-caching.ts); each file
    // also built gzip- and brotli-compressed, sent as the browser's Accept-Encoding allows.
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: builtAppCaching(webDir),
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html',
    })
  }
  if (pages) {
    // The offline shell the service worker keeps (docs/decisions/032); checked again on each use.
    app.get('/offline.html', async (request, reply) => {
      reply.header('cache-control', 'no-cache')
      return sendPage(request.headers['accept-encoding'], reply, pages.shell())
    })
  }
  // History fallback: any other GET for a page gets the storefront, which routes it itself
  // (and shows its own 404). API paths keep their JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|graphql|media|assets)(\/|$)/.test(request.url) && !WORKER_FILES.test(request.url)
    if (pages && isPage) {
      const page = await pages.render(request.url)
      reply.status(trackingRefused(app, request.url) ? 404 : page.status).header('cache-control', 'no-cache')
      return sendPage(request.headers['accept-encoding'], reply, page)
    }
    return reply.status(404).send({ message: MESSAGES.notFound })
  })
}

// Not encapsulated: its not-found handler is the whole server's.
export default fp(storefront, { name: 'storefront' })

