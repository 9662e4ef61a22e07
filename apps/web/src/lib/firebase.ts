// Firebase Authentication, loaded only when someone signs in, up or out (it is the heaviest
// library of the shop). In demo mode it talks to the Auth Emulator. The shop keeps its own
// token, so Firebase keeps no session of its own in the browser.
import { initializeApp } from 'firebase/app'
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth'
import { bootData } from './boot-data.ts'

let auth: Auth | undefined

function firebaseAuth(): Auth {
  if (auth) return auth
  const { emulatorUrl, ...config } = bootData().firebase
  const app = initializeApp(config)
  auth = initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver })
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true })
  return auth
}

export interface FirebaseIdentity {
  idToken: string
  email: string
  displayName: string
  photoURL: string
}

async function identityOf(user: User): Promise<FirebaseIdentity> {
  return {
    idToken: await user.getIdToken(),
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
  }
}

export async function googleSignIn(): Promise<FirebaseIdentity> {
  const provider = new GoogleAuthProvider()
  provider.setCustomParameters({ prompt: 'select_account' })
  const { user } = await signInWithPopup(firebaseAuth(), provider)
  return identityOf(user)
}

export async function emailSignIn(email: string, password: string): Promise<FirebaseIdentity> {
  const { user } = await signInWithEmailAndPassword(firebaseAuth(), email, password)
  return identityOf(user)
}

export async function emailSignUp(email: string, password: string): Promise<FirebaseIdentity> {
  const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email, password)
  return identityOf(user)
}

export async function firebaseSignOut(): Promise<void> {
  await signOut(firebaseAuth())
}
