// The product page's quantity and add-to-cart button.
import { useState, type ReactNode } from 'react'
import { ADD_TO_CART_MAX, CART_QUANTITY_MIN } from '@teranga/shared/constants'
import type { Produit } from '@teranga/shared/storefront-answers'
import { AddQuantityField, isAddableQuantity } from './add-quantity-field.tsx'
import { useCart } from './cart-provider.tsx'

export function PurchaseForm({ product, children }: { product: Produit; children?: ReactNode }) {
  const { add } = useCart()
  const [quantite, setQuantite] = useState(1)
  const [busy, setBusy] = useState(false)
  const outOfStock = product.quantite <= 0
  const valid = isAddableQuantity(quantite)
  return (
    <form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void add(product, quantite).finally(() => setBusy(false))
      }}
    >
      <AddQuantityField
        id="product-quantity"
        value={quantite}
        max={Math.min(ADD_TO_CART_MAX, Math.max(product.quantite, CART_QUANTITY_MIN))}
        onChange={setQuantite}
      />
      <button type="submit" className="btn btn-primary" disabled={busy || outOfStock || !valid}>
        {outOfStock ? 'Rupture de stock' : 'Ajouter au panier'}
      </button>
      {children}
    </form>
  )
}
