// Today's work (GET /api/admin/tableau): the orders waiting in each state to act on, unpaid
// orders about to expire, low stock, sales; read again every minute while the page is open.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Dashboard } from '@teranga/shared/backoffice-orders'
import { api } from '../../../lib/api.ts'

export const getDashboard = () => api<Dashboard>('GET', '/admin/tableau')
export const dashboardQueryOptions = () => queryOptions({ queryKey: ['tableau'], queryFn: getDashboard, refetchInterval: 60_000 })
export const useDashboard = () => useQuery(dashboardQueryOptions())
