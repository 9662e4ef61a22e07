// The cash page (issue 25 §4): GET /api/caisse?date= (a day per courier), GET /api/caisse/jours?jusqua=
// (the last 30 days), GET /api/caisse/export.csv|xlsx?du=&au= (each courier's days, ADR 060) and
// POST /api/caisse/remise (a hand-back line), for admins and gestionnaires.
// No PUT or DELETE: a line is corrected by another line (ADR 057).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cashCourierDaySchema, cashDayQuerySchema, cashExportQuerySchema, cashDaysQuerySchema, cashDaySummarySchema, remiseResponseSchema, remiseSchema } from '@teranga/shared/backoffice-cash'
import { sendExport, type ExportColumn } from '../../lib/export-file.ts'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { CashService } from './cash.service.ts'

const CASH_COLUMNS: ExportColumn[] = [
  { header: 'Date', kind: 'date' },
  { header: 'Livreur', width: 22 },
  { header: 'Commandes', kind: 'number' },
  { header: 'À encaisser', kind: 'amount' },
  { header: 'Encaissé', kind: 'amount' },
  { header: 'Remis', kind: 'amount' },
  { header: 'Écart', kind: 'amount' },
  { header: 'Écart d’encaissement', kind: 'amount' },
]

export default async function cashRoutes(app: FastifyInstance, opts: { service: CashService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts

  api.get('/caisse', { schema: { querystring: cashDayQuerySchema, response: { 200: z.array(cashCourierDaySchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    return service.day(request.query.date)
  })

  api.get('/caisse/jours', { schema: { querystring: cashDaysQuerySchema, response: { 200: z.array(cashDaySummarySchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    return service.days(request.query.jusqua)
  })

  for (const format of ['csv', 'xlsx'] as const) {
    api.get(`/caisse/export.${format}`, { schema: { querystring: cashExportQuerySchema, response: { 200: z.unknown(), ...errorResponses } } }, async (request, reply) => {
      requireStaff(request, 'gestionnaire')
      const { du, au } = request.query
      const days = await service.range(du, au)
      const rows = days.map((d) => [d.date, d.livreur.nom, d.commandes, d.a_encaisser, d.encaisse, d.remis, d.ecart, d.ecart_encaissement])
      return sendExport(reply, format, `caisse-${du}-${au}`, CASH_COLUMNS, [rows])
    })
  }

  api.post('/caisse/remise', { schema: { body: remiseSchema, response: { 201: remiseResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'gestionnaire')
    return reply.code(201).send(await service.addRemise(me.id, request.body))
  })
}
