// The back-office orders' REST routes (docs/back-office-api.md « Dashboard », « Orders »): every
// route is for staff (G), the role checked before the body or query is validated.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  dashboardResponseSchema,
  orderDetailResponseSchema,
  ORDERS_EXPORT_MAX,
  orderStatusChangeSchema,
  ORDERS_MESSAGES as M,
  orderSummaryResponseSchema,
  refundSchema,
  slipsResponseSchema,
  SLIPS_MAX,
  type OrderSummary,
} from '@teranga/shared/backoffice-orders'
import { ORDER_STATUS_VALUES, type OrderStatus } from '@teranga/shared/order-status'
import { preparationSchema } from '@teranga/shared/preparation'
import { idSchema, optionalField, paginationSchema } from '@teranga/shared/schemas'
import { errorResponses, orderNumberParams, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { BackofficeOrdersService } from './backoffice-orders.service.ts'
import type { SummaryRow } from './backoffice-orders.repository.ts'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dateInvalid }).refine((d) => !Number.isNaN(Date.parse(d)), { error: M.dateInvalid })

const filterQuery = z.object({
  etat: z
    .string()
    .max(300)
    .transform((v) => v.split(',').map((e) => e.trim()).filter(Boolean))
    .refine((list) => list.every((e) => (ORDER_STATUS_VALUES as string[]).includes(e)), { error: M.etatInvalid })
    .optional(),
  du: optionalField(day),
  au: optionalField(day),
  modelivraison: z.string().trim().max(30).optional(),
  zone: z.string().trim().max(100).optional(),
  depot: optionalField(idSchema),
  /** The orders a courier carries now (a round's slips). */
  livreur: optionalField(idSchema),
  modepaiement: z.string().trim().max(30).optional(),
  q: z.string().trim().max(100).optional(),
  /** The delivery slot's date, and the slot (issue 25 §1). */
  creneau_date: optionalField(day),
  creneau: optionalField(idSchema),
})

const listQuery = filterQuery.extend({
  ...paginationSchema.partial().shape,
  sort: z.enum(['datecomm', 'montant', 'numero', 'creneau']).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
})

const slipsQuery = z.object({
  numeros: z
    .string({ error: M.numerosInvalid })
    .max(SLIPS_MAX * 41)
    .transform((v) => [...new Set(v.split(',').map((n) => n.trim()).filter(Boolean))])
    .refine((list) => list.length >= 1 && list.length <= SLIPS_MAX && list.every((n) => /^[\w-]{4,40}$/.test(n)), { error: M.numerosInvalid }),
})

const CSV_COLUMNS = ['numero', 'date', 'etat', 'client', 'telephone', 'total', 'modepaiement', 'modelivraison', 'zone', 'depot', 'a_rembourser']

function csvField(value: unknown): string {
  const text = value == null ? '' : String(value)
  // A cell a spreadsheet would run as a formula starts with a quote.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+$/.test(text) ? `'${text}` : text
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

function toCsv(rows: SummaryRow[], summary: (r: SummaryRow) => OrderSummary): string {
  const lines = [CSV_COLUMNS.join(';')]
  for (const row of rows) {
    const o = summary(row)
    lines.push(
      [o.numero, o.date_fr, o.etat_text, o.client.nom, o.client.telephone, o.total, o.modepaiement.designation, o.modelivraison.designation, o.zone, o.depot?.designation, o.a_rembourser ? 'oui' : 'non']
        .map(csvField)
        .join(';'),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export interface BackofficeOrdersRouteOptions {
  service: BackofficeOrdersService
  summary: (r: SummaryRow) => OrderSummary
}

export default async function backofficeOrdersRoutes(app: FastifyInstance, opts: BackofficeOrdersRouteOptions) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staffOnly = { staffRole: 'gestionnaire' as const }

  // The role is checked before the query or body is validated: a visitor learns nothing.
  app.addHook('preValidation', async (request) => {
    const role = request.routeOptions.config.staffRole
    if (role) requireStaff(request, role)
  })

  api.get('/admin/tableau', { config: staffOnly, schema: { response: { 200: dashboardResponseSchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.dashboard()
  })

  api.get('/commande', { config: staffOnly, schema: { querystring: listQuery, response: { 200: pageSchema(orderSummaryResponseSchema), ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    const { page = 1, count = 20, sort = 'datecomm', dir, ...filter } = request.query
    return service.list(filter, sort, dir ?? (sort === 'datecomm' ? 'desc' : 'asc'), { page, count, offset: (page - 1) * count })
  })

  api.get('/commande/export.csv', { config: staffOnly, schema: { querystring: filterQuery, response: { 200: z.string(), ...errorResponses } } }, async (request, reply) => {
    requireStaff(request, 'gestionnaire')
    const rows = await service.exportRows(request.query, ORDERS_EXPORT_MAX)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="commandes.csv"')
      .serializer((p: unknown) => p as string)
      .send(toCsv(rows, opts.summary))
  })

  api.get('/admin/commande/bons', { config: staffOnly, schema: { querystring: slipsQuery, response: { 200: slipsResponseSchema, ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    return { data: await service.details(request.query.numeros) }
  })

  api.get('/admin/commande/:numero', { config: staffOnly, schema: { params: orderNumberParams, response: { 200: orderDetailResponseSchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.detail(request.params.numero)
  })

  api.post(
    '/commande/:numero/etat',
    { config: staffOnly, schema: { params: orderNumberParams, body: orderStatusChangeSchema, response: { 200: orderDetailResponseSchema, ...errorResponses } } },
    (request) => {
      const staff = requireStaff(request, 'gestionnaire')
      return service.changeState(staff, request.params.numero, request.body.etat as OrderStatus, request.body.motif ?? null)
    },
  )

  api.post(
    '/commande/:numero/preparation',
    { config: staffOnly, schema: { params: orderNumberParams, body: preparationSchema, response: { 200: orderDetailResponseSchema, ...errorResponses } } },
    (request) => {
      const staff = requireStaff(request, 'gestionnaire')
      return service.prepare(staff, request.params.numero, request.body)
    },
  )

  api.post(
    '/commande/:numero/remboursement',
    { config: staffOnly, schema: { params: orderNumberParams, body: refundSchema, response: { 200: orderDetailResponseSchema, ...errorResponses } } },
    (request) => {
      const staff = requireStaff(request, 'gestionnaire')
      return service.refund(staff, request.params.numero, request.body)
    },
  )
}
