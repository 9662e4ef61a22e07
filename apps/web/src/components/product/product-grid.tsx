// A responsive grid of product cards, with the loading, error and empty states every list has.
import type { Produit } from '@teranga/shared/storefront-answers'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ProductCard, type CardTitleLevel, type ProductActions } from './product-card.tsx'

interface Props {
  products: Produit[] | undefined
  isPending: boolean
  isError: boolean
  errorMessage: string
  emptyMessage?: string
  onRetry?: () => void
  actions?: ProductActions | undefined
  /** How many of the first cards are above the fold and load eagerly. */
  priorityCount?: number
  columns?: string
  /** 2 where the grid follows the page's title directly, 3 under a section's heading. */
  titleLevel?: CardTitleLevel
}

export function ProductGrid({
  products,
  isPending,
  isError,
  errorMessage,
  emptyMessage = 'Aucun produit pour le moment.',
  onRetry,
  actions,
  priorityCount = 0,
  columns = 'row-cols-2 row-cols-md-3 row-cols-xl-4',
  titleLevel,
}: Props) {
  if (isError) return <ErrorAlert message={errorMessage} onRetry={onRetry} />
  if (isPending && !products) return <Spinner />
  if (!products || products.length === 0) return <p className="text-body-secondary">{emptyMessage}</p>
  return (
    <div className={`row g-2 g-md-3 ${columns}`}>
      {products.map((product, index) => (
        <div className="col" key={product.id}>
          <ProductCard product={product} actions={actions} priority={index < priorityCount} {...(titleLevel ? { titleLevel } : {})} />
        </div>
      ))}
    </div>
  )
}
