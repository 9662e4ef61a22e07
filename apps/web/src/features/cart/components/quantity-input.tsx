// A cart line's editable quantity: typing commits after a short pause (so "12" is one
// change, not two), anything but a whole number above 0 is ignored and undone on blur. A
// quantity the cart refuses (above the stock) gives way to the quantity the cart holds, so
// the field never shows « 500 » beside a total for 4 (issue 23).
import { useEffect, useRef, useState } from 'react'
import { CART_QUANTITY_MIN } from '@teranga/shared/constants'
import { isValidQuantity } from './cart-provider.tsx'

const COMMIT_DELAY_MS = 400

export function QuantityInput({
  value,
  max,
  label,
  disabled,
  onCommit,
}: {
  value: number
  max?: number
  label: string
  disabled?: boolean
  /** Resolves to whether the cart took the quantity. */
  onCommit: (quantite: number) => Promise<boolean>
}) {
  const [text, setText] = useState(String(value))
  const [shownValue, setShownValue] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // A new quantity from the cart replaces what was typed (set while rendering, not in an effect).
  if (value !== shownValue) {
    setShownValue(value)
    setText(String(value))
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (raw: string) => {
    clearTimeout(timer.current)
    const quantite = Number(raw)
    if (raw.trim() === '' || !isValidQuantity(quantite) || quantite === value) return
    void onCommit(quantite).then((taken) => {
      // Refused: the cart still holds `value`; unless something else was typed since.
      if (!taken) setText((current) => (current === raw ? String(value) : current))
    })
  }

  return (
    <input
      type="number"
      inputMode="numeric"
      className="form-control form-control-sm quantity-input"
      min={CART_QUANTITY_MIN}
      max={max}
      step={1}
      value={text}
      aria-label={label}
      disabled={disabled}
      onChange={(event) => {
        const raw = event.target.value
        setText(raw)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => commit(raw), COMMIT_DELAY_MS)
      }}
      onBlur={() => {
        commit(text)
        if (!isValidQuantity(Number(text))) setText(String(value))
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text)
      }}
    />
  )
}
