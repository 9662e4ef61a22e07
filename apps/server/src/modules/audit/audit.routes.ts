// GET /api/audit: the back-office writes, newest first, for admins only; GET /api/audit/export.csv|xlsx
// the same lines with the same filters, streamed (ADR 060).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { auditEntryResponseSchema } from '@teranga/shared/backoffice-people'
import { paginationSchema } from '@teranga/shared/schemas'
import { dateFr } from '../../lib/format.ts'
import { pageTotal, toPage } from '../../lib/pagination.ts'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import { sendExport, type ExportColumn } from '../../lib/export-file.ts'
import { auditExportQuery, type AuditExportRow, type AuditRepository } from './audit.repository.ts'

const auditQuery = paginationSchema.partial().extend({
  resource: z.string().max(50).optional(),
  resource_id: z.string().max(50).optional(),
})

const exportQuery = z.object({
  resource: z.string().max(50).optional(),
  resource_id: z.string().max(50).optional(),
})

const AUDIT_COLUMNS: ExportColumn[] = [
  { header: 'Date (Dakar)', kind: 'datetime' },
  { header: 'Action', width: 24 },
  { header: 'Ressource', width: 16 },
  { header: 'Identifiant', width: 12 },
  { header: 'Membre de l’équipe', width: 28 },
  { header: 'Avant', width: 40 },
  { header: 'Après', width: 40 },
]

export default async function auditRoutes(app: FastifyInstance, opts: { repo: AuditRepository }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  for (const format of ['csv', 'xlsx'] as const) {
    api.get(`/audit/export.${format}`, { schema: { querystring: exportQuery, response: { 200: z.unknown(), ...errorResponses } } }, async (request, reply) => {
      requireStaff(request, 'admin')
      const query = auditExportQuery({ resource: request.query.resource, resourceId: request.query.resource_id })
      async function* rows() {
        for await (const batch of app.database.cursor<AuditExportRow>(query, 2000)) {
          yield batch.map((r) => [r.date, r.action, r.resource, r.resource_id, r.staff_email, r.avant, r.apres])
        }
      }
      return sendExport(reply, format, 'journal', AUDIT_COLUMNS, rows())
    })
  }

  api.get('/audit', { schema: { querystring: auditQuery, response: { 200: pageSchema(auditEntryResponseSchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    const page = { page: request.query.page ?? 1, count: request.query.count ?? 20 }
    const args = { ...page, offset: (page.page - 1) * page.count }
    const filter = { resource: request.query.resource, resourceId: request.query.resource_id }
    const rows = await opts.repo.page(filter, args)
    const total = await pageTotal(rows, args, async () => 0)
    return toPage(
      rows.map((r) => ({
        id: r.id,
        date: r.at.toISOString(),
        date_fr: dateFr.format(r.at),
        action: r.action,
        resource: r.resource,
        resource_id: r.resourceId,
        staff: r.staffId == null ? null : { id: r.staffId, email: r.staffEmail },
        avant: r.before,
        apres: r.after,
      })),
      total,
      args,
    )
  })
}
