// An upgrade as docs/deploy.md §8 does it loses no request (issue 23 §5, ADR 044): Debian's
// Caddy, with the settings of deploy/Caddyfile (only its addresses changed), in front of two
// instances of the built shop (`node dist/main.js`, NODE_ENV=production); a steady, bounded
// load of GraphQL POST reads, GET reads and order placements (about 50 requests a second, all
// to 127.0.0.1); each instance restarted in turn with SIGTERM, the next one only once the
// proxy sends requests to the restarted one again. Every request through Caddy succeeds.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../scripts/build.ts'
import { modelivraisons, modepaiements } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'
import { startShippedCaddy, type ShippedCaddy } from './shipped-caddy.ts'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
// A build of its own (one folder under apps/server, as dist/ is: src/paths.ts finds the
// migrations from there), so that production.test.ts rebuilding dist/ at the same time
// cannot pull it away from under the running instances.
const OUT_DIR = path.join(SERVER_DIR, `dist-rolling-restart-${process.pid}`)

/** A real project's settings, with the payment sandbox chosen on purpose (as production.test.ts). */
const PRODUCTION = { FIREBASE_PROJECT_ID: 'teranga-prod', FIREBASE_API_KEY: 'AIzaSyExample-0123456789', PAYMENTS_SANDBOX: 'true' }

/** The load: one request every 20 ms (50/s), and never more than this many in all. */
const EVERY_MS = 20
const MAX_REQUESTS = 6000
/** Load alone before the first restart, between the two and after the second. */
const STEADY_MS = 8000

interface Instance {
  port: number
  child: ChildProcess
  exited: Promise<number | null>
  output: () => string
}

let ctx: TestContext
let workDir: string
let caddy: ShippedCaddy | undefined
let proxy: string
const instances: Instance[] = []
const customers: SignedIn[] = []
const ids = { domicile: 0, cash: 0, produit: 0 }

function startInstance(port: number, publicUrl: string): Instance {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(OUT_DIR, 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(workDir, `data-${port}`),
      DATABASE_URL: ctx.database.url,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      ...PRODUCTION,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { port, child, exited, output: () => output }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The instance id /ready answers at `url` once it is 200, within `timeoutMs`. */
async function readyInstance(url: string, timeoutMs: number, alive?: Instance): Promise<string> {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    if (alive && alive.child.exitCode !== null) throw new Error(`the instance exited: ${alive.output()}`)
    const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5000) }).catch((error: Error) => {
      last = `${error.message} ${String(error.cause ?? '')}`
    })
    if (res?.status === 200) return ((await res.json()) as { instance: string }).instance
    if (res) last = `${res.status} ${await res.text()}`
    await sleep(250)
  }
  throw new Error(`${url}/ready did not answer 200 in time (last: ${last}) ${alive?.output().slice(-3000) ?? ''}`)
}

/** docs/deploy.md §8: polls /ready through the proxy until the restarted instance (`id`) answers it. */
async function takenBackByTheProxy(id: string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if ((await readyInstance(proxy, 10_000)) === id) return
    await sleep(250)
  }
  throw new Error(`the proxy did not send requests to instance ${id} in time: ${caddy?.output().slice(-2000)}`)
}

/** `systemctl restart teranga@<port>` then the wait of §8: SIGTERM, the old process gone, the new one ready, then taken back by the proxy. */
async function restart(n: number) {
  const old = instances[n]!
  const began = Date.now()
  const moment = () => `${((Date.now() - began) / 1000).toFixed(1)} s`
  old.child.kill('SIGTERM')
  const code = await old.exited
  const stopped = moment()
  expect(code, old.output()).toBe(0)
  // It stopped within its drain and grace periods: nothing was cut.
  expect(old.output()).not.toContain('grace period')
  const next = startInstance(old.port, proxy)
  instances[n] = next
  const id = await readyInstance(`http://127.0.0.1:${next.port}`, 90_000, next)
  const ready = moment()
  await takenBackByTheProxy(id)
  console.log(`instance ${n + 1} (${old.port}): stopped after ${stopped}, ready after ${ready}, taken back by Caddy after ${moment()}`)
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-rolling-'))
  await buildServer(OUT_DIR)
  ctx = await createTestApp()
  // The shop's order settings as seeded, and a product that will not run out.
  ids.domicile = (await ctx.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  ids.cash = (await ctx.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
  ids.produit = (await makeProduct(ctx.db, { quantite: 1_000_000, prix: 1000 })).id
  // Customers enough that no one meets the order limit (10 a minute each) or GraphQL's (600 a minute).
  for (let batch = 0; batch < 3; batch++) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signIn(ctx.app)))))

  const [portA, portB, caddyPort] = [await freePort(), await freePort(), await freePort()]
  proxy = `http://127.0.0.1:${caddyPort}`

  instances.push(startInstance(portA, proxy), startInstance(portB, proxy))
  const first = await Promise.all(instances.map((instance) => readyInstance(`http://127.0.0.1:${instance.port}`, 60_000, instance)))
  caddy = await startShippedCaddy(workDir, proxy, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`])
  for (const id of first) await takenBackByTheProxy(id)
}, 240_000)

afterAll(async () => {
  await caddy?.stop()
  // Two signals: the second skips the drain and the grace period.
  await Promise.all(
    instances.map(async (instance) => {
      if (instance.child.exitCode !== null) return
      instance.child.kill('SIGTERM')
      await sleep(100)
      instance.child.kill('SIGTERM')
      await instance.exited
    }),
  )
  await ctx?.close()
  if (workDir) await fs.rm(workDir, { recursive: true, force: true })
  await fs.rm(OUT_DIR, { recursive: true, force: true })
}, 60_000)

// ---------- the load ----------

interface Tally {
  total: number
  /** The slowest answer, in ms. */
  slowest: number
  byKind: Record<string, number>
  failures: string[]
}

const json = { 'content-type': 'application/json' }

/** One request through the proxy, counted; true when it succeeded (its status, then its check, which returns an error text or nothing). */
async function send(tally: Tally, kind: string, request: () => Promise<Response>, expected: number, check?: (body: string) => string | undefined): Promise<boolean> {
  tally.total++
  tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1
  const began = Date.now()
  try {
    const res = await request()
    const body = await res.text()
    tally.slowest = Math.max(tally.slowest, Date.now() - began)
    const wrong = res.status !== expected ? `${res.status} ${body.slice(0, 200)}` : check?.(body)
    if (!wrong) return true
    tally.failures.push(`${kind}: ${wrong}`)
  } catch (error) {
    tally.failures.push(`${kind}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`)
  }
  return false
}

const graphqlRead = (body: string) => {
  const answer = JSON.parse(body) as { data?: { produitspaginated?: { metadata: { total: number } } }; errors?: unknown }
  return answer.errors || !(answer.data?.produitspaginated?.metadata.total && answer.data.produitspaginated.metadata.total > 0) ? body.slice(0, 200) : undefined
}

/**
 * 50 requests a second until `done` says stop (at most MAX_REQUESTS): of every 25, one order
 * (the cart, then the order: two requests, by a customer who has no order under way; a read
 * if all 30 have one), and
 * alternately GraphQL POST reads (a third anonymous, the rest signed in: GraphQL's limit counts
 * each customer) and GET reads (the sitemap, a customer's profile).
 */
async function load(done: () => boolean): Promise<Tally> {
  const tally: Tally = { total: 0, slowest: 0, byKind: {}, failures: [] }
  const progress = setInterval(
    () => console.log(`load: ${tally.total} requests, ${tally.failures.length} failed, slowest ${tally.slowest} ms ${JSON.stringify([...new Set(tally.failures.map((f) => f.slice(0, 160)))].slice(0, 6))}`),
    10_000,
  )
  const inFlight = new Set<Promise<unknown>>()
  const busy = new Set<SignedIn>()
  // The next request's time: one every EVERY_MS, never a burst to catch up after this process was held up.
  let next = Date.now()
  for (let i = 0; !done() && tally.total < MAX_REQUESTS; i++) {
    next = Math.max(next + EVERY_MS, Date.now())
    await sleep(next - Date.now())
    const customer = customers[i % customers.length]!
    const timeout = () => AbortSignal.timeout(30_000)
    let work: Promise<unknown>
    // Each customer in turn (an order every 15 s each), skipping one whose last order is still under way.
    const turn = i % 25 === 0 ? customers.map((_, n) => customers[(i / 25 + n) % customers.length]!) : []
    const who = turn.find((c) => !busy.has(c))
    if (who) {
      busy.add(who)
      const headers = { ...json, ...who.auth }
      work = (async () => {
        const added = await send(tally, 'POST /api/panier', () => fetch(`${proxy}/api/panier`, { method: 'POST', headers, body: JSON.stringify({ user: who.userId, produit: ids.produit, quantite: 1, action: 0 }), signal: timeout() }), 200)
        // An order after a failed cart would fail for that reason alone: the failure is counted once.
        if (!added) return
        await send(
          tally,
          'POST /api/commande',
          () =>
            fetch(`${proxy}/api/commande`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ modelivraison: ids.domicile, modepaiement: ids.cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' }),
              signal: timeout(),
            }),
          201,
        )
      })().finally(() => busy.delete(who))
    } else if (i % 2 === 1) {
      // A third anonymous (the catalogue's cached answers, GraphQL's limit per address: about 500 a minute here), the rest signed in.
      const query = `{ produitspaginated(count: ${3 + (i % 9)}) { metadata { total } } }`
      const headers = i % 3 === 0 ? json : { ...json, ...customer.auth }
      work = send(tally, 'POST /graphql', () => fetch(`${proxy}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }), signal: timeout() }), 200, graphqlRead)
    } else if (i % 4 === 0) {
      work = send(tally, 'GET /sitemap.xml', () => fetch(`${proxy}/sitemap.xml`, { signal: timeout() }), 200)
    } else {
      work = send(tally, 'GET /api/profile', () => fetch(`${proxy}/api/profile`, { headers: customer.auth, signal: timeout() }), 200)
    }
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
  }
  await Promise.all(inFlight)
  clearInterval(progress)
  return tally
}

describe('a rolling restart behind Caddy (docs/deploy.md §8)', () => {
  it('restarts both instances, one after the other, under 50 requests a second: no request fails', async () => {
    const [a, b] = [instances[0]!.port, instances[1]!.port]
    let finished = false
    const running = load(() => finished)
    const started = Date.now()
    try {
      await sleep(STEADY_MS)
      await restart(0)
      await sleep(STEADY_MS)
      await restart(1)
      await sleep(STEADY_MS)
    } finally {
      finished = true
    }
    const tally = await running
    const seconds = (Date.now() - started) / 1000
    console.log(
      `rolling restart through Caddy (${a}, ${b}): ${tally.failures.length} failed of ${tally.total} requests in ${seconds.toFixed(0)} s (slowest answer ${tally.slowest} ms) ${JSON.stringify(tally.byKind)}`,
    )
    // What Caddy said of the failures, if any (its error lines: which upstream, why).
    if (tally.failures.length > 0) console.log(caddy!.output().split('\n').filter((line) => /"level":"(error|warn)"|health/.test(line)).slice(-40).join('\n'))
    expect(tally.failures).toEqual([])
    expect(tally.total).toBeGreaterThan(1000)
    expect(tally.byKind['POST /api/commande']).toBeGreaterThan(30)
    // The orders were placed, on the shared database.
    const placed = await ctx.db.execute(sql`select count(*)::int as n from commandes`)
    expect((placed as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBeGreaterThanOrEqual(tally.byKind['POST /api/commande']!)
  }, 240_000)
})
