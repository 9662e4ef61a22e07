// The courier's phone (issue 25 §3, ADR 056), for the `livreur` role only (every other route
// refuses it, plugins/authentication.ts): GET /api/livraisons (« Mes livraisons »),
// POST /api/livraisons/{numero}/livree {montant_encaisse?} and
// POST /api/livraisons/{numero}/echec {raison, precision?}.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { courierDeliveriesSchema, deliveredSchema, deliveryFailureSchema } from '@teranga/shared/backoffice-dispatch'
import { errorResponses, orderNumberParams } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { CourierService } from './courier.service.ts'

/** The routes a courier's token opens (every other refuses it before anything runs). */
const livreur = { livreur: true }

export default async function courierRoutes(app: FastifyInstance, opts: { service: CourierService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts

  api.get('/livraisons', { config: livreur, schema: { response: { 200: courierDeliveriesSchema, ...errorResponses } } }, async (request) => {
    const me = requireStaff(request, 'livreur')
    return service.today(me.id)
  })

  api.post(
    '/livraisons/:numero/livree',
    { config: livreur, schema: { params: orderNumberParams, body: deliveredSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = requireStaff(request, 'livreur')
      await service.delivered(me.id, request.params.numero, request.body)
      return reply.code(204).send(null)
    },
  )

  api.post(
    '/livraisons/:numero/echec',
    { config: livreur, schema: { params: orderNumberParams, body: deliveryFailureSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = requireStaff(request, 'livreur')
      await service.failed(me.id, request.params.numero, request.body)
      return reply.code(204).send(null)
    },
  )
}
