// REST for orders (DESIGN §4): place one from the server cart (with an Idempotency-Key), read
// one by its number, cancel one while it waits (the token's customer). The back office's
// state moves live in modules/backoffice-orders.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ORDER_RATE_LIMIT_PER_MINUTE } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { suiviSchema } from '@teranga/shared/order-messages'
import { supplementAcceptSchema } from '@teranga/shared/preparation'
import { idempotencyKeySchema, orderSchema } from '@teranga/shared/schemas'
import { AppError, notFound } from '../../lib/errors.ts'
import { errorResponses, orderNumberParams } from '../../lib/rest.ts'
import { requireUser } from '../../plugins/authentication.ts'
import type { OrderLifecycle } from './order-lifecycle.service.ts'
import { commandeSchema, toSuivi } from './orders.format.ts'
import { PlacementBusy, type OrderPlacementService } from './orders-placement.service.ts'
import type { OrderPreparationService } from './orders-preparation.service.ts'

const commandeAnswer = z.object({ commande: commandeSchema })
const trackingQuery = z.object({ k: z.string().max(100).optional() })

export default async function ordersRoutes(
  app: FastifyInstance,
  opts: {
    placement: OrderPlacementService
    lifecycle: OrderLifecycle
    orderRateLimit?: number | undefined
    /** The check of a tracking link's key (ADR 034), by the module that provides it (ADR 049). */
    tracking: { trackingKeyMatches(numero: string, key: string | undefined): boolean; supplementKeyMatches(numero: string, key: string | undefined): boolean }
    preparation: Pick<OrderPreparationService, 'acceptSupplement'>
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/commande',
    {
      schema: {
        body: orderSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }).loose(),
        // 201 placed; 200 the same Idempotency-Key again: the order it placed.
        response: { 200: commandeAnswer, 201: commandeAnswer, ...errorResponses },
      },
      // Per customer, once the token is known (a shared carrier address is many customers),
      // counted in the database for every instance at once (ADR 031).
      preHandler: async (request, reply) => {
        const user = requireUser(request)
        const verdict = await app.limits.hit('order', String(user.id), opts.orderRateLimit ?? ORDER_RATE_LIMIT_PER_MINUTE, 60_000)
        if (verdict.allowed) return
        reply.header('retry-after', verdict.retryAfterSeconds)
        throw new AppError(429, 'TOO_MANY_REQUESTS', MESSAGES.orderRateLimited)
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      try {
        const { status, commande } = await opts.placement.place(user.id, request.body, request.headers['idempotency-key'])
        return reply.status(status).send({ commande })
      } catch (error) {
        if (error instanceof PlacementBusy) reply.header('retry-after', String(error.retryAfterSeconds))
        throw error
      }
    },
  )

  api.get('/commande/:numero', { schema: { params: orderNumberParams, response: { 200: commandeAnswer, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    return { commande: await opts.placement.get(user, request.params.numero) }
  })

  api.post(
    '/commande/:numero/annulation',
    { schema: { params: orderNumberParams, response: { 200: commandeAnswer, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request)
      return { commande: await opts.lifecycle.cancelByClient(user.id, request.params.numero) }
    },
  )

  // The tracking page's order, for whoever holds the link a message carried (ADR 034): its state,
  // lines and amounts, nothing else of the customer's. A wrong or missing key is the same 404 as
  // an unknown order, so that a number alone tells nothing.
  api.get(
    '/suivi/:numero',
    { schema: { params: orderNumberParams, querystring: trackingQuery, response: { 200: z.object({ commande: suiviSchema }), ...errorResponses } } },
    async (request, reply) => {
      const { numero } = request.params
      if (!opts.tracking.trackingKeyMatches(numero, request.query.k)) throw notFound(MESSAGES.orderNotFound)
      const found = await opts.placement.track(numero)
      if (!found) throw notFound(MESSAGES.orderNotFound)
      reply.header('cache-control', 'no-store')
      return { commande: toSuivi(found) }
    },
  )

  // A dearer substitute's difference accepted by the shopper (ADR 055), through the signed link
  // of the preparation's message: without it, a wrong key, or an unknown order, the same 404.
  api.post(
    '/suivi/:numero/supplement',
    { schema: { params: orderNumberParams, body: supplementAcceptSchema, response: { 200: z.object({ commande: suiviSchema }), ...errorResponses } } },
    async (request, reply) => {
      const { numero } = request.params
      if (!opts.tracking.supplementKeyMatches(numero, request.body.k)) throw notFound(MESSAGES.orderNotFound)
      await opts.preparation.acceptSupplement(numero)
      const found = await opts.placement.track(numero)
      if (!found) throw notFound(MESSAGES.orderNotFound)
      reply.header('cache-control', 'no-store')
      return { commande: toSuivi(found) }
    },
  )
}
