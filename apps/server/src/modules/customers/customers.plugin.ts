// The customers module (issue 10): the back office's customer list, detail and point adjustments.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import customersRoutes from './customers.routes.ts'

async function customers(app: FastifyInstance) {
  await registerRest(app, customersRoutes, {})
}

export default fp(customers, { name: 'customers', dependencies: ['database', 'authentication', 'audit'] })
