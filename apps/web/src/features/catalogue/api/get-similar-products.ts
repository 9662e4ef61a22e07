// Products of the same sub-category as the one shown.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { SIMILAR_PAGE_SIZE, storefrontKey, type Page, type Produit } from '@teranga/shared/storefront-queries'
import { storefront } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'

export function getSimilarProducts(produitId: number): Promise<Page<Produit>> {
  return storefront<{ produitsimilairespaginated: Page<Produit> }>('similaires', {
    page: 1,
    count: SIMILAR_PAGE_SIZE,
    produit_id: produitId,
  }).then((r) => r.produitsimilairespaginated)
}

export function getSimilarProductsQueryOptions(produitId: number, viewer: 'anon' | 'auth') {
  return queryOptions({
    queryKey: storefrontKey('similaires', { page: 1, count: SIMILAR_PAGE_SIZE, produit_id: produitId }, viewer),
    queryFn: () => getSimilarProducts(produitId),
  })
}

export function useSimilarProducts(produitId: number) {
  return useQuery({
    ...getSimilarProductsQueryOptions(produitId, useViewer()),
    // Signed in, the visitor's answer shows until the one with `like` arrives; never another product's.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as { produit_id?: number } | undefined)?.produit_id === produitId ? previous : undefined,
  })
}
