// Search suggestions: the first 5 matches of page 1 (spec §2), best matches first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { SEARCH_SUGGESTIONS } from '@teranga/shared/constants'
import type { Page, Produit } from '@teranga/shared/storefront-answers'
import { storefrontData } from '@/lib/api-client.ts'

export function searchProducts(designation: string): Promise<Produit[]> {
  return storefrontData<Page<Produit>>('produits', { page: 1, count: SEARCH_SUGGESTIONS, designation }).then((page) => page.data)
}

export const searchProductsQueryOptions = (designation: string) =>
  queryOptions({
    queryKey: ['suggestions', designation] as const,
    queryFn: () => searchProducts(designation),
  })

export function useSearchProducts(designation: string) {
  return useQuery({ ...searchProductsQueryOptions(designation), enabled: designation.length > 0, placeholderData: keepPreviousData })
}
