// `npm run bench`: DESIGN §9 budgets for the catalogue API, measured in one run on the
// embedded database. Prints requests/s of produitspaginated and of a bare Fastify route
// returning the same JSON, their ratio, p99 at a fixed 500 requests/s, database round trips
// per request, and search-suggestion latency on a large catalogue.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'
import { PRODUCT_PAGE_QUERY as QUERY, SEARCH_SUGGESTIONS_QUERY as SEARCH } from './queries.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const SEARCH_PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000)
const TERMS = ['riz', 'cafe', 'huile', 'mangue', 'savon', 'lait caille', 'thiof', 'bissap', 'oignon', 'sucre', 'pain', 'touba', 'cafr', 'mangeu', 'javel']

async function startServer(products: number, cacheTtl = 5): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_PRODUCTS: String(products), BENCH_CACHE_TTL: String(cacheTtl) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port))
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  return { child, port }
}

const run = (opts: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))))

const graphqlRequest = (port: number, body: unknown) => ({
  url: `http://127.0.0.1:${port}/graphql`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

const queries = async (port: number) => ((await (await fetch(`http://127.0.0.1:${port}/bench/stats`)).json()) as { queries: number }).queries

function check(label: string, ok: boolean) {
  return `${ok ? 'OK  ' : 'MISS'} ${label}`
}

async function main() {
  const { child, port } = await startServer(0)
  const page = { query: QUERY, variables: { page: 1, count: 12 } }
  // Warm-up: JIT compilation of the query, connection pools, V8.
  await run({ ...graphqlRequest(port, page), connections: 10, duration: 3 })
  await run({ url: `http://127.0.0.1:${port}/bench/bare`, connections: 10, duration: 2 })

  const before = await queries(port)
  const gql = await run({ ...graphqlRequest(port, page), connections: 10, duration: DURATION })
  const after = await queries(port)
  const bare = await run({ url: `http://127.0.0.1:${port}/bench/bare`, connections: 10, duration: DURATION })
  const barePost = await run({ ...graphqlRequest(port, page), url: `http://127.0.0.1:${port}/bench/bare`, connections: 10, duration: DURATION })
  const fixed = await run({ ...graphqlRequest(port, page), connections: 10, duration: DURATION, overallRate: 500 })
  child.disconnect()

  // The same query with the anonymous cache off: what a cache miss costs.
  const cold = await startServer(0, 0)
  await run({ ...graphqlRequest(cold.port, page), connections: 10, duration: 2 })
  const coldBefore = await queries(cold.port)
  const uncached = await run({ ...graphqlRequest(cold.port, page), connections: 10, duration: DURATION })
  const coldRoundTrips = ((await queries(cold.port)) - coldBefore) / uncached.requests.total
  cold.child.disconnect()

  const roundTrips = (after - before) / gql.requests.total
  const ratio = gql.requests.average / bare.requests.average
  const errors = gql.errors + gql.non2xx + fixed.errors + fixed.non2xx + uncached.errors + uncached.non2xx
  console.log('\nproduitspaginated (12 products with sub-category and category, anonymous), embedded PGlite')
  console.log(`  GraphQL            ${gql.requests.average.toFixed(0)} req/s   p99 ${gql.latency.p99} ms (10 connections, saturated)`)
  console.log(`  bare Fastify route ${bare.requests.average.toFixed(0)} req/s   p99 ${bare.latency.p99} ms`)
  console.log(`  bare POST, same body ${barePost.requests.average.toFixed(0)} req/s   p99 ${barePost.latency.p99} ms`)
  console.log(`  ratio              ${(ratio * 100).toFixed(1)} % of the bare GET route, ${((gql.requests.average / barePost.requests.average) * 100).toFixed(1)} % of the bare POST route`)
  console.log(`  at 500 req/s       p99 ${fixed.latency.p99} ms, p50 ${fixed.latency.p50} ms (${fixed.requests.total} requests)`)
  console.log(`  round trips        ${roundTrips.toFixed(2)} database statements per request (cached)`)
  console.log(`  cache off          ${uncached.requests.average.toFixed(0)} req/s   p99 ${uncached.latency.p99} ms   ${coldRoundTrips.toFixed(2)} database statements per request`)
  console.log(`  errors             ${errors}`)

  let searchOk = true
  if (SEARCH_PRODUCTS > 0) {
    console.log(`\ngenerating ${SEARCH_PRODUCTS} products for the search benchmark…`)
    const large = await startServer(SEARCH_PRODUCTS)
    let i = 0
    const requests = TERMS.map((q) => ({ ...graphqlRequest(large.port, { query: SEARCH, variables: { q } }), path: '/graphql' }))
    await run({ url: `http://127.0.0.1:${large.port}`, requests: [requests[0]!], connections: 2, duration: 2 })
    const search = await run({
      url: `http://127.0.0.1:${large.port}`,
      connections: 4,
      duration: DURATION,
      overallRate: 50,
      requests: [{ setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length]! }) }],
    })
    large.child.disconnect()
    searchOk = search.latency.p97_5 <= 30 && search.errors + search.non2xx === 0
    const searchLine = `search suggestions (5 results, ${SEARCH_PRODUCTS} products, 50 req/s): p50 ${search.latency.p50} ms, p90 ${search.latency.p90} ms, p97.5 ${search.latency.p97_5} ms, p99 ${search.latency.p99} ms, errors ${search.errors + search.non2xx}`
    console.log(`  ${searchLine}`)
  }

  console.log('\nbudgets (DESIGN §9)')
  console.log(`  ${check(`throughput ≥ 40 % of the bare route: ${(ratio * 100).toFixed(1)} %`, ratio >= 0.4)}`)
  console.log(`  ${check(`p99 ≤ 25 ms at 500 req/s: ${fixed.latency.p99} ms`, fixed.latency.p99 <= 25)}`)
  console.log(`  ${check(`≤ 2 database round trips, cache off: ${coldRoundTrips.toFixed(2)}`, coldRoundTrips <= 2)}`)
  if (SEARCH_PRODUCTS > 0) console.log(`  ${check('search suggestions p95 ≤ 30 ms (p97.5 shown, autocannon has no p95)', searchOk)}`)
  console.log(`  ${check('no errors', errors === 0)}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
