// « Commander à nouveau » (issue 25 §5): on « Mes achats » and the tracking page. Signed in, it
// puts the order's lines back in the cart and opens the panel; a visitor who came by a tracking
// link is sent to sign in on « Mes achats », where the same button waits (the server answers the
// order's owner only).
import { useState } from 'react'
import { Link } from 'react-router'
import { REORDER_MESSAGES } from '@teranga/shared/reorder'
import { useAuth } from '@/lib/auth.tsx'
import { useCart } from './cart-provider.tsx'

export function ReorderButton({ numero, className = 'btn btn-sm btn-outline-primary' }: { numero: string; className?: string }) {
  const { state } = useAuth()
  const { reorder } = useCart()
  const [working, setWorking] = useState(false)
  if (state.status !== 'signedIn') {
    return state.status === 'loading' ? null : (
      <Link to="/profile/orders" className={className}>
        {REORDER_MESSAGES.signInToReorder}
      </Link>
    )
  }
  const press = async () => {
    setWorking(true)
    await reorder(numero)
    setWorking(false)
  }
  return (
    <button type="button" className={className} disabled={working} onClick={() => void press()}>
      {working ? REORDER_MESSAGES.working : REORDER_MESSAGES.button}
    </button>
  )
}
