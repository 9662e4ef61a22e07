// The auth module: sign-in with a Firebase ID token, the shop's API tokens, the profile.
// Exposes `app.auth` (its service) and `app.identity` (the Firebase verifier) to the account.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import authRoutes, { type AuthRoutesOptions } from './auth.routes.ts'
import { createAuthService, type AuthService } from './auth.service.ts'
import type { IdTokenVerifier } from './firebase-verifier.ts'
import { createStaffService } from '../staff/staff.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService
    identity: IdTokenVerifier
  }
}

async function auth(app: FastifyInstance, opts: { verifier: IdTokenVerifier } & Omit<AuthRoutesOptions, 'service'>) {
  const staff = createStaffService({ db: app.db, audit: app.audit, tokenOwners: app.tokenOwners })
  const service = createAuthService(app.db, opts.verifier, app.tokenOwners, (client, tx) => staff.acceptAtSignIn(client, tx))
  app.decorate('auth', service)
  app.decorate('identity', opts.verifier)
  await registerRest(app, authRoutes, { service, signInRateLimit: opts.signInRateLimit, signInAccountRateLimit: opts.signInAccountRateLimit })
}

export default fp(auth, { name: 'auth', dependencies: ['database', 'security', 'authentication', 'audit'] })
