// The customer's orders over REST, shared by the checkout and the profile (so not one feature's): placing one
// (POST /api/commande with its Idempotency-Key), reading its real state, cancelling it while it
// waits, and starting or retrying its online payment (which answers the provider's page).
import type { Commande, CommandeAnswer, OtherPaymentAnswer, PaymentAnswer } from '@teranga/shared/customer-answers'
import type { OrderInput } from '@teranga/shared/schemas'
import { rest } from '../api-client.ts'

const path = (numero: string) => `/commande/${encodeURIComponent(numero)}`

export function placeOrder(input: OrderInput, idempotencyKey: string): Promise<Commande> {
  return rest<CommandeAnswer>('POST', '/commande', input, { 'Idempotency-Key': idempotencyKey }).then((r) => r.commande)
}

export function startPayment(numero: string): Promise<PaymentAnswer> {
  return rest('POST', `${path(numero)}/paiement`)
}

/**
 * Pays the unpaid online order with another mode (issue 19 §4): an online mode answers its
 * provider's page; cash (home delivery only) answers no page (`url` null), the order now waits
 * for confirmation.
 */
export function payAnotherWay(numero: string, modepaiement: number): Promise<OtherPaymentAnswer> {
  return rest('POST', `${path(numero)}/paiement`, { modepaiement })
}

export function getOrder(numero: string): Promise<Commande> {
  return rest<CommandeAnswer>('GET', path(numero)).then((r) => r.commande)
}

export function cancelOrder(numero: string): Promise<Commande> {
  return rest<CommandeAnswer>('POST', `${path(numero)}/annulation`).then((r) => r.commande)
}

export const orderQueryKey = (numero: string) => ['commande', numero] as const
