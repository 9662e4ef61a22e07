// Sign-in: the identity comes from the verified Firebase ID token, never from the posted
// body; the body only fills display fields on first sign-in. Issues opaque API tokens.
import { createHash, randomBytes } from 'node:crypto'
import { API_TOKEN_TTL_DAYS } from '@teranga/shared/constants'
import { isHttpsUrl, type SocialLoginInput } from '@teranga/shared/schemas'
import { toUtilisateur } from './auth.format.ts'
import type { Executor } from '../../db/client.ts'
import { createAuthRepository, type AuthRepository, type ClientRow } from './auth.repository.ts'
import type { IdTokenVerifier } from './firebase-verifier.ts'
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

/** "Awa Diop" → prénom "Awa", nom "Diop": used only when the body brings no names. */
function splitDisplayName(name: string | null | undefined): { prenom: string; nom: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  return { prenom: words[0] ?? '', nom: words.slice(1).join(' ') }
}

/** What sign-in tells the staff module: a waiting invitation may give this client a role. */
export type SignedIn = (client: { id: number; email: string | null; emailVerified: boolean }) => Promise<void>

export function createAuthService(
  repo: AuthRepository,
  verifier: IdTokenVerifier,
  tokenOwners: Pick<TokenOwners, 'forgetToken'>,
  onSignedIn: SignedIn = async () => {},
  now: () => Date = () => new Date(),
) {
  return {
    /** `admit` runs once the token is verified, before anything is written (the per-account limit). */
    async signIn(input: SocialLoginInput, admit?: (uid: string) => Promise<void>) {
      const identity = await verifier.verify(input.idToken)
      await admit?.(identity.uid)
      // A Firebase user sets their own photoURL: the token's picture is checked like the body's.
      const picture = identity.picture && isHttpsUrl(identity.picture) ? identity.picture : null
      const existing = await repo.findClientByUid(identity.uid)
      let client: ClientRow
      if (!existing) {
        const fromToken = splitDisplayName(identity.name)
        client = await repo.insertClient({
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
        })
      } else {
        // Names and the contact phone are the customer's to edit in their profile: sign-in
        // keeps them. The proved phone and the email follow the Firebase account.
        client = await repo.updateClient(existing.id, {
          email: identity.email,
          login: identity.email,
          telephoneVerifie: identity.phoneNumber,
          telephone: existing.telephone ?? identity.phoneNumber,
          googleImg: picture ?? existing.googleImg,
        })
      }
      await onSignedIn({ id: client.id, email: identity.email, emailVerified: identity.emailVerified })
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(now().getTime() + API_TOKEN_TTL_DAYS * 86_400_000)
      await repo.insertToken(client.id, hashToken(token), expiresAt)
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

    async logout(token: string) {
      const hash = hashToken(token)
      await repo.revokeToken(hash, now())
      tokenOwners.forgetToken(hash)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
