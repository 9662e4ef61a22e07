// The back office's orders (issue 10): the dashboard and the staff's order list and export.
// Reads only; an order's state still changes only through the order lifecycle (ADR 013).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { createBackofficeOrdersRepository } from './backoffice-orders.repository.ts'
import backofficeOrdersRoutes from './backoffice-orders.routes.ts'

async function backofficeOrders(app: FastifyInstance) {
  await registerRest(app, backofficeOrdersRoutes, { repo: createBackofficeOrdersRepository(app.db) })
}

export default fp(backofficeOrders, { name: 'backoffice-orders', dependencies: ['database', 'orders'] })
