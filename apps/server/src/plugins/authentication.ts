// Resolves `Authorization: Bearer <token>` to the signed-in client on every API request.
// No header: a visitor. A header with an unknown, expired or revoked token: 401 at once.
// Owners are kept in memory (`app.tokenOwners`, ADR 021), dropped when the database says
// a token, an account or a role changed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { isStaffRole, type StaffRole } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { COURIER_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { AppError, forbidden, replyEarly, unauthenticated } from '../lib/errors.ts'
import { createTokenLookup, hashToken, type TokenOwner } from '../modules/auth/auth.service.ts'
import { createTokenOwners, TOKENS_CHANNEL, type TokenOwners } from '../modules/auth/token-owners.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Who holds which API token; modules that revoke tokens or change roles tell it at once. */
    tokenOwners: TokenOwners
  }
  interface FastifyRequest {
    user: TokenOwner | null
    /** The raw bearer token, for logout. */
    apiToken: string | null
  }
  interface FastifyContextConfig {
    /** Routes that must work with a stale token in the header (sign-in). */
    skipAuth?: boolean
    /** Routes that also take the token as `?token=` (EventSource cannot send headers); kept out of the logs. */
    queryToken?: boolean
    /**
     * Routes a `livreur` may call (issue 25 §3, ADR 056): « Mes livraisons », who am I, logout.
     * Every other route refuses the role before anything else runs, so a new route cannot forget it.
     */
    livreur?: boolean
  }
}

export function bearerToken(request: FastifyRequest): string | null | undefined {
  let header = request.headers.authorization
  if (header === undefined && request.routeOptions.config?.queryToken) {
    const token = (request.query as Record<string, unknown> | undefined)?.token
    if (typeof token === 'string') header = `Bearer ${token}`
  }
  if (header === undefined) return null
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim())
  return match ? match[1]! : undefined
}

/** The signed-in client, or a 401 for visitors. */
export function requireUser(request: FastifyRequest): TokenOwner {
  if (!request.user) throw unauthenticated()
  return request.user
}

/** The signed-in client, who must be `claimedId` (or an admin acting on their behalf). */
export function requireSelf(request: FastifyRequest, claimedId: number, options: { allowAdmin?: boolean } = {}) {
  const user = requireUser(request)
  if (user.id !== claimedId && !(options.allowAdmin && user.isadmin)) throw forbidden(MESSAGES.forbiddenOtherUser)
  return user
}

/**
 * The signed-in staff member, or 401 for visitors and 403 for everyone else. `admin` routes
 * (catalogue writes, prices, settings, staff) refuse a `gestionnaire`; `gestionnaire` routes
 * (orders, stock counts, customers) take both roles.
 */
export function requireStaff(request: FastifyRequest, level: StaffRole): TokenOwner & { role: StaffRole } {
  const user = requireUser(request)
  if (!isStaffRole(user.role)) throw forbidden(MESSAGES.staffOnly)
  // A courier's routes take couriers only; every other staff route refuses them (ADR 056).
  if (level === 'livreur' && user.role !== 'livreur') throw forbidden(COURIER_MESSAGES.livreurOnly)
  if (level !== 'livreur' && user.role === 'livreur') throw forbidden(COURIER_MESSAGES.notForCourier)
  if (level === 'admin' && user.role !== 'admin') throw forbidden(MESSAGES.adminOnly)
  return user as TokenOwner & { role: StaffRole }
}

/** Any staff member, a courier too: for the few routes every role needs (who am I). */
export function requireAnyStaff(request: FastifyRequest): TokenOwner & { role: StaffRole } {
  const user = requireUser(request)
  if (!isStaffRole(user.role)) throw forbidden(MESSAGES.staffOnly)
  return user as TokenOwner & { role: StaffRole }
}

export interface AuthenticationOptions {
  /** How long a token's owner is kept in memory; 0 reads the database on every request. */
  tokenOwnersTtlMs?: number
  /**
   * Unknown, expired or revoked tokens one address may present per minute; past that its
   * tokens not already known are refused (429) without a database lookup. Default 300: a
   * carrier's address shared by many customers, each of whom drops a dead token at once.
   */
  badTokensPerMinute?: number
}

/** Addresses remembered as refused at once. */
const MAX_COUNTED_ADDRESSES = 10_000

async function authentication(app: FastifyInstance, opts: AuthenticationOptions) {
  const ttlMs = opts.tokenOwnersTtlMs ?? 30_000
  const owners = createTokenOwners({
    lookup: createTokenLookup(app.db),
    hearsChanges: () => ttlMs > 0 && app.notifications.listening(),
    ttlMs,
  })
  app.notifications.on(TOKENS_CHANNEL, owners.notified)
  app.notifications.onReset(owners.clear)
  app.decorate('tokenOwners', owners)
  app.decorateRequest('user', null)
  app.decorateRequest('apiToken', null)
  // Each bad token costs a lookup, and a 401 comes before any other limit: counted per address,
  // in the database for every instance (ADR 031). An address past the limit is remembered here
  // until its window ends, so that its next tokens cost nothing at all.
  const badTokensPerMinute = opts.badTokensPerMinute ?? 300
  const refusedAddresses = new LRUCache<string, true>({ max: MAX_COUNTED_ADDRESSES, ttl: 60_000 })
  const tooMany = (request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) =>
    replyEarly(request, reply.header('retry-after', retryAfterSeconds), new AppError(429, 'TOO_MANY_REQUESTS', MESSAGES.tooManyRequests))
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.skipAuth) return
    const token = bearerToken(request)
    if (token === null) return
    let owner: TokenOwner | undefined
    if (token) {
      const hash = hashToken(token)
      owner = owners.kept(hash)
      if (!owner) {
        if (refusedAddresses.has(request.ip)) return tooMany(request, reply, Math.max(1, Math.ceil(refusedAddresses.getRemainingTTL(request.ip) / 1000)))
        owner = await owners.find(hash)
        if (!owner) {
          const verdict = await app.limits.hit('bad-token', request.ip, badTokensPerMinute, 60_000)
          if (!verdict.allowed) {
            refusedAddresses.set(request.ip, true, { ttl: verdict.retryAfterSeconds * 1000 })
            return tooMany(request, reply, verdict.retryAfterSeconds)
          }
        }
      }
    }
    // Answered here rather than thrown, so GraphQL gets the same 401 as REST (spec §4: the
    // storefront drops its token on any 401).
    if (!owner) return replyEarly(request, reply, unauthenticated(MESSAGES.invalidToken))
    // A courier's token opens their own routes only (ADR 056): refused here, before the body is
    // read or checked, on every route that does not say it takes them (GraphQL included).
    if (owner.role === 'livreur' && !request.routeOptions.config?.livreur) return replyEarly(request, reply, forbidden(COURIER_MESSAGES.notForCourier))
    request.user = owner
    request.apiToken = token!
  })
  // An answer to a request carrying a token is that customer's: no cache (browser, proxy or
  // CDN) may keep it. Every private answer needs a token, so this covers them all, plus
  // sign-in, whose answer is a new token.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization !== undefined || request.user || request.routeOptions.config?.skipAuth) {
      reply.header('cache-control', 'no-store')
    }
  })
}

export default fp(authentication, { name: 'authentication', dependencies: ['database', 'database-notifications', 'shared-limits'] })
