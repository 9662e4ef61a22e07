// An order's courier and notes: the active couriers to choose from (GET /api/livreur), the
// hand-over (PUT /api/commande/{numero}/livreur) and a note (POST /api/commande/{numero}/note);
// each write refreshes the order's page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderDispatch, OrderNote } from '@teranga/shared/backoffice-dispatch'
import { api } from '../../../lib/api.ts'
import { couriersQueryOptions } from '../../../lib/couriers.ts'
import { orderKeys } from './orders-api.ts'

export const useCouriers = (enabled: boolean) => useQuery({ ...couriersQueryOptions(), enabled })

function useOrderWrite<T, R>(numero: string, write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: orderKeys.detail(numero) }) })
}

export const useAssignCourier = (numero: string) => useOrderWrite(numero, (livreur: number | null) => api<OrderDispatch>('PUT', `/commande/${encodeURIComponent(numero)}/livreur`, { livreur }))
export const useAddNote = (numero: string) => useOrderWrite(numero, (texte: string) => api<OrderNote>('POST', `/commande/${encodeURIComponent(numero)}/note`, { texte }))
