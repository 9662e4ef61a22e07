// The product page's quantity and add-to-cart button.
import { useState } from 'react'
import { ADD_TO_CART_MAX, CART_QUANTITY_MIN } from '@teranga/shared/constants'
import type { Produit } from '@teranga/shared/storefront-queries'
import { useCart } from './cart-provider.tsx'

export function PurchaseForm({ product, children }: { product: Produit; children?: React.ReactNode }) {
  const { add } = useCart()
  const [quantite, setQuantite] = useState(1)
  const [busy, setBusy] = useState(false)
  const outOfStock = product.quantite <= 0
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
          className="form-control"
          style={{ width: '6rem' }}
          min={CART_QUANTITY_MIN}
          max={Math.min(ADD_TO_CART_MAX, Math.max(product.quantite, CART_QUANTITY_MIN))}
          value={quantite}
          onChange={(event) => setQuantite(Number(event.target.value))}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || outOfStock}>
        {outOfStock ? 'Rupture de stock' : 'Ajouter au panier'}
      </button>
      {children}
    </form>
  )
}
