// One product by id; null when it does not exist (the server answers NOT_FOUND).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Produit } from '@teranga/shared/storefront-answers'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { ApiError, storefrontData } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'
import { keepForSameVariables } from '@/lib/query-client.ts'

export async function getProduct(id: number): Promise<Produit | null> {
  try {
    return await storefrontData<Produit | null>('produit', { id })
  } catch (error) {
    // An unknown product is an answer (the page says so), not a failure to load.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null
    throw error
  }
}

export function getProductQueryOptions(id: number, viewer: 'anon' | 'auth') {
  return queryOptions({ queryKey: storefrontKey('produit', { id }, viewer), queryFn: () => getProduct(id) })
}

export function useProduct(id: number) {
  const viewer = useViewer()
  return useQuery({ ...getProductQueryOptions(id, viewer), enabled: Number.isInteger(id) && id > 0, placeholderData: keepForSameVariables({ id }) })
}
