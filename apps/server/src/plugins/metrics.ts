// GET /metrics: the shop's metrics in Prometheus's text format (ADR 029), for whoever holds
// METRICS_TOKEN; to anyone else, and when no token is set, the route does not exist. Also
// times every answer, and puts `app.metrics` on the instance for the modules' counters.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { lastBackupSuccesses } from '../db/backup-runs.ts'
import { createMetrics, type Metrics } from '../lib/metrics.ts'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

export interface MetricsOptions {
  /** The bearer token a scraper sends; undefined turns the route off. */
  token: string | undefined
  /** During a rotation, the old token, still accepted (METRICS_TOKEN_PREVIOUS). */
  previousToken?: string | undefined
}

/** Scrapes one address may make per minute: a scraper asks every 15 s or so. */
const SCRAPES_PER_MINUTE = 60

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether `header` is `Bearer <token>`, compared in constant time (both hashed to one length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1]
  return given !== undefined && timingSafeEqual(digest(given), digest(token))
}

async function metricsPlugin(app: FastifyInstance, opts: MetricsOptions) {
  const metrics = createMetrics(app.database, {
    // The health plugin registers after this one: its readiness is looked up at each scrape.
    ready: async () => app.hasDecorator('readiness') && (await app.readiness()).ready,
    backups: () => lastBackupSuccesses(app.database.db),
  })
  app.decorate('metrics', metrics)
  app.addHook('onClose', async () => metrics.close())

  // The route's pattern, never the URL: one series per route whatever the ids and queries.
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000)
  })

  const { token, previousToken } = opts
  // Scrapes that arrive together share one collection.
  let collecting: Promise<string> | undefined
  const collect = () => {
    collecting ??= metrics.text().finally(() => {
      collecting = undefined
    })
    return collecting
  }
  const hidden = (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization
    // Both compared every time, so the answer's timing does not say which one matched.
    const current = !!token && bearerMatches(header, token)
    const previous = !!token && !!previousToken && bearerMatches(header, previousToken)
    if (!current && !previous) return reply.callNotFound()
  }
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      // Counted only once the token is right, after it: without it the route is a plain 404.
      config: { rateLimit: { max: SCRAPES_PER_MINUTE, timeWindow: 60_000, hook: 'preHandler' } },
      onRequest: async (request, reply) => hidden(request, reply),
    },
    async (_request, reply) => {
      const text = await collect()
      return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text)
    },
  )
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['database'] })
