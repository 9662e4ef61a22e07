// Public REST reads of delivery modes, depots and zones.
import type { FastifyInstance } from 'fastify'
import { readResource } from '../../lib/read-resource.ts'
import { toZone } from './delivery.graphql.ts'
import type { DeliveryRepository } from './delivery.repository.ts'

export default async function deliveryRoutes(app: FastifyInstance, opts: { repo: DeliveryRepository }) {
  const { repo } = opts
  readResource(app, 'modelivraisons', () => repo.modes())
  readResource(app, 'depots', () => repo.depots())
  readResource(app, 'zones', async () => (await repo.zones()).map(toZone))
}
