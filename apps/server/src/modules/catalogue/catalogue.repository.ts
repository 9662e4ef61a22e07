// SQL for the catalogue: products (paged, filtered, searched), categories, slides and
// preferences, as every visitor sees them; a signed-in customer's likes are read apart
// (`likedAmong`). Each list is one round trip; a page past the end costs a second one.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import {
  caroussels,
  categories,
  commandes,
  detailCommandes,
  preferences,
  produits,
  produitsComptes,
  souscategories,
  variantes,
  ventesRecentes,
  vuesProduits,
} from '../../db/schema.ts'
import { pageTotal, type PageArgs } from '../../lib/pagination.ts'
import type { GridSort } from '@teranga/shared/catalogue-grid'
import { gridTotal, orderedPage, priceNowRange, sortKeys, type GridFilter, type PageBounds } from './product-grid.ts'
import { likedBy, liveVariants, productColumns, productJoin, saleRuns, visibleProduct, type ProductRow } from './product-projection.ts'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export interface ProductFilter {
  souscategorieId?: number | null | undefined
  search?: string | null | undefined
  /** A grid's sort and filters (issue 19 §2); none keeps the catalogue's order (relevance for a search). */
  tri?: GridSort | null | undefined
  prixMin?: number | null | undefined
  prixMax?: number | null | undefined
  enStock?: boolean | null | undefined
  promotion?: boolean | null | undefined
}

/**
 * Whether the order `o` (an alias of `commandes` in a statement) counts as a sale, in SQL: the
 * payments module's rule (ADR 050), handed over as the server starts, so that the catalogue,
 * which the orders and payments build on, does not import them.
 */
export type SaleRule = (o: SQL) => SQL

export function createCatalogueRepository(db: Executor) {
  function selectProducts<E extends Record<string, SQL>>(extra: E = {} as E) {
    return db
      .select({ ...productColumns(null), ...extra })
      .from(produits)
      .innerJoin(souscategories, productJoin.souscategorie)
      .innerJoin(categories, productJoin.categorie)
  }

  // Same joins as the page itself: filters may name the sub-category's columns.
  async function countProducts(where: SQL | undefined) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(produits)
      .innerJoin(souscategories, productJoin.souscategorie)
      .where(where)
    return row?.n ?? 0
  }

  /** Rows of one page and the total, in one round trip unless the page is past the end. */
  async function paged(where: SQL | undefined, orderBy: SQL[], page: PageArgs) {
    const rows = await selectProducts({ total: sql<number>`count(*) over()` })
      .where(where)
      .orderBy(...orderBy)
      .limit(page.count)
      .offset(page.offset)
    const total = await pageTotal(rows, page, () => countProducts(where))
    return { rows: rows as ProductRow[], total }
  }

  /**
   * A page of search results: matches ranked and counted on `produits` alone (for a prefix,
   * an index-only scan of produits_recherche_prefix_idx), then only the page's rows joined
   * to their sub-category and category, instead of carrying every match's columns.
   */
  async function searchPaged(where: SQL | undefined, rank: SQL[], page: PageArgs) {
    const ranked = db
      .select({ id: produits.id, total: sql<number>`count(*) over()`.as('total') })
      .from(produits)
      .where(where)
      .orderBy(...rank)
      .limit(page.count)
      .offset(page.offset)
      .as('ranked')
    const rows = await db
      .select({ ...productColumns(null), total: ranked.total })
      .from(ranked)
      .innerJoin(produits, eq(produits.id, ranked.id))
      .innerJoin(souscategories, productJoin.souscategorie)
      .innerJoin(categories, productJoin.categorie)
      .orderBy(...rank)
    const total = await pageTotal(rows, page, () => countProducts(where))
    return { rows: rows as ProductRow[], total }
  }

  /** The exact total of a grid's filter (gridTotal), alone: for a page past the end. */
  async function gridCount(filter: GridFilter) {
    const result = await db.execute(sql`select ${gridTotal(filter)} as n`)
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0)
  }

  /**
   * A grid page sorted or filtered (product-grid.ts): the page's ids from the sort's index, then
   * only those rows joined, with the total from the catalogue's counts in the same statement.
   */
  function gridSelect(filter: GridFilter, tri: GridSort | null | undefined, bounds: PageBounds) {
    const ranked = sql`(${orderedPage(filter, tri, bounds)}) as ranked`
    return db
      .select({ ...productColumns(null), total: gridTotal(filter) })
      .from(ranked)
      .innerJoin(produits, sql`${produits.id} = ranked.id`)
      .innerJoin(souscategories, productJoin.souscategorie)
      .innerJoin(categories, productJoin.categorie)
      .orderBy(sql`ranked.ord`)
  }

  async function gridPaged(filter: GridFilter, tri: GridSort | null | undefined, page: PageArgs) {
    const found = await gridSelect(filter, tri, { count: page.count, offset: page.offset, limit: page.offset + page.count })
    const total = await pageTotal(found, page, () => gridCount(filter))
    return { rows: found as ProductRow[], total }
  }

  /**
   * A grid page without a search or a price range is a named prepared statement, built once per
   * shape (sub-category or not, in stock, on sale, sort): its best plan does not depend on its
   * values, so PostgreSQL parses it once per connection and may keep its plan, and the SQL is
   * not rebuilt for each request (ADR 038). A page past the end is counted by a second one.
   */
  type GridShape = { souscategorie: boolean; enStock: boolean; promotion: boolean; tri: GridSort | null }
  const preparedGrids = new Map<string, ReturnType<typeof prepareGrid>>()
  function prepareGrid(name: string, shape: GridShape) {
    const bounds = { count: sql.placeholder('count'), offset: sql.placeholder('offset'), limit: sql.placeholder('limit') }
    const filter: GridFilter = { souscategorie: shape.souscategorie ? sql.placeholder('souscategorie') : null, enStock: shape.enStock, promotion: shape.promotion }
    return gridSelect(filter, shape.tri, bounds).prepare(name)
  }
  async function preparedGridPage(shape: GridShape, souscategorieId: number | null, page: PageArgs) {
    const name = ['grid', shape.souscategorie ? 'sc' : 'all', shape.enStock ? 'stock' : '', shape.promotion ? 'promo' : '', shape.tri ?? 'id'].join('_')
    let statement = preparedGrids.get(name)
    if (!statement) preparedGrids.set(name, (statement = prepareGrid(name, shape)))
    const values = { souscategorie: souscategorieId, count: page.count, offset: page.offset, limit: page.offset + page.count }
    const rows = (await statement.execute(values)) as Array<ProductRow & { total: number }>
    const total = await pageTotal(rows, page, () => gridCount({ souscategorie: souscategorieId, enStock: shape.enStock, promotion: shape.promotion }))
    return { rows: rows as ProductRow[], total }
  }

  return {
    /**
     * A page of products, optionally in one sub-category and matching a search. Search
     * first takes the names that contain the words (prefix matches first); only when
     * none does, it falls back to close words, so a typo still finds "Café".
     */
    async productPage(filter: ProductFilter, page: PageArgs) {
      const q = filter.search?.trim()
      if (!q && filter.prixMin == null && filter.prixMax == null) {
        const shape = { souscategorie: Boolean(filter.souscategorieId), enStock: Boolean(filter.enStock), promotion: Boolean(filter.promotion), tri: filter.tri ?? null }
        return preparedGridPage(shape, filter.souscategorieId || null, page)
      }
      if (!q) {
        const grid = { souscategorie: filter.souscategorieId || null, enStock: Boolean(filter.enStock), promotion: Boolean(filter.promotion), prixMin: filter.prixMin, prixMax: filter.prixMax }
        return gridPaged(grid, filter.tri, page)
      }
      // A search's matches are few: counted from their rows, filtered on the price now and sorted in memory.
      const base: SQL[] = []
      if (filter.souscategorieId) base.push(eq(produits.souscategorieId, filter.souscategorieId))
      if (filter.enStock) base.push(sql`${produits.quantite} > 0`)
      if (filter.promotion) base.push(saleRuns)
      const range = priceNowRange(filter.prixMin, filter.prixMax)
      if (range) base.push(range)

      const nq = sql`teranga_normalize(${q})`
      const pattern = sql`teranga_normalize(${escapeLike(q)})`
      // Matched on every live variant's name, values and code (« 25 kg », « EPI-0002 », ADR 053
      // §5), the product once; ranked, and the first letters matched, on the product's name.
      const contains = sql`${produits.rechercheVariantes} like '%' || ${pattern} || '%'`
      const ranking = filter.tri
        ? sortKeys(filter.tri)
        : [
            // The query as a whole word, then at the start of the name, then earliest, shortest.
            sql`(' ' || ${produits.recherche} || ' ' like '% ' || ${pattern} || ' %') desc`,
            sql`(${produits.recherche} like ${pattern} || '%') desc`,
            // A product found by a variant's values or code only comes after the names that hold it.
            sql`nullif(strpos(${produits.recherche}, ${nq}), 0) nulls last`,
            sql`length(${produits.recherche})`,
            asc(produits.id),
          ]
      // One or two letters (the first keystrokes in the search box) are inside most names:
      // match the start of the name (an index range), else the start of a word (the trigram
      // index), instead of sorting most of the catalogue (700 ms for "r" at 100,000 products).
      if (q.length < 3) {
        const starts = await searchPaged(visibleProduct(and(...base, sql`${produits.recherche} like ${pattern} || '%'`)), ranking, page)
        if (starts.total > 0) return starts
        const wordStarts = await searchPaged(visibleProduct(and(...base, sql`${produits.recherche} like '% ' || ${pattern} || '%'`)), ranking, page)
        if (wordStarts.total > 0) return wordStarts
      }
      const exact = await searchPaged(visibleProduct(and(...base, contains)), ranking, page)
      if (exact.total > 0) return exact
      return searchPaged(
        visibleProduct(and(...base, sql`${nq} <% ${produits.rechercheVariantes}`)),
        filter.tri ? sortKeys(filter.tri) : [sql`word_similarity(${nq}, ${produits.rechercheVariantes}) desc`, asc(produits.id)],
        page,
      )
    },

    /**
     * Rebuilds the units each product sold over the last `days` days, from the lines of the
     * orders that count as sales (`countsAsSale`, the payments module's one rule, ADR 050;
     * ADR 035). One transaction: a grid reads the old rows or the new ones, never none.
     */
    async refreshBestSellers(days: number, countsAsSale: SaleRule) {
      await db.transaction(async (tx) => {
        // Two instances refreshing at once would each insert every row: one waits for the other.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('teranga:ventes_recentes'))`)
        await tx.delete(ventesRecentes)
        await tx.execute(sql`insert into ${ventesRecentes} (produit_id, quantite)
          select d.produit_id, sum(d.quantite)::int from ${detailCommandes} d
          join ${commandes} c on c.id = d.commande_id
          join ${produits} p on p.id = d.produit_id
          where c.datecomm > now() - make_interval(days => ${days})
            and ${countsAsSale(sql`c`)}
          group by d.produit_id`)
      })
    },

    /**
     * Folds the grids' counts into one row per key (ADR 039). The triggers append a row for each
     * key a write moves a product in or out of; the rows this fold does not see (committed after
     * it started) stay as they are, and a reader sums the same total before and after.
     */
    async foldCatalogueCounts() {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('teranga:produits_comptes'))`)
        await tx.execute(sql`with folded as (delete from ${produitsComptes} returning *)
          insert into ${produitsComptes} (souscategorie_id, en_stock, prix, n)
          select souscategorie_id, en_stock, prix, sum(n)::int from folded group by 1, 2, 3 having sum(n) <> 0`)
      })
    },

    /**
     * The words of the visible products' names, lower-cased, with how many names hold each, the
     * most common first: the vocabulary of close spellings (spelling.ts). Split on spaces,
     * digits and punctuation, so that « d’arachide » gives « arachide ». About 0.6 s at 100,000
     * products, run with the upkeep.
     */
    async catalogueWords(limit: number): Promise<Array<{ word: string; products: number }>> {
      const result = await db.execute(sql`select w as word, count(*)::int as products
        from ${produits}, unnest(string_to_array(regexp_replace(lower(${produits.designation}), '[[:space:][:digit:][:punct:]’«»°]+', ' ', 'g'), ' ')) w
        where ${produits.actif} and length(w) >= 3
        group by w order by count(*) desc, w limit ${limit}`)
      return (result as unknown as { rows: Array<{ word: string; products: number }> }).rows
    },

    /** The next start or end of a variant's sale price after now (the database's clock), or null. */
    async nextPromotionBoundary(): Promise<Date | null> {
      const result = await db.execute(sql`select least(
          (select min(${variantes.promoDebut}) from ${variantes} where ${variantes.prixPromo} is not null and ${variantes.promoDebut} > now()),
          (select min(${variantes.promoFin}) from ${variantes} where ${variantes.prixPromo} is not null and ${variantes.promoFin} > now())) as at`)
      const at = (result as unknown as { rows: Array<{ at: string | Date | null }> }).rows[0]?.at
      return at ? new Date(at) : null
    },

    /**
     * Sums again the products whose variants' sales started or ended after `since` (up to now,
     * the database's clock), so that a product's sale is again its variants' cheapest (ADR 053
     * §2); the database's now, to pass as `since` next time. Idempotent: every instance may.
     */
    async summarizeSaleBoundaries(since: Date): Promise<Date> {
      const result = await db.execute(sql`select now() as at, produits_resumer(array(
          select distinct ${variantes.produitId} from ${variantes} where ${variantes.prixPromo} is not null
            and ((${variantes.promoDebut} > ${since.toISOString()}::timestamptz and ${variantes.promoDebut} <= now())
              or (${variantes.promoFin} > ${since.toISOString()}::timestamptz and ${variantes.promoFin} <= now())))) as done`)
      const at = (result as unknown as { rows: Array<{ at: string | Date }> }).rows[0]!.at
      return new Date(at)
    },

    /** The live variants of these products, in one statement (`liveVariants`). */
    variantsOf: (produitIds: readonly number[]) => liveVariants(db, produitIds),

    async productById(id: number): Promise<ProductRow | undefined> {
      const [row] = await selectProducts().where(visibleProduct(eq(produits.id, id))).limit(1)
      return row
    },

    /** Same sub-category first, then the rest of the category. */
    async similarPage(produitId: number, page: PageArgs) {
      const [target] = await db
        .select({ scId: produits.souscategorieId, catId: souscategories.categorieId })
        .from(produits)
        .innerJoin(souscategories, productJoin.souscategorie)
        .where(eq(produits.id, produitId))
        .limit(1)
      if (!target) return undefined
      return paged(
        visibleProduct(and(eq(souscategories.categorieId, target.catId), ne(produits.id, produitId))),
        [sql`(${produits.souscategorieId} = ${target.scId}) desc`, asc(produits.id)],
        page,
      )
    },

    async mostViewed(limit: number) {
      return (await selectProducts()
        .where(visibleProduct())
        .orderBy(desc(produits.vues), asc(produits.id))
        .limit(limit)) as ProductRow[]
    },

    /** Which of these products the client likes (`likedBy`, the rule every product list uses). */
    async likedAmong(clientId: number, ids: number[]): Promise<Set<number>> {
      const rows = await db
        .select({ id: produits.id })
        .from(produits)
        .where(and(inArray(produits.id, ids), likedBy(clientId)))
      return new Set(rows.map((r) => r.id))
    },

    /**
     * Counts a view of a visible product unless this visitor already viewed it this hour.
     * Answers whether the product exists (a repeated view is not an error).
     */
    async recordView(id: number, visitor: string): Promise<boolean> {
      const result = await db.execute<{ found: number }>(sql`
        with target as (select ${produits.id} as id from ${produits} where ${visibleProduct(eq(produits.id, id))}),
        seen as (
          insert into ${vuesProduits} (produit_id, visiteur, heure)
          select id, ${visitor}, date_trunc('hour', now()) from target
          on conflict do nothing
          returning produit_id
        ),
        counted as (update ${produits} set vues = vues + 1 where id in (select produit_id from seen) returning 1)
        select (select count(*) from target)::int as found, (select count(*) from counted)::int as counted`)
      return ((result as unknown as { rows: Array<{ found: number }> }).rows[0]?.found ?? 0) > 0
    },

    /** Forgets who viewed what before the current hour: those rows no longer stop anything. */
    async purgeViews() {
      await db.delete(vuesProduits).where(sql`${vuesProduits.heure} < date_trunc('hour', now())`)
    },

    async categoryTree() {
      return db
        .select({
          id: categories.id,
          designation: categories.designation,
          image: categories.image,
          sc: { id: souscategories.id, designation: souscategories.designation, image: souscategories.image },
        })
        .from(categories)
        .leftJoin(souscategories, eq(souscategories.categorieId, categories.id))
        .orderBy(asc(categories.position), asc(categories.id), asc(souscategories.position), asc(souscategories.id))
    },

    async subcategories(id?: number) {
      return db
        .select({
          id: souscategories.id,
          designation: souscategories.designation,
          image: souscategories.image,
          categorie: { id: categories.id, designation: categories.designation },
        })
        .from(souscategories)
        .innerJoin(categories, eq(categories.id, souscategories.categorieId))
        .where(id ? eq(souscategories.id, id) : undefined)
        .orderBy(asc(categories.position), asc(souscategories.position), asc(souscategories.id))
    },

    async slides() {
      return db.select().from(caroussels).orderBy(asc(caroussels.position), asc(caroussels.id))
    },

    async preferences() {
      const [row] = await db.select().from(preferences).orderBy(asc(preferences.id)).limit(1)
      return row
    },
  }
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>
