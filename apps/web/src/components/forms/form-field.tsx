// A labelled form field with its message underneath, tied together for screen readers.
import type { ReactNode } from 'react'
import type { FieldErrors } from 'react-hook-form'

/** The message under a field, from react-hook-form's errors. */
export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const message = errors[name]?.message
  return typeof message === 'string' ? message : undefined
}

/** Props that tie an input to its label and to the message under it. */
export function fieldProps(idPrefix: string, name: string, error: string | undefined) {
  return {
    id: `${idPrefix}-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${idPrefix}-${name}-error` : undefined,
  }
}

/** A labelled field (half the row from md up, unless told), its message underneath. */
export function FormField({ idPrefix, name, label, error, children, className = 'col-md-6' }: { idPrefix: string; name: string; label: string; error: string | undefined; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={`${idPrefix}-${name}`} className="form-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${idPrefix}-${name}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  )
}

