// The back-office orders' REST routes (docs/back-office-api.md « Dashboard », « Orders »): every
// route is for staff (G), the role checked before the body or query is validated.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  dashboardResponseSchema,
  orderDetailResponseSchema,
  orderStatusChangeSchema,
  ORDERS_MESSAGES as M,
  orderSummaryResponseSchema,
  refundSchema,
  slipsResponseSchema,
  SLIPS_MAX,
} from '@teranga/shared/backoffice-orders'
import { ORDER_STATUS_VALUES, type OrderStatus } from '@teranga/shared/order-status'
import { preparationSchema } from '@teranga/shared/preparation'
import { idSchema, optionalField, paginationSchema } from '@teranga/shared/schemas'
import { sendExport } from '../../lib/export-file.ts'
import { errorResponses, orderNumberParams, pageSchema } from '../../lib/rest.ts'
import { ORDER_LINES_COLUMNS } from './backoffice-orders.format.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { BackofficeOrdersService } from './backoffice-orders.service.ts'

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

export interface BackofficeOrdersRouteOptions {
  service: BackofficeOrdersService
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

  // The accountant's export (ADR 060): one row per order line, the list's filters, streamed.
  for (const format of ['csv', 'xlsx'] as const) {
    api.get(`/commande/export.${format}`, { config: staffOnly, schema: { querystring: filterQuery, response: { 200: z.unknown(), ...errorResponses } } }, async (request, reply) => {
      requireStaff(request, 'gestionnaire')
      return sendExport(reply, format, 'commandes', ORDER_LINES_COLUMNS, service.exportLines(request.query))
    })
  }

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
