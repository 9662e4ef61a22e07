// The reference data of the checkout, public and rarely changed, so kept for the session:
// delivery modes, pickup depots and payment modes (the zones are with the saved addresses). Same
// documents and cache keys as the rest of the shop (the FAQ shares the depots and modes).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { storefrontKey, type Depot, type Modelivraison, type Modepaiement } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'

export const getDeliveryModesQueryOptions = () =>
  queryOptions({ queryKey: storefrontKey('modelivraisons'), queryFn: () => storefrontData<Modelivraison[]>('modelivraisons'), staleTime: Infinity })

export const getDepotsQueryOptions = () =>
  queryOptions({ queryKey: storefrontKey('depots'), queryFn: () => storefrontData<Depot[]>('depots'), staleTime: Infinity })

export const getPaymentModesQueryOptions = () =>
  queryOptions({ queryKey: storefrontKey('modepaiements'), queryFn: () => storefrontData<Modepaiement[]>('modepaiements'), staleTime: Infinity })

export const useDeliveryModes = () => useQuery(getDeliveryModesQueryOptions())
export const useDepots = () => useQuery(getDepotsQueryOptions())
export const usePaymentModes = () => useQuery(getPaymentModesQueryOptions())
