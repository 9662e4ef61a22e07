// The discount codes (GET/POST /api/codepromo, PUT/DELETE /api/codepromo/{id}): fetchers, query
// options and hooks; a write refreshes the list.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CodePromo, CodePromoForm } from '@teranga/shared/promotions'
import { api, queryString, type Page } from '../../../lib/api.ts'

export interface PromoCodesFilter {
  q?: string | null
  page: number
}

/** Every discount code query starts with `codepromo`. */
export const promoCodeKeys = {
  all: ['codepromo'] as const,
  list: (filter: PromoCodesFilter) => [...promoCodeKeys.all, 'liste', filter] as const,
}

export const getPromoCodes = (filter: PromoCodesFilter) => api<Page<CodePromo>>('GET', `/codepromo${queryString({ ...filter, count: 20 })}`)

export const promoCodesQueryOptions = (filter: PromoCodesFilter) => queryOptions({ queryKey: promoCodeKeys.list(filter), queryFn: () => getPromoCodes(filter), placeholderData: keepPreviousData })

export const usePromoCodes = (filter: PromoCodesFilter) => useQuery(promoCodesQueryOptions(filter))

/** Creates a code, or saves `id`'s. */
export function useSavePromoCode(id?: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (form: CodePromoForm) => (id ? api<CodePromo>('PUT', `/codepromo/${id}`, form) : api<CodePromo>('POST', '/codepromo', form)),
    onSuccess: () => client.invalidateQueries({ queryKey: promoCodeKeys.all }),
  })
}

/** Deactivates a code (the orders that used it keep it). */
export function useDeactivatePromoCode() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api<CodePromo>('DELETE', `/codepromo/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: promoCodeKeys.all }),
  })
}

interface SubcategoryChoice {
  id: number
  designation: string
}

const getSubcategoryChoices = () =>
  api<SubcategoryChoice[] | Page<SubcategoryChoice>>('GET', '/souscategorie?count=100').then((answer) => (Array.isArray(answer) ? answer : answer.data))

/** The sub-categories a code may be restricted to. */
export const subcategoryChoicesQueryOptions = () => queryOptions({ queryKey: [...promoCodeKeys.all, 'souscategories'], queryFn: getSubcategoryChoices })
export const useSubcategoryChoices = () => useQuery(subcategoryChoicesQueryOptions())
