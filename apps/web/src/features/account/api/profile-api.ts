// The customer's own account on the server: their details (PUT /api/profile), the number they
// prove by SMS (POST /api/profile/telephone/session, PUT /api/profile/telephone), signing out of
// every device (POST /api/logout/partout) and deleting the account (DELETE /api/profile).
import { useMutation } from '@tanstack/react-query'
import type { MessageAnswer, PhoneSessionAnswer, ProfileAnswer } from '@teranga/shared/customer-answers'
import type { CustomerDetails } from '@teranga/shared/schemas'
import { rest } from '@/lib/api-client.ts'
import { useAuth } from '@/lib/auth.tsx'

export function updateProfile(details: CustomerDetails): Promise<ProfileAnswer> {
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

/** A Firebase custom token for the customer's own Firebase account, to link a new number to. */
export function startPhoneSession(): Promise<PhoneSessionAnswer> {
  return rest('POST', '/profile/telephone/session')
}

/** Saves the number a fresh ID token of the customer's Firebase account proves. */
export function saveVerifiedPhone(idToken: string): Promise<ProfileAnswer> {
  return rest('PUT', '/profile/telephone', { idToken })
}

export function logoutEverywhere(): Promise<MessageAnswer> {
  return rest('POST', '/logout/partout')
}

export function deleteAccount(): Promise<MessageAnswer> {
  return rest('DELETE', '/profile')
}
