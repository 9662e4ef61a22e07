// /profile/recompenses: the customer's loyalty points, tier and history.
import { LoyaltyOverview } from '@/features/account/components/loyalty-overview.tsx'
import type { ProfilePageHandle } from './profile-layout.tsx'

export const handle: ProfilePageHandle = { title: 'Mes récompenses', signInPrompt: 'Connectez-vous pour voir vos points de fidélité.' }

export function Component() {
  return <LoyaltyOverview />
}
