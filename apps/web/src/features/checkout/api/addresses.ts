// The customer's saved delivery addresses (GET /api/adresses) and saving a new one from the
// checkout (POST /api/adresses, the zone by its id).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AddressInput } from '@teranga/shared/schemas'
import { rest } from '@/lib/api-client.ts'

export interface Adresse {
  id: number
  libelle: string | null
  adresse: string
  zone: { id: number; designation: string; frais: number; fraisformat: string } | null
  telephone: string | null
  latitude: number | null
  longitude: number | null
  pardefaut: boolean
}

export const checkoutAddressesQueryKey = ['checkout', 'adresses'] as const

export const getAddressesQueryOptions = () =>
  queryOptions({
    queryKey: checkoutAddressesQueryKey,
    queryFn: async () => (await rest<{ adresses: Adresse[] }>('GET', '/adresses')).adresses,
    staleTime: 0,
  })

export const useAddresses = (enabled = true) => useQuery({ ...getAddressesQueryOptions(), enabled })

export function useCreateAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddressInput) => rest<{ adresse: Adresse }>('POST', '/adresses', input).then((r) => r.adresse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutAddressesQueryKey }),
  })
}
