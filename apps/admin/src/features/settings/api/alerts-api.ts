// The « Alertes » section's read and write (issue 26 §4): GET|PUT /api/preference/alertes, the
// shared schema's types; the write refreshes the read.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AlertSettings, AlertSettingsInput } from '@teranga/shared/staff-alerts'
import { api } from '../../../lib/api.ts'

export const alertSettingsKey = () => ['alertes'] as const
export const getAlertSettings = () => api<AlertSettings>('GET', '/preference/alertes')
export const alertSettingsQueryOptions = () => queryOptions({ queryKey: alertSettingsKey(), queryFn: getAlertSettings })
export const useAlertSettings = () => useQuery(alertSettingsQueryOptions())

export function useSaveAlertSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AlertSettingsInput) => api<AlertSettings>('PUT', '/preference/alertes', body),
    onSettled: () => client.invalidateQueries({ queryKey: alertSettingsKey() }),
  })
}
