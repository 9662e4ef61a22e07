// How people read a payment attempt: the providers' names and the attempts' states (the
// `paiements` table stores codes), and which states mean the money arrived.
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts'

/** The providers that take online payments, by the code the `paiements` table stores. */
export const PAYMENT_PROVIDER_NAMES: Readonly<Record<string, string>> = { wave: 'Wave', paytech: 'PayTech' }

/** A payment attempt's states; paid and refunded read as the order's states of the same name. */
export const PAYMENT_STATUS_TEXT: Readonly<Record<string, string>> = {
  en_cours: 'En cours',
  payee: ORDER_STATUSES.payee.text,
  echouee: 'Échouée',
  a_rembourser: 'À rembourser',
  remboursee: ORDER_STATUSES.remboursee.text,
}

/**
 * Attempt states in which the provider received the money (whether or not it went back since):
 * the one word on « paid » for the server (payments module) and the back office.
 */
export const PAYMENT_RECEIVED_STATUSES: readonly string[] = ['payee', 'a_rembourser', 'remboursee']

/** Whether an attempt in state `statut` brought the money. */
export const isPaymentReceived = (statut: string): boolean => PAYMENT_RECEIVED_STATUSES.includes(statut)

/**
 * Whether money came for an order: its online payment was received (`payment` is the attempt
 * that says most about it), or, for an order paid on delivery (`cash`), it was delivered.
 */
export const isOrderPaid = (order: { etat: string; cash: boolean; payment: { statut: string } | null | undefined }): boolean =>
  (order.payment ? isPaymentReceived(order.payment.statut) : false) || (order.cash && order.etat === 'livree')

/**
 * Order states that never count as a sale, whatever was paid: the goods did not go (cancelled,
 * the money owed back) or the money went back (refunded in full). An order counts as a sale
 * (ADR 050) when it was paid (`isOrderPaid`: online, or in cash once delivered) and is in none
 * of these states; the server reads that rule in SQL from the payments module
 * (`paymentsOfOrder.countsAsSale`).
 */
export const NOT_A_SALE_STATUSES = ['annulee', 'remboursee'] as const satisfies readonly OrderStatus[]

export const paymentProviderName = (provider: string): string => PAYMENT_PROVIDER_NAMES[provider] ?? provider
export const paymentStatusText = (statut: string): string => PAYMENT_STATUS_TEXT[statut] ?? statut
