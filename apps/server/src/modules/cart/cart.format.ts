// How the cart appears in API answers (spec §3 Panier): lines at today's prices, the number
// of items and the total, formatted in FCFA.
import { formatPrix } from '@teranga/shared/money'
import type { Panier } from '@teranga/shared/storefront-answers'
import { toProduit, toVariante } from '../catalogue/catalogue.format.ts'
import type { CartLineRow } from './cart.repository.ts'

export { panierSchema } from '@teranga/shared/storefront-answers'
export type { Panier }

/** Each line is a variant (ADR 053 §4): `prix` is the variant's price now, `produit` the product as the catalogue shows it. */
export function toPanier(panier: { id: number; etat: string }, lines: readonly CartLineRow[]): Panier {
  const panierproduits = lines.map((row) => ({
    id: row.lineId,
    produit_id: row.id,
    variante_id: row.variant.id,
    quantite: row.lineQuantite,
    prix: row.variant.prix,
    produit: toProduit(row),
    variante: toVariante({ designation: row.designation, options: row.options ?? [] }, row.variant),
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
