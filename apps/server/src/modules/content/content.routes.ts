// REST of the shop's own pages: GET /api/pages/{slug} for anyone (kept a minute by browsers and
// proxies), the back office's list, and PUT /api/pages/{slug} for admins (audited).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageContenuResponseSchema, pageContenuSchema } from '@teranga/shared/content-pages'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { ContentService } from './content.service.ts'

// Any short name: one that names no page is a 404, as an unknown address is.
const slugParams = z.object({ slug: z.string().max(40) })

export default async function contentRoutes(app: FastifyInstance, opts: { service: ContentService }) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()

  // The role is checked before the body is validated: a visitor learns nothing about the form.
  app.addHook('preValidation', async (request) => {
    const role = request.routeOptions.config.staffRole
    if (role) requireStaff(request, role)
  })

  api.get('/pages', { config: { staffRole: 'gestionnaire' }, schema: { response: { 200: z.array(pageContenuResponseSchema), ...errorResponses } } }, () => service.all())

  api.get('/pages/:slug', { schema: { params: slugParams, response: { 200: pageContenuResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const page = await service.one(request.params.slug)
    reply.header('cache-control', 'public, max-age=60')
    return page
  })

  api.put('/pages/:slug', { config: { staffRole: 'admin' }, schema: { params: slugParams, body: pageContenuSchema, response: { 200: pageContenuResponseSchema, ...errorResponses } } }, (request) =>
    service.update(requireStaff(request, 'admin').id, request.params.slug, request.body),
  )
}
