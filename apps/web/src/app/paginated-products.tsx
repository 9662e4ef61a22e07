// The catalogue's product grid with its pages, as the home page and a category page show it.
// The page (and the category) live in the address, so "back" returns to the same page.
import { MESSAGES } from '@teranga/shared/messages'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import type { CardTitleLevel } from '@/components/product/product-card.tsx'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { Pagination } from '@/components/ui/pagination.tsx'
import { useProducts } from '@/features/catalogue/api/get-products.ts'
import { productActions } from './product-actions.tsx'

interface Props {
  page: number
  categorie?: number | undefined
  onPageChange: (page: number) => void
  enabled?: boolean
  titleLevel?: CardTitleLevel
}

export function PaginatedProducts({ page, categorie, onPageChange, enabled = true, titleLevel }: Props) {
  const products = useProducts({ page, count: HOME_PAGE_SIZE, categorie_id: categorie }, { enabled })
  return (
    <>
      <ProductGrid
        products={products.data?.data}
        isPending={products.isPending}
        isError={products.isError}
        errorMessage={MESSAGES.productsLoadError}
        emptyMessage="Aucun produit dans cette catégorie pour le moment."
        onRetry={() => void products.refetch()}
        actions={productActions}
        {...(titleLevel ? { titleLevel } : {})}
      />
      {products.data && <Pagination page={page} lastPage={products.data.metadata.last_page} onChange={onPageChange} label="Pages des produits" />}
    </>
  )
}
