// The Firebase of every unit test: vitest.config.ts serves this file for `src/lib/firebase.ts`
// (the real SDK runs in the end-to-end tests). Tests import it to steer and check the calls.
import { vi } from 'vitest'
import type { FirebaseIdentity } from '@/lib/firebase.ts'

export const fakeIdentity = (overrides: Partial<FirebaseIdentity> = {}): FirebaseIdentity => ({
  idToken: 'firebase-id-token-0123456789abcdef',
  email: 'awa.diop@example.sn',
  displayName: 'Awa Diop',
  photoURL: '',
  ...overrides,
})

export const googleSignIn = vi.fn(async () => fakeIdentity())
export const emailSignIn = vi.fn(async (email: string, _password: string) => fakeIdentity({ email, displayName: '' }))
export const emailSignUp = vi.fn(async (email: string, _password: string) => fakeIdentity({ email, displayName: '' }))
export const firebaseSignOut = vi.fn(async () => {})

/** An error shaped like Firebase's (a `code` such as 'auth/popup-closed-by-user'). */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code })
}
