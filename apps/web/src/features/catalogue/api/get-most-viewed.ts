// The most-viewed products of the home page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Produit } from '@teranga/shared/storefront-answers'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'

export function getMostViewed(): Promise<Produit[]> {
  return storefrontData<Produit[]>('plusvus')
}

export function getMostViewedQueryOptions(viewer: 'anon' | 'auth') {
  return queryOptions({ queryKey: storefrontKey('plusvus', {}, viewer), queryFn: getMostViewed })
}

export function useMostViewed() {
  return useQuery({ ...getMostViewedQueryOptions(useViewer()), placeholderData: keepPreviousData })
}
