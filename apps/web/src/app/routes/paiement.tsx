// /paiement: the last step of the checkout, for signed-in customers: the payment mode, the
// summary of the server cart and the order itself.
import { useQueryClient } from '@tanstack/react-query'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { cartQueryKey } from '@/features/cart/api/cart-api.ts'
import { useCart } from '@/features/cart/components/cart-provider.tsx'
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps.tsx'
import { PaymentStep } from '@/features/checkout/components/payment-step.tsx'
import { SignedInOnly } from '../signed-in-only.tsx'

export function Component() {
  useDocumentTitle('Paiement')
  const { lines, isLoading, isError } = useCart()
  const queryClient = useQueryClient()
  return (
    <>
      <h1 className="h3 mb-3">Paiement</h1>
      <SignedInOnly prompt="Connectez-vous pour payer votre commande.">
        {(user) => (
          <>
            <CheckoutSteps current="paiement" />
            <PaymentStep
              user={user}
              cart={{ lines, isLoading, isError }}
              onCartChanged={() => void queryClient.invalidateQueries({ queryKey: cartQueryKey })}
            />
          </>
        )}
      </SignedInOnly>
    </>
  )
}
