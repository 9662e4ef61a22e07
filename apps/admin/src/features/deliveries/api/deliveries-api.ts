// « Mes livraisons » (GET /api/livraisons) and the courier's two moves (POST
// /api/livraisons/{numero}/livree|echec): fetchers, query options and hooks; each move refreshes the list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CourierDeliveries, DeliveredInput, DeliveryFailureInput } from '@teranga/shared/backoffice-dispatch'
import { api } from '../../../lib/api.ts'

const key = ['livraisons'] as const

export const getDeliveries = () => api<CourierDeliveries>('GET', '/livraisons')
/** Read again every minute: the staff hand orders over during the round. */
export const deliveriesQueryOptions = () => queryOptions({ queryKey: key, queryFn: getDeliveries, refetchInterval: 60_000 })
export const useDeliveries = () => useQuery(deliveriesQueryOptions())

function useMove<T>(write: (input: T) => Promise<void>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: key }) })
}

export const useDelivered = () => useMove(({ numero, ...input }: DeliveredInput & { numero: string }) => api<void>('POST', `/livraisons/${encodeURIComponent(numero)}/livree`, input))
export const useDeliveryFailed = () => useMove(({ numero, ...input }: DeliveryFailureInput & { numero: string }) => api<void>('POST', `/livraisons/${encodeURIComponent(numero)}/echec`, input))
