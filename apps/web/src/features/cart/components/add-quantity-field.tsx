// The quantity to add to the cart (spec §5: a number from 1 to 99), with the reason shown
// when it is outside that range. Used by the add-to-cart dialog and the product page.
import { ADD_TO_CART_MAX, CART_QUANTITY_MIN } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'

export const isAddableQuantity = (quantite: number) => Number.isInteger(quantite) && quantite >= CART_QUANTITY_MIN && quantite <= ADD_TO_CART_MAX

export function AddQuantityField({ id, value, max = ADD_TO_CART_MAX, onChange, className = '' }: { id: string; value: number; max?: number; onChange: (quantite: number) => void; className?: string }) {
  const valid = isAddableQuantity(value)
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">
        Quantité
      </label>
      <input
        id={id}
        type="number"
        className={`form-control quantity-field ${valid ? '' : 'is-invalid'}`}
        min={CART_QUANTITY_MIN}
        max={max}
        value={Number.isNaN(value) ? '' : value}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      />
      {!valid && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {MESSAGES.quantityRange}
        </div>
      )}
    </div>
  )
}
