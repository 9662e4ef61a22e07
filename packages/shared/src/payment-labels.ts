// How people read a payment attempt: the providers' names and the attempts' states (the
// `paiements` table stores codes), and which states mean the money arrived.
import { ORDER_STATUSES } from './order-status.ts'

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

/** Attempt states in which the provider received the money (whether or not it went back since). */
export const PAYMENT_RECEIVED_STATUSES: readonly string[] = ['payee', 'a_rembourser', 'remboursee']

export const paymentProviderName = (provider: string): string => PAYMENT_PROVIDER_NAMES[provider] ?? provider
export const paymentStatusText = (statut: string): string => PAYMENT_STATUS_TEXT[statut] ?? statut
