// The customer's saved delivery addresses (REST /api/adresses), shared by the checkout and the
// profile under one cache key, and the delivery zones they are picked from (GraphQL
// zoneslivraison, each with its fee).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdresseAnswer, AdressesAnswer } from '@teranga/shared/customer-answers'
import type { AddressInput } from '@teranga/shared/schemas'
import type { ZoneLivraison } from '@teranga/shared/storefront-answers'
import { rest } from '../api-client.ts'
import { referenceQueryOptions } from './reference-data.ts'

export const adressesQueryKey = ['adresses'] as const

export const getAdressesQueryOptions = () =>
  queryOptions({
    queryKey: adressesQueryKey,
    queryFn: async () => (await rest<AdressesAnswer>('GET', '/adresses')).adresses,
    staleTime: 0,
    // Saved from the checkout, read in the profile (or the other way round): asked again on
    // every visit rather than shown as the first visit left it.
    refetchOnMount: true,
  })

export const useAdresses = (enabled = true) => useQuery({ ...getAdressesQueryOptions(), enabled })

// The zone table is public and changes rarely: kept for the session.
export const getZonesQueryOptions = () => referenceQueryOptions<ZoneLivraison[]>('zoneslivraison')

export const useZones = () => useQuery(getZonesQueryOptions())

/** Creates (`id` null) or edits an address; answers the saved address. */
export function useSaveAdresse() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AddressInput }) =>
      (id === null ? rest<AdresseAnswer>('POST', '/adresses', input) : rest<AdresseAnswer>('PUT', `/adresses/${id}`, input)).then(
        (r) => r.adresse,
      ),
    // Making one address the default changes the others: the whole list is asked again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adressesQueryKey }),
  })
}

export function useDeleteAdresse() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => rest<null>('DELETE', `/adresses/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adressesQueryKey }),
  })
}
