// /paiement's preparation choices (issue 25 §2): for each line, what the preparer does if the
// product is missing (a similar product, the default, or nothing), and a note for the preparer.
// Checked with the order's own schema, so the form says what the server would refuse.
import { useId } from 'react'
import { ORDER_NOTE_MAX } from '@teranga/shared/constants'
import { orderSchema } from '@teranga/shared/schemas'
import type { CheckoutLine } from './order-summary.tsx'

export interface PreparationChoicesValue {
  /** The variants the shopper does not want replaced. */
  noReplace: ReadonlySet<number>
  note: string
}

export const EMPTY_PREPARATION_CHOICES: PreparationChoicesValue = { noReplace: new Set(), note: '' }

/** The order body's part of the choices: nothing at all when the shopper left the defaults. */
export function preparationInput(value: PreparationChoicesValue, lines: readonly CheckoutLine[]) {
  const inCart = new Set(lines.map((l) => l.variante_id))
  const noReplace = [...value.noReplace].filter((id) => inCart.has(id))
  const note = value.note.trim()
  return { ...(noReplace.length > 0 ? { ne_pas_remplacer: noReplace } : {}), ...(note ? { note } : {}) }
}

/** The note's error as the server would give it, or null. */
export function noteError(note: string): string | null {
  const parsed = orderSchema.shape.note.safeParse(note)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null)
}

interface Props {
  lines: readonly CheckoutLine[]
  value: PreparationChoicesValue
  onChange: (value: PreparationChoicesValue) => void
  /** The server's refusal of the note, if it came. */
  refusal?: string | null
}

export function PreparationChoices({ lines, value, onChange, refusal = null }: Props) {
  const id = useId()
  const error = noteError(value.note) ?? refusal
  return (
    <section className="mt-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        Si un produit manque
      </h2>
      <ul className="list-unstyled mb-3">
        {lines.map((line) => {
          if (line.variante_id === null) return null
          const varianteId = line.variante_id
          const selectId = `${id}-line-${varianteId}`
          return (
            <li key={varianteId} className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom">
              <label htmlFor={selectId} className="flex-grow-1 text-break" style={{ minWidth: '10rem' }}>
                {line.variante.designation}
              </label>
              <select
                id={selectId}
                className="form-select form-select-sm w-auto mw-100"
                value={value.noReplace.has(varianteId) ? 'non' : 'oui'}
                onChange={(event) => {
                  const next = new Set(value.noReplace)
                  if (event.target.value === 'non') next.add(varianteId)
                  else next.delete(varianteId)
                  onChange({ ...value, noReplace: next })
                }}
              >
                <option value="oui">Remplacer par un produit similaire</option>
                <option value="non">Ne pas remplacer</option>
              </select>
            </li>
          )
        })}
      </ul>
      <label htmlFor={`${id}-note`} className="form-label">
        Note pour le préparateur <span className="text-body-secondary">(facultatif)</span>
      </label>
      <textarea
        id={`${id}-note`}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={2}
        value={value.note}
        aria-describedby={`${id}-note-help${error ? ` ${id}-note-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange({ ...value, note: event.target.value })}
      />
      <div id={`${id}-note-help`} className="form-text">
        Par exemple : « bananes pas trop mûres ». {value.note.length} / {ORDER_NOTE_MAX} caractères.
      </div>
      {error && (
        <div id={`${id}-note-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </section>
  )
}
