// The back-office catalogue's REST routes (docs/back-office-api.md, « Catalogue »): reads and
// stock movements for every staff member (G), the other writes for admins (A).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import {
  PRODUCT_CSV_COLUMNS,
  CATALOGUE_MESSAGES as M,
  CSV_IMPORT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  bulkPriceSchema,
  categoryFormSchema,
  importResultSchema,
  productFormSchema,
  productRemovalSchema,
  productResponseSchema,
  productUpdateSchema,
  stockMovementSchema,
  subcategoryFormSchema,
  uploadedMediaSchema,
} from '@teranga/shared/backoffice-catalogue'
import { reorderSchema } from '@teranga/shared/backoffice-settings'
import type { StaffRole } from '@teranga/shared/constants'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import { badInput } from '../../lib/errors.ts'
import { sendExport, type ExportColumn } from '../../lib/export-file.ts'
import { errorResponses, pageSchema } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import { ImageQueueFull } from '../media/images.service.ts'
import { adminCategorySchema, adminSubcategorySchema, movementSchema } from './backoffice-catalogue.format.ts'
import type { BackofficeCatalogueService } from './backoffice-catalogue.service.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff role a back-office route requires, checked before validation. */
    staffRole?: StaffRole
  }
}

const idParams = z.object({ id: idSchema })
const NUMBER_COLUMNS: readonly string[] = ['prix', 'quantite', 'souscategorie_id', 'seuil']
/** The import's column names, the headers of both files: numbers as numbers in the .xlsx. */
const PRODUCT_EXPORT_COLUMNS: ExportColumn[] = PRODUCT_CSV_COLUMNS.map((header) => ({ header, kind: header === 'prix' ? 'amount' : NUMBER_COLUMNS.includes(header) ? 'number' : 'text', width: header === 'designation' ? 32 : undefined }))
/** The CSV import's body: the file's bytes (text/csv), read by the service. */
const csvBody = z.instanceof(Buffer, { error: M.csvInvalid })
const pageQuery = paginationSchema.partial()
const movementsQuery = pageQuery.extend({ variante: idSchema.optional() })

const productListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  souscategorie: idSchema.optional(),
  categorie: idSchema.optional(),
  stock: z.enum(['bas', 'rupture', 'ok']).optional(),
  promo: z.enum(['en_cours', 'programmee']).optional(),
  archive: z.enum(['0', '1']).optional(),
  sort: z.enum(['designation', 'prix', 'quantite', 'created_at']).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
})

const pageOf = (query: { page?: number | undefined; count?: number | undefined }) => {
  const page = query.page ?? 1
  const count = query.count ?? 20
  return { page, count, offset: (page - 1) * count }
}

export default async function backofficeCatalogueRoutes(app: FastifyInstance, opts: { service: BackofficeCatalogueService }) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()

  // The role is checked before the body is validated: a visitor learns nothing about the forms.
  app.addHook('preValidation', async (request) => {
    const role = request.routeOptions.config.staffRole
    if (role) requireStaff(request, role)
  })
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } })
  // The CSV import's bytes as sent: the service tells UTF-8 from Windows-1252 (Excel) itself.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer', bodyLimit: CSV_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body))

  // ---------- products ----------

  api.get('/produit', { config: { staffRole: 'gestionnaire' }, schema: { querystring: productListQuery, response: { 200: pageSchema(productResponseSchema), ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    const q = request.query
    const filter = { q: q.q, souscategorie: q.souscategorie, categorie: q.categorie, stock: q.stock, promo: q.promo, archive: q.archive === '1' }
    return service.productPage(filter, q.sort ?? 'created_at', q.dir ?? 'desc', pageOf(q))
  })

  // The products' export in the import's columns (ADR 053 §7), as CSV or .xlsx (ADR 060).
  for (const format of ['csv', 'xlsx'] as const) {
    api.get(`/produit/export.${format}`, { config: { staffRole: 'gestionnaire' }, schema: { response: { 200: z.unknown(), ...errorResponses } } }, async (request, reply) => {
      requireStaff(request, 'gestionnaire')
      return sendExport(reply, format, 'produits', PRODUCT_EXPORT_COLUMNS, [await service.exportRows()])
    })
  }

  api.post(
    '/produit/import',
    {
      config: { staffRole: 'admin' }, schema: { querystring: z.object({ dry_run: z.enum(['0', '1']).optional() }), body: csvBody, response: { 200: importResultSchema, ...errorResponses } },
    },
    (request) => {
      const staff = requireStaff(request, 'admin')
      return service.importCsv(staff.id, request.body, request.query.dry_run !== '0')
    },
  )

  api.get('/produit/:id', { config: { staffRole: 'gestionnaire' }, schema: { params: idParams, response: { 200: productResponseSchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.product(request.params.id)
  })

  api.post('/produit', { config: { staffRole: 'admin' }, schema: { body: productFormSchema, response: { 201: productResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    return reply.status(201).send(await service.createProduct(staff.id, request.body))
  })

  api.put('/produit/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, body: productUpdateSchema, response: { 200: productResponseSchema, ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.updateProduct(staff.id, request.params.id, request.body)
  })

  // ADR 053 §6: some variants' prices by a percentage or an amount, all or nothing.
  api.post('/produit/:id/variantes/prix', { config: { staffRole: 'admin' }, schema: { params: idParams, body: bulkPriceSchema, response: { 200: productResponseSchema, ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.changeVariantPrices(staff.id, request.params.id, request.body)
  })

  api.delete('/produit/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, response: { 200: productRemovalSchema, ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.deleteProduct(staff.id, request.params.id)
  })

  api.post('/produit/:id/desarchiver', { config: { staffRole: 'admin' }, schema: { params: idParams, response: { 200: productResponseSchema, ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.unarchiveProduct(staff.id, request.params.id)
  })

  // `variante`: one variant's lines only (ADR 053 §4).
  api.get('/produit/:id/mouvements', { config: { staffRole: 'gestionnaire' }, schema: { params: idParams, querystring: movementsQuery, response: { 200: pageSchema(movementSchema), ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.movements(request.params.id, pageOf(request.query), request.query.variante)
  })

  api.post('/produit/:id/mouvements', { config: { staffRole: 'gestionnaire' }, schema: { params: idParams, body: stockMovementSchema, response: { 201: movementSchema, ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'gestionnaire')
    return reply.status(201).send(await service.addMovement(staff.id, request.params.id, request.body))
  })

  // ---------- media ----------

  api.post('/media', { config: { staffRole: 'admin' }, schema: { response: { 201: uploadedMediaSchema, ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    if (!request.isMultipart()) throw badInput(M.imageRequired, { image: [M.imageRequired] })
    let bytes: Buffer | undefined
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'image' && bytes === undefined) bytes = await part.toBuffer()
        else if (part.type === 'file') part.file.resume()
      }
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badInput(M.imageTooLarge, { image: [M.imageTooLarge] })
      if (code?.startsWith('FST_')) throw badInput(M.imageRequired, { image: [M.imageRequired] })
      throw error
    }
    if (!bytes || bytes.length === 0) throw badInput(M.imageRequired, { image: [M.imageRequired] })
    try {
      return reply.status(201).send(await service.uploadImage(staff.id, bytes))
    } catch (error) {
      if (error instanceof ImageQueueFull) reply.header('retry-after', error.retryAfterSeconds)
      throw error
    }
  })

  // ---------- categories and sub-categories ----------

  api.get('/categorie', { config: { staffRole: 'gestionnaire' }, schema: { response: { 200: z.array(adminCategorySchema), ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.categories()
  })
  api.get('/categorie/:id', { config: { staffRole: 'gestionnaire' }, schema: { params: idParams, response: { 200: adminCategorySchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.category(request.params.id)
  })
  api.post('/categorie', { config: { staffRole: 'admin' }, schema: { body: categoryFormSchema, response: { 201: adminCategorySchema, ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    return reply.status(201).send(await service.createCategory(staff.id, request.body))
  })
  api.put('/categorie/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, body: categoryFormSchema, response: { 200: adminCategorySchema, ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.updateCategory(staff.id, request.params.id, request.body)
  })
  // The storefront's menus and carousel follow this order.
  api.put('/categorie/ordre', { config: { staffRole: 'admin' }, schema: { body: reorderSchema, response: { 200: z.array(adminCategorySchema), ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.reorderCategories(staff.id, request.body.ids)
  })
  api.delete('/categorie/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    await service.deleteCategory(staff.id, request.params.id)
    return reply.status(204).send(null)
  })

  api.get('/souscategorie', { config: { staffRole: 'gestionnaire' }, schema: { querystring: z.object({ categorie: idSchema.optional() }), response: { 200: z.array(adminSubcategorySchema), ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.subcategories(request.query.categorie)
  })
  api.get('/souscategorie/:id', { config: { staffRole: 'gestionnaire' }, schema: { params: idParams, response: { 200: adminSubcategorySchema, ...errorResponses } } }, (request) => {
    requireStaff(request, 'gestionnaire')
    return service.subcategory(request.params.id)
  })
  api.post('/souscategorie', { config: { staffRole: 'admin' }, schema: { body: subcategoryFormSchema, response: { 201: adminSubcategorySchema, ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    return reply.status(201).send(await service.createSubcategory(staff.id, request.body))
  })
  api.put('/souscategorie/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, body: subcategoryFormSchema, response: { 200: adminSubcategorySchema, ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.updateSubcategory(staff.id, request.params.id, request.body)
  })
  api.put('/souscategorie/ordre', { config: { staffRole: 'admin' }, schema: { body: reorderSchema, response: { 200: z.array(adminSubcategorySchema), ...errorResponses } } }, (request) => {
    const staff = requireStaff(request, 'admin')
    return service.reorderSubcategories(staff.id, request.body.ids)
  })
  api.delete('/souscategorie/:id', { config: { staffRole: 'admin' }, schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const staff = requireStaff(request, 'admin')
    await service.deleteSubcategory(staff.id, request.params.id)
    return reply.status(204).send(null)
  })
}
