// The shop's couriers (GET|POST /api/livreur, PUT|DELETE /api/livreur/{id}): fetchers, query
// options and hooks; every write refreshes the list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Courier, CourierInput } from '@teranga/shared/backoffice-dispatch'
import { api } from '../../../lib/api.ts'

export const getCouriers = () => api<Courier[]>('GET', '/livreur')
export const couriersQueryOptions = () => queryOptions({ queryKey: ['livreurs'], queryFn: getCouriers })
export const useCouriers = () => useQuery(couriersQueryOptions())

function useCourierWrite<T, R>(write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: ['livreurs'] }) })
}

export const useCreateCourier = () => useCourierWrite((input: CourierInput) => api<Courier>('POST', '/livreur', input))
export const useUpdateCourier = () => useCourierWrite(({ id, ...input }: CourierInput & { id: number }) => api<Courier>('PUT', `/livreur/${id}`, input))
export const useDeleteCourier = () => useCourierWrite((id: number) => api<void>('DELETE', `/livreur/${id}`))
