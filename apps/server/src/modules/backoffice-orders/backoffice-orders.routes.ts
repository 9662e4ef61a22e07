// The back-office orders' REST routes (docs/back-office-api.md « Dashboard », « Orders »): every
// route is for staff (G), the role checked before the body or query is validated.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  EVENT_STREAMS_PER_STAFF,
  ORDERS_EXPORT_MAX,
  orderStatusChangeSchema,
  ORDERS_MESSAGES as M,
  refundSchema,
  SLIPS_MAX,
} from '@teranga/shared/backoffice-orders'
import { ORDER_STATUS_VALUES, type OrderStatus } from '@teranga/shared/order-status'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import { AppError } from '../../lib/errors.ts'
import { errorResponses, orderNumberParams, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import { dashboardSchema, orderDetailSchema, orderSummarySchema } from './backoffice-orders.format.ts'
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
  du: day.optional(),
  au: day.optional(),
  modelivraison: z.string().trim().max(30).optional(),
  zone: z.string().trim().max(100).optional(),
  depot: idSchema.optional(),
  modepaiement: z.string().trim().max(30).optional(),
  q: z.string().trim().max(100).optional(),
})

const listQuery = filterQuery.extend({
  ...paginationSchema.partial().shape,
  sort: z.enum(['datecomm', 'montant', 'numero']).optional(),
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

function toCsv(rows: SummaryRow[], summary: (r: SummaryRow) => z.infer<typeof orderSummarySchema>): string {
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
  events: FastifyInstance['orderEvents']
  summary: (r: SummaryRow) => z.infer<typeof orderSummarySchema>
  pingEveryMs?: number
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

  api.get('/admin/tableau', { config: staffOnly, schema: { response: { 200: dashboardSchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.dashboard()
  })

  api.get('/commande', { config: staffOnly, schema: { querystring: listQuery, response: { 200: pageSchema(orderSummarySchema), ...errorResponses } } }, (request) => {
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

  api.get('/admin/commande/bons', { config: staffOnly, schema: { querystring: slipsQuery, response: { 200: z.object({ data: z.array(orderDetailSchema) }), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    return { data: await service.details(request.query.numeros) }
  })

  api.get('/admin/commande/:numero', { config: staffOnly, schema: { params: orderNumberParams, response: { 200: orderDetailSchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.detail(request.params.numero)
  })

  api.post(
    '/commande/:numero/etat',
    { config: staffOnly, schema: { params: orderNumberParams, body: orderStatusChangeSchema, response: { 200: orderDetailSchema, ...errorResponses } } },
    (request) => {
      const staff = requireStaff(request, 'gestionnaire')
      return service.changeState(staff, request.params.numero, request.body.etat as OrderStatus, request.body.motif ?? null)
    },
  )

  api.post(
    '/commande/:numero/remboursement',
    { config: staffOnly, schema: { params: orderNumberParams, body: refundSchema, response: { 200: orderDetailSchema, ...errorResponses } } },
    (request) => {
      const staff = requireStaff(request, 'gestionnaire')
      return service.refund(staff, request.params.numero, request.body.motif)
    },
  )

  // ---------- live events (SSE) ----------

  const openStreams = new Map<number, number>()
  const closers = new Set<() => void>()
  // Open streams end before the server closes (it would otherwise wait for them).
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close()
  })

  api.get(
    '/admin/evenements',
    {
      config: { ...staffOnly, queryToken: true },
      schema: { querystring: z.object({ token: z.string().max(200).optional() }), response: { 200: z.string(), ...errorResponses } },
    },
    (request, reply) => {
      const staff = requireStaff(request, 'gestionnaire')
      const open = openStreams.get(staff.id) ?? 0
      if (open >= EVENT_STREAMS_PER_STAFF) throw new AppError(429, 'TOO_MANY_REQUESTS', M.tooManyStreams)
      openStreams.set(staff.id, open + 1)

      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      res.write(': connecté\n\n')
      const send = (data: { type: 'placed' | 'state'; numero: string; etat: string }) => res.write(`event: commande\ndata: ${JSON.stringify(data)}\n\n`)
      const offPlaced = opts.events.on('placed', (e) => void send({ type: 'placed', numero: e.numero, etat: e.etat }))
      const offState = opts.events.on('stateChanged', (e) => void send({ type: 'state', numero: e.numero, etat: e.to }))
      const ping = setInterval(() => res.write(': ping\n\n'), opts.pingEveryMs ?? 25_000)
      ping.unref()
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        clearInterval(ping)
        offPlaced()
        offState()
        closers.delete(close)
        const left = (openStreams.get(staff.id) ?? 1) - 1
        if (left <= 0) openStreams.delete(staff.id)
        else openStreams.set(staff.id, left)
        if (!res.writableEnded) res.end()
      }
      closers.add(close)
      request.raw.on('close', close)
      res.on('close', close)
      res.on('error', close)
    },
  )
}
