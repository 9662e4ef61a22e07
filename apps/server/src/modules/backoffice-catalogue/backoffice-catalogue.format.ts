// The back-office catalogue's answers (docs/back-office-api.md, « Catalogue »).
import { stockHistoryLineSchema, stockReasonText, type Product, type StockHistoryLine } from '@teranga/shared/backoffice-catalogue'
import { mediaFields } from '@teranga/shared/media'
import { formatPrix } from '@teranga/shared/money'
import { dateFr } from '../../lib/format.ts'
import type { ProductRow } from './backoffice-catalogue.repository.ts'

export function formatAdminProduct(row: ProductRow): Product {
  return {
    id: row.id,
    code: row.code,
    designation: row.designation,
    description: row.description,
    prix: row.prix,
    prix_fr: formatPrix(row.prix),
    quantite: row.quantite,
    unite: row.unite,
    seuil: row.seuil,
    stock_bas: row.quantite <= row.seuil,
    actif: row.actif,
    prix_promo: row.prixPromo,
    promo_debut: row.promoDebut ? new Date(row.promoDebut).toISOString() : null,
    promo_fin: row.promoFin ? new Date(row.promoFin).toISOString() : null,
    promo_active: Boolean(row.promoActive),
    promo_programmee: Boolean(row.promoProgrammee),
    image_key: row.image,
    ...mediaFields(row.image),
    souscategorie: {
      id: row.souscategorieId,
      designation: row.souscategorieDesignation,
      categorie: { id: row.categorieId, designation: row.categorieDesignation },
    },
    created_at: row.createdAt.toISOString(),
  }
}

export const movementSchema = stockHistoryLineSchema

export function formatMovement(row: {
  id: number
  createdAt: Date
  delta: number
  raison: string
  motif: string | null
  quantiteApres: number
  staffId: number | null
  staffEmail?: string | null
  staffPrenom?: string | null
  staffName?: string | null
  numerocommande?: string | null
  varianteId?: number | null
  varianteDesignation?: string | null
  varianteCode?: string | null
}): StockHistoryLine {
  const nom = [row.staffPrenom, row.staffName].filter(Boolean).join(' ') || null
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    date_fr: dateFr.format(row.createdAt),
    delta: row.delta,
    quantite_apres: row.quantiteApres,
    raison: row.raison,
    raison_text: stockReasonText(row.raison),
    motif: row.motif,
    staff: row.staffId == null ? null : { id: row.staffId, email: row.staffEmail ?? null, nom },
    commande: row.numerocommande ? { numero: row.numerocommande } : null,
    variante: row.varianteId == null ? null : { id: row.varianteId, designation: row.varianteDesignation!, code: row.varianteCode! },
  }
}

/** Shared with apps/admin, which reads its types from them. */
export { categoryResponseSchema as adminCategorySchema, subcategoryResponseSchema as adminSubcategorySchema } from '@teranga/shared/backoffice-catalogue'

export function formatCategory(row: { id: number; designation: string; position: number; image: string | null }) {
  return { id: row.id, designation: row.designation, position: row.position, image_key: row.image, ...mediaFields(row.image) }
}

export function formatSubcategory(row: {
  sc: { id: number; designation: string; position: number; image: string | null; categorieId: number }
  categorieDesignation: string
}) {
  return { ...formatCategory(row.sc), categorie: { id: row.sc.categorieId, designation: row.categorieDesignation } }
}
