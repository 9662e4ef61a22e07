// Delivery slots and days off (issue 25 §1, ADR 054): GET|POST /api/creneau, PUT|DELETE
// /api/creneau/{id}, GET|POST /api/fermeture, DELETE /api/fermeture/{id}. Every write refreshes
// its list. Types are the server's answers (packages/shared).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FermetureInput, FermetureRow, SlotInput, SlotRow } from '@teranga/shared/delivery-slots'
import { api } from '../../../lib/api.ts'

export const slotsKeys = {
  slots: () => ['creneaux'] as const,
  fermetures: () => ['fermetures'] as const,
}

export const getSlots = () => api<SlotRow[]>('GET', '/creneau')
export const getFermetures = () => api<FermetureRow[]>('GET', '/fermeture')

export const slotsQueryOptions = () => queryOptions({ queryKey: slotsKeys.slots(), queryFn: getSlots })
export const fermeturesQueryOptions = () => queryOptions({ queryKey: slotsKeys.fermetures(), queryFn: getFermetures })

export const useSlots = () => useQuery(slotsQueryOptions())
export const useFermetures = () => useQuery(fermeturesQueryOptions())

function useWrite<T, R>(key: readonly string[], write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: key }) })
}

/** PUT of the slot `id` being edited, else POST of a new one. */
export const useSaveSlot = () =>
  useWrite(slotsKeys.slots(), ({ id, body }: { id: number | undefined; body: SlotInput }) => (id === undefined ? api<SlotRow>('POST', '/creneau', body) : api<SlotRow>('PUT', `/creneau/${id}`, body)))
export const useRemoveSlot = () => useWrite(slotsKeys.slots(), (id: number) => api<void>('DELETE', `/creneau/${id}`))
export const useCreateFermeture = () => useWrite(slotsKeys.fermetures(), (body: FermetureInput) => api<FermetureRow>('POST', '/fermeture', body))
export const useRemoveFermeture = () => useWrite(slotsKeys.fermetures(), (id: number) => api<void>('DELETE', `/fermeture/${id}`))
