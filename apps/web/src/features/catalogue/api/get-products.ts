// The paginated product list of the home grid, a category page, the shop's grids (sorted and
// filtered, issue 19 §2) and the search box.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { GridSort } from '@teranga/shared/catalogue-grid'
import type { Page, Produit } from '@teranga/shared/storefront-answers'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'

export interface ProductFilter {
  page: number
  count: number
  categorie_id?: number | undefined
  designation?: string | undefined
  tri?: GridSort | undefined
  prix_min?: number | undefined
  prix_max?: number | undefined
  en_stock?: boolean | undefined
  promotion?: boolean | undefined
}

export function getProducts(filter: ProductFilter): Promise<Page<Produit>> {
  return storefrontData<Page<Produit>>('produits', { ...filter })
}

/** Variables in the order and shape the server uses for its embedded first page (unset ones left out). */
export function productVariables({ page, count, categorie_id, designation, tri, prix_min, prix_max, en_stock, promotion }: ProductFilter): ProductFilter {
  return {
    page,
    count,
    ...(categorie_id ? { categorie_id } : {}),
    ...(designation ? { designation } : {}),
    ...(tri ? { tri } : {}),
    ...(prix_min !== undefined ? { prix_min } : {}),
    ...(prix_max !== undefined ? { prix_max } : {}),
    ...(en_stock ? { en_stock } : {}),
    ...(promotion ? { promotion } : {}),
  }
}

export function getProductsQueryOptions(filter: ProductFilter, viewer: 'anon' | 'auth') {
  const variables = productVariables(filter)
  return queryOptions({
    queryKey: storefrontKey('produits', { ...variables }, viewer),
    queryFn: () => getProducts(variables),
  })
}

export function useProducts(filter: ProductFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const viewer = useViewer()
  return useQuery({ ...getProductsQueryOptions(filter, viewer), enabled, placeholderData: keepPreviousData })
}
