// The signed-in customer's cart on the server: read it (GraphQL `paniers`) and change a
// line (POST /api/panier, actions 0 add, 1 set, 2 remove; a line is a product's variant), which
// answers the whole cart; « Commander à nouveau » (POST /api/commande/{numero}/recommander) puts an
// earlier order's lines back and says which could not be.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CART_ACTION } from '@teranga/shared/constants'
import type { ReorderAnswer } from '@teranga/shared/reorder-answer'
import type { Panier, PanierAnswer } from '@teranga/shared/storefront-answers'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { rest, storefrontData } from '@/lib/api-client.ts'

export const cartQueryKey = storefrontKey('panier', {}, 'auth')

export function getCart(): Promise<Panier | null> {
  return storefrontData<Panier[]>('panier').then((paniers) => paniers[0] ?? null)
}

export const getCartQueryOptions = () => queryOptions({ queryKey: cartQueryKey, queryFn: getCart, staleTime: 0 })

export function useServerCart(enabled: boolean) {
  return useQuery({ ...getCartQueryOptions(), enabled })
}

export type CartAction = (typeof CART_ACTION)[keyof typeof CART_ACTION]

export function updateCartLine(input: { produit: number; variante?: number; user: number; quantite?: number; action: CartAction }): Promise<Panier> {
  return rest<PanierAnswer>('POST', '/panier', input).then((r) => r.panier)
}

export function reorderCommande(numero: string): Promise<ReorderAnswer> {
  return rest<ReorderAnswer>('POST', `/commande/${encodeURIComponent(numero)}/recommander`)
}
