// The delivery module: delivery modes, pickup depots and the zone fee table, read by everyone.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { deliveryGraphql } from './delivery.graphql.ts'
import { createDeliveryRepository } from './delivery.repository.ts'
import deliveryRoutes from './delivery.routes.ts'

async function delivery(app: FastifyInstance) {
  const repo = createDeliveryRepository(app.db)
  app.addGraphqlModule(deliveryGraphql(repo))
  await registerRest(app, deliveryRoutes, { repo })
}

export default fp(delivery, { name: 'delivery', dependencies: ['database', 'graphql-modules'] })
