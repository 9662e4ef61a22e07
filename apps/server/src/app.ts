// The whole shop as one Fastify plugin tree: external plugins first, then our own, then the
// modules' routes. server.ts-style concerns (listening, signals) live in main.ts.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fastifyStatic from '@fastify/static'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { MESSAGES } from '@teranga/shared/messages'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import authentication from './plugins/authentication.ts'
import database from './plugins/database.ts'
import errorHandler from './plugins/error-handler.ts'
import graphql from './plugins/graphql.ts'
import security from './plugins/security.ts'
import accountRoutes from './modules/account/account.routes.ts'
import authRoutes from './modules/auth/auth.routes.ts'
import type { IdTokenVerifier } from './modules/auth/firebase-verifier.ts'
import { createCartRepository } from './modules/cart/cart.repository.ts'
import { cartGraphql } from './modules/cart/cart.graphql.ts'
import cartRoutes from './modules/cart/cart.routes.ts'
import { createCartService } from './modules/cart/cart.service.ts'
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.ts'
import { catalogueGraphql } from './modules/catalogue/catalogue.graphql.ts'
import catalogueRoutes from './modules/catalogue/catalogue.routes.ts'
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts'
import { createDeliveryRepository } from './modules/delivery/delivery.repository.ts'
import { deliveryGraphql } from './modules/delivery/delivery.graphql.ts'
import deliveryRoutes from './modules/delivery/delivery.routes.ts'
import { createFavouritesRepository } from './modules/favourites/favourites.repository.ts'
import { favouritesGraphql } from './modules/favourites/favourites.graphql.ts'
import favouritesRoutes from './modules/favourites/favourites.routes.ts'
import { createFavouritesService } from './modules/favourites/favourites.service.ts'
import { createLoyaltyRepository } from './modules/loyalty/loyalty.repository.ts'
import { loyaltyGraphql } from './modules/loyalty/loyalty.graphql.ts'
import loyaltyRoutes from './modules/loyalty/loyalty.routes.ts'
import { createOrdersRepository } from './modules/orders/orders.repository.ts'
import { ordersGraphql } from './modules/orders/orders.graphql.ts'
import { createOrdersService } from './modules/orders/orders.service.ts'
import { createOrderWritesRepository, orderStatusTransaction, orderTransaction } from './modules/orders/orders-writes.repository.ts'
import { createOrderPlacementService } from './modules/orders/orders-placement.service.ts'
import { createOrderStatusService } from './modules/orders/orders-status.service.ts'
import ordersRoutes from './modules/orders/orders.routes.ts'
import paymentSandboxRoutes from './modules/payments/payment-sandbox.routes.ts'
import { createPaytechProvider } from './modules/payments/paytech.provider.ts'
import { createPaymentsRepository, paymentTransaction } from './modules/payments/payments.repository.ts'
import { createPaymentsService } from './modules/payments/payments.service.ts'
import { createWaveProvider } from './modules/payments/wave.provider.ts'
import { paymentsGraphql } from './modules/payments/payments.graphql.ts'
import paymentsRoutes from './modules/payments/payments.routes.ts'
import { createStorefrontPages, loadServerRenderer, type RunQuery } from './modules/storefront/storefront-pages.ts'

export const SEED_MEDIA_DIR = fileURLToPath(new URL('../assets/media', import.meta.url))
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url))

export interface AppOptions {
  config: Config
  database: Database
  verifier: IdTokenVerifier
  /** Close the database when the app closes (true when the app opened it). */
  closeDatabase?: boolean
  /** The built storefront; null serves none. */
  webRoot?: string | null
  /** Seconds an anonymous catalogue answer may be served from memory; 0 turns the cache off. */
  catalogueCacheTtl?: number
  /** Sign-in attempts allowed per address and minute. */
  signInRateLimit?: number
  /** How often unpaid orders are checked for expiry; 0 turns the sweep off (tests drive it). */
  expireOrdersEveryMs?: number
  /** How long a payment provider (or the sandbox's notification) may take to answer. */
  paymentTimeoutMs?: number
}

/** JSON bodies are small in this API: 64 KiB is far above any legitimate request. */
export const BODY_LIMIT = 64 * 1024

export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }
}

export async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config } = opts
  const paymentTimeoutMs = opts.paymentTimeoutMs ?? 10_000
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await fastify.register(security, { firebaseEmulatorHost: config.firebaseEmulatorHost, firebaseProjectId: config.firebaseProjectId })
  await fastify.register(database, { database: opts.database, closeOnShutdown: opts.closeDatabase ?? false })
  await fastify.register(errorHandler)

  fastify.get('/health', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await fastify.database.ping()
      return { status: 'ok', database: fastify.database.kind }
    } catch {
      return reply.status(503).send({ status: 'error', message: MESSAGES.databaseUnavailable })
    }
  })

  // Media: the seeded catalogue images, then uploads under DATA_DIR.
  const mediaRoots = [SEED_MEDIA_DIR, path.join(config.dataDir, 'media')].filter((dir) => fs.existsSync(dir))
  if (mediaRoots.length > 0) {
    await fastify.register(fastifyStatic, {
      root: mediaRoots,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
      allowedPath: (pathname) => pathname.endsWith('.webp'),
    })
  }

  // The storefront's pages run the same GraphQL documents in-process to embed their first data.
  let runQuery: RunQuery | undefined

  // Everything private goes through the token check; the storefront and media do not.
  await fastify.register(async (api) => {
    await api.register(authentication)
    const catalogue = createCatalogueService(createCatalogueRepository(api.db))
    const favourites = createFavouritesService(createFavouritesRepository(api.db))
    const cart = createCartService(createCartRepository(api.db))
    const orders = createOrdersService(createOrdersRepository(api.db))
    const placement = createOrderPlacementService({ transaction: orderTransaction(api.db), writes: createOrderWritesRepository(api.db), orders })
    // Unpaid online orders give their stock back after 30 minutes: swept every minute.
    if (opts.expireOrdersEveryMs !== 0) {
      const sweep = setInterval(() => {
        placement.expireUnpaid().catch((err: unknown) => api.log.error({ err }, 'expiring unpaid orders failed'))
      }, opts.expireOrdersEveryMs ?? 60_000)
      sweep.unref()
      api.addHook('onClose', async () => clearInterval(sweep))
    }
    const delivery = createDeliveryRepository(api.db)
    const payments = createPaymentsRepository(api.db)
    const paymentsService = createPaymentsService({
      transaction: paymentTransaction(api.db),
      repo: payments,
      providers: { wave: createWaveProvider(config.payments.wave, paymentTimeoutMs), paytech: createPaytechProvider(config.payments.paytech, paymentTimeoutMs) },
      orders,
      publicUrl: config.publicUrl,
      log: api.log,
    })
    const status = createOrderStatusService({ transaction: orderStatusTransaction(api.db), orders, log: api.log })
    const loyalty = createLoyaltyRepository(api.db)

    await api.register(graphql, {
      cacheTtlSeconds: opts.catalogueCacheTtl ?? 5,
      modules: [
        catalogueGraphql(catalogue),
        favouritesGraphql(favourites),
        cartGraphql(cart),
        ordersGraphql(orders),
        deliveryGraphql(delivery),
        paymentsGraphql(payments),
        loyaltyGraphql(loyalty),
      ],
    })
    runQuery = (query, variables) => api.graphql(query, { user: null } as never, variables) as ReturnType<RunQuery>
    await api.register(
      async (rest) => {
        // REST schemas are zod; GraphQL keeps Mercurius's own JSON schemas (another scope).
        rest.setValidatorCompiler(validatorCompiler)
        rest.setSerializerCompiler(serializerCompiler)
        await rest.register(authRoutes, { verifier: opts.verifier, signInRateLimit: opts.signInRateLimit ?? 10 })
        await rest.register(catalogueRoutes, { service: catalogue })
        await rest.register(favouritesRoutes, { service: favourites })
        await rest.register(cartRoutes, { service: cart })
        await rest.register(ordersRoutes, { placement, status })
        await rest.register(deliveryRoutes, { repo: delivery })
        await rest.register(paymentsRoutes, { repo: payments, service: paymentsService })
        await rest.register(loyaltyRoutes, { repo: loyalty })
        await rest.register(accountRoutes, { verifier: opts.verifier })
      },
      { prefix: '/api' },
    )
  })

  // Providers without keys: the server plays them itself (DESIGN §6), for development and tests.
  const sandboxed = (['wave', 'paytech'] as const).filter((name) => config.payments[name].sandbox)
  if (sandboxed.length > 0) {
    fastify.log.warn({ providers: sandboxed }, 'payments run in the built-in sandbox: no real money moves')
    await fastify.register(paymentSandboxRoutes, { prefix: '/sandbox', config, timeoutMs: paymentTimeoutMs })
  }

  const webRoot = opts.webRoot === undefined ? DEFAULT_WEB_ROOT : opts.webRoot
  const webDir = webRoot && fs.existsSync(path.join(webRoot, 'index.html')) ? webRoot : null
  const pages =
    webDir && runQuery
      ? createStorefrontPages({
          renderer: await loadServerRenderer(webDir),
          onRenderError: (err, url) => fastify.log.error({ err, url }, 'server rendering failed; the page is drawn by the browser'),
          template: fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'),
          firebase: {
            ...config.firebaseWeb,
            projectId: config.firebaseProjectId,
            emulatorUrl: config.firebaseEmulatorHost ? `http://${config.firebaseEmulatorHost}` : undefined,
          },
          run: runQuery,
          ttlMs: (opts.catalogueCacheTtl ?? 5) * 1000,
        })
      : null
  if (webDir) {
    // Hashed assets, cached for a year; each also built gzip- and brotli-compressed.
    await fastify.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html',
    })
  }
  // History fallback: any other GET for a page gets the storefront, which routes it itself
  // (and shows its own 404). API paths keep their JSON 404.
  fastify.setNotFoundHandler(async (request, reply) => {
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

/** A ready app instance: used by main.ts, the tests and the benchmarks. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(opts.config))
  await fastify.register(app, opts)
  await fastify.ready()
  return fastify
}
