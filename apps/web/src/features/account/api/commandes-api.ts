// The customer's orders: the list page by page (GraphQL commandespaginated, always the
// token's customer), cancelling one (POST …/annulation) and starting or retrying its online
// payment (POST …/paiement, which answers the provider's page to go to).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Commande } from '@teranga/shared/customer-answers'
import type { Page } from '@teranga/shared/storefront-answers'
import { graphql } from '@/lib/api-client.ts'
import { cancelOrder } from '@/lib/api/orders-api.ts'

export const ORDERS_PAGE_SIZE = 5

const COMMANDES_QUERY = `query Commandes($page: Int, $count: Int) { commandespaginated(page: $page, count: $count) {
  metadata { total per_page current_page last_page }
  data { id numerocommande etat etat_text etat_badge created_at_fr montantcommande montantliv remise montanttotal montanttotalformat
    adresseliv modepaiement { id designation code } modelivraison { id code designation } depot { id designation }
    detailcommandes { id quantite prix produit { id designation image imagesrcset } variante { id options designation code } }
    codepromo { code remise remiseformat } creneau { date debut fin libelle } rembourse rembourseformat remboursements { id montant montantformat date_fr lignes { designation quantite total totalformat } }
    facture avoirs { numero montant montantformat } } } }`

export const commandesQueryKey = ['account', 'commandes'] as const

export const getCommandesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...commandesQueryKey, { page, count: ORDERS_PAGE_SIZE }] as const,
    queryFn: async () =>
      (await graphql<{ commandespaginated: Page<Commande> }>(COMMANDES_QUERY, { page, count: ORDERS_PAGE_SIZE })).commandespaginated,
    // An order's state moves on the server (payment, delivery): asked again on every visit.
    staleTime: 0,
    refetchOnMount: true,
  })

export const useCommandes = (page: number) => useQuery({ ...getCommandesQueryOptions(page), placeholderData: keepPreviousData })

export function useCancelCommande() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commandesQueryKey }),
  })
}

