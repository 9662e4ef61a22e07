// How delivery reference data appears in API answers: modes, pickup depots, and zones with
// their fee formatted in FCFA (also inside saved addresses).
import { z } from 'zod'
import { formatPrix } from '@teranga/shared/money'

export const modelivraisonSchema = z.object({ id: z.number(), code: z.string(), designation: z.string() })

export const depotSchema = z.object({
  id: z.number(),
  designation: z.string(),
  description: z.string().nullable(),
  adresse: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
})

export const zoneSchema = z.object({ id: z.number(), designation: z.string(), frais: z.number(), fraisformat: z.string() })

export const toZone = (zone: { id: number; designation: string; frais: number }): z.infer<typeof zoneSchema> => ({
  id: zone.id,
  designation: zone.designation,
  frais: zone.frais,
  fraisformat: formatPrix(zone.frais),
})
