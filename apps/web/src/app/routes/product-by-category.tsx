// /product_bycat/{id}: the products of one sub-category, paginated; an unknown one gets the
// not-found page (status 404 from the server).
import { positiveIntParam } from '@teranga/shared/storefront-queries'
import { Link, useParams, useSearchParams } from 'react-router'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { getSubcategoriesQueryOptions, useSubcategories } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { getProductsQueryOptions } from '@/features/catalogue/api/get-products.ts'
import { PaginatedProducts } from '../paginated-products.tsx'
import { NotFoundPage } from './not-found.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { previewImage } from '../page-meta.ts'
import type { RouteHandle } from '../server-data.ts'

export const handle: RouteHandle = {
  serverData: ({ params, searchParams }) => {
    const id = positiveIntParam(params.id)
    if (!id) return []
    return [
      getSubcategoriesQueryOptions(),
      getProductsQueryOptions({ page: positiveIntParam(searchParams.get('page')) ?? 1, count: HOME_PAGE_SIZE, categorie_id: id }, 'anon'),
    ]
  },
  meta: ({ params, searchParams, queryClient }) => {
    const id = positiveIntParam(params.id)
    const subcategories = queryClient.getQueryData(getSubcategoriesQueryOptions().queryKey)
    if (!subcategories) return undefined
    const sous = subcategories.find((s) => s.id === id)
    if (!sous) return { title: 'Catégorie introuvable', noindex: true }
    const page = positiveIntParam(searchParams.get('page')) ?? 1
    const parent = sous.categorie ? ` (${sous.categorie.designation})` : ''
    return {
      title: page > 1 ? `${sous.designation} — page ${page}` : sous.designation,
      description: `${sous.designation}${parent} : nos produits livrés à Dakar ou à retirer en dépôt, prix en FCFA.`,
      image: previewImage(sous.image, sous.imagesrcset),
      canonical: page > 1 ? `/product_bycat/${sous.id}?page=${page}` : `/product_bycat/${sous.id}`,
    }
  },
}

export function ProductByCategoryRoute() {
  const id = Number(useParams().id)
  const valid = Number.isInteger(id) && id > 0
  const [params, setParams] = useSearchParams()
  const page = positiveIntParam(params.get('page')) ?? 1
  const subcategories = useSubcategories()
  const sous = subcategories.data?.find((s) => s.id === id)
  const missing = !valid || (subcategories.data && !sous)
  useDocumentTitle(missing ? 'Catégorie introuvable' : sous?.designation)

  if (missing) {
    return <NotFoundPage title="Catégorie introuvable">Cette catégorie n'existe pas ou n'est plus proposée.</NotFoundPage>
  }
  return (
    <>
      <nav aria-label="Fil d'Ariane" className="small mb-2 breadcrumb-trail">
        <Link to="/">Accueil</Link>
        {sous?.categorie && <span> › {sous.categorie.designation}</span>}
      </nav>
      <h1 className="h3 mb-3">{sous?.designation ?? 'Catégorie'}</h1>
      <PaginatedProducts page={page} categorie={id} enabled={valid} titleLevel={2} onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
    </>
  )
}
