// The delivery fee table of spec §9, by Dakar zone, in FCFA. The server seeds its zone
// table from here and the storefront shows it; an unknown zone costs 0.
import { formatPrix } from './money.ts'

export const DELIVERY_FEES: ReadonlyArray<{ frais: number; zones: readonly string[] }> = [
  { frais: 1000, zones: ['Cité Keur Gorgui', 'Mermoz'] },
  {
    frais: 1500,
    zones: [
      'Dakar Plateau', 'Fann', 'Point E', 'VDN', 'Ouakam', 'Liberté', 'Corniche',
      'Dieupeul-Derklé', 'Medina', 'Scat Urbam', 'Colobane', 'Sacré Coeur', 'Sicap',
    ],
  },
  {
    frais: 2000,
    zones: ['Ouest Foire', 'Nord Foire', 'HLM', 'Parcelles', 'Grand Dakar', 'Yoff', 'Almadies'],
  },
  { frais: 2500, zones: ['Dakar Banlieue', 'Fadia', 'Golf', 'Pikine', 'Guediawaye'] },
  { frais: 3500, zones: ['Diamaguene', 'Keur Massar', 'Mbaye'] },
  { frais: 5000, zones: ['Rufisque', 'Diamniadio'] },
  { frais: 6500, zones: ['Thies-Tivaouane'] },
  { frais: 10000, zones: ['Saint Louis', 'Kaolack', 'Fatick', 'Diourbel', 'Bambey'] },
  { frais: 12000, zones: ['Ziguinchor', 'Matam', 'Kaffrine', 'Podor'] },
]

/** Every zone with its fee, in the table's order. */
export const DELIVERY_ZONES: ReadonlyArray<{ designation: string; frais: number }> =
  DELIVERY_FEES.flatMap(({ frais, zones }) => zones.map((designation) => ({ designation, frais })))

const feeByZone = new Map(DELIVERY_ZONES.map((z) => [z.designation, z.frais]))

/** The fee for a zone name; 0 for a zone the table does not know (spec §9). */
export function deliveryFee(zone: string): number {
  return feeByZone.get(zone) ?? 0
}

/** A delivery zone as the API shows it, wherever it appears (the zone list, a saved address). */
export const toZone = (z: { id: number; designation: string; frais: number }) => ({
  id: z.id,
  designation: z.designation,
  frais: z.frais,
  fraisformat: formatPrix(z.frais),
})
