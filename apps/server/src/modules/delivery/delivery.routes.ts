// Public REST reads of delivery modes, depots and zones.
import type { FastifyInstance } from 'fastify'
import { readResource } from '../../lib/read-resource.ts'
import { depotSchema, modelivraisonSchema, toDepot, toZone, zoneSchema } from './delivery.format.ts'
import type { DeliveryRepository } from './delivery.repository.ts'

export default async function deliveryRoutes(app: FastifyInstance, opts: { repo: DeliveryRepository }) {
  const { repo } = opts
  readResource(app, 'modelivraisons', modelivraisonSchema, () => repo.modes())
  readResource(app, 'depots', depotSchema, async () => (await repo.depots()).map(toDepot))
  readResource(app, 'zones', zoneSchema, async () => (await repo.zones()).map(toZone))
}
