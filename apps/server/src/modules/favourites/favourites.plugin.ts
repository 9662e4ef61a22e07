// The favourites module: the products a signed-in client keeps for later.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { favouritesGraphql } from './favourites.graphql.ts'
import { createFavouritesRepository } from './favourites.repository.ts'
import favouritesRoutes from './favourites.routes.ts'
import { createFavouritesService } from './favourites.service.ts'

async function favourites(app: FastifyInstance) {
  const service = createFavouritesService(createFavouritesRepository(app.db))
  app.addGraphqlModule(favouritesGraphql(service))
  await registerRest(app, favouritesRoutes, { service })
}

export default fp(favourites, { name: 'favourites', dependencies: ['database', 'graphql-modules', 'catalogue'] })
