// What loyalty does on an order's steps (ADR 049), registered with the order lifecycle: points
// credited when the order is delivered, taken back in proportion to each refund and in full when
// a delivered order is refunded; and, at checkout, the customer's balance and its rewards.
import type { CustomerRewards, OrderParticipant } from '../orders/order-participants.service.ts'
import { balanceOf } from './loyalty.repository.ts'
import { createLoyaltyService } from './loyalty.service.ts'

export const loyaltyOnOrders: OrderParticipant = {
  name: 'loyalty',
  async moved({ tx, order, from, to }) {
    if (to === 'livree') return { points: await createLoyaltyService(tx).creditDelivered(order) }
    if (to === 'remboursee' && from === 'livree') return { points: -(await createLoyaltyService(tx).debitRefunded(order)) }
  },
  async noticed(tx, order, notice) {
    if (typeof notice !== 'object' || !('refund' in notice)) return
    const { id, refunded, paid } = notice.refund
    return { points: -(await createLoyaltyService(tx).takeBackRefund(order, id, refunded, paid)) }
  },
}

export const loyaltyRewards: CustomerRewards = {
  pointsOf: balanceOf,
  rewardsAt: (tx, points) => createLoyaltyService(tx).rewardsAt(points),
}
