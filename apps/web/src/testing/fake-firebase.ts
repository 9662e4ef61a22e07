// The Firebase of every unit test: vitest.config.ts serves this file for `src/lib/firebase.ts`
// (the real SDK runs in the end-to-end tests). Tests import it to steer and check the calls.
import { vi } from 'vitest'
import type { FirebaseIdentity, PhoneChallenge } from '@/lib/firebase.ts'

export const fakeIdentity = (overrides: Partial<FirebaseIdentity> = {}): FirebaseIdentity => ({
  idToken: 'firebase-id-token-0123456789abcdef',
  email: 'awa.diop@example.sn',
  displayName: 'Awa Diop',
  photoURL: '',
  phoneNumber: '',
  ...overrides,
})

/** The code the fake « SMS » carries: any other is refused as Firebase refuses it. */
export const SMS_CODE = '123456'

/** A challenge that accepts SMS_CODE only, answering the identity of `phoneNumber`. */
export function phoneChallenge(phoneNumber: string): PhoneChallenge {
  return {
    confirm: vi.fn(async (code: string) => {
      if (code !== SMS_CODE) throw firebaseError('auth/invalid-verification-code')
      return fakeIdentity({ email: '', displayName: '', phoneNumber })
    }),
  }
}

export const googleSignIn = vi.fn(async () => fakeIdentity())
export const emailSignIn = vi.fn(async (email: string, _password: string) => fakeIdentity({ email, displayName: '' }))
export const emailSignUp = vi.fn(async (email: string, _password: string) => fakeIdentity({ email, displayName: '' }))
export const firebaseSignOut = vi.fn(async () => {})
export const requestPhoneCode = vi.fn(async (phoneNumber: string, _host: HTMLElement) => phoneChallenge(phoneNumber))
export const requestPhoneLink = vi.fn(async (_customToken: string, phoneNumber: string, _host: HTMLElement) => phoneChallenge(phoneNumber))

/** An error shaped like Firebase's (a `code` such as 'auth/popup-closed-by-user'). */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code })
}
