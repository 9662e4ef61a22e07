// Delivery slots' REST routes (issue 25 §1, ADR 054). Back office, admins only: GET|POST
// /api/creneau, PUT|DELETE /api/creneau/{id}, GET|POST|DELETE /api/fermeture (?date=), DELETE /api/fermeture/{id}.
// Anyone: GET /api/creneaux?zone={id} (home delivery) or ?depot={id} (pickup), the next 7 days.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fermetureResponseSchema, fermetureSchema, offeredSlotSchema, slotDateSchema, slotResponseSchema, slotSchema } from '@teranga/shared/delivery-slots'
import { MESSAGES } from '@teranga/shared/server-messages'
import { fromDecimalDigits, idSchema } from '@teranga/shared/schemas'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { DeliverySlotsService } from './delivery-slots.service.ts'

const idParams = z.object({ id: idSchema })
const offeredQuery = z.object({
  zone: fromDecimalDigits(z.number({ error: MESSAGES.orderZoneUnknown }).int({ error: MESSAGES.orderZoneUnknown }).positive({ error: MESSAGES.orderZoneUnknown }).max(2_147_483_647, { error: MESSAGES.orderZoneUnknown })).optional(),
  depot: fromDecimalDigits(z.number({ error: MESSAGES.orderDepotRequired }).int({ error: MESSAGES.orderDepotRequired }).positive({ error: MESSAGES.orderDepotRequired }).max(2_147_483_647, { error: MESSAGES.orderDepotRequired })).optional(),
})

/** The open slots change as orders come: a short shared cache, as the catalogue's reads. */
const OFFERED_MAX_AGE_SECONDS = 30

export default async function deliverySlotsRoutes(app: FastifyInstance, opts: { service: DeliverySlotsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts
  // Admins only, checked before any body: a visitor gets 401, any other staff 403 (a slot's
  // capacity is the owner's decision; the orders list shows each order's slot to everyone).
  const admin = { onRequest: async (request: Parameters<typeof requireStaff>[0]) => void requireStaff(request, 'admin') }
  const staffId = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'admin').id

  api.get('/creneau', { ...admin, schema: { response: { 200: z.array(slotResponseSchema), ...errorResponses } } }, async () => service.slots())
  api.post('/creneau', { ...admin, schema: { body: slotSchema, response: { 201: slotResponseSchema, ...errorResponses } } }, async (request, reply) =>
    reply.status(201).send(await service.createSlot(staffId(request), request.body)),
  )
  api.put('/creneau/:id', { ...admin, schema: { params: idParams, body: slotSchema, response: { 200: slotResponseSchema, ...errorResponses } } }, async (request) =>
    service.updateSlot(staffId(request), request.params.id, request.body),
  )
  api.delete('/creneau/:id', { ...admin, schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await service.deleteSlot(staffId(request), request.params.id)
    return reply.status(204).send(null)
  })

  api.get('/fermeture', { ...admin, schema: { response: { 200: z.array(fermetureResponseSchema), ...errorResponses } } }, async () => service.fermetures())
  api.post('/fermeture', { ...admin, schema: { body: fermetureSchema, response: { 201: fermetureResponseSchema, ...errorResponses } } }, async (request, reply) =>
    reply.status(201).send(await service.createFermeture(staffId(request), request.body)),
  )
  // The issue's `DELETE /api/fermeture` names the day by its date; `/fermeture/{id}` by its id.
  api.delete('/fermeture', { ...admin, schema: { querystring: z.object({ date: slotDateSchema }), response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await service.deleteFermetureOn(staffId(request), request.query.date)
    return reply.status(204).send(null)
  })
  api.delete('/fermeture/:id', { ...admin, schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await service.deleteFermeture(staffId(request), request.params.id)
    return reply.status(204).send(null)
  })

  api.get('/creneaux', { schema: { querystring: offeredQuery, response: { 200: z.array(offeredSlotSchema), ...errorResponses } } }, async (request, reply) => {
    if (!request.headers.authorization) reply.header('cache-control', `public, max-age=${OFFERED_MAX_AGE_SECONDS}`)
    return service.offered({ zoneId: request.query.zone ?? null, depotId: request.query.depot ?? null })
  })
}
