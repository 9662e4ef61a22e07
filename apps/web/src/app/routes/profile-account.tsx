// /profile/account: the customer's details, editable, the phone number proved by SMS, and how
// they hear about their orders (SMS, WhatsApp or nothing).
import { useAuth } from '@/lib/auth.tsx'
import { AccountForm } from '@/features/account/components/account-form.tsx'
import { OrderMessagesForm } from '@/features/account/components/order-messages-form.tsx'
import { VerifiedPhone } from '@/features/account/components/verified-phone.tsx'
import type { ProfilePageHandle } from './profile-layout.tsx'

export const handle: ProfilePageHandle = { title: 'Mon compte', signInPrompt: 'Connectez-vous pour voir et modifier vos informations.' }

export function Component() {
  const { state } = useAuth()
  // The profile layout shows its pages to a signed-in customer only.
  if (state.status !== 'signedIn') return null
  return (
    <>
      <AccountForm user={state.user} />
      <VerifiedPhone user={state.user} />
      <OrderMessagesForm />
    </>
  )
}
