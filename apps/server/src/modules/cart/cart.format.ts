// How the cart appears in API answers (spec §3 Panier): lines at today's prices, the number
// of items and the total, formatted in FCFA.
import { formatPrix } from '@teranga/shared/money'
import type { Panier } from '@teranga/shared/storefront-answers'
import { toProduit } from '../catalogue/catalogue.format.ts'
import type { ProductRow } from '../catalogue/product-projection.ts'

export { panierSchema } from '@teranga/shared/storefront-answers'
export type { Panier }

export function toPanier(panier: { id: number; etat: string }, lines: ReadonlyArray<ProductRow & { lineId: number; lineQuantite: number }>): Panier {
  const panierproduits = lines.map((row) => ({
    id: row.lineId,
    produit_id: row.id,
    quantite: row.lineQuantite,
    prix: row.prix,
    produit: toProduit(row),
  }))
  const total = panierproduits.reduce((sum, l) => sum + l.prix * l.quantite, 0)
  return {
    id: panier.id,
    etat: panier.etat,
    panierproduits,
    nombre: panierproduits.reduce((n, l) => n + l.quantite, 0),
    total,
    totalformat: formatPrix(total),
  }
}
