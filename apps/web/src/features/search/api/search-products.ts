// Search suggestions: the first 5 matches of page 1 (spec §2), best matches first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { SEARCH_SUGGESTIONS } from '@teranga/shared/constants'
import type { Page, Produit } from '@teranga/shared/storefront-queries'
import { storefront } from '@/lib/api-client.ts'

export function searchProducts(designation: string): Promise<Produit[]> {
  return storefront<{ produitspaginated: Page<Produit> }>('produits', { page: 1, count: SEARCH_SUGGESTIONS, designation }).then(
    (r) => r.produitspaginated.data,
  )
}

export const searchProductsQueryOptions = (designation: string) =>
  queryOptions({
    queryKey: ['suggestions', designation] as const,
    queryFn: () => searchProducts(designation),
  })

export function useSearchProducts(designation: string) {
  return useQuery({ ...searchProductsQueryOptions(designation), enabled: designation.length > 0, placeholderData: keepPreviousData })
}
