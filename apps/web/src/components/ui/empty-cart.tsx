// An empty cart where a page needs one (the cart page, the payment page): the spec's message
// and the way back to the shop.
import { MESSAGES } from '@teranga/shared/messages'
import { DeadEnd } from './dead-end.tsx'

export function EmptyCart() {
  return (
    <DeadEnd to="/" action="Continuer mes achats">
      <p className="fs-5">{MESSAGES.cartEmpty}</p>
    </DeadEnd>
  )
}
