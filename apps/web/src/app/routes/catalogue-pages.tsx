// The shop's grids of the footer (issue 19 §2): /shop (the whole catalogue), /promotions
// (sales that run now), /nouveautes (newest first) and /best-sellers (units sold over the last
// 30 days), each sortable and filtered by price and stock, the state in the address.
import { readGridState, type GridSort, type GridState } from '@teranga/shared/catalogue-grid'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { getProductsQueryOptions } from '@/features/catalogue/api/get-products.ts'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { GridToolbar, useGridState } from '../grid-toolbar.tsx'
import { PaginatedProducts } from '../paginated-products.tsx'
import type { RouteHandle } from '../server-data.ts'

interface GridPageConfig {
  path: string
  title: string
  intro: string
  description: string
  empty: string
  /** The page's own order (newest, best sellers); the shopper may pick another. */
  defaultSort?: GridSort
  promotion?: boolean
}

const PAGES = {
  shop: {
    path: '/shop',
    title: 'Boutique',
    intro: 'Tout notre catalogue, livré à Dakar ou à retirer en dépôt.',
    description: 'Tout le catalogue Teranga : épicerie, boissons, produits frais et entretien, prix en FCFA, livrés à Dakar ou à retirer en dépôt.',
    empty: 'Aucun produit ne correspond à ces filtres.',
  },
  promotions: {
    path: '/promotions',
    title: 'Promotions',
    intro: 'Les produits en promotion en ce moment, à prix réduit.',
    description: 'Les promotions Teranga du moment : des produits à prix réduit en FCFA, livrés à Dakar ou à retirer en dépôt.',
    empty: 'Aucune promotion en cours pour le moment.',
    promotion: true,
  },
  nouveautes: {
    path: '/nouveautes',
    title: 'Nouveautés',
    intro: 'Les derniers produits arrivés dans la boutique.',
    description: 'Les nouveaux produits Teranga, les plus récents en premier, prix en FCFA, livrés à Dakar.',
    empty: 'Aucun produit ne correspond à ces filtres.',
    defaultSort: 'nouveautes',
  },
  bestSellers: {
    path: '/best-sellers',
    title: 'Meilleures ventes',
    intro: 'Les produits les plus achetés ces 30 derniers jours.',
    description: 'Les meilleures ventes Teranga des 30 derniers jours, prix en FCFA, livrées à Dakar ou à retirer en dépôt.',
    empty: 'Aucun produit ne correspond à ces filtres.',
    defaultSort: 'meilleures_ventes',
  },
} satisfies Record<string, GridPageConfig>

/** The query of a grid page's products: the same for the server's embedded page and the app. */
const gridFilter = (config: GridPageConfig, state: GridState) => ({
  page: state.page,
  count: HOME_PAGE_SIZE,
  tri: state.tri ?? config.defaultSort,
  prix_min: state.prix_min,
  prix_max: state.prix_max,
  en_stock: state.en_stock,
  promotion: config.promotion,
})

function gridHandle(config: GridPageConfig): RouteHandle {
  return {
    serverData: ({ searchParams }) => [getProductsQueryOptions(gridFilter(config, readGridState(searchParams)), 'anon')],
    meta: ({ searchParams }) => {
      const { page } = readGridState(searchParams)
      return {
        title: page > 1 ? `${config.title} — page ${page}` : config.title,
        description: config.description,
        // Sorts and filters show the same products: one address for engines, its pages apart.
        canonical: page > 1 ? `${config.path}?page=${page}` : config.path,
      }
    },
  }
}

function GridPage({ config }: { config: GridPageConfig }) {
  useDocumentTitle(config.title)
  const { state, update } = useGridState()
  const { page: _page, count: _count, ...filter } = gridFilter(config, state)
  return (
    <>
      <h1 className="h3 mb-1">{config.title}</h1>
      <p className="text-body-secondary mb-3">{config.intro}</p>
      <GridToolbar key={`${state.prix_min}-${state.prix_max}`} state={state} update={update} defaultSort={config.defaultSort} />
      <PaginatedProducts
        page={state.page}
        filter={filter}
        titleLevel={2}
        emptyMessage={config.empty}
        onPageChange={(page) => update({ ...state, page })}
      />
    </>
  )
}

export const shopHandle = gridHandle(PAGES.shop)
export const promotionsHandle = gridHandle(PAGES.promotions)
export const nouveautesHandle = gridHandle(PAGES.nouveautes)
export const bestSellersHandle = gridHandle(PAGES.bestSellers)

export const ShopRoute = () => <GridPage config={PAGES.shop} />
export const PromotionsRoute = () => <GridPage config={PAGES.promotions} />
export const NouveautesRoute = () => <GridPage config={PAGES.nouveautes} />
export const BestSellersRoute = () => <GridPage config={PAGES.bestSellers} />
