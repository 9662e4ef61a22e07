// What a product card offers in this shop: the cart icon and the heart. Composed here so
// the catalogue, cart and favourites features stay independent of each other.
import type { Produit } from '@teranga/shared/storefront-answers'
import { AddToCartButton } from '@/features/cart/components/cart-button.tsx'
import { FavouriteButton } from '@/features/favourites/components/favourite-button.tsx'

export function productActions(product: Produit) {
  return (
    <>
      <AddToCartButton product={product} />
      <FavouriteButton product={product} />
    </>
  )
}
