// The server cart: one per client, lines keyed by product. Adding and setting a quantity are
// single statements that check the stock themselves, so two tabs cannot overfill a line.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { ADD_TO_CART_MAX, MAX_CART_LINES } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { categories, panierProduits, paniers, produits, souscategories } from '../../db/schema.ts'
import { productColumns, productJoin, type ProductRow } from '../catalogue/product-projection.ts'

export function createCartRepository(db: Executor) {
  return {
    async findCart(clientId: number) {
      const [row] = await db.select().from(paniers).where(eq(paniers.clientId, clientId)).limit(1)
      return row
    },

    async ensureCart(clientId: number) {
      const [row] = await db
        .insert(paniers)
        .values({ clientId })
        .onConflictDoUpdate({ target: paniers.clientId, set: { updatedAt: new Date() } })
        .returning()
      return row!
    },

    /**
     * Adds `quantite` to the line (mode 'add') or sets it ('set'), only if the product is on
     * sale and has the stock, and, for a product not in the cart yet, if the cart holds fewer
     * than MAX_CART_LINES products. Returns the new quantity, or undefined when refused.
     */
    async upsertLine(panierId: number, produitId: number, quantite: number, mode: 'add' | 'set') {
      const newQuantity = mode === 'add' ? sql`${panierProduits.quantite} + excluded.quantite` : sql`excluded.quantite`
      const inCart = sql`${panierProduits.panierId} = ${panierId}`
      const result = await db.execute<{ quantite: number }>(sql`
        insert into ${panierProduits} (panier_id, produit_id, quantite)
        select ${panierId}, ${produits.id}, ${quantite} from ${produits}
         where ${produits.id} = ${produitId} and ${produits.actif} and ${produits.quantite} >= ${quantite}
           and ((select count(*) from ${panierProduits} where ${inCart}) < ${MAX_CART_LINES}
             or exists (select 1 from ${panierProduits} where ${inCart} and ${panierProduits.produitId} = ${produitId}))
        on conflict (panier_id, produit_id) do update set quantite = ${newQuantity}
         where ${newQuantity} <= least(${ADD_TO_CART_MAX}, (select p.quantite from ${produits} p where p.id = excluded.produit_id))
        returning quantite`)
      return (result as unknown as { rows: Array<{ quantite: number }> }).rows[0]?.quantite
    },

    /** The client's cart emptied (an order placed from it), its row kept. */
    async empty(clientId: number) {
      await db
        .delete(panierProduits)
        .where(sql`${panierProduits.panierId} in (select ${paniers.id} from ${paniers} where ${paniers.clientId} = ${clientId})`)
        .prepare('order_empty_cart')
        .execute()
    },

    /** The client's cart and its lines deleted (a deleted account). */
    async forget(clientId: number) {
      const carts = db.select({ id: paniers.id }).from(paniers).where(eq(paniers.clientId, clientId))
      await db.delete(panierProduits).where(inArray(panierProduits.panierId, carts))
      await db.delete(paniers).where(eq(paniers.clientId, clientId))
    },

    async removeLine(panierId: number, produitId: number) {
      await db.delete(panierProduits).where(and(eq(panierProduits.panierId, panierId), eq(panierProduits.produitId, produitId)))
    },

    async lineCount(panierId: number) {
      const [row] = await db.select({ n: count() }).from(panierProduits).where(eq(panierProduits.panierId, panierId))
      return row?.n ?? 0
    },

    async lineQuantity(panierId: number, produitId: number) {
      const [row] = await db
        .select({ quantite: panierProduits.quantite })
        .from(panierProduits)
        .where(and(eq(panierProduits.panierId, panierId), eq(panierProduits.produitId, produitId)))
      return row?.quantite ?? 0
    },

    async product(produitId: number) {
      const [row] = await db
        .select({ id: produits.id, designation: produits.designation, quantite: produits.quantite, actif: produits.actif })
        .from(produits)
        .where(eq(produits.id, produitId))
      return row
    },

    async lines(panierId: number, clientId: number) {
      return (await db
        .select({ lineId: panierProduits.id, lineQuantite: panierProduits.quantite, ...productColumns(clientId) })
        .from(panierProduits)
        .innerJoin(produits, eq(produits.id, panierProduits.produitId))
        .innerJoin(souscategories, productJoin.souscategorie)
        .innerJoin(categories, productJoin.categorie)
        .where(eq(panierProduits.panierId, panierId))
        .orderBy(asc(panierProduits.id))) as Array<ProductRow & { lineId: number; lineQuantite: number }>
    },
  }
}

export type CartRepository = ReturnType<typeof createCartRepository>
