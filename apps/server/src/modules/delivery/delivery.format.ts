// How delivery reference data appears in API answers: modes, pickup depots, and zones with
// their fee formatted in FCFA (also inside saved addresses). The shapes are the storefront's
// (packages/shared storefront-answers, ADR 051).
import { formatDepotHours, type DepotHours } from '@teranga/shared/backoffice-settings'
import { formatPrix } from '@teranga/shared/money'
import type { ZoneLivraison } from '@teranga/shared/storefront-answers'

export {
  depotHoursFields,
  depotSchema,
  modelivraisonSchema,
  zoneLivraisonSchema as zoneSchema,
} from '@teranga/shared/storefront-answers'

export const toDepotHours = (horaires: DepotHours | null) => ({ horaires, horairestexte: formatDepotHours(horaires) })

export const toDepot = <D extends { horaires: DepotHours | null }>(depot: D) => ({ ...depot, ...toDepotHours(depot.horaires) })

export const toZone = (zone: { id: number; designation: string; frais: number }): ZoneLivraison => ({
  id: zone.id,
  designation: zone.designation,
  frais: zone.frais,
  fraisformat: formatPrix(zone.frais),
})
