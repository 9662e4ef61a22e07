// REST for payments (DESIGN §4, §6): the public list of payment modes, starting the online
// payment of one's order, and the providers' notifications (no bearer token: signed instead).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderNumeroSchema } from '@teranga/shared/schemas'
import { readResource } from '../../lib/read-resource.ts'
import { requireUser } from '../../plugins/authentication.ts'
import { PROVIDER_NAMES } from './payment-provider.ts'
import { toModepaiement } from './payment-mode.ts'
import type { PaymentsRepository } from './payments.repository.ts'
import type { PaymentsService } from './payments.service.ts'

const numeroParams = z.object({ numero: orderNumeroSchema })

export default async function paymentsRoutes(app: FastifyInstance, opts: { repo: PaymentsRepository; service: PaymentsService }) {
  readResource(app, 'modepaiements', async () => (await opts.repo.modes()).map(toModepaiement))

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post('/commande/:numero/paiement', { schema: { params: numeroParams } }, async (request) => {
    const user = requireUser(request)
    return opts.service.start(user.id, request.params.numero)
  })

  await app.register(async (webhooks) => {
    // Signatures are computed over the exact bytes sent: in this scope the body stays a Buffer.
    webhooks.removeAllContentTypeParsers()
    webhooks.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    for (const provider of PROVIDER_NAMES) {
      webhooks.post(`/paiement/webhook/${provider}`, { config: { skipAuth: true } }, async (request) =>
        opts.service.notify(provider, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers),
      )
    }
  })
}
