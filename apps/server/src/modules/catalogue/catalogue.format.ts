// How the catalogue appears in API answers (spec §3), for GraphQL and REST alike: the shapes
// as zod schemas (REST declares them as its responses) and the functions that build them.
// Other modules show products through `toProduit` and `produitSchema`.
import { z } from 'zod'
import { preferenceResponseSchema } from '@teranga/shared/backoffice-settings'
import { formatPrix } from '@teranga/shared/money'
import { mediaFields } from '@teranga/shared/media'
import { mediaSchema } from '../../lib/rest.ts'
import type { ProductRow } from './product-projection.ts'

export const categorieRefSchema = z.object({ id: z.number(), designation: z.string() })

export const souscategorieSchema = z.object({
  id: z.number(),
  designation: z.string(),
  ...mediaSchema,
  categorie: categorieRefSchema,
})

export const categorieSchema = z.object({
  id: z.number(),
  designation: z.string(),
  ...mediaSchema,
  souscategories: z.array(souscategorieSchema),
})

export const produitSchema = z.object({
  id: z.number(),
  designation: z.string(),
  prix: z.number(),
  prixformat: z.string(),
  /** The regular price while a sale runs (then `prix` is the sale price), else null. */
  prix_initial: z.number().nullable(),
  quantite: z.number(),
  description: z.string().nullable(),
  code: z.string(),
  unite: z.string(),
  like: z.number(),
  ...mediaSchema,
  souscategorie: souscategorieSchema,
})

export const carousselSchema = z.object({
  id: z.number(),
  image: z.string(),
  imagesrcset: z.string().nullable(),
  titre: z.string().nullable(),
  description: z.string().nullable(),
  position: z.number(),
})

/**
 * The shop's settings as every visitor reads them: the back office's answer (packages/shared)
 * without the staff's alert numbers nor the messages' countries, each image as its rendering with its srcset.
 */
export const preferencesSchema = preferenceResponseSchema.omit({ telephonesAlertes: true, indicatifsMessages: true }).extend({
  logosrcset: z.string().nullable(),
  promotionsrcset: z.string().nullable(),
  promotion2srcset: z.string().nullable(),
})

export type Produit = z.infer<typeof produitSchema>
export type Categorie = z.infer<typeof categorieSchema>
export type Souscategorie = z.infer<typeof souscategorieSchema>

/** The `Produit` of spec §3. */
export function toProduit(row: ProductRow): Produit {
  return {
    id: row.id,
    designation: row.designation,
    prix: row.prix,
    prixformat: formatPrix(row.prix),
    prix_initial: row.prixInitial === null ? null : Number(row.prixInitial),
    quantite: row.quantite,
    description: row.description,
    code: row.code,
    unite: row.unite,
    like: Number(row.like),
    ...mediaFields(row.image),
    souscategorie: {
      id: row.scId,
      designation: row.scDesignation,
      ...mediaFields(row.scImage),
      categorie: { id: row.catId, designation: row.catDesignation },
    },
  }
}

type MediaRow = { id: number; designation: string; image: string | null }

export function toSouscategorie(row: MediaRow & { categorie: { id: number; designation: string } }): Souscategorie {
  return { id: row.id, designation: row.designation, ...mediaFields(row.image), categorie: row.categorie }
}

/** The category tree from rows of categories joined with their sub-categories (`sc`). */
export function toCategories(rows: ReadonlyArray<MediaRow & { sc: MediaRow | null }>): Categorie[] {
  const tree = new Map<number, Categorie>()
  for (const row of rows) {
    let category = tree.get(row.id)
    if (!category) tree.set(row.id, (category = { id: row.id, designation: row.designation, ...mediaFields(row.image), souscategories: [] }))
    if (row.sc) category.souscategories.push(toSouscategorie({ ...row.sc, categorie: { id: row.id, designation: row.designation } }))
  }
  return [...tree.values()]
}

export function toCaroussel(row: { id: number; image: string; titre: string | null; description: string | null; position: number }) {
  return { ...row, ...mediaFields(row.image) } as z.infer<typeof carousselSchema>
}

export function toPreferences(row: {
  id: number
  logo: string | null
  logo2: string | null
  email: string | null
  lieu: string | null
  promotion: string | null
  promotion2: string | null
  siteweb: string | null
  telephone: string | null
  telephone2: string | null
  whatsapp: string | null
  horaires: string | null
  latitude: number | null
  longitude: number | null
}): z.infer<typeof preferencesSchema> {
  const logo = mediaFields(row.logo)
  const promotion = mediaFields(row.promotion)
  const promotion2 = mediaFields(row.promotion2)
  // Field by field, never the row: the settings also hold what visitors must not read (the
  // staff's phone numbers for order alerts).
  return {
    id: row.id,
    email: row.email,
    lieu: row.lieu,
    siteweb: row.siteweb,
    telephone: row.telephone,
    telephone2: row.telephone2,
    whatsapp: row.whatsapp,
    horaires: row.horaires,
    latitude: row.latitude,
    longitude: row.longitude,
    logo: logo.image,
    logosrcset: logo.imagesrcset,
    logo2: mediaFields(row.logo2).image,
    promotion: promotion.image,
    promotionsrcset: promotion.imagesrcset,
    promotion2: promotion2.image,
    promotion2srcset: promotion2.imagesrcset,
  }
}
