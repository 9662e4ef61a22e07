// The `npm run build` / `npm run serve` path: the server compiled to dist/ runs under plain
// Node with NODE_ENV=production. It refuses the demo's conveniences with one French line, and
// a SIGTERM (systemd's stop, a deploy) fails none of the requests in flight: they finish, new
// connections are refused, the back office's event streams end, and the process exits 0.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildServer, DIST_DIR } from '../scripts/build.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { MESSAGES } from '@teranga/shared/server-messages'
import { DEMO_ADMIN, ensureDemoAdmin } from '../src/modules/staff/demo-admin.ts'
import { createTestApp, signInStaff, TEST_PROJECT_ID, type TestContext } from './helpers.ts'

/** A real project's settings, with the sandbox chosen on purpose (no real payment keys here). */
const PRODUCTION = { FIREBASE_PROJECT_ID: 'teranga-prod', FIREBASE_API_KEY: 'AIzaSyExample-0123456789', PAYMENTS_SANDBOX: 'true' }

// A build of its own beside dist/ (src/paths.ts finds the migrations from one folder under
// apps/server), named after the process: CI runs the suite twice at once, on two Node lines.
const DIST = `${DIST_DIR}-production-${process.pid}`

beforeAll(async () => {
  await buildServer(DIST)
}, 60_000)
afterAll(async () => fs.rm(DIST, { recursive: true, force: true }))

/** A fresh database (with the in-process app that signs staff in on it) for each describe. */
function shopDatabase() {
  const holder: { ctx?: TestContext } = {}
  beforeAll(async () => {
    holder.ctx = await createTestApp()
  }, 60_000)
  afterAll(async () => holder.ctx?.close())
  return () => holder.ctx!
}

/**
 * `node dist/<script>` with NODE_ENV=production and only the environment given: none of the
 * test run's own (NODE_ENV=test, the emulator's address that the Admin SDK would read).
 */
function run(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [`${DIST}/${script}`, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (c) => (stdout += c))
  child.stderr!.on('data', (c) => (stderr += c))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, stdout: () => stdout, stderr: () => stderr }
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`)
    const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined)
    if (res?.ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no health in time: ${output()}`)
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })

/**
 * A GraphQL request whose body is held back: its headers ask `Expect: 100-continue`, and the
 * server's `100 Continue` says the request has reached the app (routed, in flight). `finish()`
 * sends the body and resolves with the whole answer once the server closes the connection.
 */
async function requestInFlight(port: number, query: string) {
  const body = JSON.stringify({ query })
  const socket = net.connect(port, '127.0.0.1')
  let answer = ''
  socket.setEncoding('utf8')
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const continued = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: string) => {
      answer += chunk
      if (answer.includes('100 Continue')) resolve()
    })
    socket.once('error', reject)
  })
  socket.write(
    `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\n\r\n`,
  )
  await continued
  return {
    /** Resolves with what the server sent once it closed the connection. */
    closed: async () => {
      await closed
      return answer
    },
    finish: async () => {
      socket.write(body)
      await closed
      const final = answer.slice(answer.lastIndexOf('HTTP/1.1 '))
      return { status: Number(final.slice(9, 12)), text: final }
    },
  }
}

/** One request with node:http (whose answer shows its `Connection` header), on `agent`'s connection or a new one. */
function send(port: number, agent: http.Agent | undefined, method: string, path: string, body?: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, agent: agent ?? false, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }))
      },
    )
    request.once('error', reject)
    request.end(body)
  })
}

describe('npm run serve refuses the demo at boot, in one French line', () => {
  const shop = shopDatabase()
  it('the demo identity project, the Auth Emulator, the payment sandbox not asked for', async () => {
    const demo = run('main.js', {})
    expect(await demo.exited).toBe(1)
    expect(demo.stderr().trim()).toMatch(/^Démarrage refusé : FIREBASE_PROJECT_ID=demo-teranga est un projet de démonstration, [^\n]+$/)

    const emulator = run('main.js', { ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })
    expect(await emulator.exited).toBe(1)
    expect(emulator.stderr().trim()).toMatch(/^Démarrage refusé : FIREBASE_AUTH_EMULATOR_HOST est défini[^\n]+$/)

    const sandbox = run('main.js', { FIREBASE_PROJECT_ID: PRODUCTION.FIREBASE_PROJECT_ID, FIREBASE_API_KEY: PRODUCTION.FIREBASE_API_KEY })
    expect(await sandbox.exited).toBe(1)
    expect(sandbox.stderr().trim()).toMatch(/^Démarrage refusé : sans WAVE_API_KEY, les paiements passeraient par le bac à sable[^\n]+PAYMENTS_SANDBOX=true[^\n]+$/)
  })

  it('a database where the demo admin keeps its role, until admin:revoke takes it away', async () => {
    // The database was first run in demo mode: the demo account got the admin role.
    const ctx = shop()
    await ensureDemoAdmin(ctx.db, inject('authEmulatorHost'), TEST_PROJECT_ID)
    const env = { ...PRODUCTION, DATABASE_URL: ctx.database.url, PORT: String(await freePort()), SHUTDOWN_DRAIN_SECONDS: '0' }
    const refusedBoot = run('main.js', env)
    expect(await refusedBoot.exited).toBe(1)
    expect(refusedBoot.stderr().trim()).toBe(
      `Démarrage refusé : le compte admin de démonstration (${DEMO_ADMIN.email}), dont le mot de passe est public, a encore un rôle du back-office dans cette base ; retirez-le avec npm run admin:revoke -- ${DEMO_ADMIN.email}, puis relancez.`,
    )

    // The compiled script does what the message says, without tsx.
    const revoke = run('admin-role.js', { ...PRODUCTION, DATABASE_URL: ctx.database.url }, ['revoke', DEMO_ADMIN.email])
    expect(await revoke.exited).toBe(0)
    expect(revoke.stdout()).toMatch(new RegExp(`${DEMO_ADMIN.email.replaceAll('.', '\\.')} \\(client n°\\d+\\) n'a plus accès au back-office`))
    const served = run('main.js', env)
    await waitForHealth(Number(env.PORT), served.child, () => served.stdout() + served.stderr())
    served.child.kill('SIGTERM')
    expect(await served.exited).toBe(0)
  }, 60_000)
})

describe('SIGTERM on the served shop', () => {
  const database = shopDatabase()

  it('finishes every request in flight with its answer, refuses new connections, ends the event streams, exits 0', async () => {
    const ctx = database()
    const port = await freePort()
    const shop = run('main.js', { ...PRODUCTION, DATABASE_URL: ctx.database.url, PORT: String(port), LOG_LEVEL: 'info' })
    const output = () => shop.stdout() + shop.stderr()
    await waitForHealth(port, shop.child, output)

    // A back-office event stream, open: it would hold the close for ever if nothing ended it.
    const { admin } = await signInStaff(ctx)
    const stream = await fetch(`http://127.0.0.1:${port}/api/admin/evenements`, { headers: admin.auth })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connecté')

    const inFlight = await Promise.all(Array.from({ length: 4 }, () => requestInFlight(port, '{ produitspaginated(count: 3) { metadata { total } } }')))
    shop.child.kill('SIGTERM')
    // The server stops accepting while the requests above still wait for their bodies.
    await expect.poll(() => refused(port), { timeout: 15_000 }).toBe(true)

    const answers = await Promise.all(inFlight.map((request) => request.finish()))
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200)
      expect(answer.text).toMatch(/"produitspaginated":\{"metadata":\{"total":\d+\}\}/)
      expect(answer.text.toLowerCase()).toContain('connection: close')
    }
    // The stream was ended by the server, not left hanging.
    let chunk = await reader.read()
    while (!chunk.done) chunk = await reader.read()
    expect(chunk.done).toBe(true)

    expect(await shop.exited).toBe(0)
    expect(output()).toContain('stopped')
    expect(output()).not.toContain('grace period')
  }, 120_000)

  it('drains first: /ready answers 503 in French while every request is still served, each answer closing its connection, then the port closes', async () => {
    const port = await freePort()
    const shop = run('main.js', { ...PRODUCTION, DATABASE_URL: database().database.url, PORT: String(port), LOG_LEVEL: 'info', SHUTDOWN_DRAIN_SECONDS: '4' })
    const output = () => shop.stdout() + shop.stderr()
    await waitForHealth(port, shop.child, output)
    // A kept-alive connection, as a proxy keeps them: opened before the signal, used during the drain.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const before = await send(port, agent, 'GET', '/sitemap.xml')
    expect(before.status).toBe(200)
    expect(before.connection).toBe('keep-alive')

    shop.child.kill('SIGTERM')
    await expect.poll(async () => (await send(port, undefined, 'GET', '/ready')).status, { timeout: 10_000, interval: 100 }).toBe(503)
    const ready = await send(port, undefined, 'GET', '/ready')
    expect(JSON.parse(ready.body)).toEqual({ status: 'error', message: MESSAGES.shuttingDown })
    // Still served, on the kept-alive connection and on a new one: a GraphQL POST (which a proxy cannot replay) and a read.
    const query = JSON.stringify({ query: '{ produitspaginated(count: 2) { metadata { total } } }' })
    for (const via of [agent, undefined]) {
      const post = await send(port, via, 'POST', '/graphql', query)
      expect(post.status, post.body).toBe(200)
      expect(post.body).toMatch(/"produitspaginated":\{"metadata":\{"total":\d+\}\}/)
      expect(post.connection).toBe('close')
    }
    expect(output()).toContain('draining')
    expect(shop.child.exitCode).toBeNull()
    // Then the port closes and the process ends as before.
    await expect.poll(() => refused(port), { timeout: 15_000 }).toBe(true)
    expect(await shop.exited).toBe(0)
    expect(output()).toContain('stopped')
    agent.destroy()
  }, 60_000)

  it('waits no longer than SHUTDOWN_GRACE_SECONDS for a request that does not end, then closes it and exits 0', async () => {
    const port = await freePort()
    const shop = run('main.js', { ...PRODUCTION, DATABASE_URL: database().database.url, PORT: String(port), LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '1', SHUTDOWN_DRAIN_SECONDS: '0' })
    const output = () => shop.stdout() + shop.stderr()
    await waitForHealth(port, shop.child, output)
    // A client that never sends its body: only the grace period ends its request.
    const stuck = await requestInFlight(port, '{ produitspaginated(count: 1) { metadata { total } } }')
    shop.child.kill('SIGTERM')
    expect(await shop.exited).toBe(0)
    expect(output()).toContain('requests still in flight after the grace period')
    expect(output()).toContain('stopped')
    expect(await stuck.closed()).not.toContain('HTTP/1.1 200')
  }, 60_000)
})
