// GET /health: whether the server and its database answer (for the supervisor and probes).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '@teranga/shared/messages'

const healthSchema = {
  response: {
    200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } }, required: ['status', 'database'] },
    503: { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' } }, required: ['status', 'message'] },
  },
}

async function health(app: FastifyInstance) {
  app.get('/health', { logLevel: 'warn', schema: healthSchema }, async (_request, reply) => {
    try {
      await app.database.ping()
      return { status: 'ok', database: app.database.kind }
    } catch {
      return reply.status(503).send({ status: 'error', message: MESSAGES.databaseUnavailable })
    }
  })
}

export default fp(health, { name: 'health', dependencies: ['database'] })
