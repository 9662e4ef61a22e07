// The reference data of the checkout, public and rarely changed, so kept for the session:
// delivery modes here, pickup depots and payment modes from lib/api/reference-data.ts (the FAQ reads
// them too), the zones with the saved addresses.
import { useQuery } from '@tanstack/react-query'
import type { Modelivraison } from '@teranga/shared/storefront-answers'
import { referenceQueryOptions } from '@/lib/api/reference-data.ts'

export { useDepots, usePaymentModes } from '@/lib/api/reference-data.ts'

export const getDeliveryModesQueryOptions = () => referenceQueryOptions<Modelivraison[]>('modelivraisons')

export const useDeliveryModes = () => useQuery(getDeliveryModesQueryOptions())
