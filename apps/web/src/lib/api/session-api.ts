// The customer's session on the server (spec §4), which the auth provider holds for every
// feature: who the stored token opens (GET /api/profile), exchanging a Firebase ID token for the
// shop's token (POST /api/sociallogin) and revoking it (POST /api/logout).
import type { MessageAnswer, ProfileAnswer, SocialLoginAnswer } from '@teranga/shared/customer-answers'
import { rest } from '../api-client.ts'

/** Body of POST /api/sociallogin, as the sign-in screens build it from the Firebase identity. */
export interface SocialLoginFields {
  idToken: string
  email?: string
  login?: string
  nom?: string
  prenom?: string
  tel?: string
  telephone1?: string
  image?: string
  googleImg?: string
  civilite?: number
  ville?: string
  pays?: string
}

/** The signed-in customer; a token that opens no account may answer nothing. */
export const getProfile = () => rest<Partial<ProfileAnswer> | null>('GET', '/profile')

export const socialLogin = (fields: SocialLoginFields) => rest<SocialLoginAnswer>('POST', '/sociallogin', fields)

export const logout = () => rest<MessageAnswer>('POST', '/logout')
