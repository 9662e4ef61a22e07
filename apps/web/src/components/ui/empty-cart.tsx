// An empty cart where a page needs one (the cart page, the payment page): the spec's message
// and the way back to the shop.
import { Link } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'

export function EmptyCart() {
  return (
    <div className="text-center py-5">
      <p className="fs-5">{MESSAGES.cartEmpty}</p>
      <Link to="/" className="btn btn-primary">
        Continuer mes achats
      </Link>
    </div>
  )
}
