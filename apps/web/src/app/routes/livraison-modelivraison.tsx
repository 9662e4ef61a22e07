// /livraison/modelivraison: home delivery or pickup at a depot.
import { useNavigate } from 'react-router'
import { DeliveryModeStep } from '@/features/checkout/components/delivery-mode-step.tsx'
import { useCheckoutCustomer, type CheckoutPageHandle } from './livraison.tsx'

export const handle: CheckoutPageHandle = { step: 'livraison', title: 'Mode de livraison' }

export function Component() {
  const user = useCheckoutCustomer()
  const navigate = useNavigate()
  return (
    <DeliveryModeStep
      user={user}
      onContinue={() => void navigate('/paiement')}
      onNeedAddress={() => void navigate('/livraison/addresse')}
    />
  )
}
