// The customer's orders: the list page by page (GraphQL commandespaginated, always the
// token's customer), cancelling one (POST …/annulation) and starting or retrying its online
// payment (POST …/paiement, which answers the provider's page to go to).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Page } from '@teranga/shared/storefront-queries'
import { graphql, rest } from '@/lib/api-client.ts'

export const ORDERS_PAGE_SIZE = 5

export interface DetailCommande {
  id: number
  quantite: number
  /** Unit price in FCFA when the order was placed. */
  prix: number
  produit: { id: number; designation: string; image: string | null; imagesrcset: string | null }
}

export interface Commande {
  id: number
  numerocommande: string
  etat: string
  etat_text: string
  etat_badge: string
  created_at_fr: string
  montantcommande: number
  montantliv: number
  remise: number
  montanttotal: number
  montanttotalformat: string
  adresseliv: string | null
  modepaiement: { id: number; designation: string; code: string }
  modelivraison: { id: number; code: string; designation: string }
  depot: { id: number; designation: string } | null
  detailcommandes: DetailCommande[]
}

const COMMANDES_QUERY = `query Commandes($page: Int, $count: Int) { commandespaginated(page: $page, count: $count) {
  metadata { total per_page current_page last_page }
  data { id numerocommande etat etat_text etat_badge created_at_fr montantcommande montantliv remise montanttotal montanttotalformat
    adresseliv modepaiement { id designation code } modelivraison { id code designation } depot { id designation }
    detailcommandes { id quantite prix produit { id designation image imagesrcset } } } } }`

export const commandesQueryKey = ['account', 'commandes'] as const

export const getCommandesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...commandesQueryKey, { page, count: ORDERS_PAGE_SIZE }] as const,
    queryFn: async () =>
      (await graphql<{ commandespaginated: Page<Commande> }>(COMMANDES_QUERY, { page, count: ORDERS_PAGE_SIZE })).commandespaginated,
    // An order's state moves on the server (payment, delivery): asked again on every visit.
    staleTime: 0,
  })

export const useCommandes = (page: number) => useQuery({ ...getCommandesQueryOptions(page), placeholderData: keepPreviousData })

export function useCancelCommande() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (numero: string) => rest<{ commande: Commande }>('POST', `/commande/${encodeURIComponent(numero)}/annulation`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commandesQueryKey }),
  })
}

export function startPayment(numero: string): Promise<{ url: string }> {
  return rest('POST', `/commande/${encodeURIComponent(numero)}/paiement`)
}
