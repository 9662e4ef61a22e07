// The server cart: one per client, lines keyed by variant (`panier_lignes`, ADR 053 §1: two sizes
// of one product are two lines). Adding and setting a quantity are single statements that check
// the variant's stock themselves, so two tabs cannot overfill a line. The previous release's
// `panier_produits` is kept by the database's mirror triggers; this code never writes it.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { ADD_TO_CART_MAX, MAX_CART_LINES } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { categories, commandes, panierLignes, paniers, produits, souscategories, variantes } from '../../db/schema.ts'
import { productColumns, productJoin, variantPriceNow, variantSaleRuns, type ProductRow, type VariantRow } from '../catalogue/product-projection.ts'

/** A cart line as shown: its product (as the catalogue shows products) and its variant, at today's price. */
export type CartLineRow = ProductRow & { lineId: number; lineQuantite: number; variant: VariantRow }

/** A variant as the cart's refusals name it. */
export type CartVariant = { id: number; produitId: number; designation: string; quantite: number; actif: boolean }

/** A variant's name: its product's followed by its values (ADR 053 §1), as `toVariante` writes it. */
export const variantDesignation = sql<string>`concat_ws(' ', ${produits.designation}, ${variantes.valeur1}, ${variantes.valeur2}, ${variantes.valeur3})`

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
     * Adds `quantite` to the variant's line (mode 'add') or sets it ('set'), only if the product
     * and the variant are on sale and the variant has the stock, and, for a line not in the cart
     * yet, if the cart holds fewer than MAX_CART_LINES lines. Without `varianteId`, the product's
     * only live variant (none when it has several). Returns the new quantity, or undefined when refused.
     */
    async upsertLine(panierId: number, produitId: number, varianteId: number | undefined, quantite: number, mode: 'add' | 'set') {
      const newQuantity = mode === 'add' ? sql`${panierLignes.quantite} + excluded.quantite` : sql`excluded.quantite`
      const inCart = sql`${panierLignes.panierId} = ${panierId}`
      const which = varianteId === undefined ? sql`${produits.nbVariantes} = 1` : sql`${variantes.id} = ${varianteId}`
      const result = await db.execute<{ quantite: number }>(sql`
        insert into ${panierLignes} (panier_id, produit_id, variante_id, quantite)
        select ${panierId}, ${produits.id}, ${variantes.id}, ${quantite}
          from ${variantes} join ${produits} on ${produits.id} = ${variantes.produitId}
         where ${produits.id} = ${produitId} and ${produits.actif} and ${variantes.actif} and ${which} and ${variantes.quantite} >= ${quantite}
           and ((select count(*) from ${panierLignes} where ${inCart}) < ${MAX_CART_LINES}
             or exists (select 1 from ${panierLignes} where ${inCart} and ${panierLignes.varianteId} = ${variantes.id}))
        on conflict (panier_id, variante_id) do update set quantite = ${newQuantity}
         where ${newQuantity} <= least(${ADD_TO_CART_MAX}, (select v.quantite from ${variantes} v where v.id = excluded.variante_id))
        returning quantite`)
      return (result as unknown as { rows: Array<{ quantite: number }> }).rows[0]?.quantite
    },

    /** The client's cart emptied (an order placed from it), its row kept. */
    async empty(clientId: number) {
      await db
        .delete(panierLignes)
        .where(sql`${panierLignes.panierId} in (select ${paniers.id} from ${paniers} where ${paniers.clientId} = ${clientId})`)
        .prepare('order_empty_cart')
        .execute()
    },

    /** The client's cart and its lines deleted (a deleted account). */
    async forget(clientId: number) {
      const carts = db.select({ id: paniers.id }).from(paniers).where(eq(paniers.clientId, clientId))
      await db.delete(panierLignes).where(inArray(panierLignes.panierId, carts))
      await db.delete(paniers).where(eq(paniers.clientId, clientId))
    },

    /** The product's lines (every variant's) or one variant's line out of the cart. */
    async removeLines(panierId: number, produitId: number, varianteId?: number) {
      await db
        .delete(panierLignes)
        .where(
          and(
            eq(panierLignes.panierId, panierId),
            eq(panierLignes.produitId, produitId),
            varianteId === undefined ? undefined : eq(panierLignes.varianteId, varianteId),
          ),
        )
    },

    async lineCount(panierId: number) {
      const [row] = await db.select({ n: count() }).from(panierLignes).where(eq(panierLignes.panierId, panierId))
      return row?.n ?? 0
    },

    async lineQuantity(panierId: number, varianteId: number) {
      const [row] = await db
        .select({ quantite: panierLignes.quantite })
        .from(panierLignes)
        .where(and(eq(panierLignes.panierId, panierId), eq(panierLignes.varianteId, varianteId)))
      return row?.quantite ?? 0
    },

    /**
     * What a refusal needs, in one statement: the product (undefined when there is none) and,
     * named by `varianteId`, that variant whatever its product, else the product's live variants.
     */
    async productAndVariants(produitId: number, varianteId: number | undefined) {
      const rows = await db
        .select({
          produitActif: produits.actif,
          id: variantes.id,
          variantProduitId: variantes.produitId,
          designation: variantDesignation,
          quantite: variantes.quantite,
          actif: variantes.actif,
        })
        .from(produits)
        .leftJoin(variantes, varianteId === undefined ? and(eq(variantes.produitId, produits.id), eq(variantes.actif, true)) : eq(variantes.id, varianteId))
        .where(eq(produits.id, produitId))
        .orderBy(asc(variantes.position), asc(variantes.id))
      if (rows.length === 0) return { product: undefined, variants: [] as CartVariant[] }
      const variants: CartVariant[] = rows
        .filter((row) => row.id !== null)
        .map((row) => ({ id: row.id!, produitId: row.variantProduitId!, designation: row.designation, quantite: row.quantite!, actif: row.actif! }))
      return { product: { id: produitId, actif: rows[0]!.produitActif }, variants }
    },

    /**
     * The lines of the client's order `numero` to put back in the cart (ADR 057), each variant
     * once with its units added up: the variant sold (for a line of the previous release without
     * one, the product's only live variant), whether it is on sale, its stock and its quantity in
     * the cart now. Undefined when the client has no such order (another's is not told apart).
     */
    async orderLinesToReorder(numero: string, clientId: number, panierId: number | undefined) {
      const [order] = await db
        .select({ id: commandes.id })
        .from(commandes)
        .where(and(eq(commandes.numerocommande, numero), eq(commandes.clientId, clientId)))
        .limit(1)
      if (!order) return undefined
      const result = await db.execute<{ produit_id: number; variante_id: number | null; quantite: number; designation: string; on_sale: boolean; stock: number; in_cart: number }>(sql`
        with lignes as (
          select d.produit_id, d.quantite, d.id,
                 coalesce(d.variante_id, (select v.id from variantes v join produits p on p.id = v.produit_id
                                           where v.produit_id = d.produit_id and v.actif and p.nb_variantes = 1
                                           order by v.position, v.id limit 1)) as variante_id
            from detail_commandes d where d.commande_id = ${order.id}
        ),
        parts as (
          select produit_id, variante_id, sum(quantite)::int as quantite, min(id) as first from lignes group by produit_id, variante_id
        )
        select parts.produit_id, parts.variante_id, parts.quantite,
               concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3) as designation,
               (p.actif and coalesce(v.actif, false)) as on_sale, coalesce(v.quantite, 0)::int as stock,
               coalesce((select l.quantite from panier_lignes l where l.panier_id = ${panierId ?? null}::int and l.variante_id = parts.variante_id), 0)::int as in_cart
          from parts join produits p on p.id = parts.produit_id left join variantes v on v.id = parts.variante_id
         order by parts.first`)
      return (result as unknown as { rows: Array<{ produit_id: number; variante_id: number | null; quantite: number; designation: string; on_sale: boolean; stock: number; in_cart: number }> }).rows.map((row) => ({
        produitId: row.produit_id,
        varianteId: row.variante_id,
        quantite: row.quantite,
        designation: row.designation,
        onSale: row.on_sale,
        stock: row.stock,
        inCart: row.in_cart,
      }))
    },

    async lines(panierId: number, clientId: number): Promise<CartLineRow[]> {
      const rows = await db
        .select({
          lineId: panierLignes.id,
          lineQuantite: panierLignes.quantite,
          ...productColumns(clientId),
          vId: variantes.id,
          vValeur1: variantes.valeur1,
          vValeur2: variantes.valeur2,
          vValeur3: variantes.valeur3,
          vCode: variantes.code,
          vPrix: variantPriceNow,
          vPrixInitial: sql<number | null>`(case when ${variantSaleRuns} then ${variantes.prix} end)`,
          vQuantite: variantes.quantite,
          vImage: sql<string | null>`coalesce(${variantes.image}, ${produits.image})`,
        })
        .from(panierLignes)
        .innerJoin(variantes, eq(variantes.id, panierLignes.varianteId))
        .innerJoin(produits, eq(produits.id, panierLignes.produitId))
        .innerJoin(souscategories, productJoin.souscategorie)
        .innerJoin(categories, productJoin.categorie)
        .where(eq(panierLignes.panierId, panierId))
        .orderBy(asc(panierLignes.id))
      return rows.map(({ vId, vValeur1, vValeur2, vValeur3, vCode, vPrix, vPrixInitial, vQuantite, vImage, ...row }) => ({
        ...(row as unknown as ProductRow & { lineId: number; lineQuantite: number }),
        variant: {
          id: vId,
          produitId: row.id,
          valeurs: [vValeur1, vValeur2, vValeur3],
          code: vCode,
          prix: Number(vPrix),
          prixInitial: vPrixInitial === null ? null : Number(vPrixInitial),
          quantite: vQuantite,
          image: vImage,
        },
      }))
    },
  }
}

export type CartRepository = ReturnType<typeof createCartRepository>
