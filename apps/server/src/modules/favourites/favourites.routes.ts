// REST favourites (DESIGN §4): POST /api/favorie {client, produit}, DELETE /api/favorie/{produit}.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { favouriteSchema, idSchema } from '@teranga/shared/schemas'
import { errorResponses, messageSchema } from '../../lib/rest.ts'
import { requireSelf, requireUser } from '../../plugins/authentication.ts'
import { favoriAddedSchema } from './favourites.format.ts'
import type { FavouritesService } from './favourites.service.ts'

export default async function favouritesRoutes(app: FastifyInstance, opts: { service: FavouritesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts

  api.post('/favorie', { schema: { body: favouriteSchema, response: { 201: favoriAddedSchema, ...errorResponses } } }, async (request, reply) => {
    const user = requireSelf(request, request.body.client)
    reply.status(201)
    return service.add(user.id, request.body.produit)
  })

  api.delete(
    '/favorie/:produit',
    { schema: { params: z.object({ produit: idSchema }), response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request)
      return service.remove(user.id, request.params.produit)
    },
  )
}
