// A visitor's public catalogue read as a GET naming its document by hash (ADR 063): the same
// address for everyone asking the same page, which the browser, a CDN and the service worker
// may keep. Loaded apart from the first page's script; api-client.ts decides when it is used.
import { STOREFRONT_QUERIES, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { graphqlData, headers, send, type GraphqlBody } from './api-client.ts'

const hashes = new Map<StorefrontQuery, Promise<string>>()

/** The SHA-256 of a storefront document, as the server computes it from the same shared text. */
export function documentHash(name: StorefrontQuery): Promise<string> {
  let hash = hashes.get(name)
  if (!hash) {
    hash = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(STOREFRONT_QUERIES[name]))
      .then((digest) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(''))
    hashes.set(name, hash)
  }
  return hash
}

/**
 * A public document's GET address: variables in a fixed order, so that caches share it. With
 * `document`, the text is sent too: the server did not know the hash (another release) and
 * keeps it from then on.
 */
export function publicReadUrl(hash: string, variables: Record<string, unknown>, document?: string): string {
  const sorted = Object.fromEntries(Object.entries(variables).filter(([, v]) => v !== undefined).sort())
  const params = new URLSearchParams()
  if (Object.keys(sorted).length > 0) params.set('variables', JSON.stringify(sorted))
  params.set('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }))
  if (document !== undefined) params.set('query', document)
  return `/graphql?${params}`
}

export async function publicRead<T>(name: StorefrontQuery, variables: Record<string, unknown>): Promise<T> {
  const hash = await documentHash(name)
  const get = (document?: string) => send(publicReadUrl(hash, variables, document), { method: 'GET', headers: headers(false) })
  let { response, body } = await get()
  // Another release's server does not know the hash: the text once, which it keeps.
  if ((body as GraphqlBody<T> | null)?.errors?.[0]?.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND') ({ response, body } = await get(STOREFRONT_QUERIES[name]))
  return graphqlData<T>(response, body)
}
