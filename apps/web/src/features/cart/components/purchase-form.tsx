// The product page's quantity and add-to-cart button, for the chosen variant.
import { useState, type ReactNode } from 'react'
import { ADD_TO_CART_MAX, CART_QUANTITY_MIN } from '@teranga/shared/constants'
import type { Produit, Variante } from '@teranga/shared/storefront-answers'
import { AddQuantityField, isAddableQuantity } from './add-quantity-field.tsx'
import { useCart } from './cart-provider.tsx'

export function PurchaseForm({
  product,
  variant,
  idPrefix = 'product',
  onAdded,
  children,
}: {
  product: Produit
  variant: Variante
  idPrefix?: string
  /** Told once the cart holds it (the choice sheet then closes). */
  onAdded?: () => void
  children?: ReactNode
}) {
  const { add } = useCart()
  const [quantite, setQuantite] = useState(1)
  const [busy, setBusy] = useState(false)
  const outOfStock = variant.quantite <= 0
  const valid = isAddableQuantity(quantite)
  return (
    <form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        // A product's answer without its variants (none asked) stands for its only one: the server picks it.
        void add(product, product.variantes?.some((v) => v.id === variant.id) ? variant : null, quantite)
          .then((added) => {
            if (added) onAdded?.()
          })
          .finally(() => setBusy(false))
      }}
    >
      <AddQuantityField
        id={`${idPrefix}-quantity`}
        value={quantite}
        max={Math.min(ADD_TO_CART_MAX, Math.max(variant.quantite, CART_QUANTITY_MIN))}
        onChange={setQuantite}
      />
      <button type="submit" className="btn btn-primary" disabled={busy || outOfStock || !valid}>
        {outOfStock ? 'Rupture de stock' : 'Ajouter au panier'}
      </button>
      {children}
    </form>
  )
}
