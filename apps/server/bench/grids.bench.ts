// `npm run bench:grids -w apps/server` (also the end of `npm run bench`): the shop's grids of
// issue 19 §2 at BENCH_SEARCH_PRODUCTS products (100,000 by default) with the anonymous cache
// off, so that every request reaches PostgreSQL: every sort, the filters (on sale, in stock, a
// price range), a sub-category, a search, a deep page. One open loop sends the cases in turn
// (BENCH_GRID_RATE requests/s for BENCH_SECONDS × 2) and prints each one's latencies; the
// budget is p95 ≤ 30 ms for each. Then, on the same server, the uncached grid page's throughput
// (saturated, 10 connections): the storefront's own grid document (the /shop first page) and the
// bench's sub-category document, each in BENCH_SECONDS windows interleaved with the bare Fastify
// route's, printed as a ratio to the bare route measured in the same run, with the database
// statements per uncached page (ADR 038: 1.00). All traffic stays on 127.0.0.1.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'
import { GRID_QUERY } from './queries.ts'

const WINDOW = Number(process.env.BENCH_SECONDS ?? 10)
const SECONDS = WINDOW * 2
const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000)
const RATE = Number(process.env.BENCH_GRID_RATE ?? 50)

/** The grid's query with every argument of issue 19 §2. */
const QUERY = GRID_QUERY.replace('$categorie_id: Int)', '$categorie_id: Int, $designation: String, $tri: String, $prix_min: Int, $prix_max: Int, $en_stock: Boolean, $promotion: Boolean)').replace(
  'categorie_id: $categorie_id)',
  'categorie_id: $categorie_id, designation: $designation, tri: $tri, prix_min: $prix_min, prix_max: $prix_max, en_stock: $en_stock, promotion: $promotion)',
)

type Variables = Record<string, unknown>
const CASES: Array<[string, Variables]> = [
  ['/shop (catalogue order)', {}],
  ['/shop prix croissant', { tri: 'prix_croissant' }],
  ['/shop prix décroissant', { tri: 'prix_decroissant' }],
  ['/nouveautes', { tri: 'nouveautes' }],
  ['/best-sellers', { tri: 'meilleures_ventes' }],
  ['/promotions', { promotion: true }],
  ['/promotions prix croissant', { promotion: true, tri: 'prix_croissant' }],
  ['/shop en stock 1 000–3 000 prix croissant', { en_stock: true, prix_min: 1000, prix_max: 3000, tri: 'prix_croissant' }],
  ['/shop en stock, meilleures ventes', { en_stock: true, tri: 'meilleures_ventes' }],
  ['/shop prix ≤ 2 000, nouveautés', { prix_max: 2000, tri: 'nouveautes' }],
  ['/shop page 40, prix croissant', { tri: 'prix_croissant', page: 40 }],
  ['sub-category prix décroissant', { categorie_id: 'SUB', tri: 'prix_decroissant' }],
  ['sub-category nouveautés en stock', { categorie_id: 'SUB', tri: 'nouveautes', en_stock: true }],
  ['sub-category meilleures ventes', { categorie_id: 'SUB', tri: 'meilleures_ventes' }],
  ['/recherche riz prix croissant', { designation: 'riz', tri: 'prix_croissant' }],
  ['/recherche huile en stock ≤ 5 000', { designation: 'huile', en_stock: true, prix_max: 5000 }],
]

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const ms = (n: number) => n.toFixed(1)

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_PRODUCTS: String(PRODUCTS), BENCH_CACHE_TTL: '0', BENCH_GRIDS: '1' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }))
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
}

async function main() {
  console.log(`generating ${PRODUCTS} products and their orders for the grids' benchmark…`)
  const server = await startServer()
  const url = `http://127.0.0.1:${server.port}/graphql`
  const post = (variables: Variables) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY, variables }) })
  // The largest sub-category: the worst page of a category's grid.
  const subs = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ souscategories { id } }' }) })).json()) as {
    data: { souscategories: Array<{ id: number }> }
  }
  const sub = subs.data.souscategories[0]!.id
  const cases = CASES.map(([label, v]) => [label, { page: 1, count: 12, ...v, ...(v.categorie_id ? { categorie_id: sub } : {}) }] as const)

  // Each case checked once: an answer with data, no error.
  for (const [label, variables] of cases) {
    const body = (await (await post(variables)).json()) as { errors?: unknown; data?: { produitspaginated: { metadata: { total: number } } } }
    if (body.errors || !body.data) throw new Error(`${label}: ${JSON.stringify(body.errors)}`)
    console.log(`  ${label.padEnd(42)} ${body.data.produitspaginated.metadata.total} products`)
  }

  const run = async (seconds: number) => {
    const latencies = cases.map(() => [] as number[])
    let failed = 0
    const inflight: Array<Promise<void>> = []
    const start = performance.now()
    const total = Math.round(RATE * seconds)
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / RATE - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const n = i % cases.length
      inflight.push(
        (async () => {
          const t = performance.now()
          try {
            const res = await post(cases[n]![1])
            await res.arrayBuffer()
            if (!res.ok) failed++
          } catch {
            failed++
          }
          latencies[n]!.push(performance.now() - t)
        })(),
      )
    }
    await Promise.all(inflight)
    return { latencies: latencies.map((l) => l.sort((a, b) => a - b)), failed }
  }
  await run(2)
  const { latencies, failed } = await run(SECONDS)

  // Throughput, saturated: each GraphQL document in two windows, the bare route's between them,
  // so that the other work on the machine weighs on both alike.
  const saturate = (opts: autocannon.Options) =>
    new Promise<Result>((resolve, reject) => autocannon({ connections: 10, duration: WINDOW, ...opts }, (err, result) => (err ? reject(err) : resolve(result))))
  const graphqlLoad = (query: string, variables: Variables): autocannon.Options => ({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
  // Statements and GraphQL answers so far, once the requests left in flight by a window have been answered.
  const stats = async () => {
    await new Promise((r) => setTimeout(r, 300))
    return (await (await fetch(`http://127.0.0.1:${server.port}/bench/stats`)).json()) as { queries: number; graphql: number; cpuMicros: number }
  }
  const bareCpu: number[] = []
  // Statements sent while only the bare route is asked (it reads nothing): the server's own
  // background work (timers), which a page's windows hold too.
  let background = 0
  let backgroundSeconds = 0
  const bare = async () => {
    const before = await stats()
    const result = await saturate({ url: `http://127.0.0.1:${server.port}/bench/bare` })
    const after = await stats()
    bareCpu.push((after.cpuMicros - before.cpuMicros) / 1000 / result.requests.total)
    background += after.queries - before.queries
    backgroundSeconds += result.duration
    return result
  }
  const documents: Array<[string, autocannon.Options]> = [
    ["storefront's grid document, /shop page 1", graphqlLoad(STOREFRONT_QUERIES.produits, { page: 1, count: 12 })],
    ['sub-category page 1 (bench GRID_QUERY)', graphqlLoad(GRID_QUERY, { page: 1, count: 12, categorie_id: sub })],
  ]
  await saturate({ ...documents[0]![1], duration: 2 })
  await saturate({ url: `http://127.0.0.1:${server.port}/bench/bare`, duration: 2 })
  const bareRuns: Result[] = []
  const throughput: Array<{ label: string; rates: number[]; perPage: number; rawPerPage: number; cpuMs: number; failed: number }> = []
  for (const [label, load] of documents) {
    const rates: number[] = []
    let statements = 0
    let answers = 0
    let cpuMicros = 0
    let seconds = 0
    let failedRequests = 0
    for (let w = 0; w < 2; w++) {
      // The bare route between a document's two windows; it reads nothing.
      if (w === 1) bareRuns.push(await bare())
      const before = await stats()
      const result = await saturate(load)
      const after = await stats()
      statements += after.queries - before.queries
      answers += after.graphql - before.graphql
      cpuMicros += after.cpuMicros - before.cpuMicros
      seconds += result.duration
      rates.push(result.requests.average)
      failedRequests += result.errors + result.non2xx
    }
    // Less the background work's statements at the rate the bare route's windows saw.
    const net = statements - (background / Math.max(backgroundSeconds, 1)) * seconds
    throughput.push({ label, rates, perPage: net / answers, rawPerPage: statements / answers, cpuMs: cpuMicros / 1000 / answers, failed: failedRequests })
  }
  const bareRate = bareRuns.reduce((sum, r) => sum + r.requests.average, 0) / bareRuns.length
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.disconnect()
  await exited

  console.log(`\ngrids at ${PRODUCTS} products, cache off, ${RATE} req/s for ${SECONDS} s (open loop, the cases in turn), 12 products a page`)
  let worst = 0
  for (const [i, [label]] of cases.entries()) {
    const l = latencies[i]!
    worst = Math.max(worst, percentile(l, 95))
    console.log(`  ${label.padEnd(42)} p50 ${ms(percentile(l, 50)).padStart(6)} ms   p95 ${ms(percentile(l, 95)).padStart(6)} ms   max ${ms(l.at(-1) ?? NaN).padStart(6)} ms   (${l.length})`)
  }
  console.log(`  errors ${failed}`)
  console.log(`\nuncached grid page at ${PRODUCTS} products, saturated (10 connections, two ${WINDOW} s windows each, the bare route's between them)`)
  console.log(`  bare Fastify GET route   ${bareRuns.map((r) => r.requests.average.toFixed(0)).join(' and ')} req/s   server CPU ${(bareCpu.reduce((a, b) => a + b, 0) / bareCpu.length).toFixed(3)} ms per answer`)
  console.log(`  statements sent during the bare route's ${bareRuns.length} windows (the server's background work): ${background} in ${backgroundSeconds.toFixed(0)} s`)
  for (const t of throughput) {
    const mean = (t.rates[0]! + t.rates[1]!) / 2
    console.log(
      `  ${t.label.padEnd(42)} ${t.rates.map((r) => r.toFixed(0)).join(' and ')} req/s   ${((mean / bareRate) * 100).toFixed(1)} % of the bare route   ${t.perPage.toFixed(2)} statements per page (${t.rawPerPage.toFixed(3)} with the background's)   server CPU ${t.cpuMs.toFixed(2)} ms per page   errors ${t.failed}`,
    )
  }
  console.log('\nbudget (issue 19, ADR 038, ADR 053)')
  console.log(`  ${worst <= 30 && failed === 0 ? 'OK  ' : 'MISS'} every grid's p95 ≤ 30 ms at ${PRODUCTS} products: worst ${ms(worst)} ms`)
  for (const t of throughput) {
    const exact = Math.abs(t.perPage - 1) < 0.005
    console.log(`  ${exact && t.failed === 0 ? 'OK  ' : 'MISS'} ${t.label}: 1.00 statement per uncached page: ${t.perPage.toFixed(2)}`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
