// REST for the customer's own account: PUT/DELETE /api/profile, /api/adresses, sign-out on
// every device, and the loyalty statement. Always the token's customer.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addressSchema, customerDetailsSchema, idSchema } from '@teranga/shared/schemas'
import { requireUser } from '../../plugins/authentication.ts'
import { createAuthRepository } from '../auth/auth.repository.ts'
import type { IdTokenVerifier } from '../auth/firebase-verifier.ts'
import type { LoyaltyService } from '../loyalty/loyalty.service.ts'
import type { OrderLifecycle } from '../orders/order-lifecycle.service.ts'
import { accountTransaction, createAccountRepository } from './account.repository.ts'
import { createAccountService } from './account.service.ts'

const messageSchema = z.object({ message: z.string() })
const idParams = z.object({ id: idSchema })
const adresseSchema = z.object({
  id: z.number(),
  libelle: z.string().nullable(),
  adresse: z.string(),
  zone: z.object({ id: z.number(), designation: z.string(), frais: z.number(), fraisformat: z.string() }).nullable(),
  telephone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pardefaut: z.boolean(),
})

interface AccountRouteOptions {
  verifier: IdTokenVerifier
  loyalty: LoyaltyService
  lifecycle: OrderLifecycle
  payments: Parameters<typeof createAccountService>[0]['payments']
}

export default async function accountRoutes(app: FastifyInstance, opts: AccountRouteOptions) {
  const service = createAccountService({
    repo: createAccountRepository(app.db),
    transaction: accountTransaction(app.db),
    auth: createAuthRepository(app.db),
    loyalty: opts.loyalty,
    lifecycle: opts.lifecycle,
    payments: opts.payments,
    verifier: opts.verifier,
    onFirebaseDeleteError: (err, uid) => app.log.error({ err, uid }, 'deleting the Firebase account failed; the shop account is anonymised'),
  })
  const api = app.withTypeProvider<ZodTypeProvider>()
  // Every route here is the signed-in customer's: a visitor gets 401 before any body check.
  api.addHook('onRequest', async (request) => {
    requireUser(request)
  })

  api.put('/profile', { schema: { body: customerDetailsSchema } }, async (request) => {
    const user = requireUser(request)
    return service.updateProfile(user.id, request.body)
  })

  api.delete('/profile', { schema: { response: { 200: messageSchema } } }, async (request) => {
    const user = requireUser(request)
    return service.deleteAccount(user.id)
  })

  api.post('/logout/partout', { schema: { response: { 200: messageSchema } } }, async (request) => {
    const user = requireUser(request)
    return service.logoutEverywhere(user.id)
  })

  api.get('/adresses', { schema: { response: { 200: z.object({ adresses: z.array(adresseSchema) }) } } }, async (request) => {
    const user = requireUser(request)
    return service.addresses(user.id)
  })

  api.post('/adresses', { schema: { body: addressSchema, response: { 201: z.object({ adresse: adresseSchema }) } } }, async (request, reply) => {
    const user = requireUser(request)
    const answer = await service.createAddress(user.id, request.body)
    return reply.status(201).send(answer)
  })

  api.put(
    '/adresses/:id',
    { schema: { params: idParams, body: addressSchema, response: { 200: z.object({ adresse: adresseSchema }) } } },
    async (request) => {
      const user = requireUser(request)
      return service.updateAddress(user.id, request.params.id, request.body)
    },
  )

  api.delete('/adresses/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = requireUser(request)
    await service.deleteAddress(user.id, request.params.id)
    return reply.status(204).send()
  })

  api.get('/fidelite', {}, async (request) => {
    const user = requireUser(request)
    return service.loyaltyStatement(user.id)
  })
}
