// One product by id; null when it does not exist.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { storefrontKey, type Produit } from '@teranga/shared/storefront-queries'
import { storefront } from '@/lib/api-client.ts'
import { useViewer } from '@/lib/auth.tsx'

export function getProduct(id: number): Promise<Produit | null> {
  return storefront<{ produits: Produit | null }>('produit', { id }).then((r) => r.produits)
}

export function getProductQueryOptions(id: number, viewer: 'anon' | 'auth') {
  return queryOptions({ queryKey: storefrontKey('produit', { id }, viewer), queryFn: () => getProduct(id) })
}

export function useProduct(id: number) {
  return useQuery({ ...getProductQueryOptions(id, useViewer()), enabled: Number.isInteger(id) && id > 0 })
}
