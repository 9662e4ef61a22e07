// Verifies Firebase ID tokens (signature, audience, expiry) with the Admin SDK; in demo mode
// against the Auth Emulator, offline. The rest of the server only sees IdTokenVerifier.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { MESSAGES } from '@teranga/shared/messages'
import { AppError, unauthenticated } from '../../lib/errors.ts'

export interface VerifiedIdentity {
  uid: string
  email: string | null
  /** Firebase says the email was proved (Google accounts; a password account once its link was opened). */
  emailVerified: boolean
  name: string | null
  picture: string | null
  /** The number Firebase proved by SMS (E.164), for an account that has one. */
  phoneNumber: string | null
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>
  /** Deletes the Firebase account (account deletion); an account already gone is not an error. */
  deleteUser(uid: string): Promise<void>
  /**
   * Revokes the account's Firebase refresh tokens (« Se déconnecter partout »): no device can
   * mint a new ID token, and `verify` refuses those issued before (checkRevoked).
   */
  revokeSessions(uid: string): Promise<void>
  /**
   * A custom token for the account, so that the customer's browser (which keeps no Firebase
   * session) can act as that account once more: to link a phone number to it.
   */
  customToken(uid: string): Promise<string>
}

// Codes that mean "this token is not acceptable", as opposed to "we could not check it".
const REJECTED = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
])

export function createFirebaseVerifier(options: { projectId: string; emulatorHost?: string | undefined }): IdTokenVerifier {
  // The Admin SDK reads the emulator address from the environment on every call.
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  const name = `teranga-${options.projectId}`
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: options.projectId }, name)
  const auth = getAuth(app)
  // Checking revocation asks Firebase for the user: possible against the emulator, and in
  // production only with service-account credentials.
  const checkRevoked = Boolean(options.emulatorHost || process.env.GOOGLE_APPLICATION_CREDENTIALS)

  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, checkRevoked)
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified === true,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: decoded.picture ?? null,
          phoneNumber: typeof decoded.phone_number === 'string' ? decoded.phone_number : null,
        }
      } catch (error) {
        const code = (error as { code?: string }).code ?? ''
        if (REJECTED.has(code)) throw unauthenticated(MESSAGES.invalidIdToken)
        throw new AppError(503, 'INTERNAL_SERVER_ERROR', MESSAGES.authUnavailable)
      }
    },

    // Needs service-account credentials in production; the emulator needs none.
    async revokeSessions(uid) {
      try {
        await auth.revokeRefreshTokens(uid)
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return
        throw new AppError(503, 'INTERNAL_SERVER_ERROR', MESSAGES.authUnavailable)
      }
    },

    // Signed with the service account's key in production; the emulator takes unsigned ones.
    async customToken(uid) {
      try {
        return await auth.createCustomToken(uid)
      } catch {
        throw new AppError(503, 'INTERNAL_SERVER_ERROR', MESSAGES.authUnavailable)
      }
    },

    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid)
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return
        throw error
      }
    },
  }
}
