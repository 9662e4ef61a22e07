// The first admin's checklist (GET /api/admin/mise-en-route, admins only): which steps a new
// shop still lacks; read again when the admin comes back to the home page.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SetupChecklist } from '@teranga/shared/backoffice-settings'
import { api } from '../../../lib/api.ts'

export const getSetupChecklist = () => api<SetupChecklist>('GET', '/admin/mise-en-route')
export const setupChecklistQueryOptions = () => queryOptions({ queryKey: ['mise-en-route'], queryFn: getSetupChecklist })
export const useSetupChecklist = (enabled: boolean) => useQuery({ ...setupChecklistQueryOptions(), enabled })
