// The back-office catalogue's tables: products (their stock and its history are the stock
// ledger's), categories, sub-categories and uploaded images. Every function takes the executor it runs on, so the
// service runs writes, their audit line and their NOTIFY in one transaction.
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { categories, detailCommandes, medias, produits, souscategories, variantes } from '../../db/schema.ts'
import type { PageArgs } from '../../lib/pagination.ts'
import { saleRuns } from '../catalogue/product-projection.ts'

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
 * A product's row as the catalogue writes it: its stock starts at 0 and moves through the stock
 * ledger only; its variants' summary is the database's (ADR 053). Until the back office writes
 * variants (ADR 053 §9, step 4), the price, sale, code and threshold written here are carried to
 * the product's one variant by migration 0033's triggers.
 */
type ProductValues = Omit<typeof produits.$inferInsert, 'quantite' | 'nbVariantes' | 'prixMax' | 'rechercheVariantes'>

/** A product's row as the back office reads it, without the variants' summary columns it does not answer yet. */
const { options: _options, nbVariantes: _nb, prixMax: _max, rechercheVariantes: _recherche, ...productRow } = getTableColumns(produits)

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
        ? sql`${produits.quantite} > 0 and ${produits.quantite} <= ${produits.seuil}`
        : filter.stock === 'ok'
          ? sql`${produits.quantite} > ${produits.seuil}`
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

    /** The product's variants, withdrawn ones too, by position: what a stock movement names (ADR 053 §4). */
    async stockVariants(db: Executor, produitId: number) {
      return db
        .select({
          id: variantes.id,
          actif: variantes.actif,
          quantite: variantes.quantite,
          code: variantes.code,
          designation: sql<string>`concat_ws(' ', ${produits.designation}, ${variantes.valeur1}, ${variantes.valeur2}, ${variantes.valeur3})`,
        })
        .from(variantes)
        .innerJoin(produits, eq(produits.id, variantes.produitId))
        .where(eq(variantes.produitId, produitId))
        .orderBy(asc(variantes.position), asc(variantes.id))
    },

    async productIdByCode(db: Executor, code: string) {
      const [row] = await db.select({ id: produits.id }).from(produits).where(eq(produits.code, code))
      return row?.id
    },

    async productsByCodes(db: Executor, codes: string[]) {
      if (codes.length === 0) return []
      return db.select(productRow).from(produits).where(inArray(produits.code, codes))
    },

    async insertProduct(db: Executor, values: ProductValues) {
      const [row] = await db.insert(produits).values(values).returning({ id: produits.id })
      return row!.id
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

    async allProductsForExport(db: Executor, limit: number) {
      return db.select().from(produits).orderBy(asc(produits.id)).limit(limit)
    },
  }
}

export type BackofficeCatalogueRepository = ReturnType<typeof createBackofficeCatalogueRepository>
