// The shop's settings (admins only), in the generic form: GET /api/{resource} (a page, sorted
// by position then id), POST, GET|PUT|DELETE /api/{resource}/{id}, for zones, depots,
// caroussel slides and privileges (loyalty tiers and their rewards); PUT /api/{zone,depot}/ordre
// puts zones or depots in order; payment modes take GET and PUT {actif, position} only; the one
// preference row GET|PUT. Bodies are the shared schemas, answers the shared response schemas.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  carousselSchema,
  depotResponseSchema,
  depotSchema,
  modePaiementSchema,
  paymentModeResponseSchema,
  preferenceResponseSchema,
  preferenceSchema,
  privilegeResponseSchema,
  privilegeSchema,
  reorderSchema,
  setupChecklistSchema,
  slideResponseSchema,
  zoneResponseSchema,
  zoneSchema,
} from '@teranga/shared/backoffice-settings'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { SettingsResourceName, SettingsService } from './settings.service.ts'

const idParams = z.object({ id: idSchema })
const listQuery = paginationSchema.partial()

export default async function settingsRoutes(app: FastifyInstance, opts: { service: SettingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts
  // Admins only, checked before any body: a visitor gets 401 and a gestionnaire 403, not a 400.
  api.addHook('onRequest', async (request) => {
    requireStaff(request, 'admin')
  })
  const staffId = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'admin').id

  /** The generic form's five routes for resource `name`: `body` checks its writes, `row` is its answer. */
  function generic<N extends SettingsResourceName>(name: N, body: z.ZodType, row: z.ZodType) {
    api.get(`/${name}`, { schema: { querystring: listQuery, response: { 200: pageSchema(row), ...errorResponses } } }, async (request) => {
      const page = { page: request.query.page ?? 1, count: request.query.count ?? 100 }
      return service.list(name, { ...page, offset: (page.page - 1) * page.count })
    })

    api.get(`/${name}/:id`, { schema: { params: idParams, response: { 200: row, ...errorResponses } } }, async (request) => service.get(name, request.params.id))

    api.post(`/${name}`, { schema: { body, response: { 201: row, ...errorResponses } } }, async (request, reply) => reply.status(201).send(await service.create(name, staffId(request), request.body as never)))

    api.put(`/${name}/:id`, { schema: { params: idParams, body, response: { 200: row, ...errorResponses } } }, async (request) => service.update(name, staffId(request), request.params.id, request.body as never))

    api.delete(`/${name}/:id`, { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
      await service.remove(name, staffId(request), request.params.id)
      return reply.status(204).send(null)
    })
  }

  // The order the checkout lists zones and depots in: every one once (409 when the list changed meanwhile).
  api.put('/zone/ordre', { schema: { body: reorderSchema, response: { 200: pageSchema(zoneResponseSchema), ...errorResponses } } }, async (request) => service.reorder('zone', staffId(request), request.body.ids))
  api.put('/depot/ordre', { schema: { body: reorderSchema, response: { 200: pageSchema(depotResponseSchema), ...errorResponses } } }, async (request) => service.reorder('depot', staffId(request), request.body.ids))

  generic('zone', zoneSchema, zoneResponseSchema)
  generic('depot', depotSchema, depotResponseSchema)
  generic('caroussel', carousselSchema, slideResponseSchema)
  generic('privilege', privilegeSchema, privilegeResponseSchema)

  // Payment modes: the list, and PUT {actif, position} only (their codes drive the providers).
  api.get('/modepaiement', { schema: { response: { 200: z.array(paymentModeResponseSchema), ...errorResponses } } }, async () => service.paymentModes())
  api.put('/modepaiement/:id', { schema: { params: idParams, body: modePaiementSchema, response: { 200: paymentModeResponseSchema, ...errorResponses } } }, async (request) =>
    service.updatePaymentMode(staffId(request), request.params.id, request.body),
  )

  // The first admin's checklist on the back office's home page (ADR 045).
  api.get('/admin/mise-en-route', { schema: { response: { 200: setupChecklistSchema, ...errorResponses } } }, async () => service.setupChecklist())

  // The one preference row: null until the first PUT creates it.
  api.get('/preference', { schema: { response: { 200: preferenceResponseSchema.nullable(), ...errorResponses } } }, async () => service.preference())
  api.put('/preference', { schema: { body: preferenceSchema, response: { 200: preferenceResponseSchema, ...errorResponses } } }, async (request) => service.updatePreference(staffId(request), request.body))
}
