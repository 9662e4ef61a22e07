// Verifies Firebase ID tokens (signature, audience, expiry) with the Admin SDK; in demo mode
// against the Auth Emulator, offline. The rest of the server only sees IdTokenVerifier.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth'
import { MESSAGES } from '@teranga/shared/server-messages'
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
  /** The account's sign-in methods now (`email`, `google.com`, `phone`…: the keys of `firebase.identities`), sorted. */
  methods: string[]
  /** When this session signed in to Firebase (`auth_time`): a token refreshed later keeps it. */
  authTime: Date
}

/** The sign-in methods a decoded ID token names: its `firebase.identities` keys, sorted, deduplicated. */
export function methodsOf(firebase: { identities?: Record<string, unknown> } | undefined): string[] {
  const identities = firebase?.identities
  if (!identities || typeof identities !== 'object') return []
  return [...new Set(Object.keys(identities))].sort()
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

/** What the shop reads of a decoded, verified ID token. */
export function identityOf(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified === true,
    name: typeof decoded.name === 'string' ? decoded.name : null,
    picture: decoded.picture ?? null,
    phoneNumber: typeof decoded.phone_number === 'string' ? decoded.phone_number : null,
    methods: methodsOf(decoded.firebase),
    authTime: new Date((Number.isFinite(decoded.auth_time) ? decoded.auth_time : decoded.iat) * 1000),
  }
}

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
        return identityOf(await auth.verifyIdToken(idToken, checkRevoked))
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
