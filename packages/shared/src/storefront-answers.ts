// The storefront's answers for the catalogue, the cart, the favourites and the shop's reference
// lists (GraphQL documents of storefront-queries.ts, their REST twins, POST /api/panier): one zod
// schema each, the types inferred from them (ADR 051). The server declares them as its REST
// responses (their field order is the answer's order); the storefront imports the types only, so
// no schema reaches its bundle; the server's test of the documents parses real answers with them.
// A field the storefront's documents do not ask is optional here; the REST answer always has it.
import { z } from 'zod'
import { depotHoursResponseSchema, depotResponseSchema, preferenceResponseSchema } from './backoffice-settings.ts'
import { pageContenuResponseSchema } from './content-pages.ts'

/** Images as `mediaFields` gives them (media.ts), spread into a shape. */
export const mediaShape = { image: z.string().nullable(), imagesrcset: z.string().nullable() }

/** DESIGN's page metadata of a paginated list. */
export const metadataSchema = z.object({ total: z.number(), per_page: z.number(), current_page: z.number(), last_page: z.number() })
export type Metadata = z.infer<typeof metadataSchema>

/** One page of a list: `pageSchema(produitSchema)` is a `Page<Produit>`. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ metadata: metadataSchema, data: z.array(item) })
export type Page<T> = { metadata: Metadata; data: T[] }

export const categorieRefSchema = z.object({ id: z.number(), designation: z.string() })

export const souscategorieSchema = z.object({
  id: z.number(),
  designation: z.string(),
  ...mediaShape,
  /** Not asked inside a category's tree by the storefront. */
  categorie: categorieRefSchema.optional(),
})
export type Souscategorie = z.infer<typeof souscategorieSchema>

export const categorieSchema = z.object({
  id: z.number(),
  designation: z.string(),
  ...mediaShape,
  souscategories: z.array(souscategorieSchema),
})
export type Categorie = z.infer<typeof categorieSchema>

/** One of a product's options (« Contenance ») and its values in display order (ADR 053 §4). */
export const produitOptionSchema = z.object({ nom: z.string(), valeurs: z.array(z.string()) })
export type ProduitOption = z.infer<typeof produitOptionSchema>

/**
 * One live variant of a product: its values by option name (`{}` without options), its name
 * (the product's followed by its values), its price now as the product's, its stock and SKU, its
 * image (else the product's).
 */
export const varianteSchema = z.object({
  id: z.number(),
  options: z.record(z.string(), z.string()),
  designation: z.string(),
  prix: z.number(),
  prixformat: z.string(),
  /** The regular price while its sale runs (then `prix` is the sale price), else null. */
  prix_initial: z.number().nullable(),
  quantite: z.number(),
  code: z.string(),
  ...mediaShape,
})
export type Variante = z.infer<typeof varianteSchema>

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
  ...mediaShape,
  /** Its sub-category's image is not asked by the storefront. */
  souscategorie: souscategorieSchema.extend({ categorie: categorieRefSchema }).partial({ image: true, imagesrcset: true }),
  /** Its options in display order (ADR 053 §4): `[]` for a product without options. */
  options: z.array(produitOptionSchema).optional(),
  /** How many live variants it has: 1 for a product without options. */
  nb_variantes: z.number().optional(),
  /** The card writes « à partir de » before `prix`: several variants and their prices differ (or a sale runs). */
  a_partir_de: z.boolean().optional(),
  /** Its live variants by position; not asked by the grid's document (one statement per page). */
  variantes: z.array(varianteSchema).optional(),
})
export type Produit = z.infer<typeof produitSchema>

export const carousselSchema = z.object({
  id: z.number(),
  image: z.string(),
  imagesrcset: z.string().nullable(),
  titre: z.string().nullable(),
  description: z.string().nullable(),
  /** Not asked by the storefront (the list comes in order). */
  position: z.number().optional(),
})
export type Caroussel = z.infer<typeof carousselSchema>

/**
 * The shop's settings as every visitor reads them: the back office's answer without the staff's
 * alert numbers nor the messages' countries, each image as its rendering with its srcset.
 */
export const preferencesSchema = preferenceResponseSchema.omit({ telephonesAlertes: true, indicatifsMessages: true }).extend({
  logosrcset: z.string().nullable(),
  promotionsrcset: z.string().nullable(),
  promotion2srcset: z.string().nullable(),
})
export type Preferences = z.infer<typeof preferencesSchema>

export const favoriSchema = z.object({ id: z.number(), produit: produitSchema })
export type Favori = z.infer<typeof favoriSchema>

export const panierProduitSchema = z.object({
  id: z.number(),
  produit_id: z.number(),
  /** The line's key with the cart (ADR 053 §4): two variants of one product are two lines. */
  variante_id: z.number(),
  quantite: z.number(),
  /** The variant's price now. */
  prix: z.number(),
  produit: produitSchema,
  variante: varianteSchema,
})
export type PanierProduit = z.infer<typeof panierProduitSchema>

export const panierSchema = z.object({
  id: z.number(),
  etat: z.string(),
  panierproduits: z.array(panierProduitSchema),
  nombre: z.number(),
  total: z.number(),
  totalformat: z.string(),
})
export type Panier = z.infer<typeof panierSchema>

/** POST /api/panier: the whole cart after the change. */
export const panierAnswerSchema = z.object({ panier: panierSchema })
export type PanierAnswer = z.infer<typeof panierAnswerSchema>

export const modepaiementSchema = z.object({
  id: z.number(),
  designation: z.string(),
  code: z.string(),
  desc: z.string().nullable(),
  ...mediaShape,
})
export type Modepaiement = z.infer<typeof modepaiementSchema>

/**
 * A depot's opening hours as given (not asked by the storefront), and in French (« Lun–Ven 8 h–19 h,
 * fermé le dimanche »); both null until the shop gives them.
 */
export const depotHoursFields = { horaires: depotHoursResponseSchema.nullable().optional(), horairestexte: z.string().nullable().optional() }

/** A pickup depot as the back office's answer shows it, without its place in the list, with its hours in French. */
export const depotSchema = depotResponseSchema.omit({ horaires: true, position: true, retrait_creneaux: true, retrait_capacite: true }).extend(depotHoursFields)
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
