// The storefront module: the built web app's hashed assets, and every other page GET answered
// with the storefront's HTML, rendered on the server with its first data (storefront-pages.ts).
// API paths keep their JSON 404.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { MESSAGES } from '@teranga/shared/messages'
import type { Config } from '../../config.ts'
import { builtAppCaching } from '../../lib/built-app-caching.ts'
import { DEFAULT_WEB_ROOT } from '../../paths.ts'
import { createStorefrontPages, loadServerRenderer, type RunQuery } from './storefront-pages.ts'

export { DEFAULT_WEB_ROOT }

export interface StorefrontOptions {
  config: Pick<Config, 'firebaseWeb' | 'firebaseProjectId' | 'firebaseEmulatorHost'>
  /** The built storefront; null serves none. */
  webRoot: string | null
  /** Runs a GraphQL document in-process, as a visitor. */
  run: RunQuery
  /** How long a rendered page is kept. */
  ttlMs: number
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
  // History fallback: any other GET for a page gets the storefront, which routes it itself
  // (and shows its own 404). API paths keep their JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|graphql|media|assets)(\/|$)/.test(request.url)
    if (pages && isPage) {
      const page = await pages.render(request.url)
      reply.status(page.status)
      const accepts = String(request.headers['accept-encoding'] ?? '')
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding')
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.brotli)
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip)
      return reply.send(page.html)
    }
    return reply.status(404).send({ message: MESSAGES.notFound })
  })
}

// Not encapsulated: its not-found handler is the whole server's.
export default fp(storefront, { name: 'storefront' })

