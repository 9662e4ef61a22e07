// Proving a phone number by SMS (issue 18 §1), for the sign-in panel and the account page:
// the number as people type it (normalised to E.164 by the shared rule), « Recevoir le code »,
// then the 6-digit code with « Renvoyer le code » after a delay. A refusal is said in French
// next to the field, and nothing typed is lost.
import { useEffect, useRef, useState } from 'react'
import { formatPhone, normalizePhone, PHONE_MESSAGES } from '@teranga/shared/phone'
import type { FirebaseIdentity, PhoneChallenge } from '@/lib/firebase.ts'
import { fieldProps } from './form-field.tsx'

/** Seconds before a new code can be asked for: SMS can take that long to arrive. */
export const RESEND_DELAY_SECONDS = 30

export interface PhoneVerificationProps {
  idPrefix: string
  /** Sends a code to the E.164 number; `host` is where an invisible reCAPTCHA may go. */
  request: (phoneNumber: string, host: HTMLElement) => Promise<PhoneChallenge>
  /** Called with the proved identity; a rejection is shown like Firebase's. */
  onVerified: (identity: FirebaseIdentity) => Promise<void>
  /** The sentence shown for a failure (Firebase's or the shop's). */
  describeError: (error: unknown) => string
  confirmLabel: string
  initialNumber?: string
}

export function PhoneVerification({ idPrefix, request, onVerified, describeError, confirmLabel, initialNumber = '' }: PhoneVerificationProps) {
  const [number, setNumber] = useState(initialNumber)
  const [numberError, setNumberError] = useState<string>()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string>()
  const [secondsLeft, setSecondsLeft] = useState(0)
  const challenge = useRef<PhoneChallenge | null>(null)
  const host = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  async function sendCode() {
    setError(undefined)
    const phone = normalizePhone(number)
    if (!phone.ok) {
      setNumberError(phone.message)
      return
    }
    setNumberError(undefined)
    setBusy(true)
    try {
      challenge.current = await request(phone.e164, host.current!)
      if (sentTo) setCode('')
      setSentTo(phone.e164)
      setCodeError(undefined)
      setSecondsLeft(RESEND_DELAY_SECONDS)
    } catch (failure) {
      setError(describeError(failure))
    } finally {
      setBusy(false)
    }
  }

  async function confirm() {
    setError(undefined)
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(PHONE_MESSAGES.code)
      return
    }
    setCodeError(undefined)
    setBusy(true)
    try {
      await onVerified(await challenge.current!.confirm(code.trim()))
    } catch (failure) {
      setError(describeError(failure))
    } finally {
      setBusy(false)
    }
  }

  const alert = error && (
    <div className="alert alert-danger small py-2 mb-2" role="alert">
      {error}
    </div>
  )

  return (
    <div className="phone-verification">
      {sentTo === undefined ? (
        <form
          noValidate
          aria-label="Recevoir un code par SMS"
          onSubmit={(event) => {
            event.preventDefault()
            void sendCode()
          }}
        >
          <label htmlFor={`${idPrefix}-phone`} className="form-label small mb-1">
            Numéro de téléphone
          </label>
          <input
            {...fieldProps(idPrefix, 'phone', numberError)}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="77 123 45 67"
            className={`form-control ${numberError ? 'is-invalid' : ''}`}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
          {numberError ? (
            <div id={`${idPrefix}-phone-error`} className="invalid-feedback d-block">
              {numberError}
            </div>
          ) : (
            <div className="form-text">Sans indicatif, le numéro est sénégalais (+221).</div>
          )}
          <div className="mt-2">{alert}</div>
          <button type="submit" className="btn btn-outline-primary w-100" disabled={busy}>
            {busy ? 'Envoi du code…' : 'Recevoir le code'}
          </button>
        </form>
      ) : (
        <form
          noValidate
          aria-label="Code reçu par SMS"
          onSubmit={(event) => {
            event.preventDefault()
            void confirm()
          }}
        >
          <p className="small mb-2">
            Code envoyé par SMS au <strong>{formatPhone(sentTo)}</strong>.{' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => {
                setSentTo(undefined)
                setError(undefined)
              }}
            >
              Modifier le numéro
            </button>
          </p>
          <label htmlFor={`${idPrefix}-code`} className="form-label small mb-1">
            Code à 6 chiffres
          </label>
          <input
            {...fieldProps(idPrefix, 'code', codeError)}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={`form-control ${codeError ? 'is-invalid' : ''}`}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          {codeError && (
            <div id={`${idPrefix}-code-error`} className="invalid-feedback d-block">
              {codeError}
            </div>
          )}
          <div className="mt-2">{alert}</div>
          <button type="submit" className="btn btn-primary w-100 mb-2" disabled={busy}>
            {busy ? 'Vérification…' : confirmLabel}
          </button>
          <button type="button" className="btn btn-link btn-sm w-100" disabled={busy || secondsLeft > 0} onClick={() => void sendCode()}>
            {secondsLeft > 0 ? `Renvoyer le code (${secondsLeft} s)` : 'Renvoyer le code'}
          </button>
        </form>
      )}
      <div ref={host} />
    </div>
  )
}
