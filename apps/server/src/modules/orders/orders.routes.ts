// REST for orders (DESIGN §4): place one from the server cart (with an Idempotency-Key), read
// one by its number, cancel one while it waits. Always the token's customer.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idempotencyKeySchema, orderSchema } from '@teranga/shared/schemas'
import { requireUser } from '../../plugins/authentication.ts'
import type { OrderPlacementService } from './orders-placement.service.ts'

const numeroParams = z.object({ numero: z.string().regex(/^[\w-]{4,40}$/) })

export default async function ordersRoutes(app: FastifyInstance, opts: { placement: OrderPlacementService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/commande',
    { schema: { body: orderSchema, headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }).loose() } },
    async (request, reply) => {
      const user = requireUser(request)
      const { status, commande } = await opts.placement.place(user.id, request.body, request.headers['idempotency-key'])
      return reply.status(status).send({ commande })
    },
  )

  api.get('/commande/:numero', { schema: { params: numeroParams } }, async (request) => {
    const user = requireUser(request)
    return { commande: await opts.placement.get(user, request.params.numero) }
  })

  api.post('/commande/:numero/annulation', { schema: { params: numeroParams } }, async (request) => {
    const user = requireUser(request)
    return { commande: await opts.placement.cancel(user.id, request.params.numero) }
  })
}
