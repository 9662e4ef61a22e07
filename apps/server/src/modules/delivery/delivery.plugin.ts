// The delivery module: delivery modes, pickup depots and the zone fee table, read by everyone;
// delivery slots and days off (issue 25 §1, ADR 054), which orders reach as their `slots` provider.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { deliveryGraphql } from './delivery.graphql.ts'
import { createDeliveryRepository } from './delivery.repository.ts'
import deliveryRoutes from './delivery.routes.ts'
import deliverySlotsRoutes from './delivery-slots.routes.ts'
import { createDeliverySlotsService, orderSlots, syncDepotWindows } from './delivery-slots.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Brings a depot's pickup windows in step with its saved settings, in its write's transaction (ADR 058). */
    depotPickupWindows: typeof syncDepotWindows
  }
}

async function delivery(app: FastifyInstance) {
  const repo = createDeliveryRepository(app.db)
  app.addGraphqlModule(deliveryGraphql(repo))
  await registerRest(app, deliveryRoutes, { repo })
  await registerRest(app, deliverySlotsRoutes, { service: createDeliverySlotsService({ db: app.db, audit: app.audit }) })
  app.orderParticipants.provide('slots', orderSlots)
  app.decorate('depotPickupWindows', syncDepotWindows)
}

export default fp(delivery, { name: 'delivery', dependencies: ['database', 'graphql-modules', 'authentication', 'audit'] })
