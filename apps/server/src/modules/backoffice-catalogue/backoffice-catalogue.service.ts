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
  codeBarresSchema,
  detectImageType,
  productCodeSchema,
  productUpdateFields,
  type BulkPrice,
  type CategoryForm,
  type ProductForm,
  type ProductUpdate,
  type ProductVariantBody,
  type StockMovement,
  type SubcategoryForm,
} from '@teranga/shared/backoffice-catalogue'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { MESSAGES } from '@teranga/shared/server-messages'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { mediaFields } from '@teranga/shared/media'
import type { Db, Executor } from '../../db/client.ts'
import { uniqueViolation } from '../../db/sql.ts'
import { writeCatalogue } from '../../lib/catalogue-changes.ts'
import { decodeCsv } from '../../lib/csv-encoding.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { pageTotal, toPage, type PageArgs } from '../../lib/pagination.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import type { ImageRenderer } from '../media/images.service.ts'
import { storeUpload } from '../media/uploads.service.ts'
import { stockHistory, stockLedger } from '../stock/stock-ledger.service.ts'
import { formatAdminProduct, formatCategory, formatMovement, formatSubcategory, variantOptions } from './backoffice-catalogue.format.ts'
import type { BackofficeCatalogueRepository, ProductFilter, ProductSort, ProductValues, VariantRow, VariantValues } from './backoffice-catalogue.repository.ts'

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

type ProductOption = { nom: string; valeurs: string[] }

/** Errors by field, gathered and thrown as one 400 naming each field. */
function fieldErrorList() {
  const errors: Record<string, string[]> = {}
  return {
    add(field: string, message: string) {
      ;(errors[field] ??= []).push(message)
    },
    throwIfAny() {
      const first = Object.values(errors)[0]?.[0]
      if (first) throw badInput(first, errors)
    },
  }
}

/** A variant as the service writes it: from the form, its values resolved against the options. */
interface VariantPlan {
  index: number
  id: number | undefined
  values: VariantValues
  qte: number | undefined
  delta: number | undefined
}

/** Whether a reorder names exactly the rows there are (its ids are already distinct). */
const sameIds = (current: number[], ids: number[]) => current.length === ids.length && ids.every((id) => current.includes(id))

const newCode = () => `P-${randomBytes(4).toString('hex').toUpperCase()}`

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

  /**
   * The variants of a body, checked against its options and the product's stored variants
   * (ADR 053 §6): each value one of its option's, one per option; a combination once; a code
   * and a barcode once, and not another product's; `id`s the product's. A value or an option
   * renamed is recognised by its place: a variant may still send the old name. Every error is
   * named `variantes.N.field` (or `options.N.valeurs`) and thrown at once.
   */
  async function planVariants(
    executor: Executor,
    produitId: number | null,
    options: readonly ProductOption[],
    stored: { options: readonly ProductOption[]; variants: readonly VariantRow[] },
    inputs: readonly ProductVariantBody[],
    productSeuil: number | undefined,
    /** The import checks codes for the whole file at once: which of these another product uses. */
    takenByOthers?: { codes: (codes: string[]) => Set<string>; barcodes: (codes: string[]) => Set<string> },
    errs = fieldErrorList(),
  ): Promise<VariantPlan[]> {
    const byId = new Map(stored.variants.map((v) => [v.id, v]))
    if (options.length === 0 && inputs.length !== 1) errs.add('variantes', M.varianteOneWithoutOptions)
    const combos = new Map<string, number>()
    const codes = new Map<string, number>()
    const barcodes = new Map<string, number>()
    const ids = new Set<number>()
    const plans: VariantPlan[] = []
    inputs.forEach((input, index) => {
      const field = (name: string) => `variantes.${index}.${name}`
      const existing = input.id === undefined ? undefined : byId.get(input.id)
      if (input.id !== undefined && (!existing || ids.has(input.id))) errs.add(field('id'), M.varianteNotFound)
      if (input.id !== undefined) ids.add(input.id)
      if (existing && input.qte !== undefined) errs.add(field('qte'), M.qteOnExistingVariant)
      if (!existing && input.delta != null && input.delta !== 0) errs.add(field('delta'), M.deltaOnNewVariant)
      // Its values, one per option, in the options' order.
      const sent = input.options
      const valeurs: Array<string | null> = []
      let valuesOk = Object.keys(sent).length === options.length
      if (!valuesOk) errs.add(field('options'), M.varianteValeurCount)
      options.forEach((option, i) => {
        if (!valuesOk) return
        const old = stored.options[i]
        const key = Object.hasOwn(sent, option.nom) ? option.nom : old && Object.hasOwn(sent, old.nom) ? old.nom : undefined
        if (key === undefined) {
          errs.add(field('options'), M.varianteValeurCount)
          valuesOk = false
          return
        }
        let valeur = String(sent[key]).trim()
        if (!option.valeurs.includes(valeur)) {
          const place = old ? old.valeurs.indexOf(valeur) : -1
          if (old && place >= 0 && old.valeurs.length === option.valeurs.length) valeur = option.valeurs[place]!
          else {
            valuesOk = false
            const storedValue = existing ? [existing.valeur1, existing.valeur2, existing.valeur3][i] : undefined
            if (storedValue === valeur) errs.add(`options.${i}.valeurs`, M.optionValeurUsed(valeur))
            else errs.add(field('options'), M.varianteValeurUnknown(option.nom))
            return
          }
        }
        valeurs.push(valeur)
      })
      if (valuesOk) {
        const key = JSON.stringify(valeurs)
        if (combos.has(key)) errs.add(field('options'), M.varianteCombinationTwice)
        else combos.set(key, index)
      }
      const code = input.code!
      if (codes.has(code)) errs.add(field('code'), M.varianteCodeTwice)
      else codes.set(code, index)
      const codeBarres = input.code_barres === undefined ? (existing?.codeBarres ?? null) : input.code_barres
      if (codeBarres) {
        if (barcodes.has(codeBarres)) errs.add(field('code_barres'), M.codeBarresTaken)
        else barcodes.set(codeBarres, index)
      }
      const date = (value: string | null | undefined, kept: Date | null | undefined) => (value === undefined ? (kept ?? null) : value === null ? null : new Date(value))
      plans.push({
        index,
        id: existing?.id,
        qte: input.qte,
        delta: input.delta ?? undefined,
        values: {
          position: input.position ?? existing?.position ?? index,
          valeur1: valeurs[0] ?? null,
          valeur2: valeurs[1] ?? null,
          valeur3: valeurs[2] ?? null,
          code,
          codeBarres,
          prix: input.prix,
          prixPromo: input.prix_promo === undefined ? (existing?.prixPromo ?? null) : input.prix_promo,
          promoDebut: date(input.promo_debut, existing?.promoDebut),
          promoFin: date(input.promo_fin, existing?.promoFin),
          seuil: input.seuil ?? existing?.seuil ?? productSeuil ?? 5,
          image: input.image === undefined ? (existing?.image ?? null) : input.image,
        },
      })
    })
    // A SKU is never reused: not another product's, nor a withdrawn variant's of this one.
    const kept = new Set(plans.map((p) => p.id).filter((id): id is number => id !== undefined))
    const ownElsewhere = new Set(stored.variants.filter((v) => !kept.has(v.id) && !v.actif).map((v) => v.code))
    const taken = takenByOthers ? takenByOthers.codes([...codes.keys()]) : await repo.codesTakenElsewhere(executor, produitId, [...codes.keys()])
    for (const [code, index] of codes) if (taken.has(code) || ownElsewhere.has(code)) errs.add(`variantes.${index}.code`, M.varianteCodeTaken)
    const takenBarcodes = takenByOthers ? takenByOthers.barcodes([...barcodes.keys()]) : await repo.barcodesTakenElsewhere(executor, produitId, [...barcodes.keys()])
    for (const [code, index] of barcodes) if (takenBarcodes.has(code)) errs.add(`variantes.${index}.code_barres`, M.codeBarresTaken)
    if (takenByOthers) return plans
    for (const [index, input] of inputs.entries()) if (input.image) await checkImage(executor, input.image, `variantes.${index}.image`)
    errs.throwIfAny()
    return plans
  }

  /** A unique index met by a write (two staff members at once): a 400 naming the field, never a 500. */
  function uniqueAsInput(single: boolean) {
    return (error: unknown): never => {
      const constraint = uniqueViolation(error)
      if (constraint === undefined) throw error
      if (single || constraint === 'produits_code_key') throw codeTaken()
      if (constraint === 'variantes_code_barres_key') throw badInput(M.codeBarresTaken, { variantes: [M.codeBarresTaken] })
      if (constraint === 'variantes_combinaison_key') throw badInput(M.varianteCombinationTwice, { variantes: [M.varianteCombinationTwice] })
      throw badInput(M.varianteCodeTaken, { variantes: [M.varianteCodeTaken] })
    }
  }

  /**
   * Writes a product's variants as planned: the live ones left out withdrawn when ordered, else
   * deleted; the listed ones updated in one statement, the new inserted in one; then the stock
   * through the ledger (a new variant's first stock, a listed one's change with the form's
   * motif). Each statement lets the database sum the product once.
   */
  async function writeVariants(
    tx: Executor,
    staffId: number,
    produitId: number,
    stored: readonly VariantRow[],
    plans: readonly VariantPlan[],
    newIds: number[] | null,
    motif: string | null | undefined,
    single: boolean,
    raison: 'manuel' | 'import' = 'manuel',
  ) {
    const listed = new Set(plans.map((p) => p.id).filter((id): id is number => id !== undefined))
    const leaving = stored.filter((v) => v.actif && !listed.has(v.id)).map((v) => v.id)
    const ordered = await repo.orderedVariants(tx, leaving)
    const withdrawn = leaving.filter((id) => ordered.has(id))
    const deleted = leaving.filter((id) => !ordered.has(id))
    const onError = uniqueAsInput(single)
    await repo.withdrawVariants(tx, withdrawn)
    await repo.deleteVariants(tx, deleted)
    const updates = plans.filter((p) => p.id !== undefined)
    await repo.updateVariants(tx, updates.map((p) => ({ ...p.values, id: p.id!, actif: true }))).catch(onError)
    const inserts = plans.filter((p) => p.id === undefined)
    const ids = newIds ?? (await repo.insertVariants(tx, produitId, inserts.map((p) => p.values)).catch(onError))
    const ledger = stockLedger(tx)
    const stockBefore = new Map(stored.map((v) => [v.id, v.quantite]))
    const errs = fieldErrorList()
    for (const [i, plan] of inserts.entries()) {
      if (plan.qte) await ledger.adjust(ids[i]!, plan.qte, { raison: raison === 'import' ? 'import' : 'creation', staffId })
    }
    for (const plan of updates) {
      if (!plan.delta) continue
      const moved = await ledger.adjust(plan.id!, plan.delta, { raison, motif: raison === 'import' ? null : (motif ?? null), staffId })
      if (!moved) errs.add(`variantes.${plan.index}.delta`, M.stockNegative(stockBefore.get(plan.id!) ?? 0))
    }
    errs.throwIfAny()
    return { withdrawn, deleted, newIds: ids }
  }

  /** The product's own fields of a form (its price, sale and stock are its variants'). */
  const productValues = (form: ProductUpdate, before?: { description: string | null; image: string | null }) => ({
    designation: form.designation,
    description: form.description === undefined ? (before?.description ?? null) : form.description,
    unite: form.unite,
    image: form.image === undefined ? (before?.image ?? null) : form.image,
    souscategorieId: form.categorie_id,
  })

  /** The form's variants, or, without `variantes` (today's body), its one variant from the product-level fields. */
  function bodyVariants(form: ProductForm | ProductUpdate, lone: VariantRow | undefined, storedOptions: readonly ProductOption[], code: string): ProductVariantBody[] {
    if (form.variantes) return form.variantes
    return [
      {
        id: lone?.id,
        options: lone ? variantOptions(storedOptions, lone) : {},
        position: lone?.position ?? 0,
        code,
        prix: form.prix!,
        prix_promo: form.prix_promo,
        promo_debut: form.promo_debut,
        promo_fin: form.promo_fin,
        seuil: form.seuil ?? undefined,
        qte: lone ? undefined : (form as ProductForm).qte,
      } as ProductVariantBody,
    ]
  }

  /** Today's form's audit keeps its fields at the top: the one variant's price, sale, code and threshold. */
  const loneFields = (single: boolean, plans: readonly VariantPlan[]) => {
    if (!single) return {}
    const { code, prix, prixPromo, promoDebut, promoFin, seuil } = plans[0]!.values
    return { code, prix, prixPromo, promoDebut, promoFin, seuil }
  }

  /** The answer to a product: its row and every variant. */
  async function answer(executor: Executor, id: number) {
    const row = await productOr404(executor, id)
    const variants = await repo.variantsOf(executor, [id])
    return formatAdminProduct(row, variants.get(id) ?? [])
  }

  return {
    // ---------- products ----------

    async productPage(filter: ProductFilter, sort: ProductSort, dir: 'asc' | 'desc', page: PageArgs) {
      const rows = await repo.productPage(db, filter, sort, dir, page)
      const total = await pageTotal(rows, page, () => repo.countProducts(db, filter))
      const variants = await repo.variantsOf(db, rows.map((r) => r.id))
      return toPage(rows.map((row) => formatAdminProduct(row, variants.get(row.id) ?? [])), total, page)
    },

    async product(id: number) {
      return answer(db, id)
    },

    /**
     * A product and its variants, inserted in one statement (ADR 053 §2). Without `variantes`,
     * today's form: one variant with the product's price, sale, code and threshold.
     */
    async createProduct(staffId: number, form: ProductForm) {
      const single = form.variantes === undefined
      const id = await write(async (tx) => {
        await checkSubcategory(tx, form.categorie_id)
        await checkImage(tx, form.image)
        const options = form.options ?? []
        const inputs = bodyVariants(form, undefined, [], form.code ?? newCode())
        if (single) {
          const taken = await repo.codesTakenElsewhere(tx, null, [inputs[0]!.code!])
          if (taken.size > 0) throw codeTaken()
        }
        const plans = await planVariants(tx, null, options, { options: [], variants: [] }, inputs, form.seuil ?? undefined)
        // One variant: the product's code is its variant's (the database's summary keeps it so).
        const code = plans.length === 1 ? plans[0]!.values.code : (form.code ?? newCode())
        if (plans.length > 1 && form.code && (await repo.codesTakenElsewhere(tx, null, [code])).size > 0) throw codeTaken()
        const values: ProductValues = { ...productValues(form), code, options, seuil: plans.length === 1 ? plans[0]!.values.seuil : (form.seuil ?? 5) }
        const inserted = await repo.insertProductWithVariants(tx, values, plans.map((p) => p.values)).catch(uniqueAsInput(single))
        await writeVariants(tx, staffId, inserted.id, [], plans, inserted.variantIds, null, single)
        await audit.record(tx, {
          staffId,
          action: 'produit.creer',
          resource: 'produit',
          resourceId: inserted.id,
          after: { ...values, ...loneFields(single, plans), variantes: plans.map((p) => ({ ...p.values, quantite: p.qte ?? 0 })) },
        })
        return inserted.id
      })
      return answer(db, id)
    },

    /**
     * A product's fields and its variants (ADR 053 §6): the variants left out are withdrawn when
     * ordered, else deleted. Without `variantes`, today's form writes the product's one variant.
     */
    async updateProduct(staffId: number, id: number, form: ProductUpdate) {
      await write(async (tx) => {
        const before = await repo.lockProduct(tx, id)
        if (!before) throw notFound(M.productNotFound)
        const stored = await repo.lockVariants(tx, id)
        await checkSubcategory(tx, form.categorie_id)
        await checkImage(tx, form.image)
        const single = form.variantes === undefined
        const live = stored.filter((v) => v.actif)
        if (single && live.length !== 1) throw badInput(M.variantesExpected, { variantes: [M.variantesExpected] })
        const options = single ? before.options : (form.options ?? before.options)
        const lone = single ? live[0] : undefined
        const inputs = bodyVariants(form, lone, before.options, form.code ?? lone?.code ?? before.code)
        if (single && inputs[0]!.code !== lone!.code) {
          const taken = await repo.codesTakenElsewhere(tx, id, [inputs[0]!.code!])
          if (taken.size > 0) throw codeTaken()
        }
        const plans = await planVariants(tx, id, options, { options: before.options, variants: stored }, inputs, undefined)
        const written = await writeVariants(tx, staffId, id, stored, plans, null, form.motif, single)
        const values: Partial<ProductValues> = { ...productValues(form, before), options }
        if (plans.length > 1 && form.code && form.code !== before.code) {
          if ((await repo.codesTakenElsewhere(tx, id, [form.code])).size > 0) throw codeTaken()
          values.code = form.code
        }
        // One variant: `produits.seuil` follows it (the previous release reads it until R+1).
        if (plans.length === 1) values.seuil = plans[0]!.values.seuil
        await repo.updateProduct(tx, id, values).catch(uniqueAsInput(single))
        const { recherche: _r, vues: _v, updatedAt: _u, ...kept } = before
        await audit.record(tx, {
          staffId,
          action: 'produit.modifier',
          resource: 'produit',
          resourceId: id,
          before: { ...kept, variantes: stored },
          after: { ...values, ...loneFields(single, plans), variantes: plans.map((p) => ({ id: p.id, ...p.values, delta: p.delta, qte: p.qte })), retirees: written.withdrawn, supprimees: written.deleted },
        })
      })
      return answer(db, id)
    },

    /**
     * New regular prices for some of a product's live variants, by a percentage (rounded to the
     * franc) or an amount, signed: one statement, all or nothing. A price that would fall below
     * 1 FCFA refuses the whole change on `valeur`. Sale prices are left as they are.
     */
    async changeVariantPrices(staffId: number, id: number, body: BulkPrice) {
      await write(async (tx) => {
        const before = await repo.lockProduct(tx, id)
        if (!before) throw notFound(M.productNotFound)
        const changed = await repo.changeVariantPrices(tx, id, body.variantes, body.mode, body.valeur)
        if (changed.length === 0) {
          const found = await repo.variantPricesPreview(tx, id, body.variantes)
          const known = new Set(found.map((v) => v.id))
          const errs = fieldErrorList()
          body.variantes.forEach((vid, index) => {
            if (!known.has(vid)) errs.add(`variantes.${index}`, M.varianteNotFound)
          })
          errs.throwIfAny()
          const next = (prix: number) => (body.mode === 'pourcentage' ? Math.round((prix * (100 + body.valeur)) / 100) : prix + body.valeur)
          const tooHigh = found.some((v) => next(v.prix) > 100_000_000)
          const message = tooHigh ? M.bulkPriceTooHigh : M.bulkPriceTooLow
          throw badInput(message, { valeur: [message] })
        }
        await audit.record(tx, {
          staffId,
          action: 'produit.prix_variantes',
          resource: 'produit',
          resourceId: id,
          before: { variantes: changed.map((c) => ({ id: c.id, prix: c.avant })) },
          after: { mode: body.mode, valeur: body.valeur, variantes: changed.map((c) => ({ id: c.id, prix: c.apres })) },
        })
      })
      return answer(db, id)
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
      return answer(db, id)
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

    /** One row per variant, grouped by product then position (ADR 053 §7); the product's columns repeated on each. */
    /**
     * The products' export, one row per variant in the import's columns (PRODUCT_CSV_COLUMNS),
     * so that the file comes back in as it went out; the CSV and the .xlsx share it (ADR 060).
     */
    async exportRows(): Promise<Array<Array<string | number | null>>> {
      const rows = await repo.variantsForExport(db, EXPORT_MAX_ROWS)
      return rows.map((v) => {
        const valeurs = [v.valeur1, v.valeur2, v.valeur3]
        const options = [0, 1, 2].flatMap((i) => [v.options[i]?.nom ?? '', v.options[i] ? (valeurs[i] ?? '') : ''])
        return [v.code, v.designation, v.prix, v.quantite, v.unite, v.souscategorieId, v.description ?? '', v.seuil, v.produitCode, ...options, v.codeBarres ?? '']
      })
    },

    /**
     * Creates or updates products and their variants (ADR 053 §7): one row per variant, grouped
     * by `produit_code` wherever they are (empty: the row's own product, so today's files import
     * as before). Every row is checked first and every error listed; nothing is written if there
     * is one, or on a dry run, which answers the preview (`apercu`). A changed quantity is
     * recorded as a stock movement. The file is read as UTF-8, else as Windows-1252 (Excel),
     * which the answer says with a warning.
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
      const fail = (ligne: number, champ: string, message: string) => erreurs.push({ ligne, champ, message })
      const blank = (v: unknown) => (v === '' ? undefined : v)
      const rowSchema = productUpdateFields.extend({
        code: z.preprocess(blank, productCodeSchema.optional()).refine((v) => v !== undefined, { error: M.codeRequired }),
        qte: z.preprocess(
          (v) => (v === '' || v == null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
          z.number({ error: M.qteInteger }).int({ error: M.qteInteger }).min(0, { error: M.qteInteger }).max(1_000_000, { error: M.qteMax }).optional(),
        ),
        produit_code: z.preprocess(blank, productCodeSchema.optional()),
        code_barres: z.preprocess(blank, codeBarresSchema.optional()),
      })
      const champ = (path: string) => (path === 'qte' ? 'quantite' : path === 'categorie_id' ? 'souscategorie_id' : path)
      type Row = { ligne: number; data: z.output<typeof rowSchema> & { code: string }; noms: string[]; valeurs: string[]; key: string }
      const valid: Row[] = []
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
          produit_code: record.produit_code ?? '',
          code_barres: record.code_barres ?? '',
        })
        // The options: a name and a value each, in order, without a gap.
        const noms: string[] = []
        const valeurs: string[] = []
        let optionsOk = true
        for (const i of [1, 2, 3]) {
          const nom = (record[`option${i}_nom`] ?? '').trim()
          const valeur = (record[`option${i}_valeur`] ?? '').trim()
          if (!nom && !valeur) continue
          if (!nom || nom.length > 50) fail(ligne, `option${i}_nom`, M.optionNomInvalid)
          else if (!valeur || valeur.length > 50) fail(ligne, `option${i}_valeur`, M.optionValeurInvalid)
          else if (noms.length !== i - 1) fail(ligne, `option${noms.length + 1}_nom`, M.optionNomInvalid)
          else if (noms.includes(nom)) fail(ligne, `option${i}_nom`, M.optionNomTwice)
          else {
            noms.push(nom)
            valeurs.push(valeur)
            continue
          }
          optionsOk = false
        }
        if (!parsed.success) {
          for (const issue of parsed.error.issues) fail(ligne, champ(issue.path.map(String).join('.') || 'code'), issue.message)
          return
        }
        const code = parsed.data.code!
        const first = seen.get(code)
        if (first !== undefined) {
          fail(ligne, 'code', `Ce code figure déjà à la ligne ${first}`)
          return
        }
        seen.set(code, ligne)
        if (optionsOk) valid.push({ ligne, data: { ...parsed.data, code }, noms, valeurs, key: '' })
      })

      // Every row's sub-category is checked, even on a row with other errors.
      const rawSub = (record: Record<string, string>) => (/^\d{1,9}$/.test(record.souscategorie_id ?? '') ? Number(record.souscategorie_id) : undefined)
      const subIds = [...new Set(records.map(rawSub).filter((id): id is number => id !== undefined && id > 0))]
      const subcategories = await repo.subcategoryIds(db, subIds)
      records.forEach((record, index) => {
        const id = rawSub(record)
        if (id !== undefined && id > 0 && !subcategories.has(id)) fail(index + 2, 'souscategorie_id', M.subcategoryNotFound)
      })

      // The products the file names, by their code or one of their variants', with their variants.
      const existing = await repo.productsForImport(db, [...new Set(valid.map((r) => r.data.produit_code ?? r.data.code))], valid.map((r) => r.data.code))
      const productByCode = new Map(existing.map((p) => [p.code, p]))
      const productOfVariant = new Map(existing.flatMap((p) => p.variantes.map((v) => [v.code, p] as const)))
      const owners = await repo.codeOwners(db, [...new Set(valid.flatMap((r) => [r.data.code, r.data.produit_code ?? r.data.code]))], [...new Set(valid.map((r) => r.data.code_barres).filter((c): c is string => !!c))])

      // Groups by product: the row's `produit_code`, else its variant's product, else its own code.
      const groups = new Map<string, Row[]>()
      for (const row of valid) {
        const owner = productOfVariant.get(row.data.code)
        const key = row.data.produit_code ?? owner?.code ?? row.data.code
        if (owner && owner.code !== key) {
          fail(row.ligne, 'code', M.csvCodeOtherProduct)
          continue
        }
        row.key = key
        const group = groups.get(key)
        if (group) group.push(row)
        else groups.set(key, [row])
      }

      const plansByGroup: Array<{ key: string; rows: Row[]; product: (typeof existing)[number] | undefined; options: ProductOption[]; plans: VariantPlan[] }> = []
      for (const [key, rows] of groups) {
        const first = rows[0]!
        // The product's columns and option names: the same on each of its rows.
        let agree = true
        for (const row of rows.slice(1)) {
          const differs = (column: string, a: unknown, b: unknown) => {
            if ((a ?? null) === (b ?? null)) return
            fail(row.ligne, column, M.csvGroupDiffers(first.ligne))
            agree = false
          }
          differs('designation', row.data.designation, first.data.designation)
          differs('unite', row.data.unite, first.data.unite)
          differs('souscategorie_id', row.data.categorie_id, first.data.categorie_id)
          differs('description', row.data.description, first.data.description)
          for (const i of [0, 1, 2]) differs(`option${i + 1}_nom`, row.noms[i], first.noms[i])
        }
        if (!agree) continue
        const product = productByCode.get(key)
        const storedOptions = product?.options ?? []
        const live = product?.variantes.filter((v) => v.actif) ?? []
        const inFile = new Set(rows.map((r) => r.data.code))
        // The product's options: the file's names (else the stored ones), their values the stored then the file's new ones.
        const noms = first.noms.length > 0 || !product ? first.noms : storedOptions.map((o) => o.nom)
        const options: ProductOption[] = noms.map((nom, i) => {
          const valeurs = [...(storedOptions.find((o) => o.nom === nom)?.valeurs ?? [])]
          for (const row of rows) {
            const valeur = first.noms.length > 0 ? row.valeurs[i] : undefined
            if (valeur !== undefined && !valeurs.includes(valeur)) valeurs.push(valeur)
          }
          return { nom, valeurs }
        })
        const byCode = new Map(product?.variantes.map((v) => [v.code, v]) ?? [])
        let nextPosition = Math.max(-1, ...(product?.variantes.map((v) => v.position) ?? [])) + 1
        // The variants the file leaves out stay as they are; those it names are updated or added.
        const kept = live.filter((v) => !inFile.has(v.code))
        const inputs: ProductVariantBody[] = [
          ...rows.map((row) => {
            const stored = byCode.get(row.data.code)
            const values = first.noms.length > 0 ? Object.fromEntries(noms.map((nom, i) => [nom, row.valeurs[i]!])) : stored ? variantOptions(storedOptions, stored) : {}
            return {
              id: stored?.id,
              options: values,
              position: stored ? stored.position : nextPosition++,
              code: row.data.code,
              prix: row.data.prix,
              seuil: row.data.seuil ?? undefined,
              ...(row.data.code_barres ? { code_barres: row.data.code_barres } : {}),
              qte: stored ? undefined : row.data.qte,
              delta: stored && row.data.qte !== undefined ? row.data.qte - stored.quantite : undefined,
            } as ProductVariantBody
          }),
          ...kept.map((v) => ({ id: v.id, options: variantOptions(storedOptions, v), position: v.position, code: v.code, prix: v.prix }) as ProductVariantBody),
        ]
        const groupErrors = fieldErrorList()
        const produitId = product?.id ?? null
        const others = (found: Map<string, Set<number>>) => (codes: string[]) => new Set(codes.filter((c) => [...(found.get(c) ?? [])].some((id) => id !== produitId)))
        let plans: VariantPlan[]
        try {
          plans = await planVariants(db, produitId, options, { options: storedOptions, variants: product?.variantes ?? [] }, inputs, undefined, { codes: others(owners.codes), barcodes: others(owners.barcodes) }, groupErrors)
          groupErrors.throwIfAny()
        } catch (error) {
          const errors = (error as { errors?: Record<string, string[]> }).errors
          if (!errors) throw error
          for (const [field, messages] of Object.entries(errors)) {
            const match = /^variantes\.(\d+)\.(\w+)$/.exec(field) ?? /^options\.(\d+)\.valeurs$/.exec(field)
            const index = field.startsWith('variantes.') && match ? Number(match[1]) : -1
            const row = rows[index] ?? first
            const column = field.startsWith('options.') && match ? `option${Number(match[1]) + 1}_valeur` : match?.[2] === 'options' ? 'option1_valeur' : match?.[2] === 'id' ? 'code' : field === 'variantes' ? 'produit_code' : (match?.[2] ?? 'code')
            for (const message of messages) fail(row.ligne, column, message)
          }
          continue
        }
        // A new product's code: a lone variant's own, else the group's, not used elsewhere.
        if (!product && plans.length > 1 && others(owners.codes)([key]).size > 0 && !rows.some((r) => r.data.code === key)) fail(first.ligne, 'produit_code', M.varianteCodeTaken)
        for (const row of rows) {
          if (!byCode.has(row.data.code) && row.data.qte === undefined) fail(row.ligne, 'quantite', M.qteRequired)
        }
        plansByGroup.push({ key, rows, product, options, plans })
      }

      // Stable: by line, each line's errors in field order as found.
      erreurs.sort((a, b) => a.ligne - b.ligne)
      const apercu = plansByGroup.map(({ key, rows, product, options, plans }) => ({
        produit_code: product?.code ?? key,
        designation: rows[0]!.data.designation,
        action: product ? ('modification' as const) : ('creation' as const),
        variantes: plans.slice(0, rows.length).map((plan, i) => ({
          code: plan.values.code,
          options: Object.fromEntries(options.map((o, j) => [o.nom, [plan.values.valeur1, plan.values.valeur2, plan.values.valeur3][j]!])),
          prix: plan.values.prix,
          quantite: rows[i]!.data.qte ?? null,
          action: plan.id === undefined ? ('creation' as const) : ('modification' as const),
        })),
      }))
      const crees = apercu.reduce((n, p) => n + p.variantes.filter((v) => v.action === 'creation').length, 0)
      const modifies = apercu.reduce((n, p) => n + p.variantes.length, 0) - crees
      const produitsCrees = apercu.filter((p) => p.action === 'creation').length
      const counts = { crees, modifies, produits_crees: produitsCrees, produits_modifies: apercu.length - produitsCrees }
      if (erreurs.length > 0) return { dry_run: dryRun, crees: 0, modifies: 0, produits_crees: 0, produits_modifies: 0, erreurs, apercu: [], ...read }
      if (dryRun) return { dry_run: true, ...counts, erreurs, apercu, ...read }

      await write(async (tx) => {
        for (const { key, rows, product, options, plans } of plansByGroup) {
          const first = rows[0]!.data
          const values = { designation: first.designation, unite: first.unite, souscategorieId: first.categorie_id, description: first.description ?? null, options }
          if (!product) {
            const code = plans.length === 1 ? plans[0]!.values.code : key
            const inserted = await repo.insertProductWithVariants(tx, { ...values, code, seuil: plans.length === 1 ? plans[0]!.values.seuil : 5 }, plans.map((p) => p.values)).catch(uniqueAsInput(false))
            await writeVariants(tx, staffId, inserted.id, [], plans, inserted.variantIds, null, false, 'import')
            await audit.record(tx, { staffId, action: 'produit.importer', resource: 'produit', resourceId: inserted.id, after: { ...values, code, variantes: plans.map((p) => ({ ...p.values, quantite: p.qte })) } })
            continue
          }
          const locked = (await repo.lockProduct(tx, product.id))!
          const stored = await repo.lockVariants(tx, product.id)
          // The stock the file gives, as one movement from the stock there is now (none when equal).
          const now = new Map(stored.map((v) => [v.id, v.quantite]))
          const fresh = plans.map((plan, i) => {
            const asked = rows[i]?.data.qte
            return plan.id !== undefined && asked !== undefined ? { ...plan, delta: asked - (now.get(plan.id) ?? 0) } : plan
          })
          await writeVariants(tx, staffId, product.id, stored, fresh, null, null, false, 'import')
          const update: Partial<ProductValues> = { ...values }
          if (fresh.length === 1) update.seuil = fresh[0]!.values.seuil
          await repo.updateProduct(tx, product.id, update).catch(uniqueAsInput(false))
          const { recherche: _r, vues: _v, updatedAt: _u, ...kept } = locked
          await audit.record(tx, { staffId, action: 'produit.importer', resource: 'produit', resourceId: product.id, before: { ...kept, variantes: stored }, after: { ...update, variantes: fresh.map((p) => ({ id: p.id, ...p.values, delta: p.delta })) } })
        }
      })
      return { dry_run: false, ...counts, erreurs, apercu, ...read }
    },
  }
}

export type BackofficeCatalogueService = ReturnType<typeof createBackofficeCatalogueService>
