// The order state machine of DESIGN §5: labels, badge colours and allowed transitions.
// The server refuses any transition not listed here; the storefront shows the labels.
import type { DeliveryModeCode } from './constants.ts'

export const ORDER_STATUSES = {
  en_attente_paiement: { text: 'En attente de paiement', badge: 'warning', next: ['payee', 'echec_paiement', 'annulee', 'en_attente'] },
  // → payee: an online payment approved after the shopper chose to pay on delivery (issue 23 §2).
  en_attente: { text: 'En attente de confirmation', badge: 'secondary', next: ['confirmee', 'annulee', 'payee'] },
  // → remboursee, from payment on: only the refunds reach it, once everything paid went back
  // (issue 23 §2, ADR 041), and only for an order that was paid (an attempt paid or owed back;
  // cash is paid once delivered).
  payee: { text: 'Payée', badge: 'info', next: ['confirmee', 'annulee', 'remboursee'] },
  confirmee: { text: 'Confirmée', badge: 'primary', next: ['en_preparation', 'annulee', 'remboursee'] },
  en_preparation: { text: 'En préparation', badge: 'info', next: ['en_livraison', 'prete_retrait', 'remboursee'] },
  en_livraison: { text: 'En cours de livraison', badge: 'primary', next: ['livree', 'echec_livraison', 'remboursee'] },
  // The courier could not deliver (issue 25 §3): the staff send it out again or cancel it (the
  // stock goes back, what was paid online is owed back).
  echec_livraison: { text: 'Échec de livraison', badge: 'warning', next: ['en_livraison', 'annulee', 'remboursee'] },
  prete_retrait: { text: 'Prête au retrait', badge: 'primary', next: ['livree', 'remboursee'] },
  livree: { text: 'Livrée', badge: 'success', next: ['remboursee'] },
  annulee: { text: 'Annulée', badge: 'danger', next: ['remboursee'] },
  remboursee: { text: 'Remboursée', badge: 'dark', next: [] },
  echec_paiement: { text: 'Paiement échoué', badge: 'danger', next: ['en_attente_paiement'] },
} as const satisfies Record<string, { text: string; badge: string; next: readonly string[] }>

export type OrderStatus = keyof typeof ORDER_STATUSES

export const ORDER_STATUS_VALUES = Object.keys(ORDER_STATUSES) as OrderStatus[]

/**
 * The states that still ask the staff for something (the dashboard's « À traiter »): to
 * confirm, paid, confirmed, in preparation, ready at the depot, out for delivery, failed
 * delivery (to send out again or cancel). Counted by
 * the server's dashboard, one tile each on the back office's home page.
 */
export const TO_ACT_ON_STATUSES = ['en_attente', 'payee', 'confirmee', 'en_preparation', 'prete_retrait', 'en_livraison', 'echec_livraison'] as const satisfies readonly OrderStatus[]
export type ToActOnStatus = (typeof TO_ACT_ON_STATUSES)[number]

/** States in which the customer may still cancel their own order. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['en_attente', 'en_attente_paiement']

/**
 * The delivery mode code of a depot pickup; any other mode is a home delivery, as placing an
 * order reads it. Every side hands the machine the order's `modelivraison.code`.
 */
const PICKUP: DeliveryModeCode = 'RETRAIT'
export const isDepotPickup = (modelivraison: string) => modelivraison === PICKUP

/** States one way of delivering only reaches (DESIGN §5): a courier carries a home delivery, a depot holds a pickup. */
const FOR_PICKUP_ONLY: Partial<Record<OrderStatus, boolean>> = { en_livraison: false, echec_livraison: false, prete_retrait: true }

/** The moves the machine allows from `from` for an order whose delivery mode has the code `modelivraison`. */
export function nextStates(from: OrderStatus, modelivraison: string): OrderStatus[] {
  const pickup = isDepotPickup(modelivraison)
  return (ORDER_STATUSES[from].next as readonly OrderStatus[]).filter((to) => FOR_PICKUP_ONLY[to] === undefined || FOR_PICKUP_ONLY[to] === pickup)
}

export function canTransition(from: OrderStatus, to: OrderStatus, modelivraison: string): boolean {
  return nextStates(from, modelivraison).includes(to)
}

/** Whether `to` is a move of the machine from `from` for some order, but not for one delivered by `modelivraison`. */
export function isOtherDeliveryMove(from: OrderStatus, to: OrderStatus, modelivraison: string): boolean {
  return (ORDER_STATUSES[from].next as readonly string[]).includes(to) && !canTransition(from, to, modelivraison)
}

export function isOrderStatus(value: string): value is OrderStatus {
  return Object.hasOwn(ORDER_STATUSES, value)
}

/** States in which an unpaid online order still holds its stock until it expires. */
export const UNPAID_STATUSES = ['en_attente_paiement', 'echec_paiement'] as const satisfies readonly OrderStatus[]

/** Unpaid online orders expire 30 minutes after they are placed or a payment is retried (DESIGN §5). */
export const UNPAID_ORDER_TTL_MINUTES = 30

/** When an unpaid online order placed (or retried) at `from` expires. */
export const unpaidDeadline = (from: Date) => new Date(from.getTime() + UNPAID_ORDER_TTL_MINUTES * 60_000)

/**
 * Whether an order can take an online payment at `at`: waiting for payment, or after a failed
 * one, and not past its deadline (an expired order is not payable even before the sweep runs).
 */
export function isPayable(order: { etat: string; expiresAt: Date | null }, at: Date): boolean {
  return (UNPAID_STATUSES as readonly string[]).includes(order.etat) && (!order.expiresAt || order.expiresAt > at)
}

/** Who changed an order's state, as its history records it. */
export const ORDER_ACTOR_KINDS = ['client', 'staff', 'provider', 'system'] as const
export type OrderActorKind = (typeof ORDER_ACTOR_KINDS)[number]

/**
 * States only the payment provider's word leads to (DESIGN §5): money received or refused is
 * never a staff member's say, so the lifecycle refuses these moves from anyone else and the
 * back office never offers them.
 */
export const PROVIDER_ONLY_STATUSES = ['payee', 'echec_paiement'] as const satisfies readonly OrderStatus[]

export function isProviderOnly(etat: string): boolean {
  return (PROVIDER_ONLY_STATUSES as readonly string[]).includes(etat)
}

/**
 * Moves only the customer makes (issue 19 §4): an unpaid online order becomes a cash order
 * waiting for confirmation when they choose to pay on delivery instead. The lifecycle refuses
 * it from anyone else and the back office never offers it.
 */
export function isCustomerOnlyMove(from: string, to: string): boolean {
  return from === 'en_attente_paiement' && to === 'en_attente'
}
