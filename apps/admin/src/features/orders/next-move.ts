// The one move a list offers an order at a tap: the shared machine's first move for its
// delivery mode that the staff make without a form (not the provider's payment outcomes, not the
// customer's choice to pay on delivery, not a
// cancel or a refund, which ask for a reason on the order page).
import { isCustomerOnlyMove, isOrderStatus, isProviderOnly, nextStates, ORDER_STATUSES, type OrderStatus } from '@teranga/shared/order-status'

const NEEDS_A_REASON: readonly string[] = ['annulee', 'remboursee']

export function nextMove(order: { etat: string; modelivraison: { code: string } }): { etat: OrderStatus; etat_text: string } | null {
  if (!isOrderStatus(order.etat)) return null
  const etat = nextStates(order.etat, order.modelivraison.code).find((to) => !isProviderOnly(to) && !isCustomerOnlyMove(order.etat, to) && !NEEDS_A_REASON.includes(to))
  return etat ? { etat, etat_text: ORDER_STATUSES[etat].text } : null
}
