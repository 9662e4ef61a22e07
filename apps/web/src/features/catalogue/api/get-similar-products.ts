// Products of the same sub-category as the one shown.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Page, Produit } from '@teranga/shared/storefront-answers'
import { SIMILAR_PAGE_SIZE, storefrontKey } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'
import { keepForSameVariables } from '@/lib/query-client.ts'

/** The variables of the first page, as the server also embeds them. */
const similarVariables = (produitId: number) => ({ page: 1, count: SIMILAR_PAGE_SIZE, produit_id: produitId })

export function getSimilarProducts(produitId: number): Promise<Page<Produit>> {
  return storefrontData<Page<Produit>>('similaires', similarVariables(produitId))
}

export function getSimilarProductsQueryOptions(produitId: number, viewer: 'anon' | 'auth') {
  return queryOptions({
    queryKey: storefrontKey('similaires', similarVariables(produitId), viewer),
    queryFn: () => getSimilarProducts(produitId),
  })
}

export function useSimilarProducts(produitId: number) {
  return useQuery({ ...getSimilarProductsQueryOptions(produitId, useViewer()), placeholderData: keepForSameVariables(similarVariables(produitId)) })
}
