// The shop's reference lists, public and the same for everyone and rarely changed: asked once a
// visit under the storefront's cache key of their query (so a page rendered by the server hands
// them over). The payment modes and pickup depots are read by the checkout and the FAQ alike.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Depot, Modepaiement } from '@teranga/shared/storefront-answers'
import { storefrontKey, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { storefrontData } from '../api-client.ts'

/** The query options of the reference list `name` (its answer of type `T`), kept for the session. */
export const referenceQueryOptions = <T>(name: StorefrontQuery) =>
  queryOptions({ queryKey: storefrontKey(name), queryFn: () => storefrontData<T>(name), staleTime: Infinity })

export const getPaymentModesQueryOptions = () => referenceQueryOptions<Modepaiement[]>('modepaiements')
export const getDepotsQueryOptions = () => referenceQueryOptions<Depot[]>('depots')

export const usePaymentModes = () => useQuery(getPaymentModesQueryOptions())
export const useDepots = () => useQuery(getDepotsQueryOptions())
