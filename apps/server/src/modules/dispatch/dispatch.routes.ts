// Couriers: GET /api/livreur (staff), POST /api/livreur, PUT|DELETE /api/livreur/{id} (admins).
// An order's courier: PUT /api/commande/{numero}/livreur {livreur}; a note:
// POST /api/commande/{numero}/note {texte} (staff); what both look like on the order.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { courierAssignmentSchema, courierResponseSchema, courierSchema, orderDispatchSchema, orderNoteResponseSchema, orderNoteSchema } from '@teranga/shared/backoffice-dispatch'
import { idSchema } from '@teranga/shared/schemas'
import { errorResponses, orderNumberParams } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { DispatchService } from './dispatch.service.ts'

const idParams = z.object({ id: idSchema })

export default async function dispatchRoutes(app: FastifyInstance, opts: { service: DispatchService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts

  api.get('/livreur', { schema: { response: { 200: z.array(courierResponseSchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    return service.couriers()
  })

  api.post('/livreur', { schema: { body: courierSchema, response: { 201: courierResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'admin')
    return reply.code(201).send(await service.createCourier(me.id, request.body))
  })

  api.put('/livreur/:id', { schema: { params: idParams, body: courierSchema, response: { 200: courierResponseSchema, ...errorResponses } } }, async (request) => {
    const me = requireStaff(request, 'admin')
    return service.updateCourier(me.id, request.params.id, request.body)
  })

  api.delete('/livreur/:id', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'admin')
    await service.deleteCourier(me.id, request.params.id)
    return reply.code(204).send(null)
  })

  api.put(
    '/commande/:numero/livreur',
    { schema: { params: orderNumberParams, body: courierAssignmentSchema, response: { 200: orderDispatchSchema, ...errorResponses } } },
    async (request) => {
      const me = requireStaff(request, 'gestionnaire')
      return service.assign(me.id, request.params.numero, request.body.livreur)
    },
  )

  api.post(
    '/commande/:numero/note',
    { schema: { params: orderNumberParams, body: orderNoteSchema, response: { 201: orderNoteResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const me = requireStaff(request, 'gestionnaire')
      return reply.code(201).send(await service.addNote(me.id, request.params.numero, request.body.texte))
    },
  )
}
