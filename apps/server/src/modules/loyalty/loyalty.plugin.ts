// The loyalty module: the tiers (privileges) and their rewards, the balance and the ledger.
// Exposes `app.loyalty` (its service) for the modules that show or move points, and registers
// what it does on an order's steps with the order lifecycle (ADR 049).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { loyaltyGraphql } from './loyalty.graphql.ts'
import { loyaltyOnOrders, loyaltyRewards } from './loyalty.order-participant.ts'
import loyaltyRoutes from './loyalty.routes.ts'
import { createLoyaltyService, type LoyaltyService } from './loyalty.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    loyalty: LoyaltyService
  }
}

async function loyalty(app: FastifyInstance) {
  const service = createLoyaltyService(app.db)
  app.decorate('loyalty', service)
  app.orderParticipants.add(loyaltyOnOrders)
  app.orderParticipants.provide('rewards', loyaltyRewards)
  app.addGraphqlModule(loyaltyGraphql(service))
  await registerRest(app, loyaltyRoutes, { service })
}

export default fp(loyalty, { name: 'loyalty', dependencies: ['database', 'graphql-modules'] })
