// The server under benchmark, in its own process so the load generator does not share its
// event loop: the real app on PGlite (demo seed, or a large catalogue), plus a bare route
// answering the same JSON as the measured query, and a counter of database statements.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { app, serverOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/client.ts'
import { generateProducts } from '../src/db/seed-large.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { PRODUCT_PAGE_QUERY } from './queries.ts'

const products = Number(process.env.BENCH_PRODUCTS ?? 0)
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-bench-'))
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', FIREBASE_PROJECT_ID: 'demo-teranga-bench' })
const database = await openDatabase({})
await database.migrate()
await seedIfEmpty(database.db)
if (products > 0) await generateProducts(database.db, products)

// Anonymous traffic only: no sign-in happens, so no verifier is needed.
const verifier: IdTokenVerifier = {
  verify: () => Promise.reject(new Error('not used in benchmarks')),
  deleteUser: () => Promise.reject(new Error('not used in benchmarks')),
  revokeSessions: () => Promise.reject(new Error('not used in benchmarks')),
}
const server = Fastify(serverOptions(config))
await server.register(app, { config, database, verifier, webRoot: null, graphqlRateLimit: Number.MAX_SAFE_INTEGER, catalogueCacheTtl: Number(process.env.BENCH_CACHE_TTL ?? 5) })

let bareBody = ''
server.get('/bench/bare', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(bareBody)
})
// The same request as GraphQL (a POST with the same JSON body), answered without GraphQL.
server.post('/bench/bare', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(bareBody)
})
server.get('/bench/stats', () => ({ queries: database.stats.queries }))
const sample = await server.inject({ method: 'POST', url: '/graphql', payload: { query: PRODUCT_PAGE_QUERY, variables: { page: 1, count: 12 } } })
bareBody = sample.body
await server.listen({ port: 0, host: '127.0.0.1' })
const { port } = server.server.address() as { port: number }
process.send?.({ ready: true, port, bytes: bareBody.length })
process.on('disconnect', async () => {
  await server.close()
  await database.close()
  await fs.rm(dataDir, { recursive: true, force: true })
  process.exit(0)
})
