// `npm run bench:backoffice`: the back office's filtered order list (GET /api/commande) on
// 100,000 orders (BENCH_ORDERS), through the real app over HTTP on 127.0.0.1, as a staff
// member. Each request picks one of the screen's usual filters (state, days, payment mode,
// zone, any part of the number, phone digits, customer name, sort by amount, a deep page); requests are
// sent one after another and timed; p50/p95/p99 are printed against the budget (p95 ≤ 100 ms).
// The database is the embedded PostgreSQL default, or a fresh one on BENCH_DATABASE_URL.
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { app, serverOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { apiTokens, clients, roles } from '../src/db/schema.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { generateOrders } from '../src/db/seed-large.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { openBenchDatabase } from './bench-database.ts'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)
const BUDGET_P95_MS = 100
const COMMAND = 'npm run bench:backoffice (BENCH_ORDERS, BENCH_REQUESTS, BENCH_DATABASE_URL to change it)'

const bench = await openBenchDatabase(process.env.BENCH_DATABASE_URL || undefined)
const { database, dataDir } = bench
try {
  await database.migrate()
  await seedIfEmpty(database.db)
  const seeding = Date.now()
  await generateOrders(database.db, ORDERS)
  console.log(`${ORDERS} orders generated in ${((Date.now() - seeding) / 1000).toFixed(1)} s`)

  // A gestionnaire with an API token (no Firebase sign-in during the benchmark).
  const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'gestionnaire')).limit(1)
  const [staff] = await database.db
    .insert(clients)
    .values({ firebaseUid: 'bench-staff', email: 'staff@bench.sn', login: 'staff@bench.sn', prenom: 'Staff', name: 'Bench', roleId: role!.id })
    .returning({ id: clients.id })
  const token = randomBytes(32).toString('base64url')
  await database.db.insert(apiTokens).values({ clientId: staff!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) })
  await database.db.execute(sql`analyze`)

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', FIREBASE_PROJECT_ID: 'demo-teranga-bench' })
  const verifier: IdTokenVerifier = {
    verify: () => Promise.reject(new Error('not used in benchmarks')),
    deleteUser: () => Promise.reject(new Error('not used in benchmarks')),
    revokeSessions: () => Promise.reject(new Error('not used in benchmarks')),
    customToken: () => Promise.reject(new Error('not used in benchmarks')),
  }
  const server = Fastify(serverOptions(config))
  await server.register(app, { config, database, verifier, webRoot: null, graphqlRateLimit: Number.MAX_SAFE_INTEGER, expireOrdersEveryMs: 0 })
  await server.listen({ port: 0, host: '127.0.0.1' })
  const { port } = server.server.address() as { port: number }

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  const filters = [
    '',
    'etat=en_attente,payee,confirmee',
    'etat=livree&sort=montant&dir=desc',
    `du=${day(30)}&au=${day(0)}`,
    `du=${day(7)}&au=${day(7)}&etat=annulee`,
    'modepaiement=WAVE',
    'modelivraison=DOMICILE&zone=Mermoz',
    'q=GEN-00123',
    // The end of a number, as a customer reads it on the phone, in any case.
    'q=n-0099',
    'q=01234',
    'q=77%20104',
    'q=fatou%20diop',
    'q=client42@exemple.sn',
    'sort=numero&dir=asc&page=200',
    'page=50&count=100',
  ]
  const latencies: number[] = []
  const byFilter = new Map<string, number[]>()
  // Warm-up: each filter once.
  for (const f of filters) await fetch(`http://127.0.0.1:${port}/api/commande?${f}`, { headers: { authorization: `Bearer ${token}` } })
  for (let i = 0; i < REQUESTS; i++) {
    const f = filters[i % filters.length]!
    const started = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/api/commande?${f}`, { headers: { authorization: `Bearer ${token}` } })
    const body = await res.text()
    const elapsed = performance.now() - started
    if (res.status !== 200) throw new Error(`GET /api/commande?${f}: ${res.status} ${body.slice(0, 200)}`)
    latencies.push(elapsed)
    byFilter.set(f, [...(byFilter.get(f) ?? []), elapsed])
  }
  const sorted = [...latencies].sort((a, b) => a - b)
  const pct = (list: number[], p: number) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!
  console.log(`\nGET /api/commande (filtered staff list) on ${ORDERS} orders, ${REQUESTS} requests, ${database.kind} PostgreSQL`)
  for (const [f, list] of byFilter) {
    const s = [...list].sort((a, b) => a - b)
    console.log(`  ${(f || '(no filter)').padEnd(40)} p50 ${pct(s, 50).toFixed(1)} ms  p95 ${pct(s, 95).toFixed(1)} ms`)
  }
  const p95 = pct(sorted, 95)
  console.log(`p50 ${pct(sorted, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${pct(sorted, 99).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`)
  console.log(`${p95 <= BUDGET_P95_MS ? 'OK  ' : 'MISS'} p95 ≤ ${BUDGET_P95_MS} ms`)
  console.log(`reproduce: ${COMMAND}`)
  await server.close()
} finally {
  await bench.close()
}
