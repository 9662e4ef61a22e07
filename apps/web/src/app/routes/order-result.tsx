// success and failed (spec §2): where the shopper lands after ordering or after the payment
// provider's page, with the order's real state. Signed-in customers only: the order is theirs.
import { useSearchParams } from 'react-router'
import { OrderResult } from '@/features/checkout/components/order-result.tsx'
import { SignedInOnly } from '../signed-in-only.tsx'

function ResultPage({ variant }: { variant: 'success' | 'failed' }) {
  const [params] = useSearchParams()
  return (
    <SignedInOnly heading="Ma commande" prompt="Connectez-vous pour voir votre commande.">
      {() => <OrderResult numero={params.get('commande')} variant={variant} />}
    </SignedInOnly>
  )
}

export function SuccessRoute() {
  return <ResultPage variant="success" />
}

export function FailedRoute() {
  return <ResultPage variant="failed" />
}
