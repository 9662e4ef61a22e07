// The catalogue's product grid with its pages, as the home page, a category page and the shop's
// grids show it. The page (and the category, sort and filters) live in the address, so "back"
// returns to the same page.
import { MESSAGES } from '@teranga/shared/messages'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import type { CardTitleLevel } from '@/components/product/product-card.tsx'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { Pagination } from '@/components/ui/pagination.tsx'
import { useProducts, type ProductFilter } from '@/features/catalogue/api/get-products.ts'
import { usePageTop } from '@/lib/use-page-top.ts'
import { productActions } from './product-actions.tsx'

interface Props {
  page: number
  categorie?: number | undefined
  onPageChange: (page: number) => void
  enabled?: boolean
  titleLevel?: CardTitleLevel
  /** A grid's sort, filters or search (issue 19 §2). */
  filter?: Omit<ProductFilter, 'page' | 'count' | 'categorie_id'> | undefined
  emptyMessage?: string
}

export function PaginatedProducts({ page, categorie, onPageChange, enabled = true, titleLevel, filter, emptyMessage = 'Aucun produit dans cette catégorie pour le moment.' }: Props) {
  const products = useProducts({ page, count: HOME_PAGE_SIZE, categorie_id: categorie, ...filter }, { enabled })
  const { top, turnPage } = usePageTop<HTMLDivElement>(page, onPageChange)
  return (
    <div ref={top}>
      <ProductGrid
        products={products.data?.data}
        isPending={products.isPending}
        isError={products.isError}
        errorMessage={MESSAGES.productsLoadError}
        emptyMessage={emptyMessage}
        onRetry={() => void products.refetch()}
        actions={productActions}
        {...(titleLevel ? { titleLevel } : {})}
      />
      {products.data && <Pagination page={page} lastPage={products.data.metadata.last_page} onChange={turnPage} label="Pages des produits" />}
    </div>
  )
}
