// The sales report (docs/back-office-api.md « Sales report »): GET /api/rapport/ventes?du=&au=&par=
// for admins, as JSON or, with `format=csv`, as the same lines and their total in a CSV file;
// GET /api/rapport/synthese?du=&au= the page's summary (basket, customers, best and slow sellers, modes).
// The role is checked before the query is validated: a visitor learns nothing.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { REPORT_CSV_COLUMNS, salesReportQuerySchema, salesReportResponseSchema, salesSummaryQuerySchema, salesSummaryResponseSchema, type SalesReport } from '@teranga/shared/backoffice-reports'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { ReportsService } from './reports.service.ts'

function csvField(value: unknown): string {
  const text = value == null ? '' : String(value)
  // A cell a spreadsheet would run as a formula starts with a quote.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+$/.test(text) ? `'${text}` : text
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The report as a CSV file (`;`, UTF-8 with its BOM for French Excel): its lines, then the total. */
export function reportCsv(report: SalesReport): string {
  const lines = [REPORT_CSV_COLUMNS.join(';')]
  for (const l of report.lignes) lines.push(REPORT_CSV_COLUMNS.map((c) => csvField(l[c])).join(';'))
  lines.push(REPORT_CSV_COLUMNS.map((c) => csvField(c === 'cle' ? 'total' : c === 'libelle' ? 'Total' : report.total[c])).join(';'))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export default async function reportsRoutes(app: FastifyInstance, opts: { service: ReportsService }) {
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
    { config: adminOnly, schema: { querystring: salesSummaryQuerySchema, response: { 200: salesSummaryResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      requireStaff(request, 'admin')
      reply.header('cache-control', 'no-store')
      return opts.service.summary(request.query.du, request.query.au)
    },
  )
}
