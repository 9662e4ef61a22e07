// The SMS code form on its own: the number typed as people write it, the code screen, the
// resend delay counted down with fake timers, and Firebase's refusals in French with nothing
// typed lost.
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authErrorMessage, FIREBASE_AUTH_ERRORS } from '@teranga/shared/firebase-errors'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { firebaseError, phoneChallenge, SMS_CODE } from '@/testing/fake-firebase.ts'
import type { FirebaseIdentity } from '@/lib/firebase.ts'
import { PhoneVerification, RESEND_DELAY_SECONDS } from './phone-verification.tsx'

function setup() {
  const request = vi.fn(async (phoneNumber: string, _host: HTMLElement) => phoneChallenge(phoneNumber))
  const onVerified = vi.fn(async (_identity: FirebaseIdentity) => {})
  const describeError = (error: unknown) => `Refus : ${authErrorMessage(error)}`
  render(<PhoneVerification idPrefix="t" request={request} onVerified={onVerified} describeError={describeError} confirmLabel="Se connecter" />)
  return { request, onVerified }
}

/** Moves the faked clock a second at a time: each second's render sets the next second's timer. */
async function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i++) await act(() => vi.advanceTimersByTimeAsync(1000))
}

afterEach(() => {
  vi.useRealTimers()
})

describe('PhoneVerification', () => {
  it('says in French why a number is refused, asks Firebase nothing, and keeps what was typed', async () => {
    const { request } = setup()
    const user = userEvent.setup({ delay: null })
    const field = screen.getByLabelText('Numéro de téléphone')
    await user.type(field, '77 123 45 6')
    await user.click(screen.getByRole('button', { name: 'Recevoir le code' }))
    expect(await screen.findByText(PHONE_MESSAGES.senegal)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(PHONE_MESSAGES.senegal)
    expect(field).toHaveValue('77 123 45 6')
    expect(request).not.toHaveBeenCalled()
  })

  it('sends the code to the E.164 number, then signs in with the right code', async () => {
    const { request, onVerified } = setup()
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Numéro de téléphone'), '00221 77 123 45 67{Enter}')
    expect(await screen.findByText('+221 77 123 45 67')).toBeInTheDocument()
    expect(request).toHaveBeenCalledWith('+221771234567', expect.any(HTMLElement))

    await user.type(screen.getByLabelText('Code à 6 chiffres'), SMS_CODE)
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith(expect.objectContaining({ phoneNumber: '+221771234567' })))
  })

  it('refuses a code that is not 6 digits before asking Firebase', async () => {
    const { onVerified } = setup()
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Numéro de téléphone'), '771234567{Enter}')
    const code = await screen.findByLabelText('Code à 6 chiffres')
    await user.type(code, '12a34{Enter}')
    expect(await screen.findByText(PHONE_MESSAGES.code)).toBeInTheDocument()
    // Only digits are kept as typed.
    expect(code).toHaveValue('1234')
    expect(onVerified).not.toHaveBeenCalled()
  })

  it("shows Firebase's refusal of the code in French and keeps the code typed", async () => {
    const { onVerified } = setup()
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Numéro de téléphone'), '771234567{Enter}')
    const code = await screen.findByLabelText('Code à 6 chiffres')
    await user.type(code, '000000{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(`Refus : ${FIREBASE_AUTH_ERRORS['auth/invalid-verification-code']}`)
    expect(code).toHaveValue('000000')
    expect(onVerified).not.toHaveBeenCalled()
  })

  it("shows Firebase's refusal of the number in French and stays on the number", async () => {
    const { request } = setup()
    request.mockRejectedValueOnce(firebaseError('auth/too-many-requests'))
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Numéro de téléphone'), '+221 78 000 00 01{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(`Refus : ${FIREBASE_AUTH_ERRORS['auth/too-many-requests']}`)
    expect(screen.getByLabelText('Numéro de téléphone')).toHaveValue('+221 78 000 00 01')
    expect(screen.getByRole('button', { name: 'Recevoir le code' })).toBeEnabled()
  })

  it(`offers « Renvoyer le code » after ${RESEND_DELAY_SECONDS} seconds, counted down, and sends a new code`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { request } = setup()
    // Events fired by hand: user-event waits on the very timers faked here.
    fireEvent.change(screen.getByLabelText('Numéro de téléphone'), { target: { value: '771234567' } })
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le code' }))
    // The request's promise settles as the faked clock moves.
    await act(() => vi.advanceTimersByTimeAsync(0))
    const resend = screen.getByRole('button', { name: `Renvoyer le code (${RESEND_DELAY_SECONDS} s)` })
    expect(resend).toBeDisabled()
    await passSeconds(10)
    expect(resend).toHaveTextContent(`Renvoyer le code (${RESEND_DELAY_SECONDS - 10} s)`)
    expect(resend).toBeDisabled()

    await passSeconds(RESEND_DELAY_SECONDS - 10)
    expect(resend).toHaveTextContent(/^Renvoyer le code$/)
    expect(resend).toBeEnabled()

    fireEvent.click(resend)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(request).toHaveBeenCalledTimes(2)
    expect(request).toHaveBeenLastCalledWith('+221771234567', expect.any(HTMLElement))
    expect(screen.getByRole('button', { name: `Renvoyer le code (${RESEND_DELAY_SECONDS} s)` })).toBeDisabled()
  })

  it('goes back to the number, as typed, to change it', async () => {
    setup()
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Numéro de téléphone'), '77 123 45 67{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Modifier le numéro' }))
    expect(screen.getByLabelText('Numéro de téléphone')).toHaveValue('77 123 45 67')
  })
})
