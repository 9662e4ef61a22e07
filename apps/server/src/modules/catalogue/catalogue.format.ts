// How the catalogue appears in API answers (spec §3), for GraphQL and REST alike: the shapes
// as zod schemas (REST declares them as its responses) and the functions that build them.
// The shapes are the storefront's (packages/shared storefront-answers, ADR 051); other modules
// show products through `toProduit` and `produitSchema`.
import type { z } from 'zod'
import { formatPrix } from '@teranga/shared/money'
import { mediaFields } from '@teranga/shared/media'
import { carousselSchema, preferencesSchema, type Categorie, type Produit, type Souscategorie, type Variante } from '@teranga/shared/storefront-answers'
import type { ProductOption, ProductRow, VariantRow } from './product-projection.ts'

export { carousselSchema, categorieSchema, preferencesSchema, produitSchema, souscategorieSchema, varianteSchema } from '@teranga/shared/storefront-answers'
export type { Categorie, Produit, Souscategorie, Variante }

/**
 * The `Produit` of spec §3 with its options and summary (ADR 053 §4); its `variantes` are read
 * for the whole answer at once and added apart (`liveVariants`, `toVariante`).
 */
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
    options: row.options,
    nb_variantes: row.nbVariantes,
    a_partir_de: row.aPartirDe,
  }
}

/** A variant as products show it: its values by option name, named after its product and values. */
export function toVariante(product: { designation: string; options: readonly ProductOption[] }, v: VariantRow): Variante {
  const values = product.options.map((option, i) => [option.nom, v.valeurs[i]] as const).filter((pair): pair is readonly [string, string] => pair[1] != null)
  return {
    id: v.id,
    options: Object.fromEntries(values),
    designation: [product.designation, ...values.map(([, value]) => value)].join(' '),
    prix: v.prix,
    prixformat: formatPrix(v.prix),
    prix_initial: v.prixInitial,
    quantite: v.quantite,
    code: v.code,
    ...mediaFields(v.image),
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
