// Loyalty (DESIGN §7), the one owner of the points: the balance (the sum of the ledger), the
// tier it reaches and its rewards at checkout, the statement, and the ledger's movements —
// points credited when an order is delivered and taken back in proportion as it is refunded.
import { LOYALTY_MOTIF_DELIVERED, LOYALTY_MOTIF_REFUNDED, pointsEarned } from '@teranga/shared/loyalty'
import { goodsPaid } from '@teranga/shared/order-amounts'
import type { Executor } from '../../db/client.ts'
import { dateFr } from '../../lib/format.ts'
import { toPrivileges } from './loyalty.format.ts'
import { createLoyaltyRepository } from './loyalty.repository.ts'

export { balanceOf } from './loyalty.repository.ts'

/** Movements of points shown by the statement; the balance counts them all. */
export const LOYALTY_HISTORY_LIMIT = 100

/** The service on `db`, a pool or an open transaction (the lifecycle binds it to an order's). */
export function createLoyaltyService(db: Executor) {
  const repo = createLoyaltyRepository(db)

  /** Takes back up to `due` of `credited` in all for the order, less what was already taken, within the balance. */
  async function takeBack(order: { id: number; clientId: number }, due: number, credited: number, refundId?: number): Promise<number> {
    if (!(await repo.lockClient(order.clientId))) return 0
    const taken = -(await repo.sumOf(order.id, LOYALTY_MOTIF_REFUNDED))
    const points = Math.min(Math.min(due, credited) - taken, await repo.balance(order.clientId))
    if (points <= 0) return 0
    const recorded = await repo.record({ clientId: order.clientId, commandeId: order.id, points: -points, motif: LOYALTY_MOTIF_REFUNDED, ...(refundId ? { remboursementId: refundId } : {}) })
    return recorded ? points : 0
  }

  /** The tiers from the lowest threshold up, each with its rewards. */
  const privileges = async () => toPrivileges(await repo.privileges())

  return {
    privileges,
    balance: (clientId: number) => repo.balance(clientId),
    /** The rewards checkout applies for a balance of `points` (its tier's). */
    rewardsAt: (points: number) => repo.rewardsAt(points),

    /** The balance, the tier it reaches, the next one, and the latest movements. */
    async statement(clientId: number) {
      const [points, tiers, history] = [await repo.balance(clientId), await privileges(), await repo.history(clientId, LOYALTY_HISTORY_LIMIT)]
      return {
        points,
        privilege: tiers.filter((tier) => tier.point <= points).at(-1) ?? null,
        prochain: tiers.find((tier) => tier.point > points) ?? null,
        historique: history.map((row) => ({
          id: row.id,
          points: row.points,
          motif: row.motif,
          numerocommande: row.numerocommande,
          date: row.createdAt.toISOString(),
          date_fr: dateFr.format(row.createdAt),
        })),
      }
    },

    /**
     * Credits a delivered order's points, earned on what was paid for its goods (the discounts
     * taken off, issue 23 §2); the number credited (0 when already credited or none earned).
     */
    async creditDelivered(order: { id: number; clientId: number; montantcommande: number; remise: number; remiseLivraison: number | null }): Promise<number> {
      const points = pointsEarned(goodsPaid(order))
      if (points === 0) return 0
      return (await repo.record({ clientId: order.clientId, commandeId: order.id, points, motif: LOYALTY_MOTIF_DELIVERED })) ? points : 0
    },

    /**
     * A manual adjustment (back office): `points` (non-zero, either sign) with its reason. Run it
     * in a transaction: the client's row is locked so that two adjustments cannot both pass the
     * floor. The balance never goes below 0: `below-zero` then, and nothing is written.
     */
    async adjust(clientId: number, points: number, motif: string): Promise<{ ok: true; id: number; balance: number } | { ok: false; reason: 'no-client' | 'below-zero'; balance: number }> {
      if (!(await repo.lockClient(clientId))) return { ok: false, reason: 'no-client', balance: 0 }
      const before = await repo.balance(clientId)
      if (before + points < 0) return { ok: false, reason: 'below-zero', balance: before }
      const id = await repo.recordManual({ clientId, points, motif })
      return { ok: true, id, balance: before + points }
    },

    /**
     * A refund of a delivered order (ADR 025) takes back its share of the points credited:
     * cumulatively `floor(credited × refunded / paid)` less what earlier refunds took, never
     * more than the balance holds (it stays at or above 0), and once per refund (`refundId`).
     * The number taken.
     */
    async takeBackRefund(order: { id: number; clientId: number }, refundId: number, refunded: number, paid: number): Promise<number> {
      const credited = await repo.pointsOf(order.id, LOYALTY_MOTIF_DELIVERED)
      if (credited <= 0 || paid <= 0) return 0
      const due = Math.floor((credited * Math.min(refunded, paid)) / paid)
      return takeBack(order, due, credited, refundId)
    },

    /** What a refunded order's credit still holds is taken back (the order moved to remboursee); the number taken. */
    async debitRefunded(order: { id: number; clientId: number }): Promise<number> {
      const credited = await repo.pointsOf(order.id, LOYALTY_MOTIF_DELIVERED)
      if (credited <= 0) return 0
      return takeBack(order, credited, credited)
    },
  }
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>
