// REST sign-in, profile and logout (DESIGN §4). Sign-in is rate limited per address.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MESSAGES } from '@teranga/shared/messages'
import { socialLoginSchema } from '@teranga/shared/schemas'
import { unauthenticated } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/authentication.ts'
import { createAuthRepository } from './auth.repository.ts'
import { createAuthService } from './auth.service.ts'
import type { IdTokenVerifier } from './firebase-verifier.ts'

const messageSchema = z.object({ message: z.string() })

export default async function authRoutes(app: FastifyInstance, opts: { verifier: IdTokenVerifier; signInRateLimit: number }) {
  const service = createAuthService(createAuthRepository(app.db), opts.verifier)
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/sociallogin',
    {
      schema: { body: socialLoginSchema },
      config: { skipAuth: true, rateLimit: { max: opts.signInRateLimit, timeWindow: 60_000 } },
    },
    async (request) => service.signIn(request.body),
  )

  api.get('/profile', {}, async (request) => {
    const user = requireUser(request)
    const profile = await service.profile(user.id)
    if (!profile) throw unauthenticated(MESSAGES.invalidToken)
    return profile
  })

  api.post('/logout', { schema: { response: { 200: messageSchema } } }, async (request) => {
    requireUser(request)
    await service.logout(request.apiToken!)
    return { message: MESSAGES.loggedOut }
  })
}
