// The back-office catalogue's tables: products (their stock and its history are the stock
// ledger's), categories, sub-categories and uploaded images. Every function takes the executor it runs on, so the
// service runs writes, their audit line and their NOTIFY in one transaction.
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { intArray } from '../../db/sql.ts'
import { categories, detailCommandes, medias, produits, souscategories, variantes } from '../../db/schema.ts'
import type { PageArgs } from '../../lib/pagination.ts'
import { saleRuns, variantSaleRuns } from '../catalogue/product-projection.ts'

export interface ProductFilter {
  q?: string | undefined
  souscategorie?: number | undefined
  categorie?: number | undefined
  stock?: 'bas' | 'rupture' | 'ok' | undefined
  /** A sale price that runs now, or one set to start later (issue 19 §1). */
  promo?: 'en_cours' | 'programmee' | undefined
  archive: boolean
}

/**
 * A product's own fields as the catalogue writes them (ADR 053 §6): its price, sale, stock and,
 * for one variant, its code are its variants' summary, written by the database; `seuil` and
 * `code` are written only where migration 0033's compatibility trigger keeps them whole (see
 * the service).
 */
export type ProductValues = Omit<typeof produits.$inferInsert, 'quantite' | 'nbVariantes' | 'prixMax' | 'rechercheVariantes' | 'prix' | 'prixPromo' | 'promoDebut' | 'promoFin'>

/** A variant's fields as the back office writes them (its stock is the ledger's). */
export interface VariantValues {
  position: number
  valeur1: string | null
  valeur2: string | null
  valeur3: string | null
  code: string
  codeBarres: string | null
  prix: number
  prixPromo: number | null
  promoDebut: Date | null
  promoFin: Date | null
  seuil: number
  image: string | null
}

/** The variants' fields as one JSON parameter of a statement (jsonb_to_recordset). */
const variantsJson = (rows: ReadonlyArray<VariantValues & { id?: number; actif?: boolean }>) =>
  JSON.stringify(
    rows.map((v) => ({
      id: v.id ?? null,
      position: v.position,
      valeur1: v.valeur1,
      valeur2: v.valeur2,
      valeur3: v.valeur3,
      code: v.code,
      code_barres: v.codeBarres,
      prix: v.prix,
      prix_promo: v.prixPromo,
      promo_debut: v.promoDebut?.toISOString() ?? null,
      promo_fin: v.promoFin?.toISOString() ?? null,
      seuil: v.seuil,
      image: v.image,
      actif: v.actif ?? true,
    })),
  )
const variantRecord = sql.raw(
  `x(id int, position int, valeur1 text, valeur2 text, valeur3 text, code text, code_barres text, prix int, prix_promo int, promo_debut timestamptz, promo_fin timestamptz, seuil int, image text, actif boolean)`,
)

/** A list of texts as one parameter (a JSON array), for `= any(…)`. */
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`

/** The rows of a raw statement. */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows
}

/** A variant's sale set to start later, as the product's `saleToCome`. */
const variantSaleToCome = sql`(${variantes.prixPromo} is not null and ${variantes.prixPromo} < ${variantes.prix} and ${variantes.promoDebut} > now())`

const variantColumns = {
  id: variantes.id,
  produitId: variantes.produitId,
  position: variantes.position,
  valeur1: variantes.valeur1,
  valeur2: variantes.valeur2,
  valeur3: variantes.valeur3,
  code: variantes.code,
  codeBarres: variantes.codeBarres,
  prix: variantes.prix,
  prixPromo: variantes.prixPromo,
  promoDebut: variantes.promoDebut,
  promoFin: variantes.promoFin,
  promoActive: sql<boolean>`${variantSaleRuns}`,
  promoProgrammee: sql<boolean>`${variantSaleToCome}`,
  quantite: variantes.quantite,
  seuil: variantes.seuil,
  image: variantes.image,
  actif: variantes.actif,
}
export type VariantRow = {
  id: number
  produitId: number
  position: number
  valeur1: string | null
  valeur2: string | null
  valeur3: string | null
  code: string
  codeBarres: string | null
  prix: number
  prixPromo: number | null
  promoDebut: Date | null
  promoFin: Date | null
  promoActive: boolean
  promoProgrammee: boolean
  quantite: number
  seuil: number
  image: string | null
  actif: boolean
}

/** A live variant at or below its threshold: the product's `stock_bas` and the list's `stock=bas`. */
const lowVariant = sql`exists (select 1 from ${variantes} lv where lv.produit_id = ${produits.id} and lv.actif and lv.quantite <= lv.seuil)`

/** A product's row as the back office locks it, without the variants' summary columns. */
const { nbVariantes: _nb, prixMax: _max, rechercheVariantes: _recherche, ...productRow } = getTableColumns(produits)

export type ProductSort = 'designation' | 'prix' | 'quantite' | 'created_at'

/** A sale price set to start later (the list's « Promotion à venir »): the column and the filter say it alike. */
const saleToCome = sql`(${produits.prixPromo} is not null and ${produits.prixPromo} < ${produits.prix} and ${produits.promoDebut} > now())`

const productColumns = {
  id: produits.id,
  code: produits.code,
  designation: produits.designation,
  description: produits.description,
  prix: produits.prix,
  quantite: produits.quantite,
  unite: produits.unite,
  seuil: produits.seuil,
  actif: produits.actif,
  image: produits.image,
  prixPromo: produits.prixPromo,
  promoDebut: produits.promoDebut,
  promoFin: produits.promoFin,
  promoActive: sql<boolean>`${saleRuns}`,
  promoProgrammee: sql<boolean>`${saleToCome}`,
  createdAt: produits.createdAt,
  options: produits.options,
  nbVariantes: produits.nbVariantes,
  stockBas: sql<boolean>`${lowVariant}`,
  souscategorieId: souscategories.id,
  souscategorieDesignation: souscategories.designation,
  categorieId: categories.id,
  categorieDesignation: categories.designation,
}

export type ProductRow = {
  id: number
  code: string
  designation: string
  description: string | null
  prix: number
  quantite: number
  unite: string
  seuil: number
  actif: boolean
  image: string | null
  prixPromo: number | null
  promoDebut: Date | null
  promoFin: Date | null
  promoActive: boolean
  promoProgrammee: boolean
  createdAt: Date
  options: Array<{ nom: string; valeurs: string[] }>
  nbVariantes: number
  stockBas: boolean
  souscategorieId: number
  souscategorieDesignation: string
  categorieId: number
  categorieDesignation: string
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function productWhere(filter: ProductFilter): SQL | undefined {
  const q = filter.q?.trim()
  return and(
    eq(produits.actif, !filter.archive),
    // Accents and case ignored on the designation (its trigram index serves the `like`).
    q
      ? or(sql`${produits.recherche} like '%' || teranga_normalize(${escapeLike(q)}) || '%'`, ilike(produits.code, `%${escapeLike(q)}%`))
      : undefined,
    filter.souscategorie ? eq(produits.souscategorieId, filter.souscategorie) : undefined,
    filter.categorie ? eq(souscategories.categorieId, filter.categorie) : undefined,
    filter.stock === 'rupture'
      ? eq(produits.quantite, 0)
      : filter.stock === 'bas'
        ? sql`${produits.quantite} > 0 and ${lowVariant}`
        : filter.stock === 'ok'
          ? sql`not ${lowVariant}`
          : undefined,
    filter.promo === 'en_cours'
      ? saleRuns
      : filter.promo === 'programmee'
        ? saleToCome
        : undefined,
  )
}

const sortColumns = { designation: produits.designation, prix: produits.prix, quantite: produits.quantite, created_at: produits.createdAt }

export function createBackofficeCatalogueRepository() {
  return {
    async productPage(db: Executor, filter: ProductFilter, sort: ProductSort, dir: 'asc' | 'desc', page: PageArgs) {
      const order = dir === 'asc' ? asc : desc
      const rows = await db
        .select({ ...productColumns, total: sql<number>`count(*) over()` })
        .from(produits)
        .innerJoin(souscategories, eq(souscategories.id, produits.souscategorieId))
        .innerJoin(categories, eq(categories.id, souscategories.categorieId))
        .where(productWhere(filter))
        .orderBy(order(sortColumns[sort]), order(produits.id))
        .limit(page.count)
        .offset(page.offset)
      return rows
    },

    async countProducts(db: Executor, filter: ProductFilter) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(produits)
        .innerJoin(souscategories, eq(souscategories.id, produits.souscategorieId))
        .where(productWhere(filter))
      return row?.n ?? 0
    },

    async product(db: Executor, id: number): Promise<ProductRow | undefined> {
      const [row] = await db
        .select(productColumns)
        .from(produits)
        .innerJoin(souscategories, eq(souscategories.id, produits.souscategorieId))
        .innerJoin(categories, eq(categories.id, souscategories.categorieId))
        .where(eq(produits.id, id))
      return row
    },

    /** The product's row, locked until the transaction ends (stock movements, edits). */
    async lockProduct(db: Executor, id: number) {
      const [row] = await db.select(productRow).from(produits).where(eq(produits.id, id)).for('update')
      return row
    },

    /** The product's one live variant, whose stock the ledger moves (every product has one until variants are written, ADR 053 §9). */
    async onlyVariant(db: Executor, produitId: number) {
      const [row] = await db
        .select({ id: variantes.id })
        .from(variantes)
        .where(and(eq(variantes.produitId, produitId), eq(variantes.actif, true)))
        .orderBy(asc(variantes.position), asc(variantes.id))
        .limit(1)
      if (!row) throw new Error(`product ${produitId} has no live variant`)
      return row.id
    },

    async productIdByCode(db: Executor, code: string) {
      const [row] = await db.select({ id: produits.id }).from(produits).where(eq(produits.code, code))
      return row?.id
    },

    /** Every variant of these products, live ones by position then the withdrawn, in one statement. */
    async variantsOf(db: Executor, produitIds: readonly number[]): Promise<Map<number, VariantRow[]>> {
      const byProduct = new Map<number, VariantRow[]>()
      if (produitIds.length === 0) return byProduct
      const rows = await db
        .select(variantColumns)
        .from(variantes)
        .where(inArray(variantes.produitId, [...new Set(produitIds)]))
        .orderBy(asc(variantes.produitId), desc(variantes.actif), asc(variantes.position), asc(variantes.id))
      for (const row of rows) {
        const list = byProduct.get(row.produitId)
        if (list) list.push(row)
        else byProduct.set(row.produitId, [row])
      }
      return byProduct
    },

    /** A product's variants, locked until the transaction ends (the product is locked first). */
    async lockVariants(db: Executor, produitId: number): Promise<VariantRow[]> {
      return db.select(variantColumns).from(variantes).where(eq(variantes.produitId, produitId)).orderBy(asc(variantes.id)).for('update')
    },

    /**
     * Which of these codes another product uses, as its reference (`produits.code`) or a
     * variant's SKU: a code names one thing in the shop (ADR 053 §1).
     */
    async codesTakenElsewhere(db: Executor, produitId: number | null, codes: readonly string[]) {
      if (codes.length === 0) return new Set<string>()
      const others = produitId === null ? sql`true` : sql`produit_id <> ${produitId}`
      const rows = await rowsOf<{ code: string }>(db.execute(sql`
        select code from ${variantes} where code = any(${textArray(codes)}) and ${others}
        union select code from ${produits} where code = any(${textArray(codes)}) and ${produitId === null ? sql`true` : sql`id <> ${produitId}`}`))
      return new Set(rows.map((r) => r.code))
    },

    /** The products that use these codes (as a reference or a variant's SKU) and these barcodes: the import checks a whole file at once. */
    async codeOwners(db: Executor, codes: readonly string[], barcodes: readonly string[]) {
      const result = { codes: new Map<string, Set<number>>(), barcodes: new Map<string, Set<number>>() }
      const add = (map: Map<string, Set<number>>, code: string, id: number) => (map.get(code) ?? map.set(code, new Set()).get(code)!).add(id)
      if (codes.length > 0) {
        const rows = await rowsOf<{ code: string; id: number }>(db.execute(sql`
          select code, produit_id as id from ${variantes} where code = any(${textArray(codes)})
          union select code, id from ${produits} where code = any(${textArray(codes)})`))
        for (const r of rows) add(result.codes, r.code, r.id)
      }
      if (barcodes.length > 0) {
        const rows = await rowsOf<{ code: string; id: number }>(db.execute(sql`select code_barres as code, produit_id as id from ${variantes} where code_barres = any(${textArray(barcodes)})`))
        for (const r of rows) add(result.barcodes, r.code, r.id)
      }
      return result
    },

    /** Which of these barcodes another product's variant uses. */
    async barcodesTakenElsewhere(db: Executor, produitId: number | null, codes: readonly string[]) {
      if (codes.length === 0) return new Set<string>()
      const others = produitId === null ? sql`true` : sql`produit_id <> ${produitId}`
      const rows = await rowsOf<{ code: string }>(db.execute(sql`select code_barres as code from ${variantes} where code_barres = any(${textArray(codes)}) and ${others}`))
      return new Set(rows.map((r) => r.code))
    },

    /** The variants among these that an order line names (they are withdrawn, never deleted). */
    async orderedVariants(db: Executor, ids: readonly number[]) {
      if (ids.length === 0) return new Set<number>()
      const rows = await db.select({ id: detailCommandes.varianteId }).from(detailCommandes).where(inArray(detailCommandes.varianteId, [...ids])).groupBy(detailCommandes.varianteId)
      return new Set(rows.map((r) => r.id!))
    },

    /**
     * A product and its variants in ONE statement (ADR 053 §2): the previous release's
     * compatibility trigger then finds the product's variants and gives it none of its own.
     * The product row starts with its lowest variant price and no stock; the database's summary
     * corrects both. Answers the product's id and its variants' ids in the order given.
     */
    async insertProductWithVariants(db: Executor, values: ProductValues, variants: readonly VariantValues[]) {
      const prix = Math.min(...variants.map((v) => v.prix))
      const rows = await rowsOf<{ produit_id: number; variante_id: number; code: string }>(db.execute(sql`
        with p as (
          insert into ${produits} (designation, description, code, prix, unite, seuil, image, souscategorie_id, options)
          values (${values.designation}, ${values.description ?? null}, ${values.code}, ${prix}, ${values.unite ?? 'pièce'}, ${values.seuil ?? 5}, ${values.image ?? null}, ${values.souscategorieId}, ${JSON.stringify(values.options ?? [])}::jsonb)
          returning id
        ), v as (
          insert into ${variantes} (produit_id, position, valeur1, valeur2, valeur3, code, code_barres, prix, prix_promo, promo_debut, promo_fin, seuil, image)
          select p.id, x.position, x.valeur1, x.valeur2, x.valeur3, x.code, x.code_barres, x.prix, x.prix_promo, x.promo_debut, x.promo_fin, x.seuil, x.image
          from p cross join jsonb_to_recordset(${variantsJson(variants)}::jsonb) as ${variantRecord}
          returning produit_id, id, code
        )
        select produit_id, id as variante_id, code from v`))
      const byCode = new Map(rows.map((r) => [r.code, r.variante_id]))
      return { id: rows[0]!.produit_id, variantIds: variants.map((v) => byCode.get(v.code)!) }
    },

    /** New variants of an existing product, in one statement; their ids in the order given. */
    async insertVariants(db: Executor, produitId: number, variants: readonly VariantValues[]) {
      if (variants.length === 0) return []
      const rows = await db
        .insert(variantes)
        .values(variants.map((v) => ({ ...v, produitId })))
        .returning({ id: variantes.id })
      return rows.map((r) => r.id)
    },

    /** Existing variants' fields (and `actif`) in one statement: the summary is computed once. */
    async updateVariants(db: Executor, rows: ReadonlyArray<VariantValues & { id: number; actif: boolean }>) {
      if (rows.length === 0) return
      await db.execute(sql`
        update ${variantes} v set position = x.position, valeur1 = x.valeur1, valeur2 = x.valeur2, valeur3 = x.valeur3,
          code = x.code, code_barres = x.code_barres, prix = x.prix, prix_promo = x.prix_promo, promo_debut = x.promo_debut,
          promo_fin = x.promo_fin, seuil = x.seuil, image = x.image, actif = x.actif, updated_at = now()
        from jsonb_to_recordset(${variantsJson(rows)}::jsonb) as ${variantRecord}
        where v.id = x.id`)
    },

    /** Withdraws variants (they have orders): no longer sold, kept for the orders. */
    async withdrawVariants(db: Executor, ids: readonly number[]) {
      if (ids.length === 0) return
      await db.update(variantes).set({ actif: false, updatedAt: new Date() }).where(inArray(variantes.id, [...ids]))
    },

    async deleteVariants(db: Executor, ids: readonly number[]) {
      if (ids.length === 0) return
      await db.delete(variantes).where(inArray(variantes.id, [...ids]))
    },

    /**
     * New regular prices for some live variants of a product, all or nothing, in ONE statement:
     * by a percentage (rounded to the franc) or an amount. Nothing is written (and nothing
     * answered) when one of them is not the product's live variant or its price would leave
     * 1 … 100 000 000 FCFA. Answers each variant's price before and after.
     */
    async changeVariantPrices(db: Executor, produitId: number, ids: readonly number[], mode: 'pourcentage' | 'montant', valeur: number) {
      const next = mode === 'pourcentage' ? sql`round(v.prix * (100 + ${valeur}::numeric) / 100)::bigint` : sql`(v.prix::bigint + ${valeur})`
      const rows = await rowsOf<{ id: number; avant: number; apres: number }>(db.execute(sql`
        with asked as (select distinct unnest(${intArray(ids)}) as id),
        n as (
          select v.id, v.prix as avant, ${next} as apres from ${variantes} v join asked a on a.id = v.id
          where v.produit_id = ${produitId} and v.actif
        ),
        ok as (
          select (select count(*) from n) = (select count(*) from asked) and not exists (select 1 from n where apres < 1 or apres > 100000000) as ok
        )
        update ${variantes} v set prix = n.apres::int, updated_at = now() from n, ok
        where v.id = n.id and ok.ok
        returning v.id, n.avant, n.apres::int as apres`))
      return rows.map((r) => ({ id: r.id, avant: Number(r.avant), apres: Number(r.apres) }))
    },

    /** Why a bulk price change wrote nothing: the variants not the product's live ones, and the lowest and highest price it would give. */
    async variantPricesPreview(db: Executor, produitId: number, ids: readonly number[]) {
      return db
        .select({ id: variantes.id, prix: variantes.prix })
        .from(variantes)
        .where(and(eq(variantes.produitId, produitId), eq(variantes.actif, true), inArray(variantes.id, [...ids])))
    },

    async productsByCodes(db: Executor, codes: string[]) {
      if (codes.length === 0) return []
      return db.select(productRow).from(produits).where(inArray(produits.code, codes))
    },

    async updateProduct(db: Executor, id: number, values: Partial<ProductValues>) {
      await db.update(produits).set({ ...values, updatedAt: new Date() }).where(eq(produits.id, id))
    },

    async deleteProduct(db: Executor, id: number) {
      await db.delete(produits).where(eq(produits.id, id))
    },

    async everOrdered(db: Executor, id: number) {
      const [row] = await db.select({ id: detailCommandes.id }).from(detailCommandes).where(eq(detailCommandes.produitId, id)).limit(1)
      return row !== undefined
    },

    // ---------- categories ----------

    async categories(db: Executor) {
      return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id))
    },
    async category(db: Executor, id: number) {
      const [row] = await db.select().from(categories).where(eq(categories.id, id))
      return row
    },
    async insertCategory(db: Executor, values: typeof categories.$inferInsert) {
      const [row] = await db.insert(categories).values(values).returning()
      return row!
    },
    async updateCategory(db: Executor, id: number, values: Partial<typeof categories.$inferInsert>) {
      const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning()
      return row
    },
    async deleteCategory(db: Executor, id: number) {
      await db.delete(categories).where(eq(categories.id, id))
    },
    async categoryHasChildren(db: Executor, id: number) {
      const [row] = await db.select({ id: souscategories.id }).from(souscategories).where(eq(souscategories.categorieId, id)).limit(1)
      return row !== undefined
    },

    async subcategories(db: Executor, categorieId?: number) {
      return db
        .select({ sc: souscategories, categorieDesignation: categories.designation })
        .from(souscategories)
        .innerJoin(categories, eq(categories.id, souscategories.categorieId))
        .where(categorieId ? eq(souscategories.categorieId, categorieId) : undefined)
        .orderBy(asc(souscategories.categorieId), asc(souscategories.position), asc(souscategories.id))
    },
    async subcategory(db: Executor, id: number) {
      const [row] = await db
        .select({ sc: souscategories, categorieDesignation: categories.designation })
        .from(souscategories)
        .innerJoin(categories, eq(categories.id, souscategories.categorieId))
        .where(eq(souscategories.id, id))
      return row
    },
    async insertSubcategory(db: Executor, values: typeof souscategories.$inferInsert) {
      const [row] = await db.insert(souscategories).values(values).returning()
      return row!
    },
    async updateSubcategory(db: Executor, id: number, values: Partial<typeof souscategories.$inferInsert>) {
      const [row] = await db.update(souscategories).set(values).where(eq(souscategories.id, id)).returning()
      return row
    },
    async deleteSubcategory(db: Executor, id: number) {
      await db.delete(souscategories).where(eq(souscategories.id, id))
    },
    async subcategoryHasProducts(db: Executor, id: number) {
      const [row] = await db.select({ id: produits.id }).from(produits).where(eq(produits.souscategorieId, id)).limit(1)
      return row !== undefined
    },
    /** The ids of every category, or of one category's sub-categories, locked until the transaction ends (a reorder). */
    async lockCategoryIds(db: Executor) {
      return (await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position), asc(categories.id)).for('update')).map((r) => r.id)
    },
    async lockSubcategoryIds(db: Executor, categorieId: number) {
      const rows = await db
        .select({ id: souscategories.id })
        .from(souscategories)
        .where(eq(souscategories.categorieId, categorieId))
        .orderBy(asc(souscategories.position), asc(souscategories.id))
        .for('update')
      return rows.map((r) => r.id)
    },
    /** Each id's position becomes its index in `ids`, in one statement. */
    async setPositions(db: Executor, table: 'categories' | 'souscategories', ids: number[]) {
      const t = table === 'categories' ? categories : souscategories
      const list = sql.join(ids.map((id) => sql`${id}`), sql`, `)
      await db.execute(sql`update ${t} set "position" = o.ord - 1 from unnest(array[${list}]::int[]) with ordinality as o(id, ord) where ${t}.id = o.id`)
    },
    /** The place after the last: a new category or sub-category goes at the end of its list. */
    async nextPosition(db: Executor, table: 'categories' | 'souscategories', categorieId?: number) {
      const t = table === 'categories' ? categories : souscategories
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${t.position}) + 1, 0)::int` })
        .from(t)
        .where(table === 'souscategories' && categorieId ? eq(souscategories.categorieId, categorieId) : undefined)
      return row?.next ?? 0
    },

    async subcategoryIds(db: Executor, ids: number[]) {
      if (ids.length === 0) return new Set<number>()
      const rows = await db.select({ id: souscategories.id }).from(souscategories).where(inArray(souscategories.id, ids))
      return new Set(rows.map((r) => r.id))
    },

    // ---------- media ----------

    async mediaExists(db: Executor, key: string) {
      const [row] = await db.select({ key: medias.key }).from(medias).where(eq(medias.key, key)).limit(1)
      return row !== undefined
    },
    async mediaBytes(db: Executor, key: string, width: number) {
      const [row] = await db.select({ bytes: medias.bytes }).from(medias).where(and(eq(medias.key, key), eq(medias.width, width)))
      return row?.bytes
    },

    /** One row per variant (live ones, and the withdrawn of live products not), grouped by product then position. */
    async variantsForExport(db: Executor, limit: number) {
      return db
        .select({
          produitCode: produits.code,
          designation: produits.designation,
          unite: produits.unite,
          souscategorieId: produits.souscategorieId,
          description: produits.description,
          options: produits.options,
          nbVariantes: produits.nbVariantes,
          code: variantes.code,
          prix: variantes.prix,
          quantite: variantes.quantite,
          seuil: variantes.seuil,
          codeBarres: variantes.codeBarres,
          valeur1: variantes.valeur1,
          valeur2: variantes.valeur2,
          valeur3: variantes.valeur3,
        })
        .from(variantes)
        .innerJoin(produits, eq(produits.id, variantes.produitId))
        .where(eq(variantes.actif, true))
        .orderBy(asc(produits.id), asc(variantes.position), asc(variantes.id))
        .limit(limit)
    },

    /** The products that hold these variant codes or have these product codes, with their variants (the import). */
    async productsForImport(db: Executor, productCodes: readonly string[], variantCodes: readonly string[]) {
      if (productCodes.length === 0 && variantCodes.length === 0) return []
      const rows = await db
        .select({ id: produits.id, code: produits.code, options: produits.options })
        .from(produits)
        .where(
          or(
            productCodes.length ? inArray(produits.code, [...productCodes]) : undefined,
            variantCodes.length ? sql`${produits.id} in (select produit_id from ${variantes} where code = any(${textArray(variantCodes)}))` : undefined,
          ),
        )
      const variants = await this.variantsOf(db, rows.map((r) => r.id))
      return rows.map((r) => ({ ...r, variantes: variants.get(r.id) ?? [] }))
    },
  }
}

export type BackofficeCatalogueRepository = ReturnType<typeof createBackofficeCatalogueRepository>
