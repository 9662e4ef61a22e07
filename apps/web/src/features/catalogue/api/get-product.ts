// One product by id; null when it does not exist (the server answers NOT_FOUND).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { storefrontKey, type Produit } from '@teranga/shared/storefront-queries'
import { ApiError, storefront } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'

export async function getProduct(id: number): Promise<Produit | null> {
  try {
    return (await storefront<{ produits: Produit | null }>('produit', { id })).produits
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
  // Signed in, the visitor's answer (same product, `like` 0) shows until the personal one arrives.
  return useQuery({
    ...getProductQueryOptions(id, viewer),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: (previous, previousQuery) => ((previousQuery?.queryKey[2] as { id?: number } | undefined)?.id === id ? previous : undefined),
  })
}
