// /cart: the full cart page.
import { CartPage } from '@/features/cart/components/cart-page.tsx'

export function Component() {
  return (
    <>
      <title>Mon panier — Teranga</title>
      <h1 className="h3 mb-3">Mon panier</h1>
      <CartPage />
    </>
  )
}
