// REST for payments (DESIGN §4, §6): the public list of payment modes, starting the online
// payment of one's order, and the providers' notifications (no bearer token: signed instead).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { repaySchema } from '@teranga/shared/schemas'
import { readResource } from '../../lib/read-resource.ts'
import { errorResponses, orderNumberParams } from '../../lib/rest.ts'
import { requireUser } from '../../plugins/authentication.ts'
import { commandeSchema } from '../orders/orders.format.ts'
import { PROVIDER_NAMES } from './payment-provider.ts'
import { modepaiementSchema, toModepaiement } from '../../lib/payment-modes.ts'
import type { PaymentsRepository } from './payments.repository.ts'
import type { PaymentsService } from './payments.service.ts'

/** The provider's page to open, or null when the order is now paid on delivery (issue 19 §4). */
const paymentStartSchema = z.object({ url: z.string().nullable(), commande: commandeSchema })
/** `statut` is a WebhookOutcome (payments.service.ts); providers only read the status code. */
const webhookAnswerSchema = z.object({ statut: z.string() })

export default async function paymentsRoutes(app: FastifyInstance, opts: { repo: PaymentsRepository; service: PaymentsService }) {
  readResource(app, 'modepaiements', modepaiementSchema, async () => (await opts.repo.modes()).map(toModepaiement))

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/commande/:numero/paiement',
    { schema: { params: orderNumberParams, body: repaySchema.nullish(), response: { 200: paymentStartSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request)
      return opts.service.start(user.id, request.params.numero, request.body?.modepaiement)
    },
  )

  await app.register(async (webhooks) => {
    // Signatures are computed over the exact bytes sent: in this scope the body stays a Buffer.
    webhooks.removeAllContentTypeParsers()
    webhooks.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    for (const provider of PROVIDER_NAMES) {
      webhooks.post(
        `/paiement/webhook/${provider}`,
        { config: { skipAuth: true }, schema: { response: { 200: webhookAnswerSchema, ...errorResponses } } },
        async (request) => opts.service.notify(provider, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers),
      )
    }
  })
}
