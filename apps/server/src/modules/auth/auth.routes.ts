// REST sign-in, profile and logout (DESIGN §4). Sign-in is rate limited per account, with a
// looser ceiling per address: a mobile carrier puts many customers behind one address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MESSAGES } from '@teranga/shared/server-messages'
import { socialLoginSchema } from '@teranga/shared/schemas'
import { AppError, unauthenticated } from '../../lib/errors.ts'
import { errorResponses, messageSchema } from '../../lib/rest.ts'
import { requireUser } from '../../plugins/authentication.ts'
import { profileSchema, signInSchema } from './auth.format.ts'
import type { AuthService } from './auth.service.ts'

export interface AuthRoutesOptions {
  service: AuthService
  /** Sign-in attempts per address and minute. */
  signInRateLimit: number
  /** Sign-in attempts per Firebase account and minute, counted once its token is verified. */
  signInAccountRateLimit: number
}

export default async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { service } = opts
  // Both counted in the database, for every instance at once (ADR 031).
  const perAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await app.limits.hit('sign-in-address', request.ip, opts.signInRateLimit, 60_000)
    if (verdict.allowed) return
    reply.header('retry-after', verdict.retryAfterSeconds)
    throw new AppError(429, 'TOO_MANY_REQUESTS', MESSAGES.tooManyRequests)
  }
  // Keyed by the verified uid, so nobody can spend another customer's attempts.
  const admit = async (uid: string) => {
    const verdict = await app.limits.hit('sign-in-account', uid, opts.signInAccountRateLimit, 60_000)
    if (!verdict.allowed) throw new AppError(429, 'TOO_MANY_REQUESTS', MESSAGES.signInTooManyAttempts)
  }
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/sociallogin',
    {
      schema: { body: socialLoginSchema, response: { 200: signInSchema, ...errorResponses } },
      config: { skipAuth: true },
      onRequest: perAddress,
    },
    async (request) => service.signIn(request.body, admit),
  )

  api.get('/profile', { schema: { response: { 200: profileSchema, ...errorResponses } } }, async (request) => {
    const user = requireUser(request)
    const profile = await service.profile(user.id)
    if (!profile) throw unauthenticated(MESSAGES.invalidToken)
    return profile
  })

  api.post('/logout', { config: { livreur: true }, schema: { response: { 200: messageSchema, ...errorResponses } } }, async (request) => {
    requireUser(request)
    await service.logout(request.apiToken!)
    return { message: MESSAGES.loggedOut }
  })
}
