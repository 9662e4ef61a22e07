// The shop's couriers (GET|POST /api/livreur, PUT|DELETE /api/livreur/{id}): the list (read as
// every feature reads it, lib/couriers.ts) and the writes, each of which refreshes it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Courier, CourierInput } from '@teranga/shared/backoffice-dispatch'
import { api } from '../../../lib/api.ts'
import { couriersKey, couriersQueryOptions } from '../../../lib/couriers.ts'

export const useCouriers = () => useQuery(couriersQueryOptions())

function useCourierWrite<T, R>(write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: couriersKey }) })
}

export const useCreateCourier = () => useCourierWrite((input: CourierInput) => api<Courier>('POST', '/livreur', input))
export const useUpdateCourier = () => useCourierWrite(({ id, ...input }: CourierInput & { id: number }) => api<Courier>('PUT', `/livreur/${id}`, input))
export const useDeleteCourier = () => useCourierWrite((id: number) => api<void>('DELETE', `/livreur/${id}`))
