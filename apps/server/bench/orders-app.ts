// The app as the orders benchmark runs it, listening on a free loopback port with a counter of
// its database statements: the first instance (orders-server.ts) and any other on the same
// database (orders-instance.ts, `BENCH_INSTANCES`).
import Fastify, { type FastifyInstance } from 'fastify'
import { app, serverOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier.ts'

// Customers hold API tokens already: no Firebase sign-in happens during the benchmark.
const verifier: IdTokenVerifier = {
  verify: () => Promise.reject(new Error('not used in benchmarks')),
  deleteUser: () => Promise.reject(new Error('not used in benchmarks')),
  revokeSessions: () => Promise.reject(new Error('not used in benchmarks')),
  customToken: () => Promise.reject(new Error('not used in benchmarks')),
}

export async function listenOrdersApp(database: Database, dataDir: string): Promise<{ server: FastifyInstance; port: number }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', FIREBASE_PROJECT_ID: 'demo-teranga-bench' })
  const server = Fastify(serverOptions(config))
  // The order messages' worker is off: the bench measures the request path (whose outbox rows
  // it writes); sending them would call this very server's sandbox, at an address not known
  // before it listens (ADR 034).
  await server.register(app, { config, database, verifier, webRoot: null, graphqlRateLimit: Number.MAX_SAFE_INTEGER, expireOrdersEveryMs: 0, messagesEveryMs: 0 })
  server.get('/bench/stats', () => ({ queries: database.stats.queries }))
  await server.listen({ port: 0, host: '127.0.0.1' })
  return { server, port: (server.server.address() as { port: number }).port }
}
