// The back-office catalogue's rules: products (archived instead of deleted once ordered),
// stock movements under a row lock (the stock ledger writes them), categories, uploaded images
// rendered to WebP and kept in PostgreSQL, CSV import and export. Every write runs in one
// transaction with its audit line and its NOTIFY (ADR 018), then empties this instance's
// catalogue caches at once.
import { randomBytes } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import {
  CATALOGUE_MESSAGES as M,
  CSV_IMPORT_MAX_ROWS,
  PRODUCT_CSV_COLUMNS,
  detectImageType,
  productCodeSchema,
  productUpdateFields,
  type CategoryForm,
  type ProductForm,
  type ProductUpdate,
  type StockMovement,
  type SubcategoryForm,
} from '@teranga/shared/backoffice-catalogue'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { MESSAGES } from '@teranga/shared/messages'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { mediaFields } from '@teranga/shared/media'
import type { Db, Executor } from '../../db/client.ts'
import { writeCatalogue } from '../../lib/catalogue-changes.ts'
import { decodeCsv } from '../../lib/csv-encoding.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { pageTotal, toPage, type PageArgs } from '../../lib/pagination.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import type { ImageRenderer } from '../media/images.service.ts'
import { storeUpload } from '../media/uploads.service.ts'
import { stockHistory, stockLedger } from '../stock/stock-ledger.service.ts'
import { formatAdminProduct, formatCategory, formatMovement, formatSubcategory } from './backoffice-catalogue.format.ts'
import type { BackofficeCatalogueRepository, ProductFilter, ProductSort } from './backoffice-catalogue.repository.ts'

const EXPORT_MAX_ROWS = 50_000
const UPLOAD_PREFIX = 'uploads/'

export interface ServiceDeps {
  db: Db
  repo: BackofficeCatalogueRepository
  audit: Audit
  /** Renders uploads to WebP, a few at a time (the media module's). */
  images: ImageRenderer
  /** Empties this instance's anonymous catalogue caches (the others hear the NOTIFY). */
  clearCaches: () => void
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/** Whether a reorder names exactly the rows there are (its ids are already distinct). */
const sameIds = (current: number[], ids: number[]) => current.length === ids.length && ids.every((id) => current.includes(id))

/** The sale fields of an update: absent keeps the stored value, null clears it. */
function saleChanges(form: Pick<ProductUpdate, 'prix_promo' | 'promo_debut' | 'promo_fin'>, before: { prixPromo: number | null; promoDebut: Date | null; promoFin: Date | null }) {
  const date = (value: string | null | undefined, kept: Date | null) => (value === undefined ? kept : value === null ? null : new Date(value))
  return {
    prixPromo: form.prix_promo === undefined ? before.prixPromo : form.prix_promo,
    promoDebut: date(form.promo_debut, before.promoDebut),
    promoFin: date(form.promo_fin, before.promoFin),
  }
}

const newCode = () => `P-${randomBytes(4).toString('hex').toUpperCase()}`

function csvField(value: unknown): string {
  const text = value == null ? '' : String(value)
  // A cell a spreadsheet would run as a formula starts with a quote.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+$/.test(text) ? `'${text}` : text
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function createBackofficeCatalogueService(deps: ServiceDeps) {
  const { db, repo, audit } = deps

  /** Runs a catalogue write: its transaction, its NOTIFY, and this instance's caches emptied after commit. */
  const write = <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => writeCatalogue(db, deps.clearCaches, fn)

  async function productOr404(executor: Executor, id: number) {
    const row = await repo.product(executor, id)
    if (!row) throw notFound(M.productNotFound)
    return row
  }

  async function checkSubcategory(executor: Executor, id: number) {
    const found = await repo.subcategoryIds(executor, [id])
    if (!found.has(id)) throw badInput(M.subcategoryNotFound, { categorie_id: [M.subcategoryNotFound] })
  }

  async function checkImage(executor: Executor, key: string | null | undefined, field = 'image') {
    if (key && key.startsWith(UPLOAD_PREFIX) && !(await repo.mediaExists(executor, key))) {
      throw badInput(M.mediaUnknown, { [field]: [M.mediaUnknown] })
    }
  }

  const codeTaken = () => conflict(M.codeTaken, { code: [M.codeTaken] })

  return {
    // ---------- products ----------

    async productPage(filter: ProductFilter, sort: ProductSort, dir: 'asc' | 'desc', page: PageArgs) {
      const rows = await repo.productPage(db, filter, sort, dir, page)
      const total = await pageTotal(rows, page, () => repo.countProducts(db, filter))
      return toPage(rows.map(formatAdminProduct), total, page)
    },

    async product(id: number) {
      return formatAdminProduct(await productOr404(db, id))
    },

    async createProduct(staffId: number, form: ProductForm) {
      const id = await write(async (tx) => {
        await checkSubcategory(tx, form.categorie_id)
        await checkImage(tx, form.image)
        const code = form.code ?? newCode()
        if (await repo.productIdByCode(tx, code)) throw codeTaken()
        const values = {
          designation: form.designation,
          description: form.description ?? null,
          code,
          prix: form.prix,
          unite: form.unite,
          seuil: form.seuil ?? 5,
          image: form.image ?? null,
          souscategorieId: form.categorie_id,
          prixPromo: form.prix_promo ?? null,
          promoDebut: form.promo_debut ? new Date(form.promo_debut) : null,
          promoFin: form.promo_fin ? new Date(form.promo_fin) : null,
        }
        const newId = await repo.insertProduct(tx, values).catch((error) => {
          throw isUniqueViolation(error) ? codeTaken() : error
        })
        // The stock it starts with is the first line of its history.
        await stockLedger(tx).adjust(await repo.onlyVariant(tx, newId), form.qte, { raison: 'creation', staffId })
        await audit.record(tx, { staffId, action: 'produit.creer', resource: 'produit', resourceId: newId, after: { ...values, quantite: form.qte } })
        return newId
      })
      return formatAdminProduct(await productOr404(db, id))
    },

    async updateProduct(staffId: number, id: number, form: ProductUpdate) {
      await write(async (tx) => {
        const before = await repo.lockProduct(tx, id)
        if (!before) throw notFound(M.productNotFound)
        await checkSubcategory(tx, form.categorie_id)
        await checkImage(tx, form.image)
        const code = form.code ?? before.code
        if (code !== before.code && (await repo.productIdByCode(tx, code))) throw codeTaken()
        const values = {
          designation: form.designation,
          description: form.description === undefined ? before.description : form.description,
          code,
          prix: form.prix,
          unite: form.unite,
          seuil: form.seuil ?? before.seuil,
          image: form.image === undefined ? before.image : form.image,
          souscategorieId: form.categorie_id,
          ...saleChanges(form, before),
        }
        await repo.updateProduct(tx, id, values).catch((error) => {
          throw isUniqueViolation(error) ? codeTaken() : error
        })
        const { recherche: _r, vues: _v, updatedAt: _u, ...kept } = before
        await audit.record(tx, { staffId, action: 'produit.modifier', resource: 'produit', resourceId: id, before: kept, after: values })
      })
      return formatAdminProduct(await productOr404(db, id))
    },

    /** Deleted when never ordered; archived (hidden from the shop, kept for the orders) otherwise. */
    async deleteProduct(staffId: number, id: number) {
      return write(async (tx) => {
        const before = await repo.lockProduct(tx, id)
        if (!before) throw notFound(M.productNotFound)
        const { recherche: _r, vues: _v, updatedAt: _u, ...kept } = before
        if (await repo.everOrdered(tx, id)) {
          await repo.updateProduct(tx, id, { actif: false })
          await audit.record(tx, { staffId, action: 'produit.archiver', resource: 'produit', resourceId: id, before: kept, after: { actif: false } })
          return { archive: true }
        }
        await repo.deleteProduct(tx, id)
        await audit.record(tx, { staffId, action: 'produit.supprimer', resource: 'produit', resourceId: id, before: kept })
        return { archive: false }
      })
    },

    async unarchiveProduct(staffId: number, id: number) {
      await write(async (tx) => {
        const before = await repo.lockProduct(tx, id)
        if (!before) throw notFound(M.productNotFound)
        await repo.updateProduct(tx, id, { actif: true })
        await audit.record(tx, { staffId, action: 'produit.desarchiver', resource: 'produit', resourceId: id, before: { actif: before.actif }, after: { actif: true } })
      })
      return formatAdminProduct(await productOr404(db, id))
    },

    // ---------- stock ----------

    /** A page of the product's stock history, or of one of its variants' (`varianteId`, withdrawn ones too). */
    async movements(id: number, page: PageArgs, varianteId?: number) {
      await productOr404(db, id)
      if (varianteId !== undefined && !(await repo.stockVariants(db, id)).some((v) => v.id === varianteId)) {
        throw badInput(MESSAGES.varianteUnknown, { variante: [MESSAGES.varianteUnknown] })
      }
      const history = stockHistory(db)
      const rows = await history.page(id, page, varianteId)
      const total = await pageTotal(rows, page, () => history.count(id, varianteId))
      return toPage(rows.map(formatMovement), total, page)
    },

    /**
     * Applies a delivery or a loss to one live variant (ADR 053 §4: named by `variante`, required
     * when the product has several) under the product's row lock: the stock never goes below 0.
     */
    async addMovement(staffId: number, id: number, movement: StockMovement) {
      const row = await write(async (tx) => {
        const product = await repo.lockProduct(tx, id)
        if (!product) throw notFound(M.productNotFound)
        // Read under the product's lock: the ledger locks a product before changing its variants.
        const live = (await repo.stockVariants(tx, id)).filter((v) => v.actif)
        let variant = live[0]
        if (movement.variante != null) {
          variant = live.find((v) => v.id === movement.variante)
          if (!variant) throw badInput(MESSAGES.varianteUnknown, { variante: [MESSAGES.varianteUnknown] })
        } else if (live.length > 1) throw badInput(MESSAGES.varianteRequired, { variante: [MESSAGES.varianteRequired] })
        if (!variant) throw new Error(`product ${id} has no live variant`)
        const after = variant.quantite + movement.delta
        if (after < 0) {
          const message = M.stockNegative(variant.quantite)
          throw conflict(message, { delta: [message] }).withDetails({ quantite: variant.quantite })
        }
        const inserted = await stockLedger(tx).adjust(variant.id, movement.delta, { raison: 'manuel', motif: movement.motif, staffId })
        if (!inserted) throw new Error('stock changed under its row lock')
        await audit.record(tx, {
          staffId,
          action: 'produit.stock',
          resource: 'produit',
          resourceId: id,
          before: { quantite: variant.quantite, variante: variant.id },
          after: { quantite: after, delta: movement.delta, motif: movement.motif, variante: variant.id },
        })
        return { ...inserted, varianteId: variant.id, varianteDesignation: variant.designation, varianteCode: variant.code }
      })
      return formatMovement(row)
    },

    // ---------- categories ----------

    async categories() {
      return (await repo.categories(db)).map(formatCategory)
    },
    async category(id: number) {
      const row = await repo.category(db, id)
      if (!row) throw notFound(M.categoryNotFound)
      return formatCategory(row)
    },
    async createCategory(staffId: number, form: CategoryForm) {
      const row = await write(async (tx) => {
        await checkImage(tx, form.image)
        const values = { designation: form.designation, image: form.image ?? null, position: form.position ?? (await repo.nextPosition(tx, 'categories')) }
        const created = await repo.insertCategory(tx, values)
        await audit.record(tx, { staffId, action: 'categorie.creer', resource: 'categorie', resourceId: created.id, after: created })
        return created
      })
      return formatCategory(row)
    },
    async updateCategory(staffId: number, id: number, form: CategoryForm) {
      const row = await write(async (tx) => {
        const before = await repo.category(tx, id)
        if (!before) throw notFound(M.categoryNotFound)
        await checkImage(tx, form.image)
        const values = {
          designation: form.designation,
          image: form.image === undefined ? before.image : form.image,
          position: form.position ?? before.position,
        }
        const updated = await repo.updateCategory(tx, id, values)
        await audit.record(tx, { staffId, action: 'categorie.modifier', resource: 'categorie', resourceId: id, before, after: updated })
        return updated!
      })
      return formatCategory(row)
    },
    /** The categories in the order of `ids`, which names each of them once (else 409: the list changed). */
    async reorderCategories(staffId: number, ids: number[]) {
      await write(async (tx) => {
        const before = await repo.lockCategoryIds(tx)
        if (!sameIds(before, ids)) throw conflict(SETTINGS_MESSAGES.orderStale, { ids: [SETTINGS_MESSAGES.orderStale] })
        await repo.setPositions(tx, 'categories', ids)
        await audit.record(tx, { staffId, action: 'categorie.ordonner', resource: 'categorie', before: { ordre: before }, after: { ordre: ids } })
      })
      return this.categories()
    },
    /** One category's sub-categories in the order of `ids`, which names each of them once. */
    async reorderSubcategories(staffId: number, ids: number[]) {
      await write(async (tx) => {
        const first = (await repo.subcategory(tx, ids[0]!))?.sc
        const before = first ? await repo.lockSubcategoryIds(tx, first.categorieId) : []
        if (!first || !sameIds(before, ids)) throw conflict(SETTINGS_MESSAGES.orderStale, { ids: [SETTINGS_MESSAGES.orderStale] })
        await repo.setPositions(tx, 'souscategories', ids)
        await audit.record(tx, { staffId, action: 'souscategorie.ordonner', resource: 'souscategorie', before: { categorie_id: first.categorieId, ordre: before }, after: { categorie_id: first.categorieId, ordre: ids } })
      })
      return this.subcategories()
    },
    async deleteCategory(staffId: number, id: number) {
      await write(async (tx) => {
        const before = await repo.category(tx, id)
        if (!before) throw notFound(M.categoryNotFound)
        if (await repo.categoryHasChildren(tx, id)) throw conflict(M.categoryNotEmpty)
        await repo.deleteCategory(tx, id)
        await audit.record(tx, { staffId, action: 'categorie.supprimer', resource: 'categorie', resourceId: id, before })
      })
    },

    async subcategories(categorieId?: number) {
      return (await repo.subcategories(db, categorieId)).map(formatSubcategory)
    },
    async subcategory(id: number) {
      const row = await repo.subcategory(db, id)
      if (!row) throw notFound(M.subcategoryNotFound)
      return formatSubcategory(row)
    },
    async createSubcategory(staffId: number, form: SubcategoryForm) {
      const id = await write(async (tx) => {
        if (!(await repo.category(tx, form.categorie_id))) throw badInput(M.categoryNotFound, { categorie_id: [M.categoryNotFound] })
        await checkImage(tx, form.image)
        const values = { designation: form.designation, image: form.image ?? null, position: form.position ?? (await repo.nextPosition(tx, 'souscategories', form.categorie_id)), categorieId: form.categorie_id }
        const created = await repo.insertSubcategory(tx, values)
        await audit.record(tx, { staffId, action: 'souscategorie.creer', resource: 'souscategorie', resourceId: created.id, after: created })
        return created.id
      })
      return this.subcategory(id)
    },
    async updateSubcategory(staffId: number, id: number, form: SubcategoryForm) {
      await write(async (tx) => {
        const before = (await repo.subcategory(tx, id))?.sc
        if (!before) throw notFound(M.subcategoryNotFound)
        if (!(await repo.category(tx, form.categorie_id))) throw badInput(M.categoryNotFound, { categorie_id: [M.categoryNotFound] })
        await checkImage(tx, form.image)
        const values = {
          designation: form.designation,
          image: form.image === undefined ? before.image : form.image,
          position: form.position ?? before.position,
          categorieId: form.categorie_id,
        }
        const updated = await repo.updateSubcategory(tx, id, values)
        await audit.record(tx, { staffId, action: 'souscategorie.modifier', resource: 'souscategorie', resourceId: id, before, after: updated })
      })
      return this.subcategory(id)
    },
    async deleteSubcategory(staffId: number, id: number) {
      await write(async (tx) => {
        const before = (await repo.subcategory(tx, id))?.sc
        if (!before) throw notFound(M.subcategoryNotFound)
        if (await repo.subcategoryHasProducts(tx, id)) throw conflict(M.subcategoryNotEmpty)
        await repo.deleteSubcategory(tx, id)
        await audit.record(tx, { staffId, action: 'souscategorie.supprimer', resource: 'souscategorie', resourceId: id, before })
      })
    },

    // ---------- media ----------

    /**
     * An uploaded image, already within the size limit: checked by its bytes, rendered to WebP
     * in every width by the media module's queue (which refuses too many pixels), stored.
     */
    async uploadImage(staffId: number, bytes: Buffer) {
      if (!detectImageType(bytes)) throw badInput(M.imageType, { image: [M.imageType] })
      const renderings = await deps.images.render(bytes, IMAGE_WIDTHS)
      const key = `${UPLOAD_PREFIX}${randomBytes(16).toString('hex')}`
      await db.transaction(async (tx) => {
        await storeUpload(tx, key, renderings, staffId)
        await audit.record(tx, { staffId, action: 'media.ajouter', resource: 'media', resourceId: key, after: { taille: bytes.length, type: detectImageType(bytes) } })
      })
      return { key, ...mediaFields(key) }
    },

    /** One WebP rendering of an uploaded image, or undefined. */
    mediaBytes: (key: string, width: number) => repo.mediaBytes(db, key, width),

    // ---------- CSV ----------

    async exportCsv(): Promise<string> {
      const rows = await repo.allProductsForExport(db, EXPORT_MAX_ROWS)
      const lines = [PRODUCT_CSV_COLUMNS.join(';')]
      for (const p of rows) {
        lines.push([p.code, p.designation, p.prix, p.quantite, p.unite, p.souscategorieId, p.description ?? '', p.seuil].map(csvField).join(';'))
      }
      return `\uFEFF${lines.join('\r\n')}\r\n`
    },

    /**
     * Creates or updates products by `code`. Every row is checked first and every error listed;
     * nothing is written if there is one, or on a dry run. A changed quantity is recorded as a
     * stock movement. The file is read as UTF-8, else as Windows-1252 (Excel), which the answer
     * says with a warning.
     */
    async importCsv(staffId: number, bytes: Uint8Array, dryRun: boolean) {
      const { text, encodage } = decodeCsv(bytes)
      const read = { encodage, avertissement: encodage === 'UTF-8' ? null : M.csvReadAsWindows1252 }
      let records: Array<Record<string, string>>
      try {
        records = parse(text, {
          delimiter: ';',
          columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
          bom: true,
          skip_empty_lines: true,
          trim: true,
          relax_column_count: true,
          to: CSV_IMPORT_MAX_ROWS + 1,
        }) as Array<Record<string, string>>
      } catch {
        throw badInput(M.csvInvalid, { fichier: [M.csvInvalid] })
      }
      if (records.length > CSV_IMPORT_MAX_ROWS) {
        const message = M.csvTooManyRows(CSV_IMPORT_MAX_ROWS)
        throw badInput(message, { fichier: [message] })
      }
      const required = ['code', 'designation', 'prix', 'unite', 'souscategorie_id']
      const missing = required.filter((c) => records.length > 0 && !(c in records[0]!))
      if (records.length === 0 && !/^\uFEFF?\s*code\s*;/i.test(text)) missing.push(...required)
      if (missing.length > 0) {
        const message = M.csvColumnsMissing(missing.join(', '))
        throw badInput(message, { fichier: [message] })
      }

      const erreurs: Array<{ ligne: number; champ: string; message: string }> = []
      const rowSchema = productUpdateFields.extend({
        code: z.preprocess((v) => (v === '' ? undefined : v), productCodeSchema.optional()).refine((v) => v !== undefined, { error: M.codeRequired }),
        qte: z.preprocess(
          (v) => (v === '' || v == null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
          z.number({ error: M.qteInteger }).int({ error: M.qteInteger }).min(0, { error: M.qteInteger }).max(1_000_000, { error: M.qteMax }).optional(),
        ),
      })
      const champ = (path: string) => (path === 'qte' ? 'quantite' : path === 'categorie_id' ? 'souscategorie_id' : path)
      const valid: Array<{ ligne: number; data: z.output<typeof rowSchema> & { code: string } }> = []
      const seen = new Map<string, number>()
      records.forEach((record, index) => {
        const ligne = index + 2
        const parsed = rowSchema.safeParse({
          code: record.code ?? '',
          designation: record.designation ?? '',
          prix: record.prix ?? '',
          qte: record.quantite ?? '',
          unite: record.unite ?? '',
          categorie_id: record.souscategorie_id ?? '',
          description: record.description ?? '',
          seuil: record.seuil ?? '',
        })
        if (!parsed.success) {
          for (const issue of parsed.error.issues) erreurs.push({ ligne, champ: champ(issue.path.map(String).join('.') || 'code'), message: issue.message })
          return
        }
        const code = parsed.data.code!
        const first = seen.get(code)
        if (first !== undefined) {
          erreurs.push({ ligne, champ: 'code', message: `Ce code figure déjà à la ligne ${first}` })
          return
        }
        seen.set(code, ligne)
        valid.push({ ligne, data: { ...parsed.data, code } })
      })

      // Every row's sub-category is checked, even on a row with other errors.
      const rawSub = (record: Record<string, string>) => (/^\d{1,9}$/.test(record.souscategorie_id ?? '') ? Number(record.souscategorie_id) : undefined)
      const subIds = [...new Set(records.map(rawSub).filter((id): id is number => id !== undefined && id > 0))]
      const subcategories = await repo.subcategoryIds(db, subIds)
      records.forEach((record, index) => {
        const id = rawSub(record)
        if (id !== undefined && id > 0 && !subcategories.has(id)) erreurs.push({ ligne: index + 2, champ: 'souscategorie_id', message: M.subcategoryNotFound })
      })
      const existing = new Map((await repo.productsByCodes(db, valid.map((v) => v.data.code))).map((p) => [p.code, p]))
      for (const { ligne, data } of valid) {
        if (!existing.has(data.code) && data.qte === undefined) erreurs.push({ ligne, champ: 'quantite', message: M.qteRequired })
      }
      // Stable: by line, each line's errors in field order as found.
      erreurs.sort((a, b) => a.ligne - b.ligne)
      const crees = valid.filter((v) => !existing.has(v.data.code)).length
      const modifies = valid.length - crees
      if (erreurs.length > 0 || dryRun) return { dry_run: dryRun, crees: erreurs.length ? 0 : crees, modifies: erreurs.length ? 0 : modifies, erreurs, ...read }

      await write(async (tx) => {
        for (const { data } of valid) {
          const values = {
            designation: data.designation,
            prix: data.prix,
            unite: data.unite,
            souscategorieId: data.categorie_id,
            description: data.description ?? null,
            ...(data.seuil === undefined ? {} : { seuil: data.seuil }),
          }
          const before = existing.get(data.code)
          if (!before) {
            const id = await repo.insertProduct(tx, { ...values, code: data.code })
            if (data.qte) await stockLedger(tx).adjust(await repo.onlyVariant(tx, id), data.qte, { raison: 'import', staffId })
            await audit.record(tx, { staffId, action: 'produit.importer', resource: 'produit', resourceId: id, after: { ...values, code: data.code, quantite: data.qte } })
            continue
          }
          const locked = (await repo.lockProduct(tx, before.id))!
          await repo.updateProduct(tx, before.id, values)
          // The stock the file gives, as one movement from the stock there is (none when equal).
          if (data.qte !== undefined && data.qte !== locked.quantite) {
            await stockLedger(tx).adjust(await repo.onlyVariant(tx, before.id), data.qte - locked.quantite, { raison: 'import', staffId })
          }
          const { recherche: _r, vues: _v, updatedAt: _u, ...kept } = locked
          await audit.record(tx, { staffId, action: 'produit.importer', resource: 'produit', resourceId: before.id, before: kept, after: { ...values, quantite: data.qte } })
        }
      })
      return { dry_run: false, crees, modifies, erreurs, ...read }
    },
  }
}

export type BackofficeCatalogueService = ReturnType<typeof createBackofficeCatalogueService>
