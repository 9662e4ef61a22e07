// The « Facturation » settings (ADR 061): GET|PUT /api/facturation, admins only.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BillingSettings, BillingSettingsInput } from '@teranga/shared/invoices'
import { api } from '../../../lib/api.ts'

const billingKey = ['settings', 'facturation'] as const

export const billingQueryOptions = () => queryOptions({ queryKey: billingKey, queryFn: () => api<BillingSettings>('GET', '/facturation') })
export const useBilling = () => useQuery(billingQueryOptions())

export function useSaveBilling() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: BillingSettingsInput) => api<BillingSettings>('PUT', '/facturation', body),
    onSettled: () => client.invalidateQueries({ queryKey: billingKey }),
  })
}
