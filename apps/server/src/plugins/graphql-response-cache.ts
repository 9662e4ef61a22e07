// A micro-cache for anonymous GraphQL reads of the public catalogue: the same query with the
// same variables gets the same JSON for every visitor, so it is kept for a few seconds and
// served without executing anything. Signed-in requests never touch it (`like` is personal).
// Stock shown may lag by the TTL; stock is enforced at cart and order time (ADR 004).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Kind, parse, type OperationDefinitionNode } from 'graphql'
import { LRUCache } from 'lru-cache'

const MAX_ENTRIES = 1000
/** Characters of answers and keys kept at most: pages of 100 products a visitor varies cannot fill memory. */
const MAX_CHARACTERS = 16 * 1024 * 1024
const MAX_QUERIES = 500

declare module 'fastify' {
  interface FastifyRequest {
    graphqlCacheKey?: string
  }
}

interface Body {
  query?: unknown
  variables?: unknown
  operationName?: unknown
}

export function responseCache(app: FastifyInstance, opts: { ttlMs: number; rootFields: ReadonlySet<string>; maxQueryLength: number }) {
  const entries = new LRUCache<string, string>({
    max: MAX_ENTRIES,
    maxSize: MAX_CHARACTERS,
    sizeCalculation: (body, key) => body.length + key.length,
    ttl: opts.ttlMs,
  })
  const verdicts = new Map<string, boolean>()
  const counted = app.hasDecorator('metrics') ? (hit: boolean) => app.metrics.cacheLookup('graphql', hit) : () => {}

  // Cacheable: a query operation whose root fields are all public catalogue reads.
  function cacheable(query: string, operationName: unknown): boolean {
    // Longer than any query is allowed to be: refused before parsing (ADR 014), not parsed here.
    if (query.length > opts.maxQueryLength) return false
    const id = `${String(operationName ?? '')}\n${query}`
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

  function keyOf(request: FastifyRequest): string | undefined {
    if (request.method !== 'POST' || request.user || request.headers.authorization !== undefined) return undefined
    const body = request.body as Body | undefined
    if (!body || typeof body.query !== 'string' || !cacheable(body.query, body.operationName)) return undefined
    return JSON.stringify([body.query, body.variables ?? null, body.operationName ?? null])
  }

  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return
    const key = keyOf(request)
    if (!key) return
    const hit = entries.get(key)
    counted(hit !== undefined)
    if (hit !== undefined) {
      return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'HIT').send(hit)
    }
    request.graphqlCacheKey = key
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.graphqlCacheKey
    // Only complete successes are shared: an answer with errors is computed again next time.
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string' || payload.includes('"errors":')) return payload
    entries.set(key, payload)
    return payload
  })

  return { clear: () => entries.clear() }
}
