// The order events as the database tells them (ADR 031): the history lines the NOTIFY named,
// read again with their order's number and customer; after a lost connection, the ids of the
// lines committed meanwhile (ADR 066), by id and by the transaction that wrote them (ADR 073).
import { and, asc, eq, gt, inArray, max, or, sql } from 'drizzle-orm'
import type { OrderActorKind, OrderStatus } from '@teranga/shared/order-status'
import type { Executor } from '../../db/client.ts'
import { commandes, orderHistory } from '../../db/schema.ts'
import type { PendingOrderEvent } from './order-events.ts'

export function createOrderEventsRepository(db: Executor) {
  return {
    /** The events of these history lines (those still there: an order deleted meanwhile has none). */
    async byHistoryIds(ids: number[]): Promise<Array<PendingOrderEvent & { historyId: number }>> {
      const rows = await db
        .select({
          historyId: orderHistory.id,
          orderId: orderHistory.commandeId,
          numero: commandes.numerocommande,
          clientId: commandes.clientId,
          at: orderHistory.at,
          from: orderHistory.fromEtat,
          to: orderHistory.toEtat,
          actorKind: orderHistory.actorKind,
          actorId: orderHistory.actorId,
          reason: orderHistory.reason,
        })
        .from(orderHistory)
        .innerJoin(commandes, eq(commandes.id, orderHistory.commandeId))
        .where(inArray(orderHistory.id, ids))
      return rows.map(({ historyId, orderId, numero, clientId, at, from, to, actorKind, actorId, reason }) => {
        const actor = { kind: actorKind as OrderActorKind, id: actorId }
        // The first line of an order's history is its placement.
        return from === null
          ? { historyId, name: 'placed' as const, event: { orderId, numero, clientId, etat: to as OrderStatus, at, actor } }
          : { historyId, name: 'stateChanged' as const, event: { orderId, numero, clientId, from: from as OrderStatus, to: to as OrderStatus, at, actor, reason } }
      })
    },

    /**
     * The ids of the history lines above `after`, and of those above `written.above` written by a
     * transaction that snapshot `written.notIn` shows open or not begun, ascending, at most
     * `limit` (the primary key's index, and the transaction ids' from the snapshot's oldest open).
     */
    async idsAfter(after: number, limit: number, written?: { notIn: string; above: number }): Promise<number[]> {
      const byId = gt(orderHistory.id, after)
      const snapshot = written && sql`${written.notIn}::pg_snapshot`
      const rows = await db
        .select({ id: orderHistory.id })
        .from(orderHistory)
        .where(
          written
            ? or(
                byId,
                and(
                  sql`${orderHistory.xact} >= pg_snapshot_xmin(${snapshot})`,
                  sql`not pg_visible_in_snapshot(${orderHistory.xact}, ${snapshot})`,
                  gt(orderHistory.id, written.above),
                ),
              )
            : byId,
        )
        .orderBy(asc(orderHistory.id))
        .limit(limit)
      return rows.map((row) => row.id)
    },

    /** The highest history id, 0 when there is none. */
    async newest(): Promise<number> {
      const [row] = await db.select({ id: max(orderHistory.id) }).from(orderHistory)
      return row?.id ?? 0
    },
  }
}
