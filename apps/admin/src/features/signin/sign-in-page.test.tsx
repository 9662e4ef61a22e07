// The sign-in page's refusals: Firebase's in French from the shared sentences (never its code
// or English), any code it adds later in French too, and the shop's own refusal as it says it.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { FIREBASE_AUTH_ERRORS, FIREBASE_ERROR_FALLBACK } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { emailSignIn } from '../../lib/firebase.ts'
import { renderAdmin } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

/** What the Firebase SDK throws: an English message naming the code, and the code. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code })

async function signIn(password = 'mauvais') {
  renderAdmin('/', { signedIn: false })
  await userEvent.type(await screen.findByLabelText('Adresse e-mail'), 'admin@teranga.sn')
  await userEvent.type(screen.getByLabelText('Mot de passe'), password)
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
  return screen.findByRole('alert')
}

describe('sign-in refusals', () => {
  it.each(['auth/wrong-password', 'auth/invalid-credential', 'auth/user-disabled', 'auth/too-many-requests', 'auth/network-request-failed'])(
    'says %s in French',
    async (code) => {
      vi.mocked(emailSignIn).mockRejectedValueOnce(firebaseError(code))
      const alert = await signIn()
      expect(alert).toHaveTextContent(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS[code]}`)
      expect(alert).not.toHaveTextContent(/auth\/|Firebase|Error/)
    },
  )

  it("says a code the map does not know with the generic French sentence", async () => {
    vi.mocked(emailSignIn).mockRejectedValueOnce(firebaseError('auth/some-future-code'))
    const alert = await signIn()
    expect(alert).toHaveTextContent(`${MESSAGES.loginError}${FIREBASE_ERROR_FALLBACK}`)
    expect(alert).not.toHaveTextContent('some-future-code')
  })

  it("reads the code from the SDK's message when the error carries none", async () => {
    vi.mocked(emailSignIn).mockRejectedValueOnce(new Error('Firebase: Error (auth/wrong-password).'))
    const alert = await signIn()
    expect(alert).toHaveTextContent(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS['auth/wrong-password']}`)
  })

  it("tells the shop's own refusal of the Firebase token as the server words it", async () => {
    server.use(http.post('*/api/sociallogin', () => HttpResponse.json({ message: MESSAGES.invalidIdToken }, { status: 401 })))
    const alert = await signIn('teranga-admin')
    expect(alert).toHaveTextContent(`${MESSAGES.loginError}${MESSAGES.invalidIdToken}`)
  })
})
