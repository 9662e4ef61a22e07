// /livraison: the first two steps of the checkout, for signed-in customers (spec §2; visitors
// see the sign-in form). The steps indicator sits above the step's page, which names its step
// and title in its route `handle`; /livraison itself opens the address step.
import { Navigate, Outlet, useMatches, useOutletContext } from 'react-router'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { CheckoutSteps, type CheckoutStep } from '@/features/checkout/components/checkout-steps.tsx'
import { SignedInOnly } from '../signed-in-only.tsx'

export interface CheckoutPageHandle {
  step: CheckoutStep
  title: string
}

const isCheckoutPage = (handle: unknown): handle is CheckoutPageHandle =>
  typeof handle === 'object' && handle !== null && 'step' in handle && 'title' in handle

export function Component() {
  const page = useMatches().map((match) => match.handle).reverse().find(isCheckoutPage) ?? { step: 'adresse', title: 'Livraison' }
  useDocumentTitle(page.title)
  return (
    <>
      <h1 className="h3 mb-3">{page.title}</h1>
      <SignedInOnly prompt="Connectez-vous pour choisir la livraison de votre commande.">
        {(user) => (
          <>
            <CheckoutSteps current={page.step} />
            <Outlet context={user} />
          </>
        )}
      </SignedInOnly>
    </>
  )
}

/** The signed-in customer, for the step pages inside this layout. */
export const useCheckoutCustomer = () => useOutletContext<Utilisateur>()

/** /livraison opens the address step. */
export function LivraisonIndex() {
  return <Navigate to="/livraison/addresse" replace />
}
