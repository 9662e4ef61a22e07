// How a product is read everywhere it is shown (catalogue, favourites, cart, orders): one
// select with its sub-category and category joined, `like` for the signed-in client. The
// catalogue publishes this projection to the modules that join products; they show the rows
// through `toProduit` (catalogue.format.ts).
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { categories, favoris, produits, souscategories, variantes } from '../../db/schema.ts'

/**
 * Whether the product's sale price runs now (issue 19 §1): set, below the regular price, and
 * « now » (the database's clock, Africa/Dakar being UTC all year) within its optional dates.
 * Read in SQL, so a sale starts and ends on its own; the caches of anonymous answers are
 * emptied at each start and end (promotion-boundaries.ts).
 */
export const saleRuns = sql`(${produits.prixPromo} is not null and ${produits.prixPromo} < ${produits.prix}
  and (${produits.promoDebut} is null or ${produits.promoDebut} <= now()) and (${produits.promoFin} is null or ${produits.promoFin} > now()))`

/** What the shopper pays now: the sale price while it runs, else the price. Orders and carts charge this. */
export const priceNow = sql<number>`(case when ${saleRuns} then ${produits.prixPromo} else ${produits.prix} end)`

/** The regular price while a sale runs (struck through by the storefront), else null. */
export const regularPriceDuringSale = sql<number | null>`(case when ${saleRuns} then ${produits.prix} end)`

/**
 * The product's card says « à partir de » (ADR 053 §4): several variants and a higher price
 * among them, or a sale running on one. Read from the product's summary, no join.
 */
export const fromPrice = sql<boolean>`(${produits.nbVariantes} > 1 and (${produits.prixMax} > ${produits.prix} or ${saleRuns}))`

/** As `saleRuns`, on a variant's own sale (`variantes`' columns). */
export const variantSaleRuns = sql`(${variantes.prixPromo} is not null and ${variantes.prixPromo} < ${variantes.prix}
  and (${variantes.promoDebut} is null or ${variantes.promoDebut} <= now()) and (${variantes.promoFin} is null or ${variantes.promoFin} > now()))`

/** What the shopper pays now for a variant, as `priceNow` for a product. */
export const variantPriceNow = sql<number>`(case when ${variantSaleRuns} then ${variantes.prixPromo} else ${variantes.prix} end)`

/** The one rule for `like`: the product is in the client's favourites (`clientId` a placeholder in a statement built once). */
export const likedBy = (clientId: number | Placeholder) => sql`exists(select 1 from ${favoris} where ${favoris.produitId} = ${produits.id} and ${favoris.clientId} = ${clientId})`

export function productColumns(userId: number | Placeholder | null) {
  return {
    id: produits.id,
    designation: produits.designation,
    description: produits.description,
    code: produits.code,
    prix: priceNow,
    prixInitial: regularPriceDuringSale,
    quantite: produits.quantite,
    unite: produits.unite,
    image: produits.image,
    options: produits.options,
    nbVariantes: produits.nbVariantes,
    aPartirDe: fromPrice,
    like: userId ? sql<number>`(${likedBy(userId)})::int` : sql<number>`0`,
    scId: souscategories.id,
    scDesignation: souscategories.designation,
    scImage: souscategories.image,
    catId: categories.id,
    catDesignation: categories.designation,
  }
}

export const productJoin = {
  souscategorie: eq(souscategories.id, produits.souscategorieId),
  categorie: eq(categories.id, souscategories.categorieId),
}

/** Only products on sale are visible to shoppers. */
export const visibleProduct = (extra?: SQL) => (extra ? and(eq(produits.actif, true), extra) : eq(produits.actif, true))

export type ProductRow = {
  id: number
  designation: string
  description: string | null
  code: string
  prix: number
  prixInitial: number | null
  quantite: number
  unite: string
  image: string | null
  options: ProductOption[]
  nbVariantes: number
  aPartirDe: boolean
  like: number
  scId: number
  scDesignation: string
  scImage: string | null
  catId: number
  catDesignation: string
}

export type ProductOption = { nom: string; valeurs: string[] }

/** A live variant as products show it; the product's name and options give its own. */
export type VariantRow = {
  id: number
  produitId: number
  valeurs: Array<string | null>
  code: string
  prix: number
  prixInitial: number | null
  quantite: number
  image: string | null
}

/**
 * The live variants of these products by position, in ONE statement whatever their number
 * (ADR 053 §4: a page of products costs one more statement, never one per product). A
 * variant's image is its own, else its product's.
 */
export async function liveVariants(db: Executor, produitIds: readonly number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>()
  if (produitIds.length === 0) return byProduct
  const rows = await db
    .select({
      id: variantes.id,
      produitId: variantes.produitId,
      valeur1: variantes.valeur1,
      valeur2: variantes.valeur2,
      valeur3: variantes.valeur3,
      code: variantes.code,
      prix: variantPriceNow,
      prixInitial: sql<number | null>`(case when ${variantSaleRuns} then ${variantes.prix} end)`,
      quantite: variantes.quantite,
      image: sql<string | null>`coalesce(${variantes.image}, ${produits.image})`,
    })
    .from(variantes)
    .innerJoin(produits, eq(produits.id, variantes.produitId))
    .where(and(inArray(variantes.produitId, [...new Set(produitIds)]), eq(variantes.actif, true)))
    .orderBy(asc(variantes.produitId), asc(variantes.position), asc(variantes.id))
  for (const { valeur1, valeur2, valeur3, ...row } of rows) {
    const variant = { ...row, prix: Number(row.prix), prixInitial: row.prixInitial === null ? null : Number(row.prixInitial), valeurs: [valeur1, valeur2, valeur3] }
    const list = byProduct.get(row.produitId)
    if (list) list.push(variant)
    else byProduct.set(row.produitId, [variant])
  }
  return byProduct
}
