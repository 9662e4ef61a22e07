// The shop's reference lists the orders' filters choose from (GET /api/modelivraisons,
// /api/modepaiements, /api/depots, public, as the storefront reads them), read once in ten
// minutes.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Depot, Modelivraison, Modepaiement } from '@teranga/shared/storefront-answers'
import { api } from '../../../lib/api.ts'

interface ChoiceLists {
  modelivraisons: Modelivraison
  modepaiements: Modepaiement
  depots: Depot
}
export type ChoiceList = keyof ChoiceLists

export const getChoices = <L extends ChoiceList>(list: L) => api<ChoiceLists[L][]>('GET', `/${list}`)
export const choicesQueryOptions = <L extends ChoiceList>(list: L) => queryOptions({ queryKey: ['choix', list], queryFn: () => getChoices(list), staleTime: 10 * 60_000 })
export const useChoices = <L extends ChoiceList>(list: L) => useQuery(choicesQueryOptions(list)).data ?? []
