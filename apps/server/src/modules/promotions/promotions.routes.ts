// REST of the discount codes (docs/back-office-api.md, « Codes promo »): the back office's list
// and writes (reads for every staff member, writes for admins), and the shopper's check of a
// code against their cart before confirming.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { codePromoCheckSchema, codePromoFormSchema, codePromoPreviewSchema, codePromoResponseSchema, PROMO_CHECKS_PER_MINUTE, PROMO_MESSAGES } from '@teranga/shared/promotions'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import { AppError } from '../../lib/errors.ts'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { requireStaff, requireUser } from '../../plugins/authentication.ts'
import type { PromotionsService } from './promotions.service.ts'

const idParams = z.object({ id: idSchema })
const listQuery = paginationSchema.partial().extend({ q: z.string().trim().max(30).optional() })

export interface PromotionsRoutesOptions {
  service: PromotionsService
  /** Codes one address may try a minute, whatever the accounts. */
  checksPerAddress: number
}

export default async function promotionsRoutes(app: FastifyInstance, opts: PromotionsRoutesOptions) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()

  // The role is checked before the body is validated: a visitor learns nothing about the form.
  app.addHook('preValidation', async (request) => {
    const role = request.routeOptions.config.staffRole
    if (role) requireStaff(request, role)
  })

  api.get('/codepromo', { config: { staffRole: 'gestionnaire' }, schema: { querystring: listQuery, response: { 200: pageSchema(codePromoResponseSchema), ...errorResponses } } }, (request) => {
    const page = request.query.page ?? 1
    const count = request.query.count ?? 20
    return service.page({ page, count, offset: (page - 1) * count }, request.query.q || undefined)
  })
  api.get('/codepromo/:id', { config: { staffRole: 'gestionnaire' }, schema: { params: idParams, response: { 200: codePromoResponseSchema, ...errorResponses } } }, (request) =>
    service.one(request.params.id),
  )
  api.post('/codepromo', { config: { staffRole: 'admin' }, schema: { body: codePromoFormSchema, response: { 201: codePromoResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    return reply.code(201).send(await service.create(staff.id, request.body))
  })
  api.put('/codepromo/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, body: codePromoFormSchema, response: { 200: codePromoResponseSchema, ...errorResponses } } }, (request) =>
    service.update(requireStaff(request, 'admin').id, request.params.id, request.body),
  )
  api.delete('/codepromo/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, response: { 200: codePromoResponseSchema, ...errorResponses } } }, (request) =>
    service.deactivate(requireStaff(request, 'admin').id, request.params.id),
  )

  // The shopper, at /paiement: the discount the code gives their cart now (409 with the reason
  // otherwise). A few tries a minute per customer, and per address whatever the accounts (new
  // accounts cost nothing), counted for every instance (ADR 031): codes are not to be guessed.
  api.post(
    '/codepromo/verifier',
    {
      schema: { body: codePromoCheckSchema, response: { 200: codePromoPreviewSchema, ...errorResponses } },
      preHandler: async (request, reply) => {
        const user = requireUser(request)
        for (const [key, id, limit] of [
          ['codepromo-address', request.ip, opts.checksPerAddress],
          ['codepromo', String(user.id), PROMO_CHECKS_PER_MINUTE],
        ] as const) {
          const verdict = await app.limits.hit(key, id, limit, 60_000)
          if (verdict.allowed) continue
          reply.header('retry-after', verdict.retryAfterSeconds)
          throw new AppError(429, 'TOO_MANY_REQUESTS', PROMO_MESSAGES.tooManyChecks)
        }
      },
    },
    (request) => service.preview(requireUser(request).id, request.body.code, request.body.tel),
  )
}
