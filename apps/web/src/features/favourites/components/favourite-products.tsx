// The signed-in customer's favourite products, as a product grid.
import { MESSAGES } from '@teranga/shared/messages'
import { Pagination } from '@/components/ui/pagination.tsx'
import type { CardTitleLevel, ProductActions } from '@/components/product/product-card.tsx'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { usePageTop } from '@/lib/use-page-top.ts'
import { useFavourites } from '../api/favourites-api.ts'

interface Props {
  page?: number
  onPageChange?: (page: number) => void
  actions?: ProductActions
  columns?: string
  titleLevel?: CardTitleLevel
}

const noPaging = () => {}

export function FavouriteProducts({ page = 1, onPageChange, actions, columns, titleLevel }: Props) {
  const favourites = useFavourites(true, page)
  const { top, turnPage } = usePageTop<HTMLDivElement>(page, onPageChange ?? noPaging)
  return (
    <div ref={top}>
      <ProductGrid
        products={favourites.data?.data.map((favori) => favori.produit)}
        isPending={favourites.isPending}
        isError={favourites.isError}
        errorMessage={MESSAGES.favouritesLoadError}
        emptyMessage="Vous n'avez pas encore de favoris. Touchez le cœur d'un produit pour l'ajouter ici."
        onRetry={() => void favourites.refetch()}
        actions={actions}
        {...(columns ? { columns } : {})}
        {...(titleLevel ? { titleLevel } : {})}
      />
      {onPageChange && favourites.data && favourites.data.metadata.last_page > 1 && (
        <Pagination page={page} lastPage={favourites.data.metadata.last_page} onChange={turnPage} label="Pages des favoris" />
      )}
    </div>
  )
}
