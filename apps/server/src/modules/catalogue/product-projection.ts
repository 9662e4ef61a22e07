// How a product is read everywhere it is shown (catalogue, favourites, cart, orders): one
// select with its sub-category and category joined, `like` for the signed-in client. The
// catalogue publishes this projection to the modules that join products; they show the rows
// through `toProduit` (catalogue.format.ts).
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { categories, favoris, produits, souscategories } from '../../db/schema.ts'

/** The one rule for `like`: the product is in the client's favourites. */
export const likedBy = (clientId: number) => sql`exists(select 1 from ${favoris} where ${favoris.produitId} = ${produits.id} and ${favoris.clientId} = ${clientId})`

export function productColumns(userId: number | null) {
  return {
    id: produits.id,
    designation: produits.designation,
    description: produits.description,
    code: produits.code,
    prix: produits.prix,
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
