// The audit trail (GET /api/audit, admins only): fetcher, query options and hook.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '@teranga/shared/backoffice-people'
import { api, queryString, type Page } from '../../../lib/api.ts'

export interface AuditFilter {
  resource?: string | null
  resource_id?: string | null
  page: number
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) => [...auditKeys.all, filter] as const,
}

export const getAudit = (filter: AuditFilter) => api<Page<AuditEntry>>('GET', `/audit${queryString({ ...filter, count: 50 })}`)
export const auditQueryOptions = (filter: AuditFilter) => queryOptions({ queryKey: auditKeys.list(filter), queryFn: () => getAudit(filter), placeholderData: keepPreviousData })
export const useAudit = (filter: AuditFilter) => useQuery(auditQueryOptions(filter))
