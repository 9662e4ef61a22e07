// The sales report (docs/back-office-api.md « Sales report »): GET /api/rapport/ventes?du=&au=&par=
// for admins, as JSON or, with `format=csv`, as the same lines and their total in a CSV file;
// GET /api/rapport/synthese?du=&au= the page's summary (basket, customers, best and slow sellers, modes).
// The role is checked before the query is validated: a visitor learns nothing.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { REPORT_CSV_COLUMNS, salesReportQuerySchema, salesReportResponseSchema, salesSummaryQuerySchema, salesSummaryResponseSchema, type SalesReport } from '@teranga/shared/backoffice-reports'
import { csvDocument } from '../../lib/export-file.ts'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { ReportsService } from './reports.service.ts'

/** The report as a CSV file (`;`, UTF-8 with its BOM for French Excel): its lines, then the total. */
export function reportCsv(report: SalesReport): string {
  const rows = report.lignes.map((l) => REPORT_CSV_COLUMNS.map((c) => l[c]))
  rows.push(REPORT_CSV_COLUMNS.map((c) => (c === 'cle' ? 'total' : c === 'libelle' ? 'Total' : report.total[c])))
  return csvDocument(REPORT_CSV_COLUMNS, rows)
}

export default async function reportsRoutes(app: FastifyInstance, opts: { service: ReportsService; summaryRateLimit: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const adminOnly = { staffRole: 'admin' as const }

  app.addHook('preValidation', async (request) => {
    const role = request.routeOptions.config.staffRole
    if (role) requireStaff(request, role)
  })

  api.get(
    '/rapport/ventes',
    { config: adminOnly, schema: { querystring: salesReportQuerySchema, response: { 200: z.union([salesReportResponseSchema, z.string()]), ...errorResponses } } },
    async (request, reply) => {
      requireStaff(request, 'admin')
      const { du, au, par, format } = request.query
      const report = await opts.service.sales(du, au, par)
      reply.header('cache-control', 'no-store')
      if (format === 'json') return report
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ventes-${du}-${au}-${par}.csv"`)
        .serializer((p: unknown) => p as string)
        .send(reportCsv(report))
    },
  )

  api.get(
    '/rapport/synthese',
    {
      config: {
        ...adminOnly,
        // Five statements at once on the pool per call: a few a minute per admin, counted once
        // the role is checked (preHandler), so a refusal costs nothing.
        rateLimit: { max: opts.summaryRateLimit, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => `rapport-synthese:${request.user?.id ?? request.ip}` },
      },
      schema: { querystring: salesSummaryQuerySchema, response: { 200: salesSummaryResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      requireStaff(request, 'admin')
      reply.header('cache-control', 'no-store')
      return opts.service.summary(request.query.du, request.query.au)
    },
  )
}
