// Anonymous GraphQL reads of the public catalogue: the same query with the same variables gets
// the same JSON for every visitor. As a GET (ADR 063) the answer says so to browsers, proxies
// and CDNs (`Cache-Control: public`, a strong ETag, 304 on `If-None-Match`) and is kept here
// for a few seconds, answered before any GraphQL work; as a POST it is kept here only (ADR 004).
// Signed-in requests never touch it (`like` is personal) and their answers are `no-store`.
// Stock shown may lag by the TTL; stock is enforced at cart and order time.
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Kind, parse, type OperationDefinitionNode } from 'graphql'
import { LRUCache } from 'lru-cache'

const MAX_ENTRIES = 1000
/** Characters of answers and keys kept at most: pages of 100 products a visitor varies cannot fill memory. */
const MAX_CHARACTERS = 16 * 1024 * 1024
const MAX_QUERIES = 500

/** What a public GET answer tells browsers and shared caches (issue 27 §1). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30'
/** The answer differs with the caller's token (`like`) and, once compressed by the proxy, with the encoding. */
export const PUBLIC_VARY = 'Accept-Encoding, Authorization'

interface Kept {
  body: string
  etag: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's key in the cache when its answer may be kept; `hit` when answered from it. */
    graphqlCache?: { key: string; shared: boolean } | 'hit'
  }
}

interface Body {
  query?: unknown
  variables?: unknown
  operationName?: unknown
}

export interface GetQuery {
  query?: string
  variables?: string
  operationName?: string
  extensions?: string
}

/**
 * A GET's key in the cache: its parameters, not its address, so that an added `&x=1` cannot make
 * a new entry. As a JSON array, like the POST key: any parameter may hold a newline, and joined
 * with newlines two different sets of parameters could give the same key.
 */
export const getKey = (q: GetQuery) =>
  JSON.stringify(['GET', q.extensions ?? null, q.query ?? null, q.variables ?? null, q.operationName ?? null])

/** A strong validator: the answer's bytes, hashed. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`

/** RFC 9110 §13.1.2: `If-None-Match` matches any listed tag, compared weakly, or `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export function responseCache(
  app: FastifyInstance,
  opts: { ttlMs: number; rootFields: ReadonlySet<string>; maxQueryLength: number; documentOf: (hash: string) => string | undefined },
) {
  // A TTL of 0 keeps nothing here; GET answers still carry their HTTP caching headers.
  const entries = opts.ttlMs > 0
    ? new LRUCache<string, Kept>({
        max: MAX_ENTRIES,
        maxSize: MAX_CHARACTERS,
        sizeCalculation: (kept, key) => kept.body.length + key.length,
        ttl: opts.ttlMs,
      })
    : undefined
  const verdicts = new Map<string, boolean>()
  const counted = app.hasDecorator('metrics') ? (hit: boolean) => app.metrics.cacheLookup('graphql', hit) : () => {}

  // Cacheable: a query operation whose root fields are all public catalogue reads.
  function cacheable(query: string, operationName: unknown): boolean {
    // Longer than any query is allowed to be: refused before parsing (ADR 014), not parsed here.
    if (query.length > opts.maxQueryLength) return false
    // As a JSON array: a name holding a newline cannot pass for another name and document.
    const id = JSON.stringify([String(operationName ?? ''), query])
    let verdict = verdicts.get(id)
    if (verdict === undefined) {
      try {
        const operations = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
        const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined
        verdict =
          op?.operation === 'query' &&
          op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && (opts.rootFields.has(s.name.value) || s.name.value === '__typename'))
      } catch {
        verdict = false
      }
      if (verdicts.size >= MAX_QUERIES) verdicts.clear()
      verdicts.set(id, verdict)
    }
    return verdict
  }

  /** The document a GET names: its `query`, else the one its persisted hash stands for. */
  function getDocument(q: GetQuery): string | undefined {
    if (typeof q.query === 'string' && q.query !== '') return q.query
    if (typeof q.extensions !== 'string') return undefined
    try {
      const hash = (JSON.parse(q.extensions) as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash
      return typeof hash === 'string' ? opts.documentOf(hash) : undefined
    } catch {
      return undefined
    }
  }

  /** GET, or the HEAD Fastify answers beside it. */
  const read = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD'
  const anonymous = (request: FastifyRequest) => request.headers.authorization === undefined && !request.user

  function publicHeaders(reply: FastifyReply, etag: string) {
    return reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag).header('vary', PUBLIC_VARY)
  }

  // A GET is answered from the cache as soon as it arrives (after the token check and the rate
  // limit): no body to parse, no schema, no GraphQL. Its key is its parameters, not its
  // address, so that an added `&x=1` cannot make a new entry.
  app.addHook('onRequest', async (request, reply) => {
    if (!read(request) || request.routeOptions.url !== '/graphql' || !anonymous(request)) return
    const q = request.query as GetQuery
    const key = getKey(q)
    const hit = entries?.get(key)
    if (entries) counted(hit !== undefined)
    if (hit !== undefined) {
      request.graphqlCache = 'hit'
      publicHeaders(reply, hit.etag).header('x-cache', 'HIT')
      if (matches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send()
      return reply.header('content-type', 'application/json; charset=utf-8').send(hit.body)
    }
    const document = getDocument(q)
    if (document !== undefined && cacheable(document, q.operationName)) request.graphqlCache = { key, shared: true }
  })

  app.addHook('preValidation', async (request, reply) => {
    if (!entries || request.method !== 'POST' || request.routeOptions.url !== '/graphql' || !anonymous(request)) return
    const body = request.body as Body | undefined
    if (!body || typeof body.query !== 'string' || !cacheable(body.query, body.operationName)) return
    const key = JSON.stringify([body.query, body.variables ?? null, body.operationName ?? null])
    const hit = entries.get(key)
    counted(hit !== undefined)
    if (hit !== undefined) {
      request.graphqlCache = 'hit'
      return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'HIT').send(hit.body)
    }
    request.graphqlCache = { key, shared: false }
  })

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/graphql') return payload
    const cache = request.graphqlCache
    if (cache === 'hit') return payload
    // Only complete successes are shared: an answer with errors is computed again next time.
    const success = cache !== undefined && reply.statusCode === 200 && typeof payload === 'string' && !payload.includes('"errors":')
    if (!read(request)) {
      if (success) entries?.set(cache.key, { body: payload, etag: '' })
      return payload
    }
    // A GET that is not a public read (signed in, private fields, an error): kept by no one.
    if (!success || !cache.shared || !anonymous(request)) {
      reply.header('cache-control', 'no-store')
      return payload
    }
    const etag = etagOf(payload)
    entries?.set(cache.key, { body: payload, etag })
    publicHeaders(reply, etag)
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304)
      return null
    }
    return payload
  })

  return { clear: () => entries?.clear() }
}
