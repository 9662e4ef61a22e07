// /profile/profileparam: the account's parameters (sessions, deletion).
import { AccountSettings } from '@/features/account/components/account-settings.tsx'
import type { ProfilePageHandle } from './profile-layout.tsx'

export const handle: ProfilePageHandle = { title: 'Paramètres', signInPrompt: 'Connectez-vous pour gérer les paramètres de votre compte.' }

export function Component() {
  return <AccountSettings />
}
