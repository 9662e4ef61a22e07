// The first production boot (issue 23 §5, ADR 045): `node dist/main.js` with NODE_ENV=production
// on an empty database writes the shop's structure only (payment and delivery modes, loyalty
// tiers): no demo products with made-up prices, no slides, depots, zones or contact details.
// The shop serves its empty catalogue, and a restart seeds nothing more.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { buildServer } from '../scripts/build.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { PRIVILEGES } from '../src/db/seed-data.ts'
import { databaseUrl, onServer } from './test-server.ts'

// Its own build, one folder under apps/server as dist/ is, named after the process (CI runs the
// suite twice at once, on two Node lines, in one checkout), so that the paths the server computes from its place hold.
const DIST = fileURLToPath(new URL(`../dist-first-boot-${process.pid}`, import.meta.url))
const PRODUCTION = { FIREBASE_PROJECT_ID: 'teranga-prod', FIREBASE_API_KEY: 'AIzaSyExample-0123456789', PAYMENTS_SANDBOX: 'true' }
const name = `teranga_first_${randomBytes(6).toString('hex')}`
let url: string

beforeAll(async () => {
  await buildServer(DIST)
  await onServer(inject('testServerUrl'), (c) => c.query(`create database ${name}`))
  url = databaseUrl(inject('testServerUrl'), name)
}, 60_000)

afterAll(async () => {
  await onServer(inject('testServerUrl'), (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {})
  await fs.rm(DIST, { recursive: true, force: true })
})

function serve(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(DIST, 'main.js')], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  // A failed assertion must not leave the shop running.
  onTestFinished(() => void (child.exitCode === null && child.kill('SIGTERM')))
  return { child, exited, output: () => output }
}

async function waitForReady(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`)
    const res = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined)
    if (res?.ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`not ready in time: ${output()}`)
}

const counts = () =>
  onServer(url, async (c) => {
    const tables = ['categories', 'souscategories', 'produits', 'caroussels', 'depots', 'zones_livraison', 'preferences', 'modepaiements', 'modelivraisons', 'privileges', 'roles']
    const out: Record<string, number> = {}
    for (const table of tables) out[table] = (await c.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n
    return out
  })

describe('the first boot of npm run serve on an empty database', () => {
  it('writes the structure only, serves the empty shop, and a restart seeds nothing', async () => {
    const port = await freePort()
    const env = { ...PRODUCTION, DATABASE_URL: url, PORT: String(port) }
    const first = serve(env)
    await waitForReady(port, first.child, first.output)
    expect(first.output()).toContain('database migrated and seeded')
    expect(first.output()).toContain('"content":"structure"')
    expect(first.output()).toContain('sans catalogue de démonstration')
    expect(await counts()).toEqual({
      categories: 0,
      souscategories: 0,
      produits: 0,
      caroussels: 0,
      depots: 0,
      zones_livraison: 0,
      preferences: 0,
      modepaiements: 5,
      modelivraisons: 2,
      privileges: PRIVILEGES.length,
      roles: 4,
    })
    expect((await onServer(url, (c) => c.query('select contenu from shop_setup'))).rows).toEqual([{ contenu: 'structure' }])

    // What the storefront asks for on its first pages answers, empty, without an error.
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ produitspaginated(count: 12) { metadata { total } data { id } } categories { id } caroussels { id } depots { id } preferences { telephone email } modepaiements { code } }',
      }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: Record<string, unknown>; errors?: unknown }
    expect(body.errors).toBeUndefined()
    expect(body.data).toMatchObject({ produitspaginated: { metadata: { total: 0 }, data: [] }, categories: [], caroussels: [], depots: [] })
    const zones = await fetch(`http://127.0.0.1:${port}/api/zones`)
    expect(zones.status).toBeLessThan(500)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    // The owner adds a category then deletes it, and deletes a loyalty tier: the next boot seeds nothing.
    await onServer(url, async (c) => {
      await c.query(`insert into categories (designation, position) values ('Épicerie', 0)`)
      await c.query('delete from categories')
      await c.query('delete from privileges where point > 0')
    })
    const second = serve(env)
    await waitForReady(port, second.child, second.output)
    expect(second.output()).toContain('database migrated')
    expect(second.output()).not.toContain('migrated and seeded')
    expect(await counts()).toMatchObject({ categories: 0, produits: 0, privileges: 1, zones_livraison: 0, modepaiements: 5 })
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  }, 120_000)
})
