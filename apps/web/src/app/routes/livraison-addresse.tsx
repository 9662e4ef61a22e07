// /livraison/addresse: where the order goes (a saved address or a new one).
import { useNavigate } from 'react-router'
import { AddressStep } from '@/features/checkout/components/address-step.tsx'
import { useCheckoutCustomer, type CheckoutPageHandle } from './livraison.tsx'

export const handle: CheckoutPageHandle = { step: 'adresse', title: 'Adresse de livraison' }

export function Component() {
  const user = useCheckoutCustomer()
  const navigate = useNavigate()
  return <AddressStep user={user} onContinue={() => void navigate('/livraison/modelivraison')} />
}
