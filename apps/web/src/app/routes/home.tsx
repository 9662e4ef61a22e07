// Home (spec §2): category menu, slideshow and promotions, the category strip filtering a
// paginated grid, most-viewed products, the customer's favourites, and why choose us.
import { useSearchParams } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { HOME_PAGE_SIZE, positiveIntParam } from '@teranga/shared/storefront-queries'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { getCategoriesQueryOptions, getSlidesQueryOptions, getSubcategoriesQueryOptions } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { getMostViewedQueryOptions, useMostViewed } from '@/features/catalogue/api/get-most-viewed.ts'
import { getProductsQueryOptions } from '@/features/catalogue/api/get-products.ts'
import { CategoryCarousel } from '@/features/catalogue/components/category-carousel.tsx'
import { CategoryMenu } from '@/features/catalogue/components/category-menu.tsx'
import { Promotions } from '@/features/catalogue/components/promotions.tsx'
import { Slideshow } from '@/features/catalogue/components/slideshow.tsx'
import { WhyChooseUs } from '@/features/catalogue/components/why-choose-us.tsx'
import { FavouriteProducts } from '@/features/favourites/components/favourite-products.tsx'
import { PaginatedProducts } from '../paginated-products.tsx'
import { productActions } from '../product-actions.tsx'
import type { RouteHandle } from '../server-data.ts'

export const homeHandle: RouteHandle = {
  serverData: ({ searchParams }) => [
    getSlidesQueryOptions(),
    getCategoriesQueryOptions(),
    getSubcategoriesQueryOptions(),
    getProductsQueryOptions(
      { page: positiveIntParam(searchParams.get('page')) ?? 1, count: HOME_PAGE_SIZE, categorie_id: positiveIntParam(searchParams.get('categorie')) },
      'anon',
    ),
    getMostViewedQueryOptions('anon'),
  ],
}

export function HomeRoute() {
  useDocumentTitle(undefined)
  const { state } = useAuth()
  const [params, setParams] = useSearchParams()
  const page = positiveIntParam(params.get('page')) ?? 1
  const categorie = positiveIntParam(params.get('categorie'))
  const mostViewed = useMostViewed()

  const navigate = (next: { page?: number; categorie?: number | undefined }) => {
    const search = new URLSearchParams()
    const nextCategorie = 'categorie' in next ? next.categorie : categorie
    if (nextCategorie) search.set('categorie', String(nextCategorie))
    if (next.page && next.page > 1) search.set('page', String(next.page))
    setParams(search, { preventScrollReset: true })
  }

  return (
    <>
      <h1 className="visually-hidden">Teranga, votre marché en ligne à Dakar</h1>
      <div className="home-top">
        <aside className="home-categories d-none d-lg-block">
          <CategoryMenu />
        </aside>
        <div className="home-slideshow">
          <Slideshow />
        </div>
        <div className="home-promotions">
          <Promotions />
        </div>
      </div>

      <section aria-labelledby="produits-title" className="mt-4" id="produits">
        <h2 id="produits-title" className="section-title">
          Nos produits
        </h2>
        <CategoryCarousel selected={categorie} onSelect={(id) => navigate({ categorie: id, page: 1 })} />
        <PaginatedProducts page={page} categorie={categorie} onPageChange={(next) => navigate({ page: next })} />
      </section>

      <section aria-labelledby="plusvus-title" className="mt-4">
        <h2 id="plusvus-title" className="section-title">
          Les plus consultés
        </h2>
        <ProductGrid
          products={mostViewed.data}
          isPending={mostViewed.isPending}
          isError={mostViewed.isError}
          errorMessage={MESSAGES.mostViewedLoadError}
          onRetry={() => void mostViewed.refetch()}
          actions={productActions}
          columns="row-cols-2 row-cols-md-4 row-cols-xl-6"
        />
      </section>

      {state.status === 'signedIn' && (
        <section aria-labelledby="favoris-title" className="mt-4">
          <h2 id="favoris-title" className="section-title">
            Mes favoris
          </h2>
          <FavouriteProducts actions={productActions} columns="row-cols-2 row-cols-md-4 row-cols-xl-6" />
        </section>
      )}

      <WhyChooseUs />
    </>
  )
}
