// /product_bycat/{id}: the products of one sub-category, paginated.
import { Link, useParams, useSearchParams } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { Pagination } from '@/components/ui/pagination.tsx'
import { useSubcategories } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { useProducts } from '@/features/catalogue/api/get-products.ts'
import { productActions } from '../product-actions.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'

export function ProductByCategoryRoute() {
  const id = Number(useParams().id)
  const valid = Number.isInteger(id) && id > 0
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const subcategories = useSubcategories()
  const products = useProducts({ page, count: HOME_PAGE_SIZE, categorie_id: id }, { enabled: valid })
  const sous = subcategories.data?.find((s) => s.id === id)
  useDocumentTitle(sous?.designation)

  if (!valid || (subcategories.data && !sous)) {
    return (
      <div className="text-center py-5">
        <h1 className="h3">Catégorie introuvable</h1>
        <p>Cette catégorie n'existe pas ou n'est plus proposée.</p>
        <Link to="/" className="btn btn-primary">
          Retour à l'accueil
        </Link>
      </div>
    )
  }
  return (
    <>
      <nav aria-label="Fil d'Ariane" className="small mb-2 breadcrumb-trail">
        <Link to="/">Accueil</Link>
        {sous?.categorie && <span> › {sous.categorie.designation}</span>}
      </nav>
      <h1 className="h3 mb-3">{sous?.designation ?? 'Catégorie'}</h1>
      <ProductGrid
        products={products.data?.data}
        isPending={products.isPending}
        isError={products.isError}
        errorMessage={MESSAGES.productsLoadError}
        emptyMessage="Aucun produit dans cette catégorie pour le moment."
        onRetry={() => void products.refetch()}
        actions={productActions}
      />
      {products.data && (
        <Pagination
          page={page}
          lastPage={products.data.metadata.last_page}
          onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          label="Pages des produits"
        />
      )}
    </>
  )
}
