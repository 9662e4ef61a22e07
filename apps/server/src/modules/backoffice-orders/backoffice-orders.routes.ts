// REST of the back office's orders (docs/back-office-api.md, Dashboard and Orders), staff only.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatPrix } from '@teranga/shared/money'
import { ORDER_STATUS_VALUES } from '@teranga/shared/order-status'
import { pageArgs, toPage } from '../../lib/pagination.ts'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import { ACTIONABLE, type BackofficeOrdersRepository } from './backoffice-orders.repository.ts'
import { CSV_HEADER, csvLine, orderDetailSchema, orderSummarySchema, toDetail, toSummary } from './backoffice-orders.format.ts'
import { MESSAGES } from '@teranga/shared/messages'
import { notFound } from '../../lib/errors.ts'
import { orderNumberParams } from '../../lib/rest.ts'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ')
const etatList = z
  .string()
  .max(300)
  .transform((s) => s.split(',').map((e) => e.trim()).filter(Boolean))
  .pipe(z.array(z.enum(ORDER_STATUS_VALUES as [string, ...string[]], { message: 'État de commande inconnu' })))

const filtersQuery = z.object({
  etat: etatList.optional(),
  du: day.optional(),
  au: day.optional(),
  modelivraison: z.string().max(40).optional(),
  zone: z.string().max(100).optional(),
  depot: z.coerce.number().int().positive().optional(),
  modepaiement: z.string().max(40).optional(),
  q: z.string().max(100).optional(),
})
const listQuery = filtersQuery.extend({
  page: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  sort: z.enum(['datecomm', 'montant', 'numero']).default('datecomm'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})

const tableauSchema = z.object({
  a_traiter: z.object(Object.fromEntries(ACTIONABLE.map((e) => [e, z.number()])) as Record<(typeof ACTIONABLE)[number], z.ZodNumber>),
  expirent_bientot: z.array(orderSummarySchema),
  stock_bas: z.array(z.object({ id: z.number(), designation: z.string(), code: z.string(), quantite: z.number(), seuil: z.number() })),
  ventes: z.object({ aujourdhui: z.number(), aujourdhui_fr: z.string(), sept_jours: z.number(), sept_jours_fr: z.string() }),
  courbe: z.array(z.object({ jour: z.string(), montant: z.number(), commandes: z.number() })),
})

export const CSV_MAX_ROWS = 10_000

export default async function backofficeOrdersRoutes(app: FastifyInstance, opts: { repo: BackofficeOrdersRepository; now?: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const now = opts.now ?? (() => new Date())

  api.get('/admin/tableau', { schema: { response: { 200: tableauSchema, ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    const { counts, expiring, lowStock, curve } = await opts.repo.dashboard(now())
    const aTraiter = Object.fromEntries(ACTIONABLE.map((e) => [e, counts.find((c) => c.etat === e)?.n ?? 0])) as Record<(typeof ACTIONABLE)[number], number>
    const today = curve.at(-1)?.montant ?? 0
    const week = curve.slice(-7).reduce((sum, d) => sum + d.montant, 0)
    return {
      a_traiter: aTraiter,
      expirent_bientot: expiring.map(toSummary),
      stock_bas: lowStock,
      ventes: { aujourdhui: today, aujourdhui_fr: formatPrix(today), sept_jours: week, sept_jours_fr: formatPrix(week) },
      courbe: curve,
    }
  })

  api.get('/commande', { schema: { querystring: listQuery, response: { 200: pageSchema(orderSummarySchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    const { page, count, sort, dir, ...filters } = request.query
    const args = pageArgs({ page, count })
    const { rows, total } = await opts.repo.list(filters, sort, dir, args.count, args.offset)
    return toPage(rows.map(toSummary), total, args)
  })

  api.get('/commande/export.csv', { schema: { querystring: filtersQuery, response: { 200: z.string(), ...errorResponses } } }, async (request, reply) => {
    requireStaff(request, 'gestionnaire')
    const { rows } = await opts.repo.list(request.query, 'datecomm', 'desc', CSV_MAX_ROWS, 0)
    const body = '\uFEFF' + [CSV_HEADER.join(';'), ...rows.map((r) => csvLine(toSummary(r)))].join('\r\n') + '\r\n'
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="commandes.csv"')
      .serializer((s: unknown) => s as string)
      .send(body)
  })

  const bonsQuery = z.object({
    numeros: z
      .string()
      .max(50 * 41)
      .transform((s) => [...new Set(s.split(',').map((n) => n.trim()).filter(Boolean))])
      .pipe(z.array(z.string().regex(/^[\w-]{4,40}$/, 'Numéro de commande invalide')).min(1, 'Au moins une commande').max(50, 'Au plus 50 commandes')),
  })

  api.get('/admin/commande/bons', { schema: { querystring: bonsQuery, response: { 200: z.object({ data: z.array(orderDetailSchema) }), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    return { data: (await opts.repo.details(request.query.numeros)).map(toDetail) }
  })

  api.get('/admin/commande/:numero', { schema: { params: orderNumberParams, response: { 200: orderDetailSchema, ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    const [found] = await opts.repo.details([request.params.numero])
    if (!found) throw notFound(MESSAGES.orderNotFound)
    return toDetail(found)
  })
}
