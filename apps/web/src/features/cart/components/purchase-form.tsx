// The product page's quantity and add-to-cart button.
import { useState, type ReactNode } from 'react'
import { ADD_TO_CART_MAX, CART_QUANTITY_MIN } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import type { Produit } from '@teranga/shared/storefront-queries'
import { useCart } from './cart-provider.tsx'

export function PurchaseForm({ product, children }: { product: Produit; children?: ReactNode }) {
  const { add } = useCart()
  const [quantite, setQuantite] = useState(1)
  const [busy, setBusy] = useState(false)
  const outOfStock = product.quantite <= 0
  const valid = Number.isInteger(quantite) && quantite >= CART_QUANTITY_MIN && quantite <= ADD_TO_CART_MAX
  return (
    <form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void add(product, quantite).finally(() => setBusy(false))
      }}
    >
      <div>
        <label htmlFor="product-quantity" className="form-label small mb-1">
          Quantité
        </label>
        <input
          id="product-quantity"
          type="number"
          className={`form-control ${valid ? '' : 'is-invalid'}`}
          style={{ width: '6rem' }}
          min={CART_QUANTITY_MIN}
          max={Math.min(ADD_TO_CART_MAX, Math.max(product.quantite, CART_QUANTITY_MIN))}
          value={Number.isNaN(quantite) ? '' : quantite}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : 'product-quantity-error'}
          onChange={(event) => setQuantite(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || outOfStock || !valid}>
        {outOfStock ? 'Rupture de stock' : 'Ajouter au panier'}
      </button>
      {children}
      {!valid && (
        <div id="product-quantity-error" className="invalid-feedback d-block w-100">
          {MESSAGES.quantityRange}
        </div>
      )}
    </form>
  )
}
