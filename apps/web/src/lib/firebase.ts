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
  PhoneAuthProvider,
  RecaptchaVerifier,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithPhoneNumber,
  signInWithPopup,
  signOut,
  updatePhoneNumber,
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
  if (emulatorUrl) {
    connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true })
    // The emulator sends no SMS and checks no reCAPTCHA: the verifier stays a stand-in and
    // Google's reCAPTCHA script is never loaded. A real project loads it on the first code.
    auth.settings.appVerificationDisabledForTesting = true
  }
  return auth
}

export interface FirebaseIdentity {
  idToken: string
  email: string
  displayName: string
  photoURL: string
  /** E.164, for an account that has proved one by SMS. */
  phoneNumber?: string
}

async function identityOf(user: User): Promise<FirebaseIdentity> {
  return {
    idToken: await user.getIdToken(),
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
    phoneNumber: user.phoneNumber ?? '',
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

/** A code sent by SMS, waiting for the customer to type it. */
export interface PhoneChallenge {
  confirm(code: string): Promise<FirebaseIdentity>
}

/**
 * An invisible reCAPTCHA in a fresh child of `host` (the verifier empties its element when
 * cleared), cleared once the code is sent or refused: a new request gets a new one.
 */
async function withVerifier<T>(host: HTMLElement, send: (verifier: RecaptchaVerifier) => Promise<T>): Promise<T> {
  const element = document.createElement('div')
  host.replaceChildren(element)
  const verifier = new RecaptchaVerifier(firebaseAuth(), element, { size: 'invisible' })
  try {
    return await send(verifier)
  } finally {
    verifier.clear()
  }
}

/** Sends the sign-in code to `phoneNumber` (E.164); `host` holds the invisible reCAPTCHA. */
export async function requestPhoneCode(phoneNumber: string, host: HTMLElement): Promise<PhoneChallenge> {
  const confirmation = await withVerifier(host, (verifier) => signInWithPhoneNumber(firebaseAuth(), phoneNumber, verifier))
  return {
    async confirm(code) {
      const { user } = await confirmation.confirm(code)
      return identityOf(user)
    },
  }
}

/**
 * Sends a code to prove `phoneNumber` for the signed-in customer's own Firebase account (the
 * shop gives a custom token for it: the browser keeps no Firebase session). Confirming puts the
 * number on that account and answers a fresh ID token carrying it, then leaves Firebase.
 */
export async function requestPhoneLink(customToken: string, phoneNumber: string, host: HTMLElement): Promise<PhoneChallenge> {
  const { user } = await signInWithCustomToken(firebaseAuth(), customToken)
  const verificationId = await withVerifier(host, (verifier) => new PhoneAuthProvider(firebaseAuth()).verifyPhoneNumber(phoneNumber, verifier))
  return {
    // A wrong code keeps the session, so that the customer can type the right one.
    async confirm(code) {
      await updatePhoneNumber(user, PhoneAuthProvider.credential(verificationId, code))
      const identity = { ...(await identityOf(user)), idToken: await user.getIdToken(true) }
      await signOut(firebaseAuth())
      return identity
    },
  }
}
