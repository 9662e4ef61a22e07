// /profile/orders ("Mes achats"): the customer's orders, the page number in the address, each
// with « Commander à nouveau » (the cart's, issue 25 §5).
import { useSearchParams } from 'react-router'
import { positiveIntParam } from '@teranga/shared/storefront-queries'
import { OrderHistory } from '@/features/account/components/order-history.tsx'
import { ReorderButton } from '@/features/cart/components/reorder-button.tsx'
import type { ProfilePageHandle } from './profile-layout.tsx'

export const handle: ProfilePageHandle = { title: 'Mes achats', signInPrompt: 'Connectez-vous pour voir vos commandes.' }

export function Component() {
  const [params, setParams] = useSearchParams()
  const page = positiveIntParam(params.get('page')) ?? 1
  return (
    <OrderHistory
      page={page}
      onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      actions={(commande) => <ReorderButton numero={commande.numerocommande} />}
    />
  )
}
