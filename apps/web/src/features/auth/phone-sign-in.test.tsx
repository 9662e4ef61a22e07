// Signing in with a phone number (issue 18 §1) from the header's panel and from /livraison:
// the SMS code through Firebase (faked), then the shop's token as for email and Google.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { FIREBASE_AUTH_ERRORS } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { renderApp } from '@/testing/render-app.tsx'
import { db, restCalls, server } from '@/testing/server.ts'
import { storedToken } from '@/testing/browser-storage.ts'
import * as firebase from '@/testing/fake-firebase.ts'

async function openPhoneSignIn(user: ReturnType<typeof renderApp>['user']) {
  const toggle = screen.getByRole('button', { name: 'Connexion', expanded: false })
  await user.click(toggle)
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
  await user.click(within(panel).getByRole('button', { name: 'Continuer avec un numéro de téléphone' }))
  return panel
}

describe('sign-in with a phone number', () => {
  it('from the header: the number as typed, the SMS code, then the shop token (no email sent)', async () => {
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openPhoneSignIn(user)
    await user.type(await within(panel).findByLabelText('Numéro de téléphone'), '77 123 45 67')
    await user.click(within(panel).getByRole('button', { name: 'Recevoir le code' }))
    expect(await within(panel).findByText('+221 77 123 45 67')).toBeInTheDocument()
    expect(firebase.requestPhoneCode).toHaveBeenCalledWith('+221771234567', expect.any(HTMLElement))

    await user.type(within(panel).getByLabelText('Code à 6 chiffres'), firebase.SMS_CODE)
    await user.click(within(panel).getByRole('button', { name: 'Valider le code' }))
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    const [login] = restCalls('POST', '/api/sociallogin')
    expect(login?.body).toEqual({ idToken: firebase.fakeIdentity().idToken, prenom: '', nom: '' })
    expect(storedToken()).toBe(db.issuedToken)
  })

  it('on /livraison for a visitor, next to email and Google', async () => {
    const { user } = renderApp('/livraison')
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('button', { name: 'Continuer avec Google' })).toBeInTheDocument()
    await user.click(within(main).getByRole('button', { name: 'Continuer avec un numéro de téléphone' }))
    await user.type(await within(main).findByLabelText('Numéro de téléphone'), '+221 76 000 00 01{Enter}')
    expect(await within(main).findByLabelText('Code à 6 chiffres')).toBeInTheDocument()
    expect(firebase.requestPhoneCode).toHaveBeenCalledWith('+221760000001', expect.any(HTMLElement))
  })

  it('refuses a number that is not one, in French, before asking Firebase', async () => {
    const { user } = renderApp('/product/abc')
    const panel = await openPhoneSignIn(user)
    await user.type(await within(panel).findByLabelText('Numéro de téléphone'), '12 34{Enter}')
    expect(await within(panel).findByText(PHONE_MESSAGES.senegal)).toBeInTheDocument()
    expect(firebase.requestPhoneCode).not.toHaveBeenCalled()
  })

  it("says Firebase's refusal in French, and the code typed stays", async () => {
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openPhoneSignIn(user)
    await user.type(await within(panel).findByLabelText('Numéro de téléphone'), '771234567{Enter}')
    const code = await within(panel).findByLabelText('Code à 6 chiffres')
    await user.type(code, '999999{Enter}')
    expect(await within(panel).findByRole('alert')).toHaveTextContent(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS['auth/invalid-verification-code']}`)
    expect(code).toHaveValue('999999')
    expect(restCalls('POST', '/api/sociallogin')).toHaveLength(0)
    expect(onReload).not.toHaveBeenCalled()
  })

  it("says the shop's refusal too (the server's French), and stays on the code", async () => {
    server.use(http.post('*/api/sociallogin', () => HttpResponse.json({ message: MESSAGES.signInTooManyAttempts }, { status: 429 })))
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openPhoneSignIn(user)
    await user.type(await within(panel).findByLabelText('Numéro de téléphone'), '771234567{Enter}')
    await user.type(await within(panel).findByLabelText('Code à 6 chiffres'), `${firebase.SMS_CODE}{Enter}`)
    expect(await within(panel).findByRole('alert')).toHaveTextContent(`${MESSAGES.loginError}${MESSAGES.signInTooManyAttempts}`)
    expect(within(panel).getByLabelText('Code à 6 chiffres')).toHaveValue(firebase.SMS_CODE)
    expect(onReload).not.toHaveBeenCalled()
  })
})
