// A product's variants as the storefront chooses among them (ADR 053 §5): the one an address
// names, else the first in stock by position, else the first; and, for each option, which of
// its values a button offers from the current choice. A product whose answer lists no variants
// (a grid's document does not ask them) is its own one variant.
import type { Produit, Variante } from '@teranga/shared/storefront-answers'

/** The product's variants by position; its own fields as one variant when the answer has none. */
export function variantsOf(product: Produit): Variante[] {
  if (product.variantes && product.variantes.length > 0) return product.variantes
  const { id, designation, prix, prixformat, prix_initial, quantite, code, image, imagesrcset } = product
  return [{ id, options: {}, designation, prix, prixformat, prix_initial, quantite, code, image, imagesrcset }]
}

/** Whether the shopper chooses among several variants (the buttons, the card's choice). */
export const hasChoice = (product: Produit) => (product.nb_variantes ?? product.variantes?.length ?? 1) > 1

/** The variant `requested` names if it is live; else the first in stock by position, else the first. */
export function chooseVariant(product: Produit, requested: number | undefined): Variante {
  const variants = variantsOf(product)
  return variants.find((v) => v.id === requested) ?? variants.find((v) => v.quantite > 0) ?? variants[0]!
}

export interface ValueChoice {
  value: string
  /** The variant choosing this value leads to. */
  variant: Variante
  /** That variant is the chosen one. */
  checked: boolean
  /** Sold out: shown, not chosen. */
  soldOut: boolean
}

/**
 * The buttons of option `index` from the chosen variant: each value sold with the values chosen
 * for the options before it (a value never sold so is absent). A value leads to the variant with
 * the other values kept when it is sold, else to the first such variant in stock, else the first.
 */
export function valueChoices(product: Produit, chosen: Variante, index: number): ValueChoice[] {
  const options = product.options ?? []
  const option = options[index]
  if (!option) return []
  const variants = variantsOf(product)
  const before = options.slice(0, index).map((o) => o.nom)
  return option.valeurs.flatMap((value) => {
    const candidates = variants.filter((v) => v.options[option.nom] === value && before.every((nom) => v.options[nom] === chosen.options[nom]))
    const same = candidates.find((v) => options.every((o) => o.nom === option.nom || v.options[o.nom] === chosen.options[o.nom]))
    const variant = same ?? candidates.find((v) => v.quantite > 0) ?? candidates[0]
    return variant ? [{ value, variant, checked: variant.id === chosen.id, soldOut: variant.quantite <= 0 }] : []
  })
}
