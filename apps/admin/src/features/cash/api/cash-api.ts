// The cash page's calls (GET /api/caisse?date=, GET /api/caisse/jours?jusqua=, POST /api/caisse/remise):
// a day per courier, the last 30 days, and a hand-back line, which refreshes both.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CashCourierDay, CashDaySummary, Remise, RemiseInput } from '@teranga/shared/backoffice-cash'
import { api, queryString } from '../../../lib/api.ts'

const cashKey = ['caisse'] as const

export const getCashDay = (date: string) => api<CashCourierDay[]>('GET', `/caisse${queryString({ date })}`)
export const getCashDays = (jusqua: string) => api<CashDaySummary[]>('GET', `/caisse/jours${queryString({ jusqua })}`)

export const cashDayQueryOptions = (date: string) => queryOptions({ queryKey: [...cashKey, 'jour', date], queryFn: () => getCashDay(date) })
export const cashDaysQueryOptions = (jusqua: string) => queryOptions({ queryKey: [...cashKey, 'jours', jusqua], queryFn: () => getCashDays(jusqua) })

export const useCashDay = (date: string) => useQuery(cashDayQueryOptions(date))
export const useCashDays = (jusqua: string) => useQuery(cashDaysQueryOptions(jusqua))

export function useAddRemise() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: RemiseInput) => api<Remise>('POST', '/caisse/remise', input),
    onSettled: () => client.invalidateQueries({ queryKey: cashKey }),
  })
}
