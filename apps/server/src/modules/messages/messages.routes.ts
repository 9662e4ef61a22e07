// REST for the customer's choice of order messages: GET and PUT /api/profile/messages
// `{canal: 'sms' | 'whatsapp' | 'aucun'}`, always the token's customer.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messagesChoiceSchema } from '@teranga/shared/order-messages'
import { errorResponses } from '../../lib/rest.ts'
import { requireUser } from '../../plugins/authentication.ts'
import type { OrderMessages } from './messages.service.ts'

export default async function messagesRoutes(app: FastifyInstance, opts: { messages: OrderMessages }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { messages } = opts
  // A visitor gets 401 before any body check.
  api.addHook('onRequest', async (request) => {
    requireUser(request)
  })

  api.get('/profile/messages', { schema: { response: { 200: messagesChoiceSchema, ...errorResponses } } }, async (request) => ({
    canal: await messages.channelOf(requireUser(request).id),
  }))

  api.put('/profile/messages', { schema: { body: messagesChoiceSchema, response: { 200: messagesChoiceSchema, ...errorResponses } } }, async (request) => ({
    canal: await messages.setChannel(requireUser(request).id, request.body.canal),
  }))
}
