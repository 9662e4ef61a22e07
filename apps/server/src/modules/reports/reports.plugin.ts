// The reports module (issue 26 §1, ADR 059): the owner's sales report, and the one definition of
// a sale on a period that the dashboard reads too. Exposes `app.reports` (its service).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import reportsRoutes from './reports.routes.ts'
import { createReportsService, type ReportsService } from './reports.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService
  }
}

async function reports(app: FastifyInstance, opts: { summaryRateLimit?: number | undefined }) {
  const service = createReportsService({ db: app.db })
  app.decorate('reports', service)
  await registerRest(app, reportsRoutes, { service, summaryRateLimit: opts.summaryRateLimit ?? 30 })
}

export default fp(reports, { name: 'reports', dependencies: ['database', 'authentication'] })
