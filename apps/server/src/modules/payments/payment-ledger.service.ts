// The payments module owns the `paiements` table (CONVENTIONS §7): what the rest of the server
// does with an order's payment attempts goes through here, on the executor the caller gives (the
// order lifecycle's transaction, so that a move and its payment side stay one transaction).
// « Paid » is decided once, by packages/shared `isPaymentReceived`: in TypeScript here and in
// SQL by the fragments below.
import type { Executor } from '../../db/client.ts'
import type { ProviderName } from './payment-provider.ts'
import { createPaymentsRepository, paymentColumns } from './payments.repository.ts'

/**
 * SQL reads of the attempts of the order `orderId` (a column of the caller's statement), for the
 * back office's lists: `owedBack` (money to give back), `receivedAmount` (what the payment brought),
 * `countsAsSale` (the one rule of what counts as a sale, ADR 050), `failedSince` (the owner's alerts, ADR 062).
 */
export const paymentsOfOrder = paymentColumns

/** The attempt that says most about an order, as the back office shows it. */
export interface ShownAttempt {
  commande_id: number
  provider: string
  statut: string
  montant: number
}

/** An order's payments, bound to `db` (a transaction, or the pool for a read). */
export function paymentLedger(db: Executor) {
  const repo = createPaymentsRepository(db)
  return {
    /** The order is cancelled: its paid attempts are owed back to the customer; how many there were. */
    owePaid: (orderId: number) => repo.owePaid(orderId),
    /** The order is refunded: every attempt that brought the money is given back; how many there were. */
    markRefunded: (orderId: number) => repo.markRefunded(orderId),
    /** Whether money ever came for the order: an attempt paid, or owed back, or given back. */
    wasPaid: async (orderId: number): Promise<boolean> => (await repo.receivedAttempt(orderId)) !== undefined,
    /** The latest attempt that brought the money: what a refund gives back, and through which provider. */
    async receivedAttempt(orderId: number) {
      const row = await repo.receivedAttempt(orderId)
      return row && { provider: row.provider as ProviderName, providerRef: row.providerRef, providerToken: row.providerToken, montant: row.montant }
    },
    /** Each order's attempt that says most about it: the latest that brought the money, else the latest. */
    shownAttempts: (orderIds: number[]): Promise<ShownAttempt[]> => repo.shownAttempts(orderIds),
  }
}

export type PaymentLedger = ReturnType<typeof paymentLedger>
