// The one move a list offers an order at a tap: the shared machine's first move for its
// delivery mode that the staff make without a form (not the provider's payment outcomes, not the
// customer's choice to pay on delivery, not a
// cancel, a refund or a failed delivery, which ask for a reason).
import { isCustomerOnlyMove, isOrderStatus, isProviderOnly, nextStates, ORDER_STATUSES, type OrderStatus } from '@teranga/shared/order-status'

// A failed delivery is the courier's to record, with its reason (issue 25 §3): never a list's tap.
const NEEDS_A_REASON: readonly string[] = ['annulee', 'remboursee', 'echec_livraison']

export function nextMove(order: { etat: string; modelivraison: { code: string } }): { etat: OrderStatus; etat_text: string } | null {
  if (!isOrderStatus(order.etat)) return null
  const etat = nextStates(order.etat, order.modelivraison.code).find((to) => !isProviderOnly(to) && !isCustomerOnlyMove(order.etat, to) && !NEEDS_A_REASON.includes(to))
  return etat ? { etat, etat_text: ORDER_STATUSES[etat].text } : null
}
