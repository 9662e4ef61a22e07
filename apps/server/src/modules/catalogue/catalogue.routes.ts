// Public REST reads of the catalogue. GET /api/produits answers the spec's paginated-list
// form: an array whose first element holds `data` and `metadata`.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import { readResource } from '../../lib/read-resource.ts'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { carousselSchema, categorieSchema, preferencesSchema, produitSchema, souscategorieSchema } from './catalogue.format.ts'
import type { CatalogueService } from './catalogue.service.ts'

// The grid's sort and filters are checked by the service (gridArgsSchema), as for GraphQL.
const productListQuery = paginationSchema.extend({
  categorie_id: idSchema.optional(),
  designation: z.string().max(100).optional(),
  tri: z.string().optional(),
  prix_min: z.string().optional(),
  prix_max: z.string().optional(),
  en_stock: z.string().optional(),
  promotion: z.string().optional(),
})

export default async function catalogueRoutes(app: FastifyInstance, opts: { service: CatalogueService }) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/produits',
    { schema: { querystring: productListQuery, response: { 200: z.array(pageSchema(produitSchema)), ...errorResponses } } },
    async (request) => [await service.productPageWithVariants(request.query, request.user?.id ?? null)],
  )
  api.get(
    '/produits/:id',
    { schema: { params: z.object({ id: idSchema }), response: { 200: produitSchema, ...errorResponses } } },
    (request) => service.productWithVariants(request.params.id, request.user?.id ?? null),
  )
  api.get('/produitplusvus', { schema: { response: { 200: z.array(produitSchema), ...errorResponses } } }, async (request) =>
    service.mostViewedWithVariants(request.user?.id ?? null),
  )
  api.get(
    '/orthographes',
    {
      // As GraphQL's anonymous limit: each answer compares words with the catalogue's.
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: { querystring: z.object({ q: z.string().max(100) }), response: { 200: z.array(z.string()), ...errorResponses } },
    },
    (request) => service.spellings(request.query.q),
  )
  readResource(app, 'categories', categorieSchema, () => service.categories(), (id) => service.category(id))
  readResource(app, 'souscategories', souscategorieSchema, () => service.subcategories(), async (id) => (await service.subcategories(id))[0])
  readResource(app, 'caroussels', carousselSchema, () => service.slides())
  api.get('/preferences', { schema: { response: { 200: preferencesSchema.nullable(), ...errorResponses } } }, () => service.preferences())
}
