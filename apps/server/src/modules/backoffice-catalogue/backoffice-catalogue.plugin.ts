// The back-office catalogue module (issue 10): products, stock movements, categories,
// uploaded images and CSV import/export for staff. Writes are audited and NOTIFY every
// instance to drop its anonymous catalogue caches (ADR 018).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { createBackofficeCatalogueRepository } from './backoffice-catalogue.repository.ts'
import backofficeCatalogueRoutes from './backoffice-catalogue.routes.ts'
import { createBackofficeCatalogueService } from './backoffice-catalogue.service.ts'

async function backofficeCatalogue(app: FastifyInstance) {
  const service = createBackofficeCatalogueService({
    db: app.db,
    repo: createBackofficeCatalogueRepository(),
    audit: app.audit,
    images: app.images,
    clearCaches: () => app.catalogueCaches?.clear(),
  })
  await registerRest(app, backofficeCatalogueRoutes, { service })
}

export default fp(backofficeCatalogue, { name: 'backoffice-catalogue', dependencies: ['database', 'authentication', 'audit', 'media'] })
