// /cart: the full cart page.
import { CartPage } from '@/features/cart/components/cart-page.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'

export function Component() {
  useDocumentTitle('Mon panier')
  return (
    <>
      <h1 className="h3 mb-3">Mon panier</h1>
      <CartPage />
    </>
  )
}
