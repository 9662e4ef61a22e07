// Firebase Authentication, the same identity as the storefront: in demo mode the Auth
// emulator. The back-office keeps the shop's API token; Firebase keeps no session.
import { initializeApp } from 'firebase/app'
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, sendEmailVerification, signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth'
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
