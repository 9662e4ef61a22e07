// Loyalty earning (DESIGN §7): how many points an order brings once delivered, and the ledger
// motif it is written under (one row per order and motif, so it is credited once).
import { FCFA_PER_POINT } from './constants.ts'

/** The ledger motif of the points an order earns when it is delivered. */
export const LOYALTY_MOTIF_DELIVERED = 'Commande livrée'

/** The ledger motif of the points taken back when a delivered order is refunded. */
export const LOYALTY_MOTIF_REFUNDED = 'Commande remboursée'

/**
 * 1 point per 1 000 FCFA paid for the goods (after the discount code and the tier's reward;
 * delivery excluded, issue 23 §2), rounded down: `order-amounts.ts` `goodsPaid`.
 */
export function pointsEarned(paidForGoods: number): number {
  return Math.max(0, Math.floor(paidForGoods / FCFA_PER_POINT))
}
