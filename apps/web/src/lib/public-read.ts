// A visitor's public catalogue read as a GET naming its document by hash (ADR 063): the same
// address for everyone asking the same page, which the browser, a CDN and the service worker
// may keep. Loaded apart from the first page's script by lib/api-client.ts, which sends it.

const hashes = new Map<string, Promise<string>>()

/** The SHA-256 of a document's text, in hex: what the server computes from the same shared text. */
export function documentHash(document: string): Promise<string> {
  let hash = hashes.get(document)
  if (!hash) {
    hash = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(document))
      .then((digest) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(''))
    hashes.set(document, hash)
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
  const params = new URLSearchParams({
    ...(Object.keys(sorted).length > 0 ? { variables: JSON.stringify(sorted) } : {}),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    ...(document === undefined ? {} : { query: document }),
  })
  return `/graphql?${params}`
}

interface Answer {
  response: Response
  body: unknown
}

/** The GET of `document` through `get`; once more with its text when the server does not know its hash. */
export async function publicRead(document: string, variables: Record<string, unknown>, get: (url: string) => Promise<Answer>): Promise<Answer> {
  const hash = await documentHash(document)
  const answer = await get(publicReadUrl(hash, variables))
  const code = (answer.body as { errors?: Array<{ extensions?: { code?: string } }> } | null)?.errors?.[0]?.extensions?.code
  return code === 'PERSISTED_QUERY_NOT_FOUND' ? get(publicReadUrl(hash, variables, document)) : answer
}
