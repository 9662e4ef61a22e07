// SQL of the sitemap's catalogue part: the products shoppers may see (a page of ids in order,
// with their last change) and the sub-categories the storefront lists.
import { and, asc, count, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { produits, souscategories } from '../../db/schema.ts'
import { visibleProduct } from './product-projection.ts'

export function createCatalogueSitemapRepository(db: Executor) {
  return {
    async productCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(produits).where(visibleProduct())
      return row?.n ?? 0
    },
    /** Visible products after id `afterId`, `limit` of them, by id (the index's order). */
    products: (afterId: number, limit: number) =>
      db
        .select({ id: produits.id, updatedAt: produits.updatedAt })
        .from(produits)
        .where(afterId > 0 ? and(visibleProduct(), gt(produits.id, afterId)) : visibleProduct())
        .orderBy(asc(produits.id))
        .limit(limit),
    /** The products' ids that start each page of `size` (the sitemap index's pages). */
    async pageStarts(size: number): Promise<number[]> {
      const result = await db.execute(
        sql`select id from (select ${produits.id} as id, row_number() over (order by ${produits.id}) as n from ${produits} where ${visibleProduct()}) p where (n - 1) % ${size} = 0 order by id`,
      )
      return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id))
    },
    subcategories: () => db.select({ id: souscategories.id }).from(souscategories).orderBy(asc(souscategories.id)),
  }
}
