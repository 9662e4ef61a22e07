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

export interface CataloguePluginOptions {
  /** How long answers every visitor sees alike are kept (the anonymous cache's TTL). */
  publicTtlMs?: number
}

async function catalogue(app: FastifyInstance, opts: CataloguePluginOptions) {
  const service = createCatalogueService(createCatalogueRepository(app.db), {
    publicTtlMs: opts.publicTtlMs ?? 0,
    onLookup: app.hasDecorator('metrics') ? (hit) => app.metrics.cacheLookup('catalogue', hit) : undefined,
  })
  // A catalogue write empties it at once, on every instance.
  if (app.hasDecorator('catalogueCaches')) app.catalogueCaches.add(service.clear)
  app.decorate('catalogue', service)
  app.addGraphqlModule(catalogueGraphql(service))
  await registerRest(app, catalogueRoutes, { service })
}

export default fp(catalogue, { name: 'catalogue', dependencies: ['database', 'graphql-modules'] })
