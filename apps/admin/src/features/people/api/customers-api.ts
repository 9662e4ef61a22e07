// The customers (GET /api/client, GET /api/client/{id}) and their points
// (POST /api/client/{id}/points): fetchers, query options and hooks; an adjustment refreshes
// the customer and the list.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Customer, CustomerDetail, PointsAdjustmentResult } from '@teranga/shared/backoffice-people'
import type { PointsAdjustmentInput } from '@teranga/shared/backoffice-settings'
import { api, queryString, type Page } from '../../../lib/api.ts'

export interface CustomersFilter {
  q?: string | null
  page: number
  sort: string | null
  dir: string
}

/** Every customer query starts with `clients`. */
export const customerKeys = {
  all: ['clients'] as const,
  list: (filter: CustomersFilter) => [...customerKeys.all, 'liste', filter] as const,
  detail: (id: number | string) => [...customerKeys.all, String(id)] as const,
}

export const getCustomers = (filter: CustomersFilter) => api<Page<Customer>>('GET', `/client${queryString({ ...filter, count: 20 })}`)
export const getCustomer = (id: number | string) => api<CustomerDetail>('GET', `/client/${id}`)

export const customersQueryOptions = (filter: CustomersFilter) => queryOptions({ queryKey: customerKeys.list(filter), queryFn: () => getCustomers(filter), placeholderData: keepPreviousData })
export const customerQueryOptions = (id: number | string) => queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) })

export const useCustomers = (filter: CustomersFilter) => useQuery(customersQueryOptions(filter))
export const useCustomer = (id: number | string) => useQuery(customerQueryOptions(id))

export function useAdjustPoints(id: number | string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (adjustment: PointsAdjustmentInput) => api<PointsAdjustmentResult>('POST', `/client/${id}/points`, adjustment),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  })
}
