// Sign-in: the identity comes from the verified Firebase ID token, never from the posted
// body; the body only fills display fields on first sign-in. Issues opaque API tokens.
import { createHash, randomBytes } from 'node:crypto'
import { API_TOKEN_TTL_DAYS } from '@teranga/shared/constants'
import { isHttpsUrl, type SocialLoginInput } from '@teranga/shared/schemas'
import { toUtilisateur } from './auth.format.ts'
import type { Executor } from '../../db/client.ts'
import { createAuthRepository, type ClientRow } from './auth.repository.ts'
import type { IdTokenVerifier, VerifiedIdentity } from './firebase-verifier.ts'
import { unauthenticated } from '../../lib/errors.ts'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { TokenOwners } from './token-owners.ts'

export type { TokenOwner } from './auth.repository.ts'

/** The NOTIFY channel of token and role changes (ADR 021), for a module that follows sessions (the event streams). */
export { TOKENS_CHANNEL } from './token-owners.ts'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A token's owner and expiry as the database has them now: what the request hook's memory asks when it does not know a token. */
export function createTokenLookup(db: Executor) {
  const repo = createAuthRepository(db)
  return (tokenHash: string, now: Date) => repo.findOwnerOfToken(tokenHash, now)
}

/**
 * The client rows' roles and their API tokens, the auth module's tables (ADR 048), as the staff
 * module and the account change them, on the executor they give (their transaction).
 */
export function clientAccess(db: Executor) {
  const repo = createAuthRepository(db)
  return {
    /** The client's role becomes `role`; no token minted before carries it (the caller revokes them). */
    setRole: (clientId: number, role: string) => repo.setRole(clientId, role),
    /** Revokes every token of the client not revoked yet; how many. */
    revokeTokens: (clientId: number, now: Date) => repo.revokeAllTokens(clientId, now),
    /** Deletes every token of the client (a deleted account). */
    deleteTokens: (clientId: number) => repo.deleteTokens(clientId),
    /** The client row of `firebaseUid` with `role`, inserted or given the role (the demo admin); its id. */
    upsertWithRole: (firebaseUid: string, values: { email: string; prenom: string; name: string }, role: string) => repo.upsertWithRole(firebaseUid, values, role),
  }
}

/** "Awa Diop" → prénom "Awa", nom "Diop": used only when the body brings no names. */
function splitDisplayName(name: string | null | undefined): { prenom: string; nom: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  return { prenom: words[0] ?? '', nom: words.slice(1).join(' ') }
}

/**
 * What sign-in tells the staff module, inside the sign-in's transaction (the client's row is
 * locked): a waiting invitation for its verified email or proved phone number may give this client a role.
 */
export type SignedIn = (client: { id: number; email: string | null; emailVerified: boolean; phoneNumber: string | null }, tx: Executor) => Promise<{ roleChanged: boolean }>

const sameAddress = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase()

/**
 * How a verified ID token stands against what the shop last saw of the account (ADR 042):
 * - `stale`: the token says something else of the account than the shop last saw, and its
 *   Firebase sign-in is older than that (an attacker's token from before the owner's Google
 *   sign-in took the account over), or of the same second and weaker: refused;
 * - `changed`: the address, its verification or the sign-in methods differ, or were never seen:
 *   whoever held the account before may not be who holds it now, so every earlier API token goes;
 * - `same`.
 */
export function compareIdentity(row: Pick<ClientRow, 'email' | 'emailVerified' | 'signInMethods' | 'identitySince'>, identity: VerifiedIdentity): 'same' | 'changed' | 'stale' {
  if (row.emailVerified === null || row.signInMethods === null || row.identitySince === null) return 'changed'
  const recorded = new Set(row.signInMethods)
  const address = sameAddress(row.email, identity.email)
  const differs = !address || row.emailVerified !== identity.emailVerified || recorded.size !== identity.methods.length || identity.methods.some((m) => !recorded.has(m))
  // The account as the shop knows it, whenever this session began (another device's sign-in
  // posted a little later than this one's): nothing to revoke, nothing to refuse.
  if (!differs) return 'same'
  const token = Math.floor(identity.authTime.getTime() / 1000)
  const since = Math.floor(row.identitySince.getTime() / 1000)
  if (token < since) return 'stale'
  const weaker = (address && row.emailVerified && !identity.emailVerified) || [...recorded].some((m) => !identity.methods.includes(m))
  if (token === since && weaker) return 'stale'
  return 'changed'
}

export function createAuthService(
  db: Executor,
  verifier: IdTokenVerifier,
  tokenOwners: Pick<TokenOwners, 'forgetToken' | 'forgetClient'>,
  onSignedIn: SignedIn = async () => ({ roleChanged: false }),
  now: () => Date = () => new Date(),
) {
  const repo = createAuthRepository(db)
  return {
    /** Revokes every token of the client not revoked yet (« sign out everywhere »); how many. */
    revokeTokens: (clientId: number, at: Date) => repo.revokeAllTokens(clientId, at),

    /** `admit` runs once the token is verified, before anything is written (the per-account limit). */
    async signIn(input: SocialLoginInput, admit?: (uid: string) => Promise<void>) {
      const identity = await verifier.verify(input.idToken)
      await admit?.(identity.uid)
      // A Firebase user sets their own photoURL: the token's picture is checked like the body's.
      const picture = identity.picture && isHttpsUrl(identity.picture) ? identity.picture : null
      const seen = { emailVerified: identity.emailVerified, signInMethods: identity.methods }
      // One transaction, the client's row locked: a sign-in that revokes earlier tokens and one
      // that mints a token with an older identity cannot interleave (the second waits, then is stale).
      const { client, revoked, token } = await db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx)
        let existing = await txRepo.lockClientByUid(identity.uid)
        let client: ClientRow | undefined
        let revoked = false
        if (!existing) {
          const fromToken = splitDisplayName(identity.name)
          client = await txRepo.insertClient({
            firebaseUid: identity.uid,
            email: identity.email,
            login: identity.email,
            name: input.nom?.trim() || fromToken.nom || null,
            prenom: input.prenom?.trim() || fromToken.prenom || null,
            // A phone sign-in brings no email: the proved number is the customer's contact number too.
            telephone: input.telephone1 || input.tel || identity.phoneNumber,
            telephoneVerifie: identity.phoneNumber,
            googleImg: picture ?? input.googleImg ?? null,
            civilite: input.civilite ?? null,
            ville: input.ville?.trim() || null,
            pays: input.pays ?? null,
            ...seen,
            identitySince: identity.authTime,
          })
          // Two first sign-ins racing: the second waited for the first's row, and signs in to it.
          if (!client) existing = await txRepo.lockClientByUid(identity.uid)
        }
        if (existing) {
          const verdict = compareIdentity(existing, identity)
          if (verdict === 'stale') throw unauthenticated(MESSAGES.staleIdToken)
          if (verdict === 'changed') revoked = (await txRepo.revokeTokensOf(existing.id, now())) > 0
          // Names and the contact phone are the customer's to edit in their profile: sign-in
          // keeps them. The proved phone and the email follow the Firebase account.
          client = await txRepo.updateClient(existing.id, {
            email: identity.email,
            login: identity.email,
            telephoneVerifie: identity.phoneNumber,
            telephone: existing.telephone ?? identity.phoneNumber,
            googleImg: picture ?? existing.googleImg,
            ...(verdict === 'changed' ? { ...seen, identitySince: identity.authTime } : {}),
          })
        }
        if (!client) throw new Error('sign-in: the client row vanished under its lock')
        // A role given here revoked the tokens minted before it: only this sign-in's carries it.
        const { roleChanged } = await onSignedIn({ id: client.id, email: identity.email, emailVerified: identity.emailVerified, phoneNumber: identity.phoneNumber }, tx)
        if (roleChanged) revoked = true
        // Minted under the lock, after any revocation: a concurrent sign-in cannot revoke the
        // tokens it saw and leave one minted beside it from an older identity.
        const token = randomBytes(32).toString('base64url')
        const expiresAt = new Date(now().getTime() + API_TOKEN_TTL_DAYS * 86_400_000)
        await txRepo.insertToken(client.id, hashToken(token), expiresAt)
        return { client, revoked, token }
      })
      // Every instance hears of revoked tokens and role changes by NOTIFY (ADR 021); this one forgets at once.
      if (revoked) tokenOwners.forgetClient(client.id)
      return { utilisateur: toUtilisateur(client), token }
    },

    async profile(clientId: number) {
      const row = await repo.findProfile(clientId)
      return row ? { utilisateur: toUtilisateur(row.client, row.role, row.points) } : undefined
    },

    /** The Firebase account behind a client, whose sessions logging out everywhere revokes. */
    async firebaseUid(clientId: number) {
      const row = await repo.findProfile(clientId)
      return row ? row.client.firebaseUid : undefined
    },

    /** When the API token `token` was minted (a sign-in), undefined for a dead one. */
    tokenIssuedAt: (token: string) => repo.tokenIssuedAt(hashToken(token), now()),

    async logout(token: string) {
      const hash = hashToken(token)
      await repo.revokeToken(hash, now())
      tokenOwners.forgetToken(hash)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
