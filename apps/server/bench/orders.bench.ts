// `npm run bench:orders` (and the end of `npm run bench`): orders placed per second, with the
// latency percentiles, for customers who each hold a 3-line cart, on the embedded PostgreSQL
// default and, when BENCH_DATABASE_URL names one, on an external server too, in one run.
// Each request is a real POST /api/commande with its own Idempotency-Key: cart read, three
// conditional stock decrements, amounts, the order and its lines, the emptied cart. Budgets
// (issue 27, ADR 068): ≥ 225 orders/s and ≤ 13 statements per order (12 since ADR 068: the
// token's first read, the order-rate counter, begin/commit and 9 for the order and its answer).
// The machine's other work moves the rate: `npm run bench:orders-against` runs this file on the
// code issue 27 was measured on and on this tree, in turn, and reports the ratio (ADR 071).
// BENCH_INSTANCES=2: two instances of the shop on the one database, each in its own process,
// the customers and connections split between them (the latencies shown are the worse of the two).
import { fork, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'

const CUSTOMERS = Number(process.env.BENCH_ORDERS ?? 3000)
const WARM_UP = Math.floor(CUSTOMERS / 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const EXTERNAL_URL = process.env.BENCH_DATABASE_URL || undefined
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1)

interface Started {
  child: ChildProcess
  ports: number[]
  tokens: string[]
  kind: string
}

async function startServer(databaseUrl: string | undefined): Promise<Started> {
  const child = fork(fileURLToPath(new URL('./orders-server.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_CUSTOMERS: String(CUSTOMERS), BENCH_DATABASE_URL: databaseUrl ?? '' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise<Started>((resolve, reject) => {
    child.once('message', (m: Omit<Started, 'child'>) => resolve({ child, ...m }))
    child.once('exit', (code) => reject(new Error(`orders bench server exited with ${code}`)))
  })
}

const run = (opts: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))))

const ORDER = JSON.stringify({ modelivraison: 0, modepaiement: 0, tel: '77 123 45 67', adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz' })

/** One order per customer, customers taken in turn from `tokens`, spread over the instances at `ports`. */
async function placeOrders(ports: number[], tokens: string[], body: string): Promise<{ result: Result['latency']; created: number; seconds: number }> {
  let created = 0
  const started = performance.now()
  const share = Math.ceil(tokens.length / ports.length)
  const results = await Promise.all(
    ports.map((port, n) => placeOn(port, tokens.slice(n * share, (n + 1) * share), body, Math.max(1, Math.round(CONNECTIONS / ports.length)), () => created++)),
  )
  const worst = (key: 'p50' | 'p90' | 'p99' | 'max') => Math.max(...results.map((r) => r.latency[key]))
  return { result: { ...results[0]!.latency, p50: worst('p50'), p90: worst('p90'), p99: worst('p99'), max: worst('max') }, created, seconds: (performance.now() - started) / 1000 }
}

async function placeOn(port: number, tokens: string[], body: string, connections: number, onCreated: () => void): Promise<Result> {
  let next = 0
  return run({
    url: `http://127.0.0.1:${port}`,
    connections,
    amount: tokens.length,
    requests: [
      {
        method: 'POST',
        path: '/api/commande',
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
            'idempotency-key': randomUUID(),
          },
          body,
        }),
        onResponse: (status) => {
          if (status === 201) onCreated()
        },
      },
    ],
  })
}

interface Stats {
  queries: number
  nodeCpuMs: number
  postgresCpuMs: number
}
const statsOn = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/bench/stats`)).json()) as Stats
/** Statements sent and CPU time spent by every instance (PostgreSQL's: the embedded server's, counted by the first). */
const statements = async (ports: number[]) =>
  (await Promise.all(ports.map(statsOn))).reduce((a, b) => ({ queries: a.queries + b.queries, nodeCpuMs: a.nodeCpuMs + b.nodeCpuMs, postgresCpuMs: a.postgresCpuMs + b.postgresCpuMs }))

async function measure(databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl)
  try {
    // The ids of the seeded home-delivery and cash modes.
    const modes = (await (
      await fetch(`http://127.0.0.1:${server.ports[0]}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ modelivraisons { id code } modepaiements { id code } }' }),
      })
    ).json()) as { data: { modelivraisons: Array<{ id: number; code: string }>; modepaiements: Array<{ id: number; code: string }> } }
    const body = JSON.stringify({
      ...JSON.parse(ORDER),
      modelivraison: modes.data.modelivraisons.find((m) => m.code === 'DOMICILE')!.id,
      modepaiement: modes.data.modepaiements.find((m) => m.code === 'CASH')!.id,
    })
    await placeOrders(server.ports, server.tokens.slice(0, WARM_UP), body)
    // The planner's statistics as autovacuum keeps them in a shop that takes orders (ADR 069).
    await fetch(`http://127.0.0.1:${server.ports[0]}/bench/analyze`, { method: 'POST' })
    const before = await statements(server.ports)
    const { result, created, seconds } = await placeOrders(server.ports, server.tokens.slice(WARM_UP), body)
    const after = await statements(server.ports)
    const perOrder = (after.queries - before.queries) / created
    const cpu = { node: (after.nodeCpuMs - before.nodeCpuMs) / created, postgres: (after.postgresCpuMs - before.postgresCpuMs) / created }
    const expected = server.tokens.length - WARM_UP
    return { kind: server.kind, result, created, expected, perSecond: created / seconds, perOrder, cpu }
  } finally {
    server.child.disconnect()
  }
}

async function main() {
  console.log(
    `\norders: ${CUSTOMERS - WARM_UP} customers each place one order of a 3-line cart (after ${WARM_UP} warm-up orders), ${CONNECTIONS} connections${INSTANCES > 1 ? ` over ${INSTANCES} instances` : ''}`,
  )
  for (const url of [undefined, ...(EXTERNAL_URL ? [EXTERNAL_URL] : [])]) {
    const { kind, result, created, expected, perSecond, perOrder, cpu } = await measure(url)
    const latency = result
    const failed = expected - created
    console.log(
      `  ${kind.padEnd(10)} ${perSecond.toFixed(0)} orders/s   p50 ${latency.p50} ms   p90 ${latency.p90} ms   p99 ${latency.p99} ms   max ${latency.max} ms   ${perOrder.toFixed(1)} statements/order   created ${created}/${expected}${failed ? `   FAILED ${failed}` : ''}`,
    )
    console.log(`  ${''.padEnd(10)} CPU per order: Node.js ${cpu.node.toFixed(2)} ms${cpu.postgres ? `, PostgreSQL ${cpu.postgres.toFixed(2)} ms` : ''} (load average ${os.loadavg()[0]!.toFixed(1)})`)
    if (failed) process.exitCode = 1
    if (kind === 'embedded') {
      // For bench/orders-against.ts, which runs this file in two trees in turn.
      if (process.env.BENCH_JSON) console.log(`BENCH_RESULT ${JSON.stringify({ perSecond, perOrder, cpu, p99: latency.p99, created, expected })}`)
      console.log(`  ${perSecond >= 225 ? 'OK  ' : 'MISS'} orders ≥ 225/s on the embedded default, on this machine at this hour (issue 27; its ratio in one run: npm run bench:orders-against): ${perSecond.toFixed(0)}`)
      console.log(`  ${perOrder <= 13 ? 'OK  ' : 'MISS'} ≤ 13 statements per order of a 3-line cart (issue 27, ADR 068): ${perOrder.toFixed(1)}`)
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
