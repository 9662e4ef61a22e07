// The whole shop as one Fastify plugin tree, in order: infrastructure, then the modules
// behind the token check (one plugin each, ADR 015), then the payment sandbox and the
// storefront. server.ts-style concerns (listening, signals) live in main.ts.
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { serializeError } from './lib/log-errors.ts'
import { serializeRequest } from './lib/log-requests.ts'
import authentication from './plugins/authentication.ts'
import database from './plugins/database.ts'
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler.ts'
import graphql from './plugins/graphql.ts'
import graphqlModules from './plugins/graphql-modules.ts'
import health from './plugins/health.ts'
import inputText from './plugins/input-text.ts'
import metrics from './plugins/metrics.ts'
import security from './plugins/security.ts'
import sharedLimits from './plugins/shared-limits.ts'
import account from './modules/account/account.plugin.ts'
import adminApp, { DEFAULT_ADMIN_ROOT } from './modules/admin-app/admin-app.plugin.ts'
import audit from './modules/audit/audit.plugin.ts'
import auth from './modules/auth/auth.plugin.ts'
import { hashToken } from './modules/auth/auth.service.ts'
import type { IdTokenVerifier } from './modules/auth/firebase-verifier.ts'
import cart from './modules/cart/cart.plugin.ts'
import catalogue from './modules/catalogue/catalogue.plugin.ts'
import content from './modules/content/content.plugin.ts'
import customers from './modules/customers/customers.plugin.ts'
import dispatch from './modules/dispatch/dispatch.plugin.ts'
import delivery from './modules/delivery/delivery.plugin.ts'
import favourites from './modules/favourites/favourites.plugin.ts'
import loyalty from './modules/loyalty/loyalty.plugin.ts'
import stock from './modules/stock/stock.plugin.ts'
import media from './modules/media/media.plugin.ts'
import messageSandbox from './modules/messages/message-sandbox.plugin.ts'
import alerts from './modules/alerts/alerts.plugin.ts'
import messages from './modules/messages/messages.plugin.ts'
import type { WorkerOptions } from './modules/messages/message-worker.ts'
import { createImageRenderer, type ImageQueueOptions } from './modules/media/images.service.ts'
import orders from './modules/orders/orders.plugin.ts'
import { createOrderParticipants, type OrderParticipants } from './modules/orders/order-participants.service.ts'
import { paymentsOfOrder } from './modules/payments/payment-ledger.service.ts'
import paymentSandbox from './modules/payments/payment-sandbox.plugin.ts'
import payments from './modules/payments/payments.plugin.ts'
import invoices from './modules/invoices/invoices.plugin.ts'
import promotions from './modules/promotions/promotions.plugin.ts'
import seo from './modules/seo/seo.plugin.ts'
import settings from './modules/settings/settings.plugin.ts'
import staff from './modules/staff/staff.plugin.ts'
import storefront, { DEFAULT_WEB_ROOT } from './modules/storefront/storefront.plugin.ts'
import type { RunQuery } from './modules/storefront/storefront-pages.ts'
import { createOrderEvents, type CatchUpBounds, type OrderEvents } from './modules/orders/order-events.ts'
import backofficeCatalogue from './modules/backoffice-catalogue/backoffice-catalogue.plugin.ts'
import backofficeOrders from './modules/backoffice-orders/backoffice-orders.plugin.ts'
import reports from './modules/reports/reports.plugin.ts'
import databaseNotifications from './plugins/database-notifications.ts'
import { createCatalogueCaches } from './lib/catalogue-caches.ts'
import { createExportSlots, type ExportLimits } from './lib/export-file.ts'
import { CATALOGUE_CHANNEL } from './lib/catalogue-changes.ts'

export { SEED_MEDIA_DIR } from './modules/media/media.plugin.ts'

export interface AppOptions {
  /** Addresses per sitemap file (50,000); smaller in tests. */
  sitemapPageSize?: number
  config: Config
  database: Database
  verifier: IdTokenVerifier
  /** Close the database when the app closes (true when the app opened it). */
  closeDatabase?: boolean
  /**
   * Aborted when the process begins to stop (main.ts, at SIGTERM): from then on /ready answers
   * 503 while every other route still serves, so that the proxy takes the instance out.
   */
  stopping?: AbortSignal
  /** The built storefront; null serves none. */
  webRoot?: string | null
  /** The built back-office app (apps/admin/dist) served under /admin; null serves none. */
  adminRoot?: string | null
  /** Seconds an anonymous catalogue answer may be served from memory; 0 turns the cache off. */
  catalogueCacheTtl?: number
  /** Sign-in attempts allowed per address and minute (default 100: a carrier's shared address). */
  signInRateLimit?: number
  /** Sign-in attempts allowed per Firebase account and minute (default 10). */
  signInAccountRateLimit?: number
  /** Unknown, expired or revoked tokens one address may present per minute (default 300). */
  badTokenRateLimit?: number
  /** GraphQL requests allowed per minute, per customer when signed in, else per address (default 600). */
  graphqlRateLimit?: number
  /** How often unpaid orders are checked for expiry; 0 turns the sweep off (tests drive it). */
  expireOrdersEveryMs?: number
  /** How long a payment provider (or the sandbox's notification) may take to answer. */
  paymentTimeoutMs?: number
  /** Orders one customer may place per minute. */
  orderRateLimit?: number
  /** How far a reconnected instance reads the order events it missed (ADR 066's defaults). */
  orderEventsCatchUp?: Partial<CatchUpBounds>
  /** Wait before the notifications connection is opened again after a loss (2 s). */
  notificationsRetryMs?: number
  /** The notifications connection's heartbeat: every 20 s, given up after 5 s without an answer. */
  notificationsHeartbeat?: { everyMs: number; timeoutMs: number }
  /** Discount codes one address may try per minute at checkout, whatever the accounts (default 20). */
  promoCheckAddressRateLimit?: number
  /** How often the back office's event streams are pinged (25 s). */
  eventPingEveryMs?: number
  /** Uploaded images rendered at once and waiting (images.service.ts's defaults). */
  imageQueue?: ImageQueueOptions
  /** How often unused uploads past their grace period are deleted (1 h); 0 turns the sweep off (tests drive it). */
  sweepMediaEveryMs?: number
  /** How often the order messages' outbox is polled (2 s); 0 turns the worker off (tests run it). */
  messagesEveryMs?: number
  /** The order messages' retries (message-worker.ts's defaults). */
  messageRetries?: WorkerOptions
  /** How often the owner's alerts are swept (1 min, ADR 062); 0 turns the sweep off (tests drive it). */
  alertsEveryMs?: number
  /** Exports streamed at once by this instance and the time limit of each (export-file.ts's defaults, ADR 060). */
  exports?: ExportLimits
  /** /api/rapport/synthese requests one admin may make per minute (default 30, ADR 059). */
  reportSummaryRateLimit?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Committed order changes (placed, state changed), for notifications and the live back office. */
    orderEvents: OrderEvents
    /** What modules do on an order's steps, registered with the order lifecycle at setup (ADR 049). */
    orderParticipants: OrderParticipants
  }
}

/** JSON bodies are small in this API: 64 KiB is far above any legitimate request. */
export const BODY_LIMIT = 64 * 1024

export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Database errors without the parameters of the failed query (ADR 014).
      // Requests without a `?token=` (the event stream's) in their URL.
      serializers: { err: serializeError as never, req: serializeRequest as never },
    },
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    clientErrorHandler,
    trustProxy: config.trustProxy,
    // A request that reaches a closing server on a connection already open is served (with
    // `Connection: close`), not answered Fastify's English 503: the database closes only after
    // the last connection (main.ts), and a proxy cannot replay a POST it has sent (ADR 044).
    return503OnClosing: false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }
}

export async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config } = opts
  const paymentTimeoutMs = opts.paymentTimeoutMs ?? 10_000
  const cacheTtlSeconds = opts.catalogueCacheTtl ?? 5
  // Set as the request arrives, so that an answer written by hand (the event stream) has it too.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })

  // Infrastructure.
  await fastify.register(security, { firebaseEmulatorHost: config.firebaseEmulatorHost, firebaseProjectId: config.firebaseProjectId })
  await fastify.register(database, { database: opts.database, closeOnShutdown: opts.closeDatabase ?? false })
  await fastify.register(metrics, { token: config.metricsToken, previousToken: config.metricsTokenPrevious })
  // Sign-in, orders, bad tokens and event streams are counted for every instance at once (ADR 031).
  await fastify.register(sharedLimits)
  await fastify.register(errorHandler)
  await fastify.register(inputText)
  await fastify.register(health, { stopping: opts.stopping })
  await fastify.register(media, { dataDir: config.dataDir, images: opts.imageQueue, sweepEveryMs: opts.sweepMediaEveryMs })
  // On the instance that built the app when it made them (buildApp), so that callers outside see them too.
  if (!fastify.hasDecorator('orderEvents')) fastify.decorate('orderEvents', createOrderEvents(fastify.log))
  if (!fastify.hasDecorator('messaging')) fastify.decorate('messaging', {})
  if (!fastify.hasDecorator('alerting')) fastify.decorate('alerting', {})
  if (!fastify.hasDecorator('orderParticipants')) fastify.decorate('orderParticipants', createOrderParticipants())
  // Registering is closed once every module has (a late one would miss moves already made).
  fastify.addHook('onReady', async () => fastify.orderParticipants.seal())
  if (!fastify.hasDecorator('catalogueCaches')) fastify.decorate('catalogueCaches', createCatalogueCaches())
  // Each export holds a connection of the pool while the client reads: a few at once (ADR 060).
  if (!fastify.hasDecorator('exportSlots')) fastify.decorate('exportSlots', createExportSlots(opts.exports))
  await fastify.register(databaseNotifications, {
    retryMs: opts.notificationsRetryMs,
    heartbeatEveryMs: opts.notificationsHeartbeat?.everyMs,
    heartbeatTimeoutMs: opts.notificationsHeartbeat?.timeoutMs,
  })
  // A catalogue write on any instance empties this one's catalogue caches (ADR 018, ADR 021).
  fastify.notifications.on(CATALOGUE_CHANNEL, () => fastify.catalogueCaches.clear())
  fastify.notifications.onReset(() => fastify.catalogueCaches.clear())

  // The API (REST under /api, GraphQL at /graphql), behind the token check: each module
  // registers its routes, hands in its GraphQL part and puts on the instance what others use,
  // so a module comes after the ones it names in its `dependencies`.
  let api: FastifyInstance | undefined
  await fastify.register(async (scope) => {
    api = scope
    await scope.register(authentication, { badTokensPerMinute: opts.badTokenRateLimit })
    await scope.register(graphqlModules)
    await scope.register(audit)
    await scope.register(auth, {
      verifier: opts.verifier,
      signInRateLimit: opts.signInRateLimit ?? 100,
      signInAccountRateLimit: opts.signInAccountRateLimit ?? 10,
    })
    await scope.register(catalogue, { publicTtlMs: cacheTtlSeconds * 1000, countsAsSale: paymentsOfOrder.countsAsSale })
    await scope.register(favourites)
    await scope.register(cart)
    await scope.register(delivery)
    await scope.register(stock)
    await scope.register(loyalty)
    await scope.register(promotions, { checksPerAddress: opts.promoCheckAddressRateLimit })
    // Its outbox is written in the orders' transactions, as a participant of the lifecycle (ADR 049).
    await scope.register(messages, { config, everyMs: opts.messagesEveryMs, worker: opts.messageRetries })
    await scope.register(orders, { expireOrdersEveryMs: opts.expireOrdersEveryMs, orderRateLimit: opts.orderRateLimit, eventsCatchUp: opts.orderEventsCatchUp })
    await scope.register(payments, { config, timeoutMs: paymentTimeoutMs })
    // The owner's alerts to the staff numbers, through the messages' outbox (ADR 062).
    await scope.register(alerts, { publicUrl: config.publicUrl, everyMs: opts.alertsEveryMs })
    await scope.register(invoices)
    await scope.register(account)
    await scope.register(backofficeCatalogue)
    await scope.register(dispatch)
    await scope.register(reports, { summaryRateLimit: opts.reportSummaryRateLimit })
    await scope.register(backofficeOrders, { pingEveryMs: opts.eventPingEveryMs })
    await scope.register(staff, { publicUrl: config.publicUrl })
    await scope.register(customers)
    await scope.register(settings, { config })
    await scope.register(content)
    await scope.register(seo, { publicUrl: config.publicUrl, sitemapPageSize: opts.sitemapPageSize })
    await scope.register(graphql, {
      cacheTtlSeconds,
      rateLimit: opts.graphqlRateLimit ?? 600,
      introspection: config.graphqlIntrospection,
      modules: scope.graphqlModules,
    })
  })

  await fastify.register(paymentSandbox, { config, timeoutMs: paymentTimeoutMs })
  // Its list of what was sent asks for a staff session in production (a staging shop).
  await fastify.register(messageSandbox, { config, roleOf: async (token) => (await api!.tokenOwners.find(hashToken(token)))?.role })

  await fastify.register(adminApp, { config, adminRoot: opts.adminRoot === undefined ? DEFAULT_ADMIN_ROOT : opts.adminRoot })

  // The storefront's pages run the same GraphQL documents in-process to embed their first data.
  const run: RunQuery = (query, variables) => api!.graphql(query, { user: null } as never, variables) as ReturnType<RunQuery>
  await fastify.register(storefront, {
    config,
    webRoot: opts.webRoot === undefined ? DEFAULT_WEB_ROOT : opts.webRoot,
    run,
    ttlMs: cacheTtlSeconds * 1000,
  })
}

/** A ready app instance: used by main.ts, the tests and the benchmarks. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(opts.config))
  fastify.decorate('orderEvents', createOrderEvents(fastify.log))
  fastify.decorate('images', createImageRenderer(opts.imageQueue))
  fastify.decorate('messaging', {})
  fastify.decorate('alerting', {})
  fastify.decorate('orderParticipants', createOrderParticipants())
  fastify.decorate('exportSlots', createExportSlots(opts.exports))
  await fastify.register(app, opts)
  await fastify.ready()
  return fastify
}
