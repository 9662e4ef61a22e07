// What the payments module does on an order's steps (ADR 049), registered with the order
// lifecycle: a refund refused for an order no money came for; a cancelled order's paid attempts
// owed back; a refunded order's attempts marked given back — in the move's transaction.
import type { OrderParticipant } from '../orders/order-participants.service.ts'
import { paymentLedger } from './payment-ledger.service.ts'

export const paymentsOnOrders: OrderParticipant = {
  name: 'payments',
  async refuses({ tx, order, from, to }) {
    // An order is refunded only if money came for it: online, or cash collected at delivery.
    if (to === 'remboursee' && from !== 'livree' && !(await paymentLedger(tx).wasPaid(order.id))) return 'unpaid'
  },
  async moved({ tx, order, to }) {
    if (to === 'annulee') return { refunds: await paymentLedger(tx).owePaid(order.id) }
    if (to === 'remboursee') await paymentLedger(tx).markRefunded(order.id)
  },
}
