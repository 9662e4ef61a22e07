// The shop's couriers (GET /api/livreur) as every feature reads them: the couriers page lists and
// edits them, the orders' pages choose one. One key, so a courier's write refreshes every reader.
import { queryOptions } from '@tanstack/react-query'
import type { Courier } from '@teranga/shared/backoffice-dispatch'
import { api } from './api.ts'

export const couriersKey = ['livreurs'] as const

export const getCouriers = () => api<Courier[]>('GET', '/livreur')
/** Kept a minute: couriers change rarely, and each write refreshes them. */
export const couriersQueryOptions = () => queryOptions({ queryKey: couriersKey, queryFn: getCouriers, staleTime: 60_000 })
