// REST sign-in, profile and logout (DESIGN §4). Sign-in is rate limited per address.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MESSAGES } from '@teranga/shared/messages'
import { socialLoginSchema } from '@teranga/shared/schemas'
import { unauthenticated } from '../../lib/errors.ts'
import { errorResponses, messageSchema } from '../../lib/rest.ts'
import { requireUser } from '../../plugins/authentication.ts'
import { profileSchema, signInSchema } from './auth.format.ts'
import type { AuthService } from './auth.service.ts'

export default async function authRoutes(app: FastifyInstance, opts: { service: AuthService; signInRateLimit: number }) {
  const { service } = opts
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/sociallogin',
    {
      schema: { body: socialLoginSchema, response: { 200: signInSchema, ...errorResponses } },
      config: { skipAuth: true, rateLimit: { max: opts.signInRateLimit, timeWindow: 60_000 } },
    },
    async (request) => service.signIn(request.body),
  )

  api.get('/profile', { schema: { response: { 200: profileSchema, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    const profile = await service.profile(user.id)
    if (!profile) throw unauthenticated(MESSAGES.invalidToken)
    return profile
  })

  api.post('/logout', { schema: { response: { 200: messageSchema, ...errorResponses } } }, async (request) => {
    requireUser(request)
    await service.logout(request.apiToken!)
    return { message: MESSAGES.loggedOut }
  })
}
