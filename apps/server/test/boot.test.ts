// The `npm start` path: main.ts on an empty DATA_DIR migrates, seeds, serves; a second start
// reuses the data; Ctrl-C stops everything it started, including its own Auth Emulator.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { freePort, portAnswers } from '../src/lib/auth-emulator.ts'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const tsx = path.join(serverDir, '../../node_modules/.bin/tsx')
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true })
})

function start(env: Record<string, string>) {
  const child = spawn(tsx, ['src/main.ts'], { cwd: serverDir, env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  return { child, output: () => output }
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) return res
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no health in time: ${output()}`)
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGINT')
  })

describe('npm start', () => {
  it('migrates and seeds an empty DATA_DIR, serves, and a second start reuses the data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const port = await freePort()
    const env = { DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-test', FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') }

    const first = start(env)
    await waitForHealth(port, first.child, first.output)
    expect(first.output()).toContain('database migrated and seeded')
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ produitspaginated(count: 2) { metadata { total } } }' }),
    })
    const total = ((await res.json()) as { data: { produitspaginated: { metadata: { total: number } } } }).data.produitspaginated.metadata.total
    expect(total).toBeGreaterThanOrEqual(120)
    expect(await stop(first.child)).toBe(0)

    const second = start(env)
    await waitForHealth(port, second.child, second.output)
    expect(second.output()).not.toContain('migrated and seeded')
    expect(second.output()).toContain('database migrated')
    expect(await stop(second.child)).toBe(0)
  })

  it('starts its own Auth Emulator in demo mode and Ctrl-C stops it too', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const [port, emulatorPort] = [await freePort(), await freePort()]
    const run = start({ DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-boot', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` })
    await waitForHealth(port, run.child, run.output)
    expect(await portAnswers('127.0.0.1', emulatorPort)).toBe(true)
    expect(await stop(run.child)).toBe(0)
    expect(await portAnswers('127.0.0.1', emulatorPort)).toBe(false)
    expect(await portAnswers('127.0.0.1', port)).toBe(false)
    // A whole boot: migrations, seed and the emulator's start (about 20 s on a quiet
    // two-core machine, more when other suites load it).
  }, 120_000)

  it('stops at boot with one line naming a bad variable', async () => {
    const run = start({ PORT: 'quatre-vingts' })
    const code = await new Promise((resolve) => run.child.once('exit', resolve))
    expect(code).toBe(1)
    expect(run.output().trim()).toMatch(/^Invalid configuration: PORT .+$/)
  })
})
