// The content module (issue 19 §2): the shop's own pages the owner writes (CGV, FAQ, delivery,
// contact), in Markdown rendered safely on the server: routes → service → repository. Exposes
// `app.content` (its service) to the sitemap.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { contentGraphql } from './content.graphql.ts'
import contentRoutes from './content.routes.ts'
import { createContentService, type ContentService } from './content.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService
  }
}

async function content(app: FastifyInstance) {
  const service = createContentService({ db: app.db, audit: app.audit, clearCaches: () => app.catalogueCaches?.clear() })
  app.decorate('content', service)
  app.addGraphqlModule(contentGraphql(service))
  await registerRest(app, contentRoutes, { service })
}

export default fp(content, { name: 'content', dependencies: ['database', 'audit', 'graphql-modules'] })
