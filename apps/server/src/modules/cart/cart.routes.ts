// POST /api/panier {produit, user, quantite, action}: answers the updated cart.
// POST /api/commande/{numero}/recommander: an earlier order's lines back in the cart (ADR 057).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cartLineSchema } from '@teranga/shared/schemas'
import { reorderAnswerSchema } from '@teranga/shared/reorder-answer'
import { errorResponses, orderNumberParams } from '../../lib/rest.ts'
import { requireSelf, requireUser } from '../../plugins/authentication.ts'
import { panierSchema } from './cart.format.ts'
import type { CartService } from './cart.service.ts'

export default async function cartRoutes(app: FastifyInstance, opts: { service: CartService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post('/panier', { schema: { body: cartLineSchema, response: { 200: z.object({ panier: panierSchema }), ...errorResponses } } }, async (request) => {
    const user = requireSelf(request, request.body.user)
    return opts.service.apply(user.id, request.body)
  })

  api.post(
    '/commande/:numero/recommander',
    { schema: { params: orderNumberParams, response: { 200: reorderAnswerSchema, ...errorResponses } } },
    async (request) => opts.service.reorder(requireUser(request).id, request.params.numero),
  )
}
