// What the FAQ shows from the server: the payment modes and the pickup depots.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { storefrontKey, type Depot, type Modepaiement } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'

export const getPaymentModesQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('modepaiements'),
    queryFn: () => storefrontData<Modepaiement[]>('modepaiements'),
    staleTime: Infinity,
  })

export const getDepotsQueryOptions = () =>
  queryOptions({
    queryKey: storefrontKey('depots'),
    queryFn: () => storefrontData<Depot[]>('depots'),
    staleTime: Infinity,
  })

export const usePaymentModes = () => useQuery(getPaymentModesQueryOptions())
export const useDepots = () => useQuery(getDepotsQueryOptions())
