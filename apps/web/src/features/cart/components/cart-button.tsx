// The header's cart button with the number of items; it opens the side panel.
import type { Produit } from '@teranga/shared/storefront-answers'
import { Icon } from '@/components/ui/icon.tsx'
import { useCart } from './cart-provider.tsx'

export function CartButton() {
  const { count, openPanel } = useCart()
  // Named by its text, « Panier, 3 articles », so that the name holds the number shown (a
  // voice user says what they see); the words around the badge are for screen readers only.
  return (
    <button type="button" className="btn btn-link header-icon position-relative" onClick={openPanel}>
      <Icon name="cart" size={24} />
      <span className="visually-hidden">Panier, </span>
      <span className="badge rounded-pill text-bg-danger header-badge">{count}</span>
      <span className="visually-hidden"> article{count > 1 ? 's' : ''}</span>
    </button>
  )
}

/** The cart icon of a product card: opens the add-to-cart dialog. */
export function AddToCartButton({ product }: { product: Produit }) {
  const { chooseQuantity } = useCart()
  return (
    <button type="button" className="btn btn-sm btn-outline-primary icon-button" aria-label="Ajouter au panier" onClick={() => chooseQuantity(product)}>
      <Icon name="cart" size={18} />
    </button>
  )
}
