// The back-office orders module (issue 10): the dashboard, the staff's order list, detail,
// CSV export and delivery slips, state moves through the order lifecycle, refunds through the
// payments module (`app.refunds`), and the live stream of committed order events.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import backofficeOrdersRoutes from './backoffice-orders.routes.ts'
import { createBackofficeOrdersService } from './backoffice-orders.service.ts'
import orderEventsStream from './order-events-stream.ts'

export interface BackofficeOrdersOptions {
  /** How often an event stream is pinged and its token checked again (25 s). */
  pingEveryMs?: number | undefined
}

async function backofficeOrders(app: FastifyInstance, opts: BackofficeOrdersOptions) {
  const service = createBackofficeOrdersService({
    db: app.db,
    cursor: (query, batch) => app.database.cursor(query, batch),
    lifecycle: app.orderLifecycle,
    audit: app.audit,
    refunds: app.refunds,
    dispatch: app.dispatch,
    preparation: app.orderPreparation,
    reports: app.reports,
    log: app.log,
  })
  await registerRest(app, backofficeOrdersRoutes, { service })
  await registerRest(app, orderEventsStream, { events: app.orderEvents, pingEveryMs: opts.pingEveryMs })
}

export default fp(backofficeOrders, { name: 'backoffice-orders', dependencies: ['database', 'authentication', 'graphql-modules', 'audit', 'orders', 'payments', 'dispatch', 'reports'] })
