// `npm run bench:vendure`: the shop's uncached catalogue grid beside Vendure 3's storefront
// search, on the same PostgreSQL server and machine, from a clean folder (issue 27, ADR 068).
// 1. Vendure is installed from npm into a scratch folder under os.tmpdir(), its versions pinned
//    below (the folder's name carries them, so a second run reuses the install; remove it to
//    start from nothing).
// 2. The shop's bench server (bench-server.ts) starts with its response cache off
//    (BENCH_CACHE_TTL=0) and BENCH_VENDURE_PRODUCTS products, on the embedded PostgreSQL default,
//    or on the server BENCH_DATABASE_URL names.
// 3. Vendure (vendure-server.ts) gets a fresh database on that same PostgreSQL server, its
//    DefaultSearchPlugin, its own initial data and as many products (one variant each) through
//    its importer; its search index is rebuilt before anything is measured.
// 4. autocannon, 10 connections, windows of BENCH_SECONDS interleaved (the shop, Vendure,
//    Vendure, the shop, twice): the shop's storefront grid document (page 1, 12 products, POST,
//    nothing cached) against Vendure's Shop API `search(input: { take: 12, groupByProduct: true })`
//    with the fields its storefront starter lists. The ratio of the two means is printed; the
//    claim is ≥ 6×. Not part of `npm test`: it downloads Vendure and takes minutes.
import { execFile, fork, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import { onServer } from './bench-database.ts'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'

/** Exact versions: the side by side is reproducible only with the same Vendure. */
const VENDURE_PACKAGE = {
  name: 'teranga-vendure-bench',
  private: true,
  dependencies: { '@vendure/core': '3.7.3', pg: '8.23.1' },
}
const PRODUCTS = Number(process.env.BENCH_VENDURE_PRODUCTS ?? 1000)
const WINDOW = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ROUNDS = 2
const GOAL = 6

/** Vendure's storefront starter's product card (its `ListedProduct` fragment), 12 of them. */
const VENDURE_SEARCH = `query { search(input: { take: 12, groupByProduct: true }) { totalItems items {
  productId productName slug productAsset { id preview } currencyCode
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } } } }`

const run = promisify(execFile)

/** The scratch folder with Vendure installed: reused when a previous run finished installing it. */
async function installVendure(): Promise<string> {
  const manifest = JSON.stringify(VENDURE_PACKAGE, null, 2)
  const key = createHash('sha256').update(manifest).digest('hex').slice(0, 12)
  const dir = path.join(os.tmpdir(), `teranga-vendure-bench-${key}`)
  const done = path.join(dir, '.installed')
  if (await fs.stat(done).then(() => true, () => false)) return dir
  console.log(`installing ${Object.entries(VENDURE_PACKAGE.dependencies).map(([n, v]) => `${n}@${v}`).join(', ')} into ${dir} (once; takes a minute or more)…`)
  await fs.rm(dir, { recursive: true, force: true })
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, 'package.json'), manifest)
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 })
  await fs.writeFile(done, new Date().toISOString())
  return dir
}

function started<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    child.once('message', (m: T) => resolve(m))
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)))
  })
}

/** Asks a child to stop (it closes its server and database on disconnect) and waits for it. */
async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  if (child.connected) child.disconnect()
  else child.kill()
  await exited
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))


const saturate = (opts: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: WINDOW, ...opts }, (err, result) => (err ? reject(err) : resolve(result))))

async function main() {
  const dir = await installVendure()

  console.log(`starting the shop's bench server with ${PRODUCTS} products, cache off…`)
  const shop = fork(here('./bench-server.ts'), [], {
    env: { ...process.env, BENCH_PRODUCTS: String(PRODUCTS), BENCH_CACHE_TTL: '0' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const { port: shopPort, databaseUrl } = await started<{ port: number; databaseUrl: string }>(shop, 'the shop bench server')

  // Vendure's database, on the shop's PostgreSQL server.
  const vendureDb = `vendure_bench_${randomBytes(6).toString('hex')}`
  const vendureUrl = new URL(databaseUrl)
  vendureUrl.pathname = `/${vendureDb}`
  await onServer(databaseUrl, `create database ${vendureDb}`)
  let vendure: ChildProcess | undefined
  try {
    console.log(`starting Vendure on database ${vendureDb} of the same server, importing ${PRODUCTS} products and indexing them (minutes)…`)
    const t0 = performance.now()
    vendure = fork(here('./vendure-server.ts'), [], {
      // No telemetry call out of the machine.
      env: { ...process.env, VENDURE_DIR: dir, VENDURE_DATABASE_URL: vendureUrl.toString(), VENDURE_PRODUCTS: String(PRODUCTS), VENDURE_DISABLE_TELEMETRY: 'true' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const { port: vendurePort } = await started<{ port: number }>(vendure, 'the Vendure server')
    console.log(`  Vendure ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`)

    const ours: autocannon.Options = {
      url: `http://127.0.0.1:${shopPort}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: STOREFRONT_QUERIES.produits, variables: { page: 1, count: 12 } }),
    }
    const theirs: autocannon.Options = {
      url: `http://127.0.0.1:${vendurePort}/shop-api`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: VENDURE_SEARCH }),
    }

    // Each answer checked once: 12 products, no error.
    const check = async (label: string, opts: autocannon.Options, items: (body: never) => unknown[] | undefined) => {
      const res = await fetch(opts.url as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: opts.body as string })
      const body = (await res.json()) as { errors?: unknown }
      const list = body.errors ? undefined : items(body as never)
      if (!res.ok || !list || list.length !== 12) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`)
      return JSON.stringify(body).length
    }
    const ourBytes = await check('the shop', ours, (b: { data?: { produitspaginated?: { data: unknown[] } } }) => b.data?.produitspaginated?.data)
    const theirBytes = await check('Vendure', theirs, (b: { data?: { search?: { items: unknown[] } } }) => b.data?.search?.items)

    // Warm-up, then the windows interleaved so that the machine's other work weighs on both alike.
    await saturate({ ...ours, duration: 3 })
    await saturate({ ...theirs, duration: 3 })
    const rates = { ours: [] as Result[], theirs: [] as Result[] }
    for (let round = 0; round < ROUNDS; round++) {
      rates.ours.push(await saturate(ours))
      rates.theirs.push(await saturate(theirs))
      rates.theirs.push(await saturate(theirs))
      rates.ours.push(await saturate(ours))
    }
    const mean = (results: Result[]) => results.reduce((sum, r) => sum + r.requests.average, 0) / results.length
    const failed = (results: Result[]) => results.reduce((sum, r) => sum + r.errors + r.non2xx, 0)
    const line = (label: string, results: Result[], bytes: number) =>
      `  ${label.padEnd(44)} ${results.map((r) => r.requests.average.toFixed(0)).join(', ')} req/s (mean ${mean(results).toFixed(0)})   p50 ${Math.max(...results.map((r) => r.latency.p50))} ms   p99 ${Math.max(...results.map((r) => r.latency.p99))} ms   ${bytes} bytes   errors ${failed(results)}`
    const ratio = mean(rates.ours) / mean(rates.theirs)
    console.log(`\nuncached grid page of 12 products at ${PRODUCTS} products, ${CONNECTIONS} connections, ${WINDOW} s windows interleaved (${ROUNDS * 2} each), same PostgreSQL, same machine (load average ${os.loadavg()[0]!.toFixed(1)})`)
    console.log(line("the shop: storefront grid document (POST)", rates.ours, ourBytes))
    console.log(line(`Vendure ${VENDURE_PACKAGE.dependencies['@vendure/core']}: Shop API search, take 12`, rates.theirs, theirBytes))
    console.log(`\n  ${ratio >= GOAL && failed(rates.ours) + failed(rates.theirs) === 0 ? 'OK  ' : 'MISS'} uncached grid ≥ ${GOAL}× Vendure's storefront search (issue 27): ${ratio.toFixed(2)}×`)
    if (failed(rates.ours) + failed(rates.theirs) > 0) process.exitCode = 1
  } finally {
    await stop(vendure)
    await onServer(databaseUrl, `drop database if exists ${vendureDb} with (force)`).catch((error: Error) => console.error(`could not drop ${vendureDb}: ${error.message}`))
    await stop(shop)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
