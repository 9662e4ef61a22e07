// /recherche?q=…: the search box's results page (issue 19 §2), opened by Enter: the matches
// sorted and filtered like the shop's grids, page by page, the state in the address. When
// nothing matches: « Aucun résultat pour « … » », close spellings from the catalogue's names,
// the words tried one by one, the filters to take off, and the most viewed products.
import { Link } from 'react-router'
import { GRID_MESSAGES, gridSearchParams, readGridState, type GridState } from '@teranga/shared/catalogue-grid'
import { MESSAGES } from '@teranga/shared/messages'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { useMostViewed } from '@/features/catalogue/api/get-most-viewed.ts'
import { useSpellings } from '@/features/catalogue/api/get-spellings.ts'
import { getProductsQueryOptions, useProducts } from '@/features/catalogue/api/get-products.ts'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { GridToolbar, useGridState } from '../grid-toolbar.tsx'
import { PaginatedProducts } from '../paginated-products.tsx'
import { productActions } from '../product-actions.tsx'
import type { RouteHandle } from '../server-data.ts'

/** The term as the server reads it: trimmed, at most the search box's 100 characters. */
const searchTerm = (params: URLSearchParams) => (params.get('q') ?? '').trim().slice(0, 100)

const searchFilter = (q: string, state: GridState) => ({
  page: state.page,
  count: HOME_PAGE_SIZE,
  designation: q,
  tri: state.tri,
  prix_min: state.prix_min,
  prix_max: state.prix_max,
  en_stock: state.en_stock,
})

export const handle: RouteHandle = {
  serverData: ({ searchParams }) => {
    const q = searchTerm(searchParams)
    return q ? [getProductsQueryOptions(searchFilter(q, readGridState(searchParams)), 'anon')] : []
  },
  meta: ({ searchParams }) => {
    const q = searchTerm(searchParams)
    return {
      title: q ? `Recherche « ${q} »` : 'Recherche',
      description: q ? `Les produits Teranga pour « ${q} » : prix en FCFA, livrés à Dakar ou à retirer en dépôt.` : 'Rechercher un produit dans la boutique Teranga.',
      // Results pages are many and change with the catalogue: engines list the products instead.
      noindex: true,
    }
  },
}

/** Other searches to try: each word of several alone (a name rarely holds them all). */
function otherSearches(q: string): string[] {
  const words = q.split(/\s+/).filter((w) => w.length >= 3)
  return words.length > 1 ? [...new Set(words)] : []
}

function NoResult({ q, state, filtered }: { q: string; state: GridState; filtered: boolean }) {
  const popular = useMostViewed()
  const spellings = useSpellings(q).data ?? []
  const tries = otherSearches(q)
  return (
    <section aria-labelledby="no-result">
      <h2 id="no-result" className="h5">
        {GRID_MESSAGES.noResult(q)}
      </h2>
      <ul className="mb-3">
        {spellings.length > 0 && (
          <li>
            Vouliez-vous dire :{' '}
            {spellings.map((spelled, i) => (
              <span key={spelled}>
                {i > 0 && ', '}
                <Link to={`/recherche?${gridSearchParams({ page: 1, tri: state.tri }, spelled)}`} className="fw-semibold">
                  {spelled}
                </Link>
              </span>
            ))}{' '}
            ?
          </li>
        )}
        {filtered && (
          <li>
            <Link to={`/recherche?${gridSearchParams({ page: 1, tri: state.tri }, q)}`}>Chercher sans les filtres de prix et de stock</Link>
          </li>
        )}
        {tries.length > 0 && (
          <li>
            Essayez un seul mot :{' '}
            {tries.map((word, i) => (
              <span key={word}>
                {i > 0 && ', '}
                <Link to={`/recherche?${gridSearchParams({ page: 1 }, word)}`}>{word}</Link>
              </span>
            ))}
          </li>
        )}
        <li>Vérifiez l'orthographe, ou essayez un mot plus court ou plus général.</li>
      </ul>
      <h2 className="h5">Les produits les plus consultés</h2>
      <ProductGrid
        products={popular.data}
        isPending={popular.isPending}
        isError={popular.isError}
        errorMessage={MESSAGES.productsLoadError}
        onRetry={() => void popular.refetch()}
        actions={productActions}
        titleLevel={3}
      />
    </section>
  )
}

export function Component() {
  const { state, q: raw, update } = useGridState()
  const q = (raw ?? '').trim().slice(0, 100)
  useDocumentTitle(q ? `Recherche « ${q} »` : 'Recherche')
  const { page: _page, count: _count, ...filter } = searchFilter(q, state)
  const products = useProducts(searchFilter(q, state), { enabled: q.length > 0 })
  const filtered = state.prix_min !== undefined || state.prix_max !== undefined || Boolean(state.en_stock)
  const none = products.data?.metadata.total === 0 && !products.isPlaceholderData

  if (!q) {
    return (
      <>
        <h1 className="h3 mb-3">Recherche</h1>
        <p>Tapez le nom d'un produit dans la recherche en haut de la page, puis Entrée.</p>
      </>
    )
  }
  return (
    <>
      <h1 className="h3 mb-1">Résultats pour « {q} »</h1>
      {products.data && products.data.metadata.total > 0 && (
        <p className="text-body-secondary mb-3">
          {products.data.metadata.total} produit{products.data.metadata.total > 1 ? 's' : ''}
        </p>
      )}
      <GridToolbar key={`${state.prix_min}-${state.prix_max}`} state={state} update={update} defaultLabel="Pertinence" />
      {none ? (
        <NoResult q={q} state={state} filtered={filtered} />
      ) : (
        <PaginatedProducts page={state.page} filter={filter} titleLevel={2} onPageChange={(page) => update({ ...state, page })} />
      )}
    </>
  )
}
