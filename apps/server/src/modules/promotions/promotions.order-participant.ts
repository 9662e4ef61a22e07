// What discount codes do on an order's steps (ADR 049), registered with the order lifecycle: a
// code checked and its use taken with the order, given back when the order is cancelled, and its
// text on the order's reads.
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import type { DiscountCodes, OrderParticipant } from '../orders/order-participants.service.ts'
import { codeOfOrder } from './promotions.repository.ts'
import { codeRefused, promoCodes } from './promotions.service.ts'

export const promotionsOnOrders: OrderParticipant = {
  name: 'promotions',
  async moved({ tx, order, to }) {
    // A cancelled order's discount code is free for another order (ADR 036).
    if (to === 'annulee' && order.codepromoId) await promoCodes(tx).giveUseBack(order.codepromoId)
  },
}

export const discountCodes: DiscountCodes = {
  async redeem(tx, { code, clientId, lines, at, tel }) {
    const codes = promoCodes(tx)
    const redemption = await codes.check(code, clientId, lines, at, tel)
    if (!redemption.ok) throw codeRefused(redemption.message)
    if (!(await codes.takeUse(redemption.codeId))) throw codeRefused(PROMO_MESSAGES.exhausted)
    return { codeId: redemption.codeId, remise: redemption.remise }
  },
  codeOfOrder,
}
