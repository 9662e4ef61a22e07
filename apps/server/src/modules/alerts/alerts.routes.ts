// The « Alertes » settings (admins only, issue 26 §4): GET|PUT /api/preference/alertes, the shared
// schema's body (any of its fields), the settings as saved in the answer.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { alertSettingsResponseSchema, alertSettingsSchema } from '@teranga/shared/staff-alerts'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { AlertsService } from './alerts.service.ts'

export default async function alertsRoutes(app: FastifyInstance, opts: { service: AlertsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts
  // Admins only, checked before any body: a visitor gets 401, a gestionnaire or a courier 403.
  api.addHook('onRequest', async (request) => {
    requireStaff(request, 'admin')
  })

  api.get('/preference/alertes', { schema: { response: { 200: alertSettingsResponseSchema, ...errorResponses } } }, async () => service.settings())
  api.put('/preference/alertes', { schema: { body: alertSettingsSchema, response: { 200: alertSettingsResponseSchema, ...errorResponses } } }, async (request) =>
    service.updateSettings(requireStaff(request, 'admin').id, request.body),
  )
}
