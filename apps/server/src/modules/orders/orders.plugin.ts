// The orders module: placing an order from the cart, reading and cancelling one's orders,
// the back office's state changes, and the sweep that expires unpaid online orders.
// Exposes `app.orders` (reading orders as the API shows them) to payments.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { ordersGraphql } from './orders.graphql.ts'
import { createOrdersRepository } from './orders.repository.ts'
import ordersRoutes from './orders.routes.ts'
import { createOrdersService, type OrdersService } from './orders.service.ts'
import { createOrderPlacementService } from './orders-placement.service.ts'
import { createOrderStatusService } from './orders-status.service.ts'
import { createOrderWritesRepository, orderStatusTransaction, orderTransaction } from './orders-writes.repository.ts'

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService
  }
}

export interface OrdersOptions {
  /** How often unpaid orders are checked for expiry; 0 turns the sweep off (tests drive it). */
  expireOrdersEveryMs?: number | undefined
}

async function orders(app: FastifyInstance, opts: OrdersOptions) {
  const service = createOrdersService(createOrdersRepository(app.db))
  const placement = createOrderPlacementService({ transaction: orderTransaction(app.db), writes: createOrderWritesRepository(app.db), orders: service })
  const status = createOrderStatusService({ transaction: orderStatusTransaction(app.db), orders: service, log: app.log })
  app.decorate('orders', service)

  // Unpaid online orders give their stock back after 30 minutes: swept every minute.
  if (opts.expireOrdersEveryMs !== 0) {
    const sweep = setInterval(() => {
      placement.expireUnpaid().catch((err: unknown) => app.log.error({ err }, 'expiring unpaid orders failed'))
    }, opts.expireOrdersEveryMs ?? 60_000)
    sweep.unref()
    app.addHook('onClose', async () => clearInterval(sweep))
  }

  app.addGraphqlModule(ordersGraphql(service))
  await registerRest(app, ordersRoutes, { placement, status })
}

export default fp(orders, { name: 'orders', dependencies: ['database', 'graphql-modules'] })
