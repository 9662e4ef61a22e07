// The server under benchmark, in its own process so the load generator does not share its
// event loop: the real app on the embedded PostgreSQL default (demo seed, or a large
// catalogue), a few signed-in customers, a bare route answering the same JSON as the
// measured query, and a counter of database statements.
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { app, serverOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { apiTokens, clients, roles } from '../src/db/schema.ts'
import { generateOrders, generateProducts } from '../src/db/seed-large.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { openBenchDatabase } from './bench-database.ts'
import { PRODUCT_PAGE_QUERY } from './queries.ts'

const products = Number(process.env.BENCH_PRODUCTS ?? 0)
const customers = Number(process.env.BENCH_CUSTOMERS ?? 50)
const bench = await openBenchDatabase(process.env.BENCH_DATABASE_URL || undefined)
const { database, dataDir } = bench
await database.migrate()
await seedIfEmpty(database.db)
if (products > 0) await generateProducts(database.db, products)
// The grids' benchmark (bench/grids.bench.ts): orders over the last 180 days, so that best
// sellers have sales to rank, and one product in 50 on sale (20 % off).
if (process.env.BENCH_GRIDS === '1') {
  await generateOrders(database.db, Number(process.env.BENCH_ORDERS ?? 20_000))
  await database.db.execute(sql`update produits set prix_promo = prix * 8 / 10 where id % 50 = 0`)
  await database.db.execute(sql`vacuum analyze produits`)
}

// Customers who hold API tokens already: signed-in pages need no Firebase sign-in.
const [clientRole] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.isclient, true)).limit(1)
const rows = await database.db
  .insert(clients)
  .values(Array.from({ length: customers }, (_, i) => ({ firebaseUid: `bench-${i}`, email: `client${i}@bench.sn`, login: `client${i}@bench.sn`, prenom: 'Awa', name: `Client ${i}`, roleId: clientRole!.id })))
  .returning({ id: clients.id })
const tokens = rows.map(() => randomBytes(32).toString('base64url'))
await database.db
  .insert(apiTokens)
  .values(rows.map((r, i) => ({ clientId: r.id, tokenHash: hashToken(tokens[i]!), expiresAt: new Date(Date.now() + 86_400_000) })))

const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', FIREBASE_PROJECT_ID: 'demo-teranga-bench' })
const verifier: IdTokenVerifier = {
  verify: () => Promise.reject(new Error('not used in benchmarks')),
  deleteUser: () => Promise.reject(new Error('not used in benchmarks')),
  revokeSessions: () => Promise.reject(new Error('not used in benchmarks')),
  customToken: () => Promise.reject(new Error('not used in benchmarks')),
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
// GraphQL requests received, beside the statements: statements per request, counting those
// autocannon abandons in flight when a window ends (their statement is sent, no answer is).
let graphqlRequests = 0
server.addHook('onRequest', async (request) => {
  if (request.url === '/graphql') graphqlRequests++
})
// The server process's CPU time (µs, user and system): its cost per answer, which other work on the machine changes less than its rate.
server.get('/bench/stats', () => {
  const cpu = process.cpuUsage()
  return { queries: database.stats.queries, graphql: graphqlRequests, cpuMicros: cpu.user + cpu.system }
})
const sample = await server.inject({ method: 'POST', url: '/graphql', payload: { query: PRODUCT_PAGE_QUERY, variables: { page: 1, count: 12 } } })
bareBody = sample.body
await server.listen({ port: 0, host: '127.0.0.1' })
const { port } = server.server.address() as { port: number }
// The database's URL: the Vendure side by side (vendure.bench.ts) puts its database on the same server.
process.send?.({ ready: true, port, bytes: bareBody.length, tokens, databaseUrl: database.url })
process.on('disconnect', async () => {
  await server.close()
  await bench.close()
  process.exit(0)
})
