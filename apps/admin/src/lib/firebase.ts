// Firebase Authentication, the same identity as the storefront: in demo mode the Auth
// emulator. The back-office keeps the shop's API token; Firebase keeps no session.
import { initializeApp } from 'firebase/app'
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth'
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
