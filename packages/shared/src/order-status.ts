// The order state machine of DESIGN §5: labels, badge colours and allowed transitions.
// The server refuses any transition not listed here; the storefront shows the labels.

export const ORDER_STATUSES = {
  en_attente_paiement: { text: 'En attente de paiement', badge: 'warning', next: ['payee', 'echec_paiement', 'annulee'] },
  en_attente: { text: 'En attente de confirmation', badge: 'secondary', next: ['confirmee', 'annulee'] },
  payee: { text: 'Payée', badge: 'info', next: ['confirmee', 'annulee'] },
  confirmee: { text: 'Confirmée', badge: 'primary', next: ['en_preparation', 'annulee'] },
  en_preparation: { text: 'En préparation', badge: 'info', next: ['en_livraison', 'prete_retrait'] },
  en_livraison: { text: 'En cours de livraison', badge: 'primary', next: ['livree'] },
  prete_retrait: { text: 'Prête au retrait', badge: 'primary', next: ['livree'] },
  livree: { text: 'Livrée', badge: 'success', next: [] },
  annulee: { text: 'Annulée', badge: 'danger', next: [] },
  echec_paiement: { text: 'Paiement échoué', badge: 'danger', next: ['en_attente_paiement'] },
} as const satisfies Record<string, { text: string; badge: string; next: readonly string[] }>

export type OrderStatus = keyof typeof ORDER_STATUSES

export const ORDER_STATUS_VALUES = Object.keys(ORDER_STATUSES) as OrderStatus[]

/** States in which the customer may still cancel their own order. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['en_attente', 'en_attente_paiement']

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_STATUSES[from].next as readonly string[]).includes(to)
}

export function isOrderStatus(value: string): value is OrderStatus {
  return Object.hasOwn(ORDER_STATUSES, value)
}
