// Home (spec §2): category menu, slideshow and promotions, the category strip filtering a
// paginated grid, most-viewed products, the customer's favourites, and why choose us.
import { useSearchParams } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { Pagination } from '@/components/ui/pagination.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { useMostViewed } from '@/features/catalogue/api/get-most-viewed.ts'
import { useProducts } from '@/features/catalogue/api/get-products.ts'
import { CategoryCarousel } from '@/features/catalogue/components/category-carousel.tsx'
import { CategoryMenu } from '@/features/catalogue/components/category-menu.tsx'
import { Promotions } from '@/features/catalogue/components/promotions.tsx'
import { Slideshow } from '@/features/catalogue/components/slideshow.tsx'
import { WhyChooseUs } from '@/features/catalogue/components/why-choose-us.tsx'
import { FavouriteProducts } from '@/features/favourites/components/favourite-products.tsx'
import { productActions } from '../product-actions.tsx'

function positiveInt(value: string | null): number | undefined {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export function HomeRoute() {
  useDocumentTitle(undefined)
  const { state } = useAuth()
  const [params, setParams] = useSearchParams()
  const page = positiveInt(params.get('page')) ?? 1
  const categorie = positiveInt(params.get('categorie'))
  const products = useProducts({ page, count: HOME_PAGE_SIZE, categorie_id: categorie })
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
        <ProductGrid
          products={products.data?.data}
          isPending={products.isPending}
          isError={products.isError}
          errorMessage={MESSAGES.productsLoadError}
          emptyMessage="Aucun produit dans cette catégorie pour le moment."
          onRetry={() => void products.refetch()}
          actions={productActions}
        />
        {products.data && <Pagination page={page} lastPage={products.data.metadata.last_page} onChange={(next) => navigate({ page: next })} label="Pages des produits" />}
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
