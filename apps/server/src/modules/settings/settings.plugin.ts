// The settings module (issue 10): zones, depots, payment modes, slideshow, preferences and
// loyalty tiers, for admins only: routes → service → repository.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import settingsRoutes from './settings.routes.ts'
import { createSettingsService } from './settings.service.ts'

async function settings(app: FastifyInstance) {
  await registerRest(app, settingsRoutes, { service: createSettingsService({ db: app.db, audit: app.audit, clearCaches: () => app.catalogueCaches?.clear() }) })
}

export default fp(settings, { name: 'settings', dependencies: ['database', 'authentication', 'audit'] })
