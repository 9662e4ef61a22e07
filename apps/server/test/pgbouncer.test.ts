// Debian's PgBouncer in session mode between PostgreSQL and two instances of the shop (issue
// 27 §2, ADR 065), with the settings of deploy/pgbouncer.ini (only its addresses, paths and
// pool size changed): both instances start at once on an empty database and migrate it once
// under the boot's advisory lock, answer /ready, sell exactly the stock there is when customers
// race over both, hear each other's order events (LISTEN/NOTIFY through session mode), and the
// named prepared statements of the order path (ADR 022) keep to their connection. Beside it, the
// same file in transaction mode shows why not that mode on PgBouncer 1.18.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { ConfigError, loadConfig } from '../src/config.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { modelivraisons, modepaiements, produits } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { makeProduct } from './factories.ts'
import { createEmulatorUser, TEST_PROJECT_ID } from './helpers.ts'
import { start as startShop, stop as stopShop } from './shop-process.ts'
import { databaseUrl, onServer } from './test-server.ts'

const REPO_DIR = fileURLToPath(new URL('../../..', import.meta.url))
/**
 * Each instance's pool (DATABASE_POOL_SIZE): with one notification connection each, the shop
 * holds at most 2 × (4 + 1) server connections; PgBouncer's pool has one more, for this test's
 * own clients (as docs/deploy.md leaves room for a backup or an admin command).
 */
const POOL_SIZE = 4
const INSTANCES = 2
const SERVER_CONNECTIONS = INSTANCES * (POOL_SIZE + 1)

interface Shop {
  url: string
  child: ChildProcess
  output: () => string
}
interface Bouncer {
  /** The shop's DATABASE_URL on this PgBouncer. */
  url: string
  child: ChildProcess
  output: () => string
}

const serverUrl = () => new URL(inject('testServerUrl'))
const name = `teranga_pgb_${randomBytes(6).toString('hex')}`
const password = randomBytes(18).toString('hex')
const metricsToken = randomBytes(18).toString('hex')
let workDir: string
let direct: Database
const bouncers: Bouncer[] = []
const shops: Shop[] = []
const ids = { domicile: 0, cash: 0 }

/** pgbouncer: on the PATH, else where Debian puts it (/usr/sbin is not on every user's PATH). */
async function pgbouncerBinary() {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin']) {
    const file = path.join(dir, 'pgbouncer')
    if (await fs.access(file, fs.constants.X_OK).then(() => true, () => false)) return file
  }
  throw new Error('pgbouncer is not installed (apt-get install pgbouncer)')
}

/** PgBouncer refuses to run as root: then it runs as `postgres` (Debian's unit's user), else `nobody`. */
async function unprivilegedUser(): Promise<{ name: string; uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined
  const users = (await fs.readFile('/etc/passwd', 'utf8')).split('\n').map((line) => line.split(':'))
  const user = users.find((u) => u[0] === 'postgres') ?? users.find((u) => u[0] === 'nobody')
  if (!user) throw new Error('no postgres or nobody user to run pgbouncer as')
  return { name: user[0]!, uid: Number(user[2]), gid: Number(user[3]) }
}

/**
 * deploy/pgbouncer.ini as shipped, with what differs on this machine only: the database it
 * points at, its port, its files in a directory of its own, logs to its output, and the pool
 * sized by the arithmetic of docs/deploy.md. `mode` changes pool_mode (transaction: ADR 065's
 * demonstration only).
 */
async function startPgBouncer(label: string, options: { poolSize: number; mode?: 'session' | 'transaction' }): Promise<Bouncer> {
  const shipped = await fs.readFile(path.join(REPO_DIR, 'deploy/pgbouncer.ini'), 'utf8')
  const target = serverUrl()
  const port = await freePort()
  const dir = path.join(workDir, label)
  await fs.mkdir(dir, { mode: 0o700 })
  const replace = (line: RegExp, by: string) => {
    expect(shipped).toMatch(line)
    return (text: string) => text.replace(line, by)
  }
  const edits = [
    replace(/^teranga = host=127\.0\.0\.1 port=5432 dbname=teranga$/m, `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name}`),
    replace(/^listen_port = 6432$/m, `listen_port = ${port}`),
    replace(/^unix_socket_dir = .*$/m, 'unix_socket_dir ='),
    replace(/^auth_file = \/etc\/pgbouncer\/userlist\.txt$/m, `auth_file = ${path.join(dir, 'userlist.txt')}`),
    replace(/^default_pool_size = \d+$/m, `default_pool_size = ${options.poolSize}`),
    replace(/^logfile = .*\n/m, ''),
    replace(/^pidfile = .*\n/m, ''),
  ]
  // The settings the shop depends on stay as shipped.
  for (const line of ['pool_mode = session', 'auth_type = scram-sha-256', 'server_reset_query = DISCARD ALL', 'ignore_startup_parameters = options']) {
    expect(shipped).toContain(`\n${line}\n`)
  }
  if (options.mode === 'transaction') edits.push((text) => text.replace('\npool_mode = session\n', '\npool_mode = transaction\n'))
  const ini = edits.reduce((text, edit) => edit(text), shipped)
  // userlist.txt as docs/deploy.md writes it: the role's SCRAM secret, copied from PostgreSQL.
  const secret = await onServer(inject('testServerUrl'), async (c) => (await c.query<{ s: string }>('select rolpassword as s from pg_authid where rolname = $1', [name])).rows[0]!.s)
  expect(secret.startsWith('SCRAM-SHA-256$')).toBe(true)
  await fs.writeFile(path.join(dir, 'userlist.txt'), `"${name}" "${secret}"\n`, { mode: 0o600 })
  await fs.writeFile(path.join(dir, 'pgbouncer.ini'), ini, { mode: 0o600 })
  const user = await unprivilegedUser()
  if (user) for (const file of [dir, path.join(dir, 'userlist.txt'), path.join(dir, 'pgbouncer.ini')]) await fs.chown(file, user.uid, user.gid)
  const child = spawn(await pgbouncerBinary(), [...(user ? ['-u', user.name] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (c) => (output = (output + c).slice(-100_000)))
  child.stderr!.on('data', (c) => (output = (output + c).slice(-100_000)))
  const bouncer = { url: `postgres://${name}:${password}@127.0.0.1:${port}/${name}`, child, output: () => output }
  bouncers.push(bouncer)
  // Listening once a connection opens.
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output}`)
    const socket = net.connect(port, '127.0.0.1')
    const open = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false))
      socket.setTimeout(1000, () => resolve(false))
    })
    socket.destroy()
    if (open) return bouncer
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen in time: ${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

function startInstance(port: number, databaseUrl: string): Shop {
  const { child, output } = startShop({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, `data-${port}`),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: metricsToken,
  })
  return { url: `http://127.0.0.1:${port}`, child, output }
}

/** /ready's answer once it is 200, within `timeoutMs`. */
async function ready(shop: Shop, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null) throw new Error(`the instance exited: ${shop.output()}`)
    const res = await fetch(`${shop.url}/ready`, { signal: AbortSignal.timeout(5000) }).catch((error: Error) => {
      last = error.message
    })
    if (res?.status === 200) return (await res.json()) as { instance: string }
    if (res) last = `${res.status} ${await res.text()}`
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${shop.url}/ready did not answer 200 in time (last: ${last}) ${shop.output().slice(-3000)}`)
}

interface Customer {
  userId: number
  auth: { authorization: string }
}

/** A new customer signed in on `shop` (POST /api/sociallogin with an Auth Emulator token). */
async function signIn(shop: Shop): Promise<Customer> {
  for (let attempt = 0; ; attempt++) {
    const user = await createEmulatorUser()
    const res = await fetch(`${shop.url}/api/sociallogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken: user.idToken }) })
    // As helpers.ts's signIn: a loaded emulator has rarely refused a token it had just issued.
    if (res.status === 401 && attempt === 0) continue
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
    const { token, utilisateur } = (await res.json()) as { token: string; utilisateur: { id: number } }
    return { userId: utilisateur.id, auth: { authorization: `Bearer ${token}` } }
  }
}

const json = { 'content-type': 'application/json' }
const post = (shop: Shop, url: string, who: Customer, body: unknown) => fetch(`${shop.url}${url}`, { method: 'POST', headers: { ...json, ...who.auth }, body: JSON.stringify(body) })
const addToCart = (shop: Shop, who: Customer, produit: number, quantite = 1) => post(shop, '/api/panier', who, { user: who.userId, produit, quantite, action: 0 })
const order = (shop: Shop, who: Customer) =>
  post(shop, '/api/commande', who, { modelivraison: ids.domicile, modepaiement: ids.cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' })

const rows = async <T>(query: ReturnType<typeof sql>) => ((await direct.db.execute(query)) as unknown as { rows: T[] }).rows

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-pgbouncer-'))
  // The shop's role and its empty database, as docs/deploy.md §2 makes them; nothing set on the
  // database (the shop sets its search threshold on each connection it opens).
  await onServer(inject('testServerUrl'), async (c) => {
    await c.query(`create role ${name} login password '${password}'`)
    await c.query(`create database ${name} owner ${name}`)
  })
  const bouncer = await startPgBouncer('session', { poolSize: SERVER_CONNECTIONS + 1 })
  // Both at once, on the empty database: one migrates and seeds under the boot lock, the other waits.
  const [portA, portB] = [await freePort(), await freePort()]
  shops.push(startInstance(portA, bouncer.url), startInstance(portB, bouncer.url))
  await Promise.all(shops.map((shop) => ready(shop)))
  // The test's own look at the database, straight to PostgreSQL.
  direct = await openDatabase({ databaseUrl: databaseUrl(inject('testServerUrl'), name), poolSize: 2 })
  ids.domicile = (await direct.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  ids.cash = (await direct.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
}, 300_000)

afterAll(async () => {
  await Promise.all(shops.map((shop) => (shop.child.exitCode === null ? stopShop(shop.child) : null)))
  await direct?.close()
  await Promise.all(
    bouncers.map(async (bouncer) => {
      if (bouncer.child.exitCode !== null) return
      const gone = new Promise((resolve) => bouncer.child.once('exit', resolve))
      bouncer.child.kill('SIGTERM')
      await gone
    }),
  )
  await onServer(inject('testServerUrl'), async (c) => {
    await c.query(`drop database if exists ${name} with (force)`)
    await c.query(`drop role if exists ${name}`)
  }).catch(() => {})
  if (workDir) await fs.rm(workDir, { recursive: true, force: true })
}, 60_000)

describe('two instances behind PgBouncer in session mode', () => {
  it('started at once on an empty database: migrated and seeded once under the advisory lock, both /ready', async () => {
    const journal = JSON.parse(await fs.readFile(path.join(REPO_DIR, 'apps/server/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
    const [applied] = await rows<{ n: number; distinct: number }>(sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`)
    expect(applied).toEqual({ n: journal.entries.length, distinct: journal.entries.length })
    expect(await rows(sql`select contenu from shop_setup`)).toEqual([{ contenu: 'demo' }])
    const answers = await Promise.all(shops.map((shop) => ready(shop, 10_000)))
    // Two processes: two instance ids.
    expect(new Set(answers.map((a) => a.instance)).size).toBe(2)
    // Their connections reach PostgreSQL through PgBouncer only, within its pool.
    const [seen] = await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and usename = ${name}`)
    expect(seen!.n).toBeGreaterThan(0)
    expect(seen!.n).toBeLessThanOrEqual(SERVER_CONNECTIONS)
  })

  it("each instance's pool is DATABASE_POOL_SIZE; a size out of bounds stops the boot naming the variable", async () => {
    for (const shop of shops) {
      const metrics = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      expect(metrics.status).toBe(200)
      expect(await metrics.text()).toContain(`teranga_db_pool_connections{state="max"} ${POOL_SIZE}\n`)
    }
    expect(loadConfig({}).databasePoolSize).toBe(10)
    for (const bad of ['1', '101', '4.5', 'beaucoup']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(ConfigError)
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/^Invalid configuration: DATABASE_POOL_SIZE /)
    }
  })

  it('30 customers racing for the last 10 units, half on each instance: exactly 10 orders, stock 0, PostgreSQL never past the pool', async () => {
    const [a, b] = shops as [Shop, Shop]
    const p = await makeProduct(direct.db, { designation: 'Bissap rouge', quantite: 10 })
    const customers = await Promise.all(Array.from({ length: 30 }, (_, n) => signIn(n % 2 ? b : a)))
    for (const [n, customer] of customers.entries()) expect((await addToCart(n % 2 ? a : b, customer, p.id)).status).toBe(200)
    // The shop's connections on PostgreSQL while the race runs: never more than PgBouncer's pool.
    let most = 0
    let racing = true
    const watching = (async () => {
      while (racing) {
        const [now] = await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and usename = ${name}`)
        most = Math.max(most, now!.n)
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    const answers = await Promise.all(customers.map((customer, n) => order(n % 2 ? b : a, customer))).finally(() => (racing = false))
    await watching
    console.log(`through PgBouncer (session mode): at most ${most} of the shop's connections on PostgreSQL during the race (bound ${INSTANCES} × (${POOL_SIZE} + 1) = ${SERVER_CONNECTIONS})`)
    const codes = answers.map((r) => r.status)
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    expect(codes.filter((c) => c === 409)).toHaveLength(20)
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.insufficientStock('Bissap rouge', 0))
    }
    const [stock] = await direct.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, p.id))
    expect(stock!.q).toBe(0)
    const [sold] = await rows<{ n: number }>(sql`select coalesce(sum(quantite), 0)::int as n from detail_commandes where produit_id = ${p.id}`)
    expect(sold!.n).toBe(10)
    expect(most).toBeGreaterThan(INSTANCES)
    expect(most).toBeLessThanOrEqual(SERVER_CONNECTIONS)
  }, 180_000)

  it('an order placed on A shows in a back-office stream opened on B: LISTEN/NOTIFY through session mode', async () => {
    const [a, b] = shops as [Shop, Shop]
    const manager = await signIn(b)
    await direct.db.execute(sql`update clients set role_id = (select id from roles where name = 'gestionnaire') where id = ${manager.userId}`)
    const controller = new AbortController()
    try {
      const res = await fetch(`${b.url}/api/admin/evenements`, { headers: manager.auth, signal: controller.signal })
      expect(res.status).toBe(200)
      const reader = res.body!.getReader()
      const decoder = new TextDecoder()
      let text = ''
      const until = async (match: string) => {
        while (!text.includes(match)) {
          const chunk = await reader.read()
          if (chunk.done) throw new Error(`the stream ended before: ${text}`)
          text += decoder.decode(chunk.value, { stream: true })
        }
      }
      await until(': connecté')
      const customer = await signIn(a)
      const p = await makeProduct(direct.db, { prix: 1500, quantite: 10 })
      expect((await addToCart(a, customer, p.id)).status).toBe(200)
      const placed = await order(a, customer)
      expect(placed.status).toBe(201)
      const numero = ((await placed.json()) as { commande: { numerocommande: string } }).commande.numerocommande
      const event = `event: commande\ndata: ${JSON.stringify({ type: 'placed', numero, etat: 'en_attente' })}\n\n`
      await until(event)
      expect(text).toContain(event)
    } finally {
      controller.abort()
    }
  })

  it('neither instance logged an error', () => {
    for (const shop of shops) expect(shop.output()).not.toMatch(/"level":(50|60)/)
  })
})

describe("the connection's session is the client's own", () => {
  it("the shop's search threshold holds through PgBouncer with nothing set on the database (no ALTER DATABASE step)", async () => {
    const show = `select current_setting('pg_trgm.word_similarity_threshold', true) as t`
    // Nothing on the database or the role: a plain client through PgBouncer does not get 0.5.
    const plain = new pg.Client({ connectionString: bouncers[0]!.url })
    await plain.connect()
    try {
      expect((await plain.query<{ t: string | null }>(show)).rows[0]!.t).not.toBe('0.5')
    } finally {
      await plain.end()
    }
    expect(await rows(sql`select setconfig from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = ${name}`)).toEqual([])
    // The shop's pool sets it on each connection it opens, the first query included.
    const shopLike = await openDatabase({ databaseUrl: bouncers[0]!.url, poolSize: 1 })
    try {
      expect(await shopLike.db.execute(sql.raw(show)).then((r) => (r as unknown as { rows: Array<{ t: string }> }).rows)).toEqual([{ t: '0.5' }])
      // A close spelling (ADR 040) is found through PgBouncer as on PostgreSQL: word_similarity 0.5 to 0.6.
      const { rows: close } = (await shopLike.db.execute(sql`select 'Thieboudienne au poisson' %> 'thiboudiene' as at_half, word_similarity('thiboudiene', 'Thieboudienne au poisson') as ws`)) as unknown as { rows: Array<{ at_half: boolean; ws: number }> }
      expect(close[0]!.ws).toBeGreaterThanOrEqual(0.5)
      expect(close[0]!.ws).toBeLessThan(0.6)
      expect(close[0]!.at_half).toBe(true)
    } finally {
      await shopLike.close()
    }
  })

  it('a named prepared statement (as ADR 022 names them) stays on its client across transactions', async () => {
    const connect = async () => {
      const client = new pg.Client({ connectionString: bouncers[0]!.url })
      await client.connect()
      return client
    }
    const first = await connect()
    const probe = { name: 'teranga_probe', text: 'select $1::int + 1 as n' }
    try {
      for (const n of [1, 2, 3]) {
        await first.query('begin')
        expect((await first.query({ ...probe, values: [n] })).rows).toEqual([{ n: n + 1 }])
        await first.query('commit')
      }
      expect((await first.query(`select name from pg_prepared_statements where name = 'teranga_probe'`)).rows).toEqual([{ name: 'teranga_probe' }])
    } finally {
      await first.end()
    }
  })

  it('a new client starts clean on the very server connection the last one used (server_reset_query = DISCARD ALL)', async () => {
    // One server connection in the pool: the second client must get the first one's.
    const bouncer = await startPgBouncer('one-server-connection', { poolSize: 1 })
    const connect = async () => {
      const client = new pg.Client({ connectionString: bouncer.url })
      await client.connect()
      return client
    }
    const probe = { name: 'teranga_probe', text: 'select $1::int + 1 as n' }
    const first = await connect()
    let firstPid: number
    try {
      firstPid = (await first.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
      expect((await first.query({ ...probe, values: [1] })).rows).toEqual([{ n: 2 }])
      await first.query(`set pg_trgm.word_similarity_threshold = 0.9`)
      await first.query('listen teranga_probe')
    } finally {
      await first.end()
    }
    const next = await connect()
    try {
      expect((await next.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid).toBe(firstPid)
      expect((await next.query(`select count(*)::int as n from pg_prepared_statements`)).rows).toEqual([{ n: 0 }])
      expect((await next.query(`select count(*)::int as n from pg_listening_channels()`)).rows).toEqual([{ n: 0 }])
      expect((await next.query<{ t: string | null }>(`select current_setting('pg_trgm.word_similarity_threshold', true) as t`)).rows[0]!.t).not.toBe('0.9')
      expect((await next.query({ ...probe, text: 'select $1::int * 10 as n', values: [4] })).rows).toEqual([{ n: 40 }])
    } finally {
      await next.end()
    }
  })

  it('why not transaction mode on PgBouncer 1.18 (ADR 065): a client meets the statement another client prepared', async () => {
    const bouncer = await startPgBouncer('transaction', { poolSize: 1, mode: 'transaction' })
    const [first, second] = [new pg.Client({ connectionString: bouncer.url }), new pg.Client({ connectionString: bouncer.url })]
    await first.connect()
    await second.connect()
    try {
      expect((await first.query({ name: 'order_by_numero', text: 'select $1::text as numero', values: ['CMD-1'] })).rows).toEqual([{ numero: 'CMD-1' }])
      // The one server connection, handed to another client, still holds the first one's statement.
      await expect(second.query({ name: 'order_by_numero', text: 'select $1::int as id', values: [1] })).rejects.toThrow('prepared statement "order_by_numero" already exists')
    } finally {
      await first.end()
      await second.end()
    }
  })
})
