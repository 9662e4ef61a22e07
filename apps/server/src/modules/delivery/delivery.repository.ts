// Delivery reference data: delivery modes, pickup depots and the zone fee table.
import { asc } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { depots, modelivraisons, zonesLivraison } from '../../db/schema.ts'

export function createDeliveryRepository(db: Executor) {
  return {
    modes: () => db.select().from(modelivraisons).orderBy(asc(modelivraisons.id)),
    depots: () => db.select().from(depots).orderBy(asc(depots.position), asc(depots.id)),
    zones: () => db.select().from(zonesLivraison).orderBy(asc(zonesLivraison.position), asc(zonesLivraison.id)),
  }
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>
