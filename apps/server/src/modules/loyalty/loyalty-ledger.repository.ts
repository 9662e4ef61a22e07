// Loyalty earning (DESIGN §7): points written to the ledger when an order is delivered, in the
// caller's transaction. The ledger's unique (commande, motif) makes a second credit a no-op.
import { LOYALTY_MOTIF_DELIVERED, pointsEarned } from '@teranga/shared/loyalty'
import type { Executor } from '../../db/client.ts'
import { pointsFidelite } from '../../db/schema.ts'

export function createLoyaltyLedger(db: Executor) {
  return {
    /** Credits a delivered order's points; the number credited (0 when already credited or none earned). */
    async creditDelivered(order: { id: number; clientId: number; montantcommande: number }): Promise<number> {
      const points = pointsEarned(order.montantcommande)
      if (points === 0) return 0
      const rows = await db
        .insert(pointsFidelite)
        .values({ clientId: order.clientId, commandeId: order.id, points, motif: LOYALTY_MOTIF_DELIVERED })
        .onConflictDoNothing({ target: [pointsFidelite.commandeId, pointsFidelite.motif] })
        .returning({ id: pointsFidelite.id })
      return rows.length === 1 ? points : 0
    },
  }
}

export type LoyaltyLedger = ReturnType<typeof createLoyaltyLedger>
