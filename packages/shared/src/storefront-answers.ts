// The storefront's answers for the catalogue, the cart, the favourites and the shop's reference
// lists (GraphQL documents of storefront-queries.ts, POST /api/panier): one zod schema each, the
// types inferred from them (ADR 051). The storefront imports the types only, so no schema
// reaches its bundle; the server's test of the documents parses real answers with them.
import { z } from 'zod'
import { pageContenuResponseSchema } from './content-pages.ts'

/** DESIGN's page metadata of a paginated list. */
export const metadataSchema = z.object({ total: z.number(), per_page: z.number(), current_page: z.number(), last_page: z.number() })
export type Metadata = z.infer<typeof metadataSchema>

/** One page of a list: `pageSchema(produitSchema)` is a `Page<Produit>`. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ metadata: metadataSchema, data: z.array(item) })
export type Page<T> = { metadata: Metadata; data: T[] }

const categorieRefSchema = z.object({ id: z.number(), designation: z.string() })

export const produitSchema = z.object({
  id: z.number(),
  designation: z.string(),
  prix: z.number(),
  prixformat: z.string(),
  /** The regular price while a promotion runs (then `prix` is the sale price), else null. */
  prix_initial: z.number().nullable(),
  quantite: z.number(),
  description: z.string().nullable(),
  code: z.string(),
  unite: z.string(),
  /** 1 when the signed-in customer keeps it among their favourites; 0 for a visitor. */
  like: z.number(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
  souscategorie: z.object({ id: z.number(), designation: z.string(), categorie: categorieRefSchema }),
})
export type Produit = z.infer<typeof produitSchema>

export const souscategorieSchema = z.object({
  id: z.number(),
  designation: z.string(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
  /** Asked by the `souscategories` list, not inside a category's tree. */
  categorie: categorieRefSchema.optional(),
})
export type Souscategorie = z.infer<typeof souscategorieSchema>

export const categorieSchema = z.object({
  id: z.number(),
  designation: z.string(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
  souscategories: z.array(souscategorieSchema),
})
export type Categorie = z.infer<typeof categorieSchema>

export const carousselSchema = z.object({
  id: z.number(),
  image: z.string(),
  imagesrcset: z.string().nullable(),
  titre: z.string().nullable(),
  description: z.string().nullable(),
})
export type Caroussel = z.infer<typeof carousselSchema>

export const preferencesSchema = z.object({
  id: z.number(),
  logo: z.string().nullable(),
  logosrcset: z.string().nullable(),
  logo2: z.string().nullable(),
  email: z.string().nullable(),
  lieu: z.string().nullable(),
  promotion: z.string().nullable(),
  promotionsrcset: z.string().nullable(),
  promotion2: z.string().nullable(),
  promotion2srcset: z.string().nullable(),
  siteweb: z.string().nullable(),
  telephone: z.string().nullable(),
  telephone2: z.string().nullable(),
  whatsapp: z.string().nullable(),
  horaires: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type Preferences = z.infer<typeof preferencesSchema>

export const favoriSchema = z.object({ id: z.number(), produit: produitSchema })
export type Favori = z.infer<typeof favoriSchema>

export const panierProduitSchema = z.object({
  id: z.number(),
  produit_id: z.number(),
  quantite: z.number(),
  prix: z.number(),
  produit: produitSchema,
})
export type PanierProduit = z.infer<typeof panierProduitSchema>

export const panierSchema = z.object({
  id: z.number(),
  etat: z.string(),
  nombre: z.number(),
  total: z.number(),
  totalformat: z.string(),
  panierproduits: z.array(panierProduitSchema),
})
export type Panier = z.infer<typeof panierSchema>

/** POST /api/panier: the whole cart after the change. */
export const panierAnswerSchema = z.object({ panier: panierSchema })
export type PanierAnswer = z.infer<typeof panierAnswerSchema>

export const modepaiementSchema = z.object({
  id: z.number(),
  designation: z.string(),
  code: z.string(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
  desc: z.string().nullable(),
})
export type Modepaiement = z.infer<typeof modepaiementSchema>

export const depotSchema = z.object({
  id: z.number(),
  designation: z.string(),
  description: z.string().nullable(),
  adresse: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Opening hours in French (« Lun–Ven 8 h–19 h, fermé le dimanche »); null until the shop gives them. */
  horairestexte: z.string().nullable().optional(),
})
export type Depot = z.infer<typeof depotSchema>

export const modelivraisonSchema = z.object({ id: z.number(), code: z.string(), designation: z.string() })
export type Modelivraison = z.infer<typeof modelivraisonSchema>

export const zoneLivraisonSchema = z.object({ id: z.number(), designation: z.string(), frais: z.number(), fraisformat: z.string() })
export type ZoneLivraison = z.infer<typeof zoneLivraisonSchema>

/** One of the shop's own pages as the storefront shows it (GraphQL `pagecontenu`). */
export const contentPageSchema = pageContenuResponseSchema.pick({ slug: true, titre: true, description: true, html: true })
export type ContentPage = z.infer<typeof contentPageSchema>

/** The close spellings of a search that found nothing (GraphQL `orthographes`). */
export const orthographesSchema = z.array(z.string())
