// The customers (both staff roles): GET /api/client (search, sort, page), GET /api/client/{id}
// (addresses, last 20 orders, last 50 points movements), POST /api/client/{id}/points (a manual
// adjustment through the loyalty service, audited; never to a negative balance: 409).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { customerDetailResponseSchema, customerResponseSchema, pointsAdjustmentResultSchema } from '@teranga/shared/backoffice-people'
import { pointsAdjustmentSchema, SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { formatPrix } from '@teranga/shared/money'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import { conflict, notFound } from '../../lib/errors.ts'
import { dateFr } from '../../lib/format.ts'
import { pageTotal, toPage } from '../../lib/pagination.ts'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import { createLoyaltyService } from '../loyalty/loyalty.service.ts'
import { sendExport, type ExportColumn } from '../../lib/export-file.ts'
import { CUSTOMER_SORTS, createCustomersRepository, customersExportQuery, type CustomerExportRow, type CustomersRepository } from './customers.repository.ts'

const idParams = z.object({ id: idSchema })
const listQuery = paginationSchema.partial().extend({
  q: z.string().max(100).optional(),
  sort: z.enum(CUSTOMER_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
})

const exportQuery = z.object({
  q: z.string().max(100).optional(),
  /** `1`: the default address's columns too (ADR 060); without it, no address leaves the shop. */
  adresses: z.enum(['0', '1'], { error: 'Le paramètre adresses vaut 0 ou 1.' }).optional(),
})

/** The customers' export (ADR 060): French headers, stable order; the address columns last, only when asked. */
const CUSTOMER_COLUMNS: ExportColumn[] = [
  { header: 'Identifiant', kind: 'number' },
  { header: 'Prénom', width: 18 },
  { header: 'Nom', width: 18 },
  { header: 'E-mail', width: 28 },
  { header: 'Téléphone', width: 16 },
  { header: 'Inscrit le', kind: 'datetime' },
  { header: 'Commandes', kind: 'number' },
  { header: 'Points', kind: 'number' },
  { header: 'Privilège', width: 14 },
]
const ADDRESS_COLUMNS: ExportColumn[] = [{ header: 'Adresse', width: 36 }, { header: 'Zone', width: 16 }, { header: 'Point de repère', width: 28 }]
const EXPORT_BATCH = 2000

type Row = NonNullable<Awaited<ReturnType<CustomersRepository['find']>>>
const toItem = (r: Row) => ({
  id: r.id,
  prenom: r.prenom,
  name: r.name,
  email: r.email,
  telephone: r.telephone,
  commandes: Number(r.commandes),
  points: Number(r.points),
  privilege: r.privilege,
  created_at: r.createdAt.toISOString(),
  created_at_fr: dateFr.format(r.createdAt),
})

export default async function customersRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const repo = createCustomersRepository(app.db)
  // Staff only, checked before any body: a visitor gets 401 and a customer 403, not a 400.
  api.addHook('onRequest', async (request) => {
    requireStaff(request, 'gestionnaire')
  })

  api.get('/client', { schema: { querystring: listQuery, response: { 200: pageSchema(customerResponseSchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    const { q, sort = 'created_at', dir = 'desc' } = request.query
    const page = { page: request.query.page ?? 1, count: request.query.count ?? 20 }
    const args = { ...page, offset: (page.page - 1) * page.count }
    const rows = await repo.page({ q }, sort, dir, args)
    const total = await pageTotal(rows, args, () => repo.count({ q }))
    return toPage(rows.map(toItem), total, args)
  })

  // The customers' export: admins only (ADR 060), the list's search, streamed.
  for (const format of ['csv', 'xlsx'] as const) {
    api.get(`/client/export.${format}`, { schema: { querystring: exportQuery, response: { 200: z.unknown(), ...errorResponses } } }, async (request, reply) => {
      requireStaff(request, 'admin')
      const withAddresses = request.query.adresses === '1'
      const query = customersExportQuery({ q: request.query.q }, withAddresses)
      async function* rows() {
        for await (const batch of app.database.cursor<CustomerExportRow>(query, EXPORT_BATCH)) {
          yield batch.map((r) => {
            const row = [r.id, r.prenom, r.name, r.email, r.telephone, r.inscrit, r.commandes, r.points, r.privilege]
            return withAddresses ? [...row, r.adresse, r.zone, r.repere] : row
          })
        }
      }
      return sendExport(reply, format, 'clients', withAddresses ? [...CUSTOMER_COLUMNS, ...ADDRESS_COLUMNS] : CUSTOMER_COLUMNS, rows())
    })
  }

  api.get('/client/:id', { schema: { params: idParams, response: { 200: customerDetailResponseSchema, ...errorResponses } } }, async (request) => {
    requireStaff(request, 'gestionnaire')
    const row = await repo.find(request.params.id)
    if (!row) throw notFound(SETTINGS_MESSAGES.clientNotFound)
    const [adresses, orders, achats, statement] = [
      await repo.addresses(row.id),
      await repo.orders(row.id, 20),
      await repo.purchases(row.id),
      await createLoyaltyService(app.db).statement(row.id),
    ]
    return {
      ...toItem(row),
      adresses,
      nb_commandes: Number(row.commandes),
      achats,
      achats_fr: formatPrix(achats),
      commandes: orders.map((o) => ({
        id: o.id,
        numerocommande: o.numerocommande,
        etat: o.etat,
        date: o.datecomm.toISOString(),
        date_fr: dateFr.format(o.datecomm),
        total: o.total,
        total_fr: formatPrix(o.total),
      })),
      mouvements_points: statement.historique.slice(0, 50),
    }
  })

  api.post(
    '/client/:id/points',
    { schema: { params: idParams, body: pointsAdjustmentSchema, response: { 200: pointsAdjustmentResultSchema, ...errorResponses } } },
    async (request) => {
      const staff = requireStaff(request, 'gestionnaire')
      const { points, motif } = request.body
      return app.db.transaction(async (tx) => {
        const result = await createLoyaltyService(tx).adjust(request.params.id, points, motif)
        if (!result.ok) {
          if (result.reason === 'no-client') throw notFound(SETTINGS_MESSAGES.clientNotFound)
          throw conflict(SETTINGS_MESSAGES.pointsBelowZero, { points: [SETTINGS_MESSAGES.pointsBelowZero] })
        }
        await app.audit.record(tx, {
          staffId: staff.id,
          action: 'client.points',
          resource: 'client',
          resourceId: request.params.id,
          before: { points: result.balance - points },
          after: { points: result.balance, ajustement: points, motif },
        })
        return { points: result.balance, mouvement: result.id }
      })
    },
  )
}
