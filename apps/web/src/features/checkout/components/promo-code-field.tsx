// /paiement's discount code: typed, checked on the server against the cart (its discount shows
// in the summary before confirming), or refused with the server's French reason; removable.
import { useId, useState } from 'react'
import type { CodePromoPreview } from '@teranga/shared/promotions'
import { promoCodeSchema } from '@teranga/shared/schemas'
import { MESSAGES } from '@teranga/shared/messages'
import { useCheckPromoCode } from '../api/check-promo-code.ts'

interface Props {
  applied: CodePromoPreview | null
  onApplied: (preview: CodePromoPreview | null) => void
  /** The order's refusal of the code (a 409 naming `codepromo`), shown under the field. */
  refusal: string | null
}

export function PromoCodeField({ applied, onApplied, refusal }: Props) {
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const check = useCheckPromoCode()
  const shown = error ?? refusal

  const apply = () => {
    const parsed = promoCodeSchema.safeParse(text)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MESSAGES.promoCodeFormat)
    setError(null)
    check.mutate(parsed.data, {
      onSuccess: (preview) => onApplied(preview),
      onError: (err) => {
        onApplied(null)
        setError(err instanceof Error ? err.message : MESSAGES.internalError)
      },
    })
  }

  if (applied) {
    return (
      <section className="mt-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="h5">
          Code promo
        </h2>
        <p className="mb-1" data-testid="promo-applied">
          Code <strong>{applied.code}</strong> appliqué : −{applied.remiseformat}
        </p>
        {refusal && <p className="text-danger small mb-1">{refusal}</p>}
        <button
          type="button"
          className="btn btn-link p-0"
          onClick={() => {
            onApplied(null)
            setText('')
          }}
        >
          Retirer le code
        </button>
      </section>
    )
  }

  return (
    <section className="mt-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        Code promo
      </h2>
      <form
        className="d-flex gap-2 align-items-start"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          apply()
        }}
      >
        <div className="flex-grow-1">
          <label htmlFor={`${id}-code`} className="visually-hidden">
            Code promo
          </label>
          <input
            id={`${id}-code`}
            className={`form-control${shown ? ' is-invalid' : ''}`}
            placeholder="Votre code promo"
            autoComplete="off"
            autoCapitalize="characters"
            value={text}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value)
              setError(null)
            }}
          />
          {shown && (
            <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
              {shown}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={check.isPending}>
          {check.isPending ? 'Vérification…' : 'Appliquer'}
        </button>
      </form>
    </section>
  )
}
