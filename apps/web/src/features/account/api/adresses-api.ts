// The customer's saved delivery addresses (REST /api/adresses) and the delivery zones they
// pick from (GraphQL zoneslivraison, with each zone's fee).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AddressInput } from '@teranga/shared/schemas'
import { storefrontKey, type ZoneLivraison } from '@teranga/shared/storefront-queries'
import { rest, storefrontData } from '@/lib/api-client.ts'

export interface Adresse {
  id: number
  libelle: string | null
  adresse: string
  zone: ZoneLivraison | null
  telephone: string | null
  latitude: number | null
  longitude: number | null
  pardefaut: boolean
}

export const adressesQueryKey = ['account', 'adresses'] as const

export const getAdressesQueryOptions = () =>
  queryOptions({
    queryKey: adressesQueryKey,
    queryFn: async () => (await rest<{ adresses: Adresse[] }>('GET', '/adresses')).adresses,
    staleTime: 0,
  })

export const useAdresses = () => useQuery(getAdressesQueryOptions())

// The zone table is public and changes rarely: kept for the session, under the key the
// checkout asks with.
export const getZonesQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('zoneslivraison'),
    queryFn: () => storefrontData<ZoneLivraison[]>('zoneslivraison'),
    staleTime: Infinity,
  })

export const useZones = () => useQuery(getZonesQueryOptions())

export function useSaveAdresse() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AddressInput }) =>
      id === null ? rest<{ adresse: Adresse }>('POST', '/adresses', input) : rest<{ adresse: Adresse }>('PUT', `/adresses/${id}`, input),
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
