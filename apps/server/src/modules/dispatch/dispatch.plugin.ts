// The dispatch module (issue 16): the shop's couriers, which one carries an order, and the
// staff's internal notes on orders, and the cash couriers hand back (issue 25 §4). Exposes
// `app.dispatch` (its service) to the orders pages.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import cashRoutes from './cash.routes.ts'
import { createCashService } from './cash.service.ts'
import { courierGraphql } from './courier.graphql.ts'
import courierRoutes from './courier.routes.ts'
import { createCourierService } from './courier.service.ts'
import dispatchRoutes from './dispatch.routes.ts'
import { createDispatchService, type DispatchService } from './dispatch.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    dispatch: DispatchService
  }
}

async function dispatch(app: FastifyInstance) {
  const service = createDispatchService({ db: app.db, audit: app.audit })
  app.decorate('dispatch', service)
  await registerRest(app, dispatchRoutes, { service })
  // The courier's phone (issue 25 §3): their moves go through the order lifecycle.
  const couriers = createCourierService({ db: app.db, lifecycle: () => app.orderLifecycle })
  await registerRest(app, courierRoutes, { service: couriers })
  app.addGraphqlModule(courierGraphql(couriers))
  await registerRest(app, cashRoutes, { service: createCashService({ db: app.db, audit: app.audit }) })
}

export default fp(dispatch, { name: 'dispatch', dependencies: ['database', 'authentication', 'audit', 'orders', 'graphql-modules'] })
