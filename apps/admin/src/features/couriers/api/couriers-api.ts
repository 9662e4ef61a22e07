// The shop's couriers (GET|POST /api/livreur, PUT|DELETE /api/livreur/{id}), an order's courier
// (PUT /api/commande/{numero}/livreur) and its notes (POST /api/commande/{numero}/note).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Courier, CourierInput, OrderDispatch, OrderNote } from '@teranga/shared/backoffice-dispatch'
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

/** Writes on one order's dispatch refresh that order's page. */
function useOrderWrite<T, R>(numero: string, write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: ['commande', numero] }) })
}

export const useAssignCourier = (numero: string) => useOrderWrite(numero, (livreur: number | null) => api<OrderDispatch>('PUT', `/commande/${encodeURIComponent(numero)}/livreur`, { livreur }))
export const useAddNote = (numero: string) => useOrderWrite(numero, (texte: string) => api<OrderNote>('POST', `/commande/${encodeURIComponent(numero)}/note`, { texte }))
