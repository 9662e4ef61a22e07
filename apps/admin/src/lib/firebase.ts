// Firebase Authentication, the same identity as the storefront: in demo mode the Auth
// emulator. The back-office keeps the shop's API token; Firebase keeps no session.
import { initializeApp } from 'firebase/app'
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  RecaptchaVerifier,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPhoneNumber,
  signOut,
  type Auth,
} from 'firebase/auth'
import { adminConfig } from './config.ts'

let auth: Auth | undefined

function firebaseAuth(): Auth {
  if (auth) return auth
  const { emulatorUrl, ...config } = adminConfig().firebase
  const app = initializeApp(config, 'teranga-admin')
  auth = initializeAuth(app, { persistence: inMemoryPersistence })
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true })
  return auth
}

export async function emailSignIn(email: string, password: string): Promise<{ idToken: string; email: string }> {
  const { user } = await signInWithEmailAndPassword(firebaseAuth(), email, password)
  return { idToken: await user.getIdToken(), email: user.email ?? email }
}

/** A code sent by SMS, waiting to be typed: answers the ID token that proves the number. */
export interface PhoneChallenge {
  confirm(code: string): Promise<string>
}

/**
 * Sends the sign-in code to `phoneNumber` (E.164) for a courier invited by phone (issue 25 §3):
 * an invisible reCAPTCHA in a fresh child of `host`, cleared once the code is sent or refused.
 */
export async function requestPhoneCode(phoneNumber: string, host: HTMLElement): Promise<PhoneChallenge> {
  const element = document.createElement('div')
  host.replaceChildren(element)
  const verifier = new RecaptchaVerifier(firebaseAuth(), element, { size: 'invisible' })
  try {
    const confirmation = await signInWithPhoneNumber(firebaseAuth(), phoneNumber, verifier)
    return {
      async confirm(code) {
        const { user } = await confirmation.confirm(code)
        return user.getIdToken()
      },
    }
  } finally {
    verifier.clear()
  }
}

export async function firebaseSignOut(): Promise<void> {
  if (auth) await signOut(auth)
}

/**
 * Sends the signed-in account's address a confirmation link: a staff invitation is accepted only
 * for a confirmed address. `no-session` once the page was reloaded (Firebase keeps no session here).
 */
export async function sendVerificationEmail(): Promise<{ status: 'sent' | 'already'; email: string } | { status: 'no-session' }> {
  const user = auth?.currentUser
  if (!user?.email) return { status: 'no-session' }
  if (user.emailVerified) return { status: 'already', email: user.email }
  await sendEmailVerification(user)
  return { status: 'sent', email: user.email }
}
