// REST for the customer's own account: PUT/DELETE /api/profile, /api/adresses, sign-out on
// every device, and the loyalty statement. Always the token's customer.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addressSchema, customerDetailsSchema, idSchema, socialLoginSchema } from '@teranga/shared/schemas'
import { errorResponses, messageSchema } from '../../lib/rest.ts'
import { requireUser } from '../../plugins/authentication.ts'
import { profileSchema } from '../auth/auth.format.ts'
import { adresseSchema, loyaltyStatementSchema } from './account.format.ts'
import type { AccountService } from './account.service.ts'

const idParams = z.object({ id: idSchema })

export default async function accountRoutes(app: FastifyInstance, opts: { service: AccountService }) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()
  // Every route here is the signed-in customer's: a visitor gets 401 before any body check.
  api.addHook('onRequest', async (request) => {
    requireUser(request)
  })

  api.put('/profile', { schema: { body: customerDetailsSchema, response: { 200: profileSchema, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    return service.updateProfile(user.id, request.body)
  })

  // Linking a phone (issue 18 §1): a custom token to act as the customer's Firebase account,
  // then the fresh ID token that carries the number Firebase proved by SMS.
  api.post(
    '/profile/telephone/session',
    { schema: { response: { 200: z.object({ customToken: z.string() }), ...errorResponses } } },
    async (request) => {
      const user = requireUser(request)
      return service.phoneLinkToken(user.id, request.apiToken!)
    },
  )

  api.put(
    '/profile/telephone',
    { schema: { body: socialLoginSchema.pick({ idToken: true }), response: { 200: profileSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request)
      return service.verifyPhone(user.id, request.body.idToken)
    },
  )

  api.delete('/profile', { schema: { response: { 200: messageSchema, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    return service.deleteAccount(user.id)
  })

  api.post('/logout/partout', { schema: { response: { 200: messageSchema, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    return service.logoutEverywhere(user.id)
  })

  api.get('/adresses', { schema: { response: { 200: z.object({ adresses: z.array(adresseSchema) }), ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    return service.addresses(user.id)
  })

  api.post('/adresses', { schema: { body: addressSchema, response: { 201: z.object({ adresse: adresseSchema }), ...errorResponses } } }, async (request, reply) => {
    const user = requireUser(request)
    const answer = await service.createAddress(user.id, request.body)
    return reply.status(201).send(answer)
  })

  api.put(
    '/adresses/:id',
    { schema: { params: idParams, body: addressSchema, response: { 200: z.object({ adresse: adresseSchema }), ...errorResponses } } },
    async (request) => {
      const user = requireUser(request)
      return service.updateAddress(user.id, request.params.id, request.body)
    },
  )

  api.delete('/adresses/:id', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const user = requireUser(request)
    await service.deleteAddress(user.id, request.params.id)
    return reply.status(204).send(null)
  })

  api.get('/fidelite', { schema: { response: { 200: loyaltyStatementSchema, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    return service.loyaltyStatement(user.id)
  })
}
