// Favourites: one row per (client, product); adding twice keeps one.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { categories, favoris, produits, souscategories } from '../../db/schema.ts'
import { pageTotal, type PageArgs } from '../../lib/pagination.ts'
import { productColumns, productJoin, visibleProduct, type ProductRow } from '../catalogue/product-projection.ts'

export function createFavouritesRepository(db: Executor) {
  return {
    async productExists(produitId: number) {
      const [row] = await db.select({ id: produits.id }).from(produits).where(visibleProduct(eq(produits.id, produitId))).limit(1)
      return Boolean(row)
    },

    async add(clientId: number, produitId: number) {
      await db.insert(favoris).values({ clientId, produitId }).onConflictDoNothing()
      const [row] = await db
        .select({ id: favoris.id })
        .from(favoris)
        .where(and(eq(favoris.clientId, clientId), eq(favoris.produitId, produitId)))
      return row!.id
    },

    async remove(clientId: number, produitId: number) {
      const rows = await db
        .delete(favoris)
        .where(and(eq(favoris.clientId, clientId), eq(favoris.produitId, produitId)))
        .returning({ id: favoris.id })
      return rows.length > 0
    },

    /** Every favourite of the client deleted (a deleted account). */
    async forgetClient(clientId: number) {
      await db.delete(favoris).where(eq(favoris.clientId, clientId))
    },

    async page(clientId: number, page: PageArgs) {
      const rows = await db
        .select({ favId: favoris.id, total: sql<number>`count(*) over()`, ...productColumns(clientId) })
        .from(favoris)
        .innerJoin(produits, eq(produits.id, favoris.produitId))
        .innerJoin(souscategories, productJoin.souscategorie)
        .innerJoin(categories, productJoin.categorie)
        .where(and(eq(favoris.clientId, clientId), eq(produits.actif, true)))
        .orderBy(desc(favoris.id))
        .limit(page.count)
        .offset(page.offset)
      const total = await pageTotal(rows, page, async () => {
        const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(favoris).where(eq(favoris.clientId, clientId))
        return c?.n ?? 0
      })
      return { rows: rows as Array<ProductRow & { favId: number }>, total }
    },
  }
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>
