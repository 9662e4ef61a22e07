// Persisted queries (Apollo's protocol, ADR 063): a GET carries `extensions={"persistedQuery":
// {"version":1,"sha256Hash":…}}` instead of the document. The storefront's documents are known
// from the shared module (the browser hashes the same text), so its first request is already
// short; other clients may register theirs by resending the document once, into a bounded
// store no visitor can grow.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'
import { GRAPHQL_GET_MESSAGES } from '@teranga/shared/graphql-get-messages'

/** Documents other clients may register at most, each no longer than a query may be (MAX_QUERY_LENGTH). */
export const REGISTERED_QUERIES_KEPT = 200
/** Characters kept at most by all registered documents together (1 MB). */
const REGISTERED_CHARACTERS = 1024 * 1024

const SHA256 = /^[0-9a-f]{64}$/

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

interface Body {
  query?: unknown
  extensions?: { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null
}

const persisted = (body: Body) => (body.extensions && typeof body.extensions === 'object' ? body.extensions.persistedQuery : undefined)

export function persistedQueries(opts: { maxQueryLength: number }) {
  const prepared = new Map(Object.values(STOREFRONT_QUERIES).map((document) => [sha256(document), document as string]))
  const registered = new LRUCache<string, string>({
    max: REGISTERED_QUERIES_KEPT,
    maxSize: REGISTERED_CHARACTERS,
    sizeCalculation: (document) => document.length,
  })
  /** The document of a known hash, or undefined. */
  const documentOf = (hash: string) => prepared.get(hash) ?? registered.get(hash)

  /** Mercurius's `persistedQueryProvider`: its routes call these for GET and POST alike. */
  const provider = {
    isPersistedQuery: (body: Body) => !body.query && Boolean(persisted(body)),
    isPersistedQueryRetry: (body: Body) => Boolean(body.query) && Boolean(persisted(body)),
    getHash: (body: Body) => {
      const { version, sha256Hash } = persisted(body) ?? {}
      return version === 1 && typeof sha256Hash === 'string' && SHA256.test(sha256Hash) ? sha256Hash : false
    },
    getQueryFromHash: async (hash: string) => documentOf(hash),
    getHashForQuery: (query: string) => sha256(query),
    // Called only once the document ran without being refused (size, validation, cost).
    saveQuery: async (hash: string, query: string) => {
      if (!prepared.has(hash) && query.length <= opts.maxQueryLength) registered.set(hash, query)
    },
    notFoundError: GRAPHQL_GET_MESSAGES.persistedQueryNotFound,
    notSupportedError: GRAPHQL_GET_MESSAGES.persistedQueryUnsupported,
    mismatchError: GRAPHQL_GET_MESSAGES.persistedQueryMismatch,
  }
  return { provider, documentOf, registeredCount: () => registered.size }
}
