// The stock ledger's statements: each change of variants' stock writes the matching lines of
// their stock history in the same statement (the database adds the change to their products'
// stock as it commits the statement, migration 0033), on the executor it is given (the caller's
// transaction); and the history read back. Only the stock ledger service calls them.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { StockReason } from '@teranga/shared/backoffice-catalogue'
import type { Executor } from '../../db/client.ts'
import { executeNamed, intArray } from '../../db/sql.ts'
import { clients, commandes, detailCommandes, mouvementsStock, produits, variantes } from '../../db/schema.ts'
import type { PageArgs } from '../../lib/pagination.ts'

/** A quantity of one variant's stock (ADR 053). */
export interface StockLine {
  varianteId: number
  quantite: number
}

/** Who and why, as each line of the stock history records them. */
export interface MovementCause {
  raison: StockReason
  /** The staff member's own words (a cancel's reason), or none. */
  motif: string | null
  /** The staff member who made it, or none (a customer, the system). */
  staffId: number | null
  /** The order it belongs to, or none. */
  commandeId: number | null
}

export type MovementRow = typeof mouvementsStock.$inferSelect

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** `lines` as a relation `(id, quantite)`, one row per variant (the same variant's lines added). */
const wanted = (lines: readonly StockLine[]) =>
  sql`select id, sum(quantite)::int as quantite
    from unnest(${intArray(lines.map((l) => l.varianteId))}, ${intArray(lines.map((l) => l.quantite))}) as w (id, quantite) group by id`

/** A product's history lines, or one of its variants' (read through the product's index, ADR 053 §1). */
const ofProduct = (produitId: number, varianteId?: number) =>
  varianteId === undefined ? eq(mouvementsStock.produitId, produitId) : and(eq(mouvementsStock.produitId, produitId), eq(mouvementsStock.varianteId, varianteId))

export function createStockLedgerRepository(db: Executor) {
  /**
   * Adds each row of `change` (a relation `(id, quantite)`) to its variant's stock, only where the
   * stock stays at or above 0 and the quantity is not 0 (the history holds no empty line), and writes one history line per variant
   * changed, in variant order; the variants changed.
   */
  async function apply(name: string, change: SQL, cause: MovementCause): Promise<number> {
    // Their products locked first, in id order (ADR 053 §3): two statements sharing products never
    // hold a variant the other waits for while waiting for the other's product (the summary's
    // update of the product follows). `for no key update`, the lock an update takes (ADR 069): an
    // order placed meanwhile has written its lines, whose foreign keys share the product's row
    // (`for key share`), before it takes; `for update` would wait for those orders, and they for it.
    const rows = await executeNamed(db, name, sql`with products as (
        select p.id from ${produits} p
        where p.id in (select v.produit_id from ${variantes} v join (${change}) c on v.id = c.id)
        order by p.id for no key update of p),
      moved as (
        update ${variantes} v set quantite = v.quantite + c.quantite, updated_at = now()
        from (${change}) c where v.id = c.id and c.quantite <> 0 and v.quantite + c.quantite >= 0
          and v.produit_id in (select id from products)
        returning v.id, v.produit_id, c.quantite, v.quantite as after)
      insert into ${mouvementsStock} (produit_id, variante_id, delta, quantite_apres, raison, motif, staff_id, commande_id)
      select produit_id, id, quantite, after, ${cause.raison}, ${cause.motif}, ${cause.staffId}::int, ${cause.commandeId}::int from moved order by id
      returning variante_id`)
    return rows.length
  }

  return {
    /** Takes each line's quantity from stock (a negative change), only where there is enough; how many variants were taken from. */
    async take(lines: readonly StockLine[], cause: MovementCause) {
      return apply('stock_take', sql`select id, -quantite as quantite from (${wanted(lines)}) w`, cause)
    },

    /** Puts each line's quantity back. */
    async putBack(lines: readonly StockLine[], cause: MovementCause) {
      await apply('stock_put_back', sql`select * from (${wanted(lines)}) w where quantite > 0`, cause)
    },

    /**
     * Puts back the whole of an order, less what its refunds already put back (a paid order is
     * refundable, restock included, before it is cancelled: issue 23 §2).
     */
    async putBackOrder(commandeId: number, cause: MovementCause) {
      const left = sql`select d.variante_id as id, (sum(d.quantite) - coalesce((select sum(m.delta) from ${mouvementsStock} m
          where m.commande_id = ${commandeId} and m.variante_id = d.variante_id and m.raison = 'remboursement'), 0))::int as quantite
        from ${detailCommandes} d where d.commande_id = ${commandeId} group by d.variante_id`
      await apply('stock_put_back_order', sql`select * from (${left}) w where quantite > 0`, cause)
    },

    /** One page of a product's history (or of one of its variants), newest first, with the staff member and the order each line names. */
    async historyPage(produitId: number, page: PageArgs, varianteId?: number) {
      return db
        .select({
          id: mouvementsStock.id,
          createdAt: mouvementsStock.createdAt,
          delta: mouvementsStock.delta,
          raison: mouvementsStock.raison,
          motif: mouvementsStock.motif,
          quantiteApres: mouvementsStock.quantiteApres,
          staffId: mouvementsStock.staffId,
          staffEmail: clients.email,
          staffPrenom: clients.prenom,
          staffName: clients.name,
          numerocommande: commandes.numerocommande,
          // The variant whose stock moved (ADR 053 §4), named as the product's name and its values.
          varianteId: variantes.id,
          varianteDesignation: sql<string | null>`case when ${variantes.id} is not null
            then concat_ws(' ', ${produits.designation}, ${variantes.valeur1}, ${variantes.valeur2}, ${variantes.valeur3}) end`,
          varianteCode: variantes.code,
          total: sql<number>`count(*) over()`,
        })
        .from(mouvementsStock)
        .leftJoin(clients, eq(clients.id, mouvementsStock.staffId))
        .leftJoin(commandes, eq(commandes.id, mouvementsStock.commandeId))
        .leftJoin(variantes, eq(variantes.id, mouvementsStock.varianteId))
        .leftJoin(produits, eq(produits.id, variantes.produitId))
        .where(ofProduct(produitId, varianteId))
        // By id: given out under the product's row lock, so in the order the movements applied.
        .orderBy(desc(mouvementsStock.id))
        .limit(page.count)
        .offset(page.offset)
    },

    async historyCount(produitId: number, varianteId?: number) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mouvementsStock).where(ofProduct(produitId, varianteId))
      return row?.n ?? 0
    },

    /** Changes one variant's stock by `delta` (a staff edit, an import, a new product), unless it would go below 0; its history line. */
    async adjust(varianteId: number, delta: number, cause: MovementCause): Promise<MovementRow | undefined> {
      const result = await db.execute(sql`with moved as (
          update ${variantes} set quantite = ${variantes.quantite} + ${delta}::int, updated_at = now()
          where ${variantes.id} = ${varianteId} and ${variantes.quantite} + ${delta}::int >= 0
          returning ${variantes.id} as id, ${variantes.produitId} as produit_id, ${variantes.quantite} as after)
        insert into ${mouvementsStock} (produit_id, variante_id, delta, quantite_apres, raison, motif, staff_id, commande_id)
        select produit_id, id, ${delta}::int, after, ${cause.raison}, ${cause.motif}, ${cause.staffId}::int, ${cause.commandeId}::int from moved
        returning *`)
      const [row] = rowsOf<Record<string, unknown>>(result)
      return row && toMovement(row)
    },
  }
}

/** A history line read back from raw SQL, with the names and types Drizzle gives it elsewhere. */
function toMovement(row: Record<string, unknown>): MovementRow {
  return {
    id: row.id as number,
    produitId: row.produit_id as number,
    varianteId: row.variante_id as number | null,
    delta: row.delta as number,
    quantiteApres: row.quantite_apres as number,
    raison: row.raison as string,
    motif: row.motif as string | null,
    staffId: row.staff_id as number | null,
    commandeId: row.commande_id as number | null,
    createdAt: new Date(row.created_at as string | Date),
  }
}

export type StockLedgerRepository = ReturnType<typeof createStockLedgerRepository>
