// /profile/account's proved phone (issue 18 §1): a custom token for the customer's Firebase
// account, the SMS code (Firebase faked), then PUT /api/profile/telephone with the fresh ID
// token; the header and the page follow. A phone-only account shows its number, not an email.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { installAccountApi } from '@/testing/account-api.ts'
import { db, restCalls, server } from '@/testing/server.ts'
import * as firebase from '@/testing/fake-firebase.ts'

const CUSTOM_TOKEN = 'jeton-personnalise-firebase'

beforeEach(() => {
  installAccountApi()
  server.use(
    http.post('*/api/profile/telephone/session', () => HttpResponse.json({ customToken: CUSTOM_TOKEN })),
    http.put('*/api/profile/telephone', () => HttpResponse.json({ utilisateur: { ...db.user!, telephone: '+221781112233', telephoneVerifie: '+221781112233' } })),
  )
})

async function renderPhoneSection() {
  const view = renderApp('/profile/account')
  const section = await screen.findByRole('region', { name: 'Numéro vérifié' })
  return { ...view, section: within(section) }
}

describe('the proved phone of the account page', () => {
  it('adds a number: the code goes through Firebase for the customer, the server reads the fresh token', async () => {
    signInAs({ telephoneVerifie: null })
    const { user, section } = await renderPhoneSection()
    expect(section.getByText(/Aucun numéro vérifié/)).toBeInTheDocument()
    await user.click(section.getByRole('button', { name: 'Ajouter un numéro' }))
    await user.type(section.getByLabelText('Numéro de téléphone'), '78 111 22 33{Enter}')
    await user.type(await section.findByLabelText('Code à 6 chiffres'), `${firebase.SMS_CODE}{Enter}`)

    expect(await screen.findByText(PHONE_MESSAGES.verified)).toBeInTheDocument()
    expect(firebase.requestPhoneLink).toHaveBeenCalledWith(CUSTOM_TOKEN, '+221781112233', expect.any(HTMLElement))
    expect(restCalls('PUT', '/api/profile/telephone')[0]?.body).toEqual({ idToken: firebase.fakeIdentity().idToken })
    expect(await section.findByText('+221 78 111 22 33')).toBeInTheDocument()
    expect(section.getByRole('button', { name: 'Changer de numéro' })).toBeInTheDocument()
  })

  it("says in French when the number is another account's, and keeps the code typed", async () => {
    signInAs({ telephoneVerifie: '+221771234567' })
    firebase.requestPhoneLink.mockResolvedValueOnce({ confirm: async () => Promise.reject(firebase.firebaseError('auth/credential-already-in-use')) })
    const { user, section } = await renderPhoneSection()
    expect(section.getByText('+221 77 123 45 67')).toBeInTheDocument()
    await user.click(section.getByRole('button', { name: 'Changer de numéro' }))
    await user.type(section.getByLabelText('Numéro de téléphone'), '781112233{Enter}')
    const code = await section.findByLabelText('Code à 6 chiffres')
    await user.type(code, `${firebase.SMS_CODE}{Enter}`)
    expect(await section.findByRole('alert')).toHaveTextContent(PHONE_MESSAGES.alreadyUsed)
    expect(code).toHaveValue(firebase.SMS_CODE)
    expect(restCalls('PUT', '/api/profile/telephone')).toHaveLength(0)
  })

  it("says the server's refusal as it is", async () => {
    signInAs()
    server.use(http.put('*/api/profile/telephone', () => HttpResponse.json({ message: PHONE_MESSAGES.notYourAccount }, { status: 403 })))
    const { user, section } = await renderPhoneSection()
    await user.click(section.getByRole('button', { name: 'Ajouter un numéro' }))
    await user.type(section.getByLabelText('Numéro de téléphone'), '781112233{Enter}')
    await user.type(await section.findByLabelText('Code à 6 chiffres'), `${firebase.SMS_CODE}{Enter}`)
    expect(await section.findByRole('alert')).toHaveTextContent(PHONE_MESSAGES.notYourAccount)
  })

  it('greets a phone-only customer by their number: no email to show', async () => {
    signInAs({ prenom: '', nom: '', email: '', telephoneVerifie: '+221771234567' })
    const { user } = await renderPhoneSection()
    expect(screen.getByRole('form', { name: 'Mes informations' })).toHaveTextContent('aucun (compte ouvert avec un numéro de téléphone)')
    const toggle = screen.getByRole('button', { name: 'Mon compte : +221 77 123 45 67' })
    await user.click(toggle)
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    await waitFor(() => expect(within(panel).getByText('Bonjour, +221 77 123 45 67')).toBeInTheDocument())
  })
})
