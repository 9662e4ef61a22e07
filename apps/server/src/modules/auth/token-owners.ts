// Who holds an API token, kept in memory for a short while so that a signed-in request does
// not cost a token query (ADR 021). Never served stale on purpose: a token revoked or
// deleted, an account deleted or a role changed, by this shop or by hand in SQL, NOTIFYs
// every instance at commit (migration 0011's triggers, payload the client's id, `*` for a
// role's rights); the instance that made the change forgets at once. While notifications are
// not heard, nothing is kept, and every entry is read again after `ttlMs` anyway.
import { LRUCache } from 'lru-cache'
import type { TokenOwner } from './auth.repository.ts'

/** The channel migration 0011's triggers NOTIFY on: a client's id, or `*` for everyone. */
export const TOKENS_CHANNEL = 'teranga_tokens'

export interface TokenOwners {
  /** The token's owner if kept in memory, without asking the database. */
  kept(tokenHash: string): TokenOwner | undefined
  /** The token's owner, from memory or else from the database; undefined for a dead token. */
  find(tokenHash: string): Promise<TokenOwner | undefined>
  /**
   * The token's owner and expiry read from the database now, never from memory: for what
   * outlives a request (an event stream), checked again when the database says it changed.
   */
  check(tokenHash: string): Promise<(TokenOwner & { expiresAt: Date }) | undefined>
  /** This token was revoked: read it again. */
  forgetToken(tokenHash: string): void
  /** This client's tokens or role changed: read them again. */
  forgetClient(clientId: number): void
  /** Anything may have changed (a role's rights, notifications missed). */
  clear(): void
  /** A NOTIFY on TOKENS_CHANNEL. */
  notified(payload: string): void
  /** How many owners are kept now. */
  size(): number
}

export interface TokenOwnersOptions {
  lookup: (tokenHash: string, now: Date) => Promise<(TokenOwner & { expiresAt: Date }) | undefined>
  /** Whether this instance hears the database's notifications now. */
  hearsChanges: () => boolean
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

interface Entry {
  owner: TokenOwner
  /** The token's own expiry. */
  expiresAt: number
  /** When it must be read again from the database. */
  until: number
}

export function createTokenOwners({ lookup, hearsChanges, ttlMs = 30_000, maxEntries = 10_000, now = Date.now }: TokenOwnersOptions): TokenOwners {
  // The tokens kept for each client, so that forgetting one client does not walk every entry
  // (a bulk change in SQL NOTIFYs once per client).
  const byClient = new Map<number, Set<string>>()
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    // Whenever an entry leaves (evicted, deleted, replaced, cleared).
    dispose: (entry, tokenHash) => {
      const hashes = byClient.get(entry.owner.id)
      hashes?.delete(tokenHash)
      if (hashes?.size === 0) byClient.delete(entry.owner.id)
    },
  })
  // Bumped by every forgetting: a lookup that was under way meanwhile may have read the row
  // before the change committed, so its answer is used once but not kept.
  let generation = 0

  const owners: TokenOwners = {
    kept(tokenHash) {
      const entry = entries.get(tokenHash)
      if (!entry) return undefined
      const t = now()
      if (entry.until > t && entry.expiresAt > t && hearsChanges()) return entry.owner
      entries.delete(tokenHash)
      return undefined
    },
    async find(tokenHash) {
      const kept = owners.kept(tokenHash)
      if (kept) return kept
      const t = now()
      const before = generation
      const row = await lookup(tokenHash, new Date(t))
      if (!row) return undefined
      // Shared by the requests that carry the token: nobody may change it.
      const owner: TokenOwner = Object.freeze({ id: row.id, isadmin: row.isadmin, role: row.role })
      if (before === generation && hearsChanges()) {
        entries.set(tokenHash, { owner, expiresAt: row.expiresAt.getTime(), until: t + ttlMs })
        const hashes = byClient.get(owner.id) ?? new Set<string>()
        byClient.set(owner.id, hashes.add(tokenHash))
      }
      return owner
    },
    check: (tokenHash) => lookup(tokenHash, new Date(now())),
    forgetToken(tokenHash) {
      generation++
      entries.delete(tokenHash)
    },
    forgetClient(clientId) {
      generation++
      for (const hash of [...(byClient.get(clientId) ?? [])]) entries.delete(hash)
    },
    clear() {
      generation++
      entries.clear()
    },
    notified(payload) {
      const clientId = Number(payload)
      if (payload !== '*' && Number.isSafeInteger(clientId)) owners.forgetClient(clientId)
      else owners.clear()
    },
    size: () => entries.size,
  }
  return owners
}
