// The orders module: placing an order from the cart, reading and cancelling one's orders,
// the back office's state changes, and the sweep that expires unpaid online orders.
// Exposes `app.orders` (reading orders as the API shows them) and `app.orderLifecycle` (the one
// owner of an order's state, ADR 013) to payments and the account. What other modules do on a
// move, and the codes, points and tracking keys it shows, come from `app.orderParticipants` (ADR 049).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { ordersGraphql } from './orders.graphql.ts'
import { createOrdersRepository } from './orders.repository.ts'
import ordersRoutes from './orders.routes.ts'
import { createOrdersService, type OrdersService } from './orders.service.ts'
import { createOrderLifecycle, type OrderLifecycle } from './order-lifecycle.service.ts'
import { ORDER_EVENTS_CHANNEL, relayOrderEvents, type CatchUpBounds } from './order-events.ts'
import { createOrderEventsRepository } from './order-events.repository.ts'
import { createOrderPlacementService } from './orders-placement.service.ts'
import { createOrderPreparationService, supplementKeyMatches, type OrderPreparationService } from './orders-preparation.service.ts'
import { createOrderWritesRepository } from './orders-writes.repository.ts'

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService
    orderLifecycle: OrderLifecycle
    orderPreparation: OrderPreparationService
  }
}

export interface OrdersOptions {
  /** How often unpaid orders are checked for expiry; 0 turns the sweep off (tests drive it). */
  expireOrdersEveryMs?: number | undefined
  /** Orders one customer may place per minute. */
  orderRateLimit?: number | undefined
  /** How far a reconnected instance reads the order events it missed (ADR 066's defaults). */
  eventsCatchUp?: Partial<CatchUpBounds> | undefined
}

async function orders(app: FastifyInstance, opts: OrdersOptions) {
  const participants = app.orderParticipants
  const service = createOrdersService(createOrdersRepository(app.db, participants))
  const lifecycle = createOrderLifecycle({ db: app.db, orders: service, participants, log: app.log })
  // The committed changes, counted (GET /metrics).
  participants.add({
    name: 'metrics',
    committed: (change) => ('placed' in change ? app.metrics.orderPlaced(change.placed) : app.metrics.orderMoved(change.from, change.to)),
  })
  const placement = createOrderPlacementService({ lifecycle, writes: createOrderWritesRepository(app.db), orders: service })
  // Preparation (ADR 055): the back office's picking list writes through it, the shopper's link accepts a supplement.
  const preparation = createOrderPreparationService({ lifecycle, participants, log: app.log })
  app.decorate('orderPreparation', preparation)
  app.decorate('orders', service)
  app.decorate('orderLifecycle', lifecycle)

  // The committed order events of every instance, this one's too, come from the database (ADR 031);
  // those committed while the connection was down are read again from the history (ADR 066).
  const history = createOrderEventsRepository(app.db)
  const relay = relayOrderEvents({ events: app.orderEvents, read: history.byHistoryIds, idsAfter: history.idsAfter, newest: history.newest, log: app.log, bounds: opts.eventsCatchUp })
  app.notifications.on(ORDER_EVENTS_CHANNEL, relay.notified)
  app.notifications.onReset(relay.lost)
  app.notifications.onListening(relay.listening)
  // Events heard before a stop are read before the database closes.
  app.addHook('onClose', () => relay.settled())

  // Unpaid online orders give their stock back after 30 minutes: swept every minute. A sweep
  // under way when the server stops is finished before the database closes.
  if (opts.expireOrdersEveryMs !== 0) {
    let running: Promise<void> | undefined
    const sweep = setInterval(() => {
      running ??= lifecycle
        .expireUnpaid()
        .then(() => {})
        .catch((err: unknown) => app.log.error({ err }, 'expiring unpaid orders failed'))
        .finally(() => {
          running = undefined
        })
    }, opts.expireOrdersEveryMs ?? 60_000)
    sweep.unref()
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await running
    })
  }

  // A tracking link's key (ADR 034), checked by whichever module gives them; none matches without it.
  const tracking = {
    trackingKeyMatches: (numero: string, key: string | undefined) => participants.provider('tracking')?.keyMatches(numero, key) ?? false,
    supplementKeyMatches: (numero: string, key: string | undefined) => supplementKeyMatches(participants, numero, key),
  }
  app.addGraphqlModule(ordersGraphql(service, { ...tracking, track: (numero) => placement.track(numero) }))
  await registerRest(app, ordersRoutes, { placement, lifecycle, orderRateLimit: opts.orderRateLimit, tracking, preparation })
}

export default fp(orders, { name: 'orders', dependencies: ['database', 'database-notifications', 'graphql-modules', 'metrics'] })
