// REST for invoices (ADR 061): an order's invoice and credit notes as PDFs, for the order's
// customer or the staff (admin, gestionnaire; a courier's token is refused before any route, ADR
// 056), and the « Facturation » settings, admins only. Answers carry a token: `no-store`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { billingSettingsResponseSchema, billingSettingsSchema, creditNoteFileSchema, orderDocumentsSchema } from '@teranga/shared/invoices'
import { errorResponses, orderNumberParams } from '../../lib/rest.ts'
import { requireStaff, requireUser } from '../../plugins/authentication.ts'
import type { InvoicesService } from './invoices.service.ts'

/** `:avoir` is the credit note's number and the file's extension: « A-2026-000045.pdf ». */
const creditNoteParams = orderNumberParams.extend({ avoir: creditNoteFileSchema })
/** A PDF's bytes go out as they are (no serializer). */
const pdfAnswer = z.unknown()

function sendPdf(reply: FastifyReply, file: { numero: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.numero}.pdf"`)
    .header('cache-control', 'no-store')
    .send(file.pdf)
}

/**
 * A PDF costs 13–30 ms of a core to draw, and an account is free to open: each account (or
 * address, before sign-in is checked) draws at most this many a minute, then a French 429.
 */
export const PDF_PER_MINUTE = 60
const pdfRateLimit = { rateLimit: { max: PDF_PER_MINUTE, timeWindow: 60_000, hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `pdf:${request.user?.id ?? request.ip}` } }

export default async function invoicesRoutes(app: FastifyInstance, opts: { service: InvoicesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { service } = opts

  api.get('/commande/:numero/facture.pdf', { config: pdfRateLimit, schema: { params: orderNumberParams, response: { 200: pdfAnswer, ...errorResponses } } }, async (request, reply) => {
    const user = requireUser(request)
    return sendPdf(reply, await service.invoicePdf(user, request.params.numero))
  })

  api.get('/commande/:numero/avoir/:avoir', { config: pdfRateLimit, schema: { params: creditNoteParams, response: { 200: pdfAnswer, ...errorResponses } } }, async (request, reply) => {
    const user = requireUser(request)
    return sendPdf(reply, await service.creditNotePdf(user, request.params.numero, request.params.avoir.replace(/\.pdf$/, '')))
  })

  // The order's documents (the back office's order page; the storefront reads them on GraphQL).
  api.get('/commande/:numero/documents', { schema: { params: orderNumberParams, response: { 200: orderDocumentsSchema, ...errorResponses } } }, async (request) =>
    service.documentsFor(requireUser(request), request.params.numero),
  )

  // The « Facturation » settings: admins only, checked before the body.
  api.get('/facturation', { preValidation: async (request) => void requireStaff(request, 'admin'), schema: { response: { 200: billingSettingsResponseSchema, ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    return service.settings()
  })
  api.put(
    '/facturation',
    { preValidation: async (request) => void requireStaff(request, 'admin'), schema: { body: billingSettingsSchema, response: { 200: billingSettingsResponseSchema, ...errorResponses } } },
    async (request) => service.saveSettings(requireStaff(request, 'admin').id, request.body),
  )
}
