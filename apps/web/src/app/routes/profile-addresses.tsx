// /profile/delivery_address: the customer's saved delivery addresses.
import { useAuth } from '@/lib/auth.tsx'
import { AddressBook } from '@/features/account/components/address-book.tsx'
import type { ProfilePageHandle } from './profile-layout.tsx'

export const handle: ProfilePageHandle = { title: 'Mes adresses', signInPrompt: 'Connectez-vous pour gérer vos adresses de livraison.' }

export function Component() {
  const { state } = useAuth()
  if (state.status !== 'signedIn') return null
  return <AddressBook defaultTelephone={state.user.telephone ?? ''} />
}
