// `npm run bench`: DESIGN §9 budgets for the catalogue API, measured in one run on the
// embedded PostgreSQL default. Prints requests/s of produitspaginated (as the storefront's
// persisted GET and as the spec's POST, both cached) and of a bare Fastify route returning the
// same JSON, their ratios, p99 at a fixed 500 requests/s, database round
// trips per request; the mixed catalogue load (max requests/s, p99 at 300 requests/s);
// /health while a 1,000-alias request is sent repeatedly; search suggestions on a large
// catalogue. Every loop is bounded (BENCH_SECONDS each) and all traffic stays on 127.0.0.1.
import { fork, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'
import { aliasAttackQuery, GRID_QUERY, PRODUCT_PAGE_QUERY as QUERY, SEARCH_SUGGESTIONS_QUERY as SEARCH, typedPrefixes } from './queries.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const SEARCH_PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000)
const TERMS = ['riz', 'cafe', 'huile', 'mangue', 'savon', 'lait caille', 'thiof', 'bissap', 'oignon', 'sucre', 'pain', 'touba', 'cafr', 'mangeu', 'javel']

interface Started {
  child: ChildProcess
  port: number
  tokens: string[]
}

async function startServer(products: number, cacheTtl = 5): Promise<Started> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_PRODUCTS: String(products), BENCH_CACHE_TTL: String(cacheTtl) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise<Started>((resolve, reject) => {
    child.once('message', (m: { port: number; tokens: string[] }) => resolve({ child, port: m.port, tokens: m.tokens }))
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
}

/** Stops a bench server and waits until it has stopped its database. */
function stopServer(server: Started) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.disconnect()
  return exited
}

const run = (opts: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))))

const graphqlRequest = (port: number, body: unknown) => ({
  url: `http://127.0.0.1:${port}/graphql`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/**
 * The same read as the storefront sends it (ADR 063): a GET naming the document by its hash,
 * registered once by sending it with its text (Apollo's persisted queries).
 */
async function persistedGet(port: number, body: { query: string; variables: Record<string, unknown> }) {
  const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(body.query).digest('hex') } })
  const params = new URLSearchParams({ variables: JSON.stringify(body.variables), extensions })
  const registered = await fetch(`http://127.0.0.1:${port}/graphql?${params}&query=${encodeURIComponent(body.query)}`)
  if (registered.status !== 200) throw new Error(`persisted query not registered: ${registered.status} ${await registered.text()}`)
  return { url: `http://127.0.0.1:${port}/graphql?${params}`, method: 'GET' as const }
}

const queries = async (port: number) => ((await (await fetch(`http://127.0.0.1:${port}/bench/stats`)).json()) as { queries: number }).queries

function check(label: string, ok: boolean) {
  return `${ok ? 'OK  ' : 'MISS'} ${label}`
}

interface Sampled {
  p50: number
  p95: number
  p99: number
  max: number
  count: number
  failed: number
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const ms = (n: number) => n.toFixed(1)

/**
 * An open loop: one request every 1000/rate ms for `seconds`, whatever the previous ones do
 * (a slow server does not slow the arrivals down), each timed exactly.
 */
async function openLoop(rate: number, seconds: number, send: (i: number) => Promise<Response>): Promise<Sampled> {
  const latencies: number[] = []
  let failed = 0
  const inflight: Array<Promise<void>> = []
  const start = performance.now()
  const total = Math.round(rate * seconds)
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    inflight.push(
      (async () => {
        const t = performance.now()
        try {
          const res = await send(i)
          await res.arrayBuffer()
          if (!res.ok) failed++
        } catch {
          failed++
        }
        latencies.push(performance.now() - t)
      })(),
    )
  }
  await Promise.all(inflight)
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN, count: latencies.length, failed }
}

/** The n-th request of the mixed catalogue load: 60 % anonymous grid pages over sub-categories, 20 % signed-in grid pages, 20 % search prefixes. */
function mixedRequest(subcategories: number[], tokens: string[]) {
  const prefixes = typedPrefixes(TERMS)
  return (n: number) => {
    const slot = n % 10
    const categorie_id = subcategories[Math.floor(n / 10) % subcategories.length]!
    const page = 1 + (Math.floor(n / 7) % 2)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    let body: unknown
    if (slot < 6) body = { query: GRID_QUERY, variables: { page, count: 12, categorie_id } }
    else if (slot < 8) {
      headers.authorization = `Bearer ${tokens[n % tokens.length]}`
      body = { query: GRID_QUERY, variables: { page, count: 12, categorie_id } }
    } else body = { query: SEARCH, variables: { q: prefixes[n % prefixes.length] } }
    return { headers, body: JSON.stringify(body) }
  }
}

/** The same load for autocannon (closed loop: each connection sends as soon as answered). */
function mixedRequests(subcategories: number[], tokens: string[]) {
  const next = mixedRequest(subcategories, tokens)
  let i = 0
  return [{ method: 'POST' as const, path: '/graphql', setupRequest: (req: autocannon.Request) => ({ ...req, ...next(i++) }) }]
}

async function main() {
  const main = await startServer(0)
  const { port } = main
  const page = { query: QUERY, variables: { page: 1, count: 12 } }
  // Warm-up: JIT compilation of the query, connection pools, V8.
  await run({ ...graphqlRequest(port, page), connections: 10, duration: 3 })
  await run({ url: `http://127.0.0.1:${port}/bench/bare`, connections: 10, duration: 2 })

  const get = await persistedGet(port, page)
  await run({ ...get, connections: 10, duration: 2 })

  const before = await queries(port)
  const gql = await run({ ...graphqlRequest(port, page), connections: 10, duration: DURATION })
  const after = await queries(port)
  const gqlGet = await run({ ...get, connections: 10, duration: DURATION })
  const bare = await run({ url: `http://127.0.0.1:${port}/bench/bare`, connections: 10, duration: DURATION })
  const barePost = await run({ ...graphqlRequest(port, page), url: `http://127.0.0.1:${port}/bench/bare`, connections: 10, duration: DURATION })
  // Fixed rates are sent in an open loop: autocannon's `overallRate` sends each connection's
  // quota for the second back to back, then waits, so its latencies measure its own bursts.
  const fixed = await openLoop(500, DURATION, () => fetch(`http://127.0.0.1:${port}/graphql`, graphqlRequest(port, page)))

  // The mixed catalogue load (issue 9): saturated, then at a fixed 300 requests/s.
  const subcategories = (
    (await (await fetch(`http://127.0.0.1:${port}/graphql`, graphqlRequest(port, { query: '{ souscategories { id } }' }))).json()) as {
      data: { souscategories: Array<{ id: number }> }
    }
  ).data.souscategories.map((s) => s.id)
  const mixed = () => ({ url: `http://127.0.0.1:${port}`, requests: mixedRequests(subcategories, main.tokens), connections: 10 })
  await run({ ...mixed(), duration: 2 })
  const mixedMax = await run({ ...mixed(), duration: DURATION })
  const nextMixed = mixedRequest(subcategories, main.tokens)
  const mixed300 = await openLoop(300, DURATION, (n) => fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', ...nextMixed(n) }))

  // /health at rest, then while the 1,000-alias request of §4.1 is sent over and over.
  const health = () => fetch(`http://127.0.0.1:${port}/health`)
  const healthAtRest = await openLoop(20, DURATION, health)
  const attackStatuses = new Map<number, number>()
  let attempt = 0
  const attack = run({
    ...graphqlRequest(port, { query: aliasAttackQuery() }),
    connections: 2,
    duration: DURATION + 1,
    requests: [
      {
        // A different request each time, as an attacker would send, so no cache answers it.
        setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify({ query: aliasAttackQuery(++attempt) }) }),
        onResponse: (status: number) => void attackStatuses.set(status, (attackStatuses.get(status) ?? 0) + 1),
      },
    ],
  })
  await new Promise((r) => setTimeout(r, 500))
  const healthUnderAttack = await openLoop(20, DURATION, health)
  const attacked = await attack
  await stopServer(main)

  // The same query with the anonymous cache off: what a cache miss costs.
  const cold = await startServer(0, 0)
  await run({ ...graphqlRequest(cold.port, page), connections: 10, duration: 2 })
  const coldBefore = await queries(cold.port)
  const uncached = await run({ ...graphqlRequest(cold.port, page), connections: 10, duration: DURATION })
  const coldRoundTrips = ((await queries(cold.port)) - coldBefore) / uncached.requests.total
  await stopServer(cold)

  const roundTrips = (after - before) / gql.requests.total
  const ratio = gql.requests.average / bare.requests.average
  const getRatio = gqlGet.requests.average / bare.requests.average
  const errors = gql.errors + gql.non2xx + gqlGet.errors + gqlGet.non2xx + fixed.failed + uncached.errors + uncached.non2xx
  const mixedErrors = mixedMax.errors + mixedMax.non2xx + mixed300.failed
  console.log('\nproduitspaginated (12 products with sub-category and category, anonymous), embedded PostgreSQL')
  console.log(`  GraphQL GET        ${gqlGet.requests.average.toFixed(0)} req/s   p99 ${gqlGet.latency.p99} ms (persisted document, as the storefront sends it; 10 connections, saturated)`)
  console.log(`  GraphQL POST       ${gql.requests.average.toFixed(0)} req/s   p99 ${gql.latency.p99} ms (the spec's form; 10 connections, saturated)`)
  console.log(`  bare Fastify route ${bare.requests.average.toFixed(0)} req/s   p99 ${bare.latency.p99} ms`)
  console.log(`  bare POST, same body ${barePost.requests.average.toFixed(0)} req/s   p99 ${barePost.latency.p99} ms`)
  console.log(`  ratio GET          ${(getRatio * 100).toFixed(1)} % of the bare GET route`)
  console.log(`  ratio POST         ${(ratio * 100).toFixed(1)} % of the bare GET route, ${((gql.requests.average / barePost.requests.average) * 100).toFixed(1)} % of the bare POST route`)
  console.log(`  at 500 req/s       p50 ${ms(fixed.p50)} ms   p99 ${ms(fixed.p99)} ms   max ${ms(fixed.max)} ms (${fixed.count} requests, open loop)`)
  console.log(`  round trips        ${roundTrips.toFixed(2)} database statements per request (cached)`)
  console.log(`  cache off          ${uncached.requests.average.toFixed(0)} req/s   p99 ${uncached.latency.p99} ms   ${coldRoundTrips.toFixed(2)} database statements per request   (${((uncached.requests.average / bare.requests.average) * 100).toFixed(1)} % of the bare GET route)`)
  console.log(`  errors             ${errors}`)
  console.log('\nmixed catalogue load (60 % anonymous grid pages over sub-categories, 20 % signed-in grid pages, 20 % search prefixes; 10 connections)')
  console.log(`  saturated          ${mixedMax.requests.average.toFixed(0)} req/s   p50 ${mixedMax.latency.p50} ms   p99 ${mixedMax.latency.p99} ms   (${(mixedMax.requests.average / bare.requests.average * 100).toFixed(1)} % of the bare GET route)`)
  console.log(`  at 300 req/s       p50 ${ms(mixed300.p50)} ms   p99 ${ms(mixed300.p99)} ms   max ${ms(mixed300.max)} ms (${mixed300.count} requests, open loop)`)
  console.log(`  errors             ${mixedErrors}`)
  const statuses = [...attackStatuses].map(([s, n]) => `${n}× ${s}`).join(', ') || 'none answered'
  console.log('\n/health (20 req/s, open loop)')
  console.log(`  at rest            p50 ${ms(healthAtRest.p50)} ms   p99 ${ms(healthAtRest.p99)} ms   max ${ms(healthAtRest.max)} ms`)
  console.log(`  under the 1,000-alias request (2 connections sending it back to back, each one new: ${statuses}, p50 ${attacked.latency.p50} ms each)`)
  console.log(`                     p50 ${ms(healthUnderAttack.p50)} ms   p99 ${ms(healthUnderAttack.p99)} ms   max ${ms(healthUnderAttack.max)} ms   (${(healthUnderAttack.p99 / healthAtRest.p99).toFixed(1)}× the p99 at rest)`)

  let search: Sampled | undefined
  if (SEARCH_PRODUCTS > 0) {
    console.log(`\ngenerating ${SEARCH_PRODUCTS} products for the search benchmark…`)
    // Cache off: every suggestion reaches the database, as when shoppers type different words.
    const large = await startServer(SEARCH_PRODUCTS, 0)
    const prefixes = typedPrefixes(TERMS)
    const send = (i: number) => fetch(`http://127.0.0.1:${large.port}/graphql`, graphqlRequest(large.port, { query: SEARCH, variables: { q: prefixes[i % prefixes.length] } }))
    await openLoop(50, 2, send)
    search = await openLoop(50, DURATION, send)
    await stopServer(large)
    console.log(
      `  search suggestions (5 results, ${SEARCH_PRODUCTS} products, cache off, 50 req/s, ${prefixes.length} typed prefixes of ${TERMS.length} words): p50 ${ms(search.p50)} ms, p95 ${ms(search.p95)} ms, p99 ${ms(search.p99)} ms, max ${ms(search.max)} ms, errors ${search.failed}`,
    )
  }

  console.log('\nbudgets (DESIGN §9, issue 9)')
  console.log(`  ${check(`cached grid (GET) ≥ 40 % of the bare route: ${(getRatio * 100).toFixed(1)} % (POST: ${(ratio * 100).toFixed(1)} %)`, getRatio >= 0.4)}`)
  console.log(`  ${check(`p99 ≤ 25 ms at 500 req/s: ${ms(fixed.p99)} ms`, fixed.p99 <= 25)}`)
  console.log(`  ${check(`≤ 2 database round trips, cache off: ${coldRoundTrips.toFixed(2)}`, coldRoundTrips <= 2)}`)
  console.log(`  ${check(`mixed load ≥ 3,000 req/s: ${mixedMax.requests.average.toFixed(0)}`, mixedMax.requests.average >= 3000)}`)
  console.log(`  ${check(`mixed load p99 ≤ 20 ms at 300 req/s: ${ms(mixed300.p99)} ms`, mixed300.p99 <= 20)}`)
  console.log(`  ${check(`/health p99 under the 1,000-alias request ≤ 2× at rest: ${ms(healthUnderAttack.p99)} vs ${ms(healthAtRest.p99)} ms`, healthUnderAttack.p99 <= 2 * Math.max(healthAtRest.p99, 5))}`)
  if (search) console.log(`  ${check(`search suggestions p95 ≤ 30 ms at ${SEARCH_PRODUCTS} products: ${ms(search.p95)} ms`, search.p95 <= 30 && search.failed === 0)}`)
  console.log(`  ${check('no errors', errors + mixedErrors === 0)}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
