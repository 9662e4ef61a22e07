// The header's cart button with the number of items; it opens the side panel.
import type { Produit } from '@teranga/shared/storefront-queries'
import { Icon } from '@/components/ui/icon.tsx'
import { useCart } from './cart-provider.tsx'

export function CartButton() {
  const { count, openPanel } = useCart()
  return (
    <button type="button" className="btn btn-link header-icon position-relative" aria-label="Panier" onClick={openPanel}>
      <Icon name="cart" size={24} />
      <span className="badge rounded-pill text-bg-danger header-badge" aria-label={`${count} article${count > 1 ? 's' : ''}`}>
        {count}
      </span>
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
