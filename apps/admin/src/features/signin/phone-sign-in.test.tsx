// A courier signs in with their phone number (issue 25 §3): the number by the shop's phone rule,
// the SMS code, then the shop's token from the ID token that proves the number; a wrong code is
// said in French.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FIREBASE_AUTH_ERRORS } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { requestPhoneCode } from '../../lib/firebase.ts'
import { renderAdmin } from '../../testing/render.tsx'
import { requests } from '../../testing/server.ts'

describe('sign-in with a phone number', () => {
  it('checks the number, sends the code, signs in with the proved number', async () => {
    renderAdmin('/', { signedIn: false })
    await userEvent.click(await screen.findByRole('button', { name: 'Avec mon numéro de téléphone (livreurs)' }))
    const phone = screen.getByLabelText('Numéro de téléphone')
    await userEvent.type(phone, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir le code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PHONE_MESSAGES.senegal)
    expect(requestPhoneCode).not.toHaveBeenCalled()

    await userEvent.clear(phone)
    await userEvent.type(phone, '77 123 45 67')
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir le code' }))
    expect(vi.mocked(requestPhoneCode).mock.calls[0]?.[0]).toBe('+221771234567')
    const code = await screen.findByLabelText('Code reçu par SMS')
    await userEvent.type(code, '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS['auth/invalid-verification-code']}`)

    await userEvent.clear(code)
    await userEvent.type(code, '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/sociallogin')?.body).toEqual({ idToken: 'id-token-of-+221771234567-0123456789' }))
  })
})
