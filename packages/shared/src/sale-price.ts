// What a product card shows of a running sale, without the promotions' schemas: the
// storefront's first page draws it and must not load zod (its first-page budget).

/** The « -20 % » of a sale: the share of the regular price taken off, rounded. */
export function discountPercent(prix: number, prixInitial: number | null | undefined): number | null {
  if (!prixInitial || prixInitial <= prix) return null
  return Math.round(((prixInitial - prix) * 100) / prixInitial)
}
