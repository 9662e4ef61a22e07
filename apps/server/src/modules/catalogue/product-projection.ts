// How a product is read everywhere it is shown (catalogue, favourites, cart, orders): one
// select with its sub-category and category joined, `like` for the signed-in client. The
// catalogue publishes this projection to the modules that join products; they show the rows
// through `toProduit` (catalogue.format.ts).
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { categories, favoris, produits, souscategories } from '../../db/schema.ts'

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

/** The one rule for `like`: the product is in the client's favourites. */
export const likedBy = (clientId: number) => sql`exists(select 1 from ${favoris} where ${favoris.produitId} = ${produits.id} and ${favoris.clientId} = ${clientId})`

export function productColumns(userId: number | null) {
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
  like: number
  scId: number
  scDesignation: string
  scImage: string | null
  catId: number
  catDesignation: string
}
