// The customer's own account on the server: their details (PUT /api/profile), signing out of
// every device (POST /api/logout/partout) and deleting the account (DELETE /api/profile).
import { useMutation } from '@tanstack/react-query'
import type { CustomerDetails } from '@teranga/shared/schemas'
import { rest } from '@/lib/api-client.ts'
import { useAuth, type Utilisateur } from '@/lib/auth.tsx'

export function updateProfile(details: CustomerDetails): Promise<{ utilisateur: Utilisateur }> {
  return rest('PUT', '/profile', details)
}

/** Saves the details; the header's greeting follows the answer at once. */
export function useUpdateProfile() {
  const { updateProfile: showProfile } = useAuth()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ utilisateur }) => showProfile(utilisateur),
  })
}

export function logoutEverywhere(): Promise<{ message: string }> {
  return rest('POST', '/logout/partout')
}

export function deleteAccount(): Promise<{ message: string }> {
  return rest('DELETE', '/profile')
}
