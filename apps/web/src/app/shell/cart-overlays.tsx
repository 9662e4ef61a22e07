// The screens that show the cart over any page: its side panel and a product card's
// add-to-cart dialog, or its choice of variant for a product with several (ADR 053 §5). Each
// loads on first use, and the panel stays mounted once opened so that it can slide out again.
import { lazy, Suspense, useState } from 'react'
import { useCart } from '@/features/cart/components/cart-provider.tsx'
import { hasChoice } from '@/lib/variants.ts'

const AddToCartModal = lazy(() => import('@/features/cart/components/add-to-cart-modal.tsx'))
const VariantChoiceSheet = lazy(() => import('./variant-choice-sheet.tsx'))
const CartPanel = lazy(() => import('@/features/cart/components/cart-panel.tsx'))

export function CartOverlays() {
  const { panelOpen, choosing, stopChoosing } = useCart()
  const [panelMounted, setPanelMounted] = useState(false)
  if (panelOpen && !panelMounted) setPanelMounted(true)
  return (
    <Suspense fallback={null}>
      {panelMounted && <CartPanel />}
      {choosing && (hasChoice(choosing) ? <VariantChoiceSheet product={choosing} onClose={stopChoosing} /> : <AddToCartModal product={choosing} onClose={stopChoosing} />)}
    </Suspense>
  )
}
