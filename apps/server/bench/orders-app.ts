// The app as the orders benchmark runs it, listening on a free loopback port with a counter of
// its database statements: the first instance (orders-server.ts) and any other on the same
// database (orders-instance.ts, `BENCH_INSTANCES`).
import fs from 'node:fs/promises'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
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

const nodeCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** The user and system time of the embedded server under `dataDir` and its backends (Linux /proc, 100 ticks a second); 0 without one. */
async function postgresCpuMs(dataDir: string): Promise<number> {
  const postmaster = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0])
  if (!postmaster) return 0
  let ticks = 0
  for (const pid of await fs.readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    // The fields after the command's closing parenthesis: state, ppid, … utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(pid) === postmaster || Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks * 10
}

export async function listenOrdersApp(database: Database, dataDir: string): Promise<{ server: FastifyInstance; port: number }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', FIREBASE_PROJECT_ID: 'demo-teranga-bench' })
  const server = Fastify(serverOptions(config))
  // The order messages' worker is off: the bench measures the request path (whose outbox rows
  // it writes); sending them would call this very server's sandbox, at an address not known
  // before it listens (ADR 034).
  await server.register(app, { config, database, verifier, webRoot: null, graphqlRateLimit: Number.MAX_SAFE_INTEGER, expireOrdersEveryMs: 0, messagesEveryMs: 0 })
  // CPU time (ms) of this process and of the embedded PostgreSQL's processes: what an order
  // costs, which the machine's other work changes less than the orders per second.
  server.get('/bench/stats', async () => ({ queries: database.stats.queries, nodeCpuMs: nodeCpuMs(), postgresCpuMs: await postgresCpuMs(dataDir) }))
  // The planner's statistics after the warm-up's orders, as autovacuum keeps them in a shop that
  // takes orders (ADR 069): left as they were when the order tables were empty, the foreign keys'
  // checks of each order line scan the whole orders table, slower with every order the run places.
  server.post('/bench/analyze', async () => {
    await database.db.execute(sql`analyze`)
    return { analyzed: true }
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  return { server, port: (server.server.address() as { port: number }).port }
}
