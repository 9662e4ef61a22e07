// How delivery reference data appears in API answers: modes, pickup depots, and zones with
// their fee formatted in FCFA (also inside saved addresses).
import { z } from 'zod'
import { depotHoursResponseSchema as depotHoursSchema, formatDepotHours, type DepotHours } from '@teranga/shared/backoffice-settings'
import { formatPrix } from '@teranga/shared/money'

export const modelivraisonSchema = z.object({ id: z.number(), code: z.string(), designation: z.string() })


/** A depot's opening hours as given, and in French (« Lun–Ven 8 h–19 h, fermé le dimanche »); both null when none were given. */
export const depotHoursFields = { horaires: depotHoursSchema.nullable(), horairestexte: z.string().nullable() }
export const toDepotHours = (horaires: DepotHours | null) => ({ horaires, horairestexte: formatDepotHours(horaires) })

export const depotSchema = z.object({
  id: z.number(),
  designation: z.string(),
  description: z.string().nullable(),
  adresse: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  ...depotHoursFields,
})

export const toDepot = <D extends { horaires: DepotHours | null }>(depot: D) => ({ ...depot, ...toDepotHours(depot.horaires) })

export const zoneSchema = z.object({ id: z.number(), designation: z.string(), frais: z.number(), fraisformat: z.string() })

export const toZone = (zone: { id: number; designation: string; frais: number }): z.infer<typeof zoneSchema> => ({
  id: zone.id,
  designation: zone.designation,
  frais: zone.frais,
  fraisformat: formatPrix(zone.frais),
})
