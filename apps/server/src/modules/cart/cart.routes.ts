// POST /api/panier {produit, user, quantite, action}: answers the updated cart.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { cartLineSchema } from '@teranga/shared/schemas'
import { requireSelf } from '../../plugins/authentication.ts'
import type { CartService } from './cart.service.ts'

export default async function cartRoutes(app: FastifyInstance, opts: { service: CartService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post('/panier', { schema: { body: cartLineSchema } }, async (request) => {
    const user = requireSelf(request, request.body.user)
    return opts.service.apply(user.id, request.body)
  })
}
