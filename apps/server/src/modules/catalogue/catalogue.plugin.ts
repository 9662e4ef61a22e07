// The catalogue module: products, categories, slides and the shop's preferences, read by
// everyone. Exposes `app.catalogue` (its service) to the modules that need it.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { catalogueGraphql } from './catalogue.graphql.ts'
import { createCatalogueRepository } from './catalogue.repository.ts'
import catalogueRoutes from './catalogue.routes.ts'
import { createCatalogueService, type CatalogueService } from './catalogue.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService
  }
}

async function catalogue(app: FastifyInstance) {
  const service = createCatalogueService(createCatalogueRepository(app.db))
  app.decorate('catalogue', service)
  app.addGraphqlModule(catalogueGraphql(service))
  await registerRest(app, catalogueRoutes, { service })
}

export default fp(catalogue, { name: 'catalogue', dependencies: ['database', 'graphql-modules'] })
