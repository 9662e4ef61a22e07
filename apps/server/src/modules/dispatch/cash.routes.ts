// The cash page (issue 25 §4): GET /api/caisse?date= (a day per courier), GET /api/caisse/jours?jusqua=
// (the last 30 days) and POST /api/caisse/remise (a hand-back line), for admins and gestionnaires.
// No PUT or DELETE: a line is corrected by another line (ADR 057).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cashCourierDaySchema, cashDayQuerySchema, cashDaysQuerySchema, cashDaySummarySchema, remiseResponseSchema, remiseSchema } from '@teranga/shared/backoffice-cash'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { CashService } from './cash.service.ts'

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

  api.post('/caisse/remise', { schema: { body: remiseSchema, response: { 201: remiseResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'gestionnaire')
    return reply.code(201).send(await service.addRemise(me.id, request.body))
  })
}
