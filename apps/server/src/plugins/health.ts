// GET /health: whether the server and its database answer (for the supervisor and probes).
// GET /ready: whether this instance should get requests (the load balancer's check): the
// database answers, it holds every migration of this build, and the server is not stopping.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '@teranga/shared/server-messages'

const healthSchema = {
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'string' }, database: { type: 'string' }, instance: { type: 'string' } },
      required: ['status', 'database'],
    },
    503: { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' } }, required: ['status', 'message'] },
  },
}

export type Readiness = { ready: true } | { ready: false; message: string }

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /ready answers. */
    readiness(): Promise<Readiness>
  }
}

async function health(app: FastifyInstance, opts: { stopping?: AbortSignal | undefined }) {
  app.get('/health', { logLevel: 'warn', schema: healthSchema }, async (_request, reply) => {
    try {
      await app.database.ping()
      return { status: 'ok', database: app.database.kind }
    } catch {
      return reply.status(503).send({ status: 'error', message: MESSAGES.databaseUnavailable })
    }
  })

  // From the first moment of a stop: the signal (main.ts's drain), or else the close itself.
  let shuttingDown = opts.stopping?.aborted ?? false
  opts.stopping?.addEventListener('abort', () => {
    shuttingDown = true
  })
  app.addHook('preClose', async () => {
    shuttingDown = true
  })
  // Drawn at each start: /ready names the process that answered, so that an upgrade can see,
  // through the proxy, that the proxy sends requests to the restarted instance again
  // (docs/deploy.md §8). Random, it tells a visitor nothing.
  const instance = randomBytes(8).toString('hex')
  app.decorate('readiness', async (): Promise<Readiness> => {
    if (shuttingDown) return { ready: false, message: MESSAGES.shuttingDown }
    let pending
    try {
      pending = await app.database.pendingMigrations()
    } catch {
      return { ready: false, message: MESSAGES.databaseUnavailable }
    }
    if (pending.length > 0) return { ready: false, message: MESSAGES.migrationsPending(pending.join(', ')) }
    return shuttingDown ? { ready: false, message: MESSAGES.shuttingDown } : { ready: true }
  })

  app.get('/ready', { logLevel: 'warn', schema: healthSchema }, async (request, reply) => {
    const readiness = await app.readiness()
    reply.header('cache-control', 'no-store')
    if (readiness.ready) return { status: 'ok', database: app.database.kind, instance }
    request.log.warn({ reason: readiness.message }, 'not ready')
    return reply.status(503).send({ status: 'error', message: readiness.message })
  })
}

export default fp(health, { name: 'health', dependencies: ['database'] })
