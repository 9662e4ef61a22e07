// The delivery fee table of spec §9, by Dakar zone, in FCFA. The server seeds its zone
// table from here; the storefront reads the zones and their fees from the API.

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
