// The `npm start` path: main.ts on an empty DATA_DIR starts its embedded PostgreSQL server,
// migrates, seeds, serves; a second start reuses the data; Ctrl-C stops everything it started
// (the database server and its own Auth Emulator); a start after kill -9 of everything
// recovers what was acknowledged.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { emulatorPidFile, freePort, portAnswers } from '../src/lib/auth-emulator.ts'
import { createEmulatorUser } from './helpers.ts'
import { killEverything, postmasterPid, processAlive, start, stop, waitForHealth } from './shop-process.ts'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true })
})

const gql = (port: number, query: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) })

describe('npm start', () => {
  it('migrates and seeds an empty DATA_DIR, serves, and a second start reuses the data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const port = await freePort()
    const env = { DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-test', FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') }

    const first = start(env)
    await waitForHealth(port, first.child, first.output)
    expect(first.output()).toContain('database migrated and seeded')
    // The address printed is PUBLIC_URL's default: no notice of another origin.
    expect(first.output()).toContain(`Teranga est prête sur http://127.0.0.1:${port}`)
    expect(first.output()).not.toContain("n'est pas l'adresse où la boutique écoute")
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ produitspaginated(count: 2) { metadata { total } } }' }),
    })
    const total = ((await res.json()) as { data: { produitspaginated: { metadata: { total: number } } } }).data.produitspaginated.metadata.total
    expect(total).toBeGreaterThanOrEqual(120)
    const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { database: string }
    expect(health.database).toBe('embedded')
    const postmaster = await postmasterPid(dataDir)
    expect(processAlive(postmaster)).toBe(true)
    expect((await fs.stat(path.join(dataDir, 'postgres-password'))).mode & 0o777).toBe(0o600)
    expect(await stop(first.child)).toBe(0)
    // Ctrl-C stopped the database server too, cleanly (no lock file left behind).
    expect(processAlive(postmaster)).toBe(false)
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow()

    // PUBLIC_URL on another origin (localhost for 127.0.0.1): the log says so, once.
    const second = start({ ...env, PUBLIC_URL: `http://localhost:${port}` })
    await waitForHealth(port, second.child, second.output)
    expect(second.output()).not.toContain('migrated and seeded')
    expect(second.output()).toContain('database migrated')
    expect(second.output().split("n'est pas l'adresse où la boutique écoute").length - 1).toBe(1)
    expect(await stop(second.child)).toBe(0)
  }, 120_000)

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

  // Issue 23 §5: killing only the server left the Auth Emulator it had started running, and the
  // next start reused it, so the next stop left it too.
  it('kill -9 of the shop alone: the Auth Emulator it started stops too, and the next start starts and stops its own', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const [port, emulatorPort] = [await freePort(), await freePort()]
    const env = { DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-boot', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` }
    const first = start(env)
    onTestFinished(() => void (first.child.exitCode === null && first.child.kill('SIGINT')))
    // Two boots that each start an emulator (a minute each on a loaded machine): wide bounds.
    await waitForHealth(port, first.child, first.output, 240_000)
    const emulator = JSON.parse(await fs.readFile(emulatorPidFile(emulatorPort), 'utf8')) as { pid: number; parent: number }
    expect(emulator.parent).toBe(first.child.pid)
    expect(processAlive(emulator.pid)).toBe(true)
    const exited = new Promise((resolve) => first.child.once('exit', resolve))
    first.child.kill('SIGKILL')
    await exited
    // The emulator notices its parent is gone and stops (within a few seconds; a loaded machine gets a wide bound).
    await expect.poll(() => processAlive(emulator.pid), { timeout: 60_000, interval: 200 }).toBe(false)
    expect(await portAnswers('127.0.0.1', emulatorPort)).toBe(false)

    const second = start(env)
    onTestFinished(() => void (second.child.exitCode === null && second.child.kill('SIGINT')))
    await waitForHealth(port, second.child, second.output, 240_000)
    expect(await portAnswers('127.0.0.1', emulatorPort)).toBe(true)
    const own = JSON.parse(await fs.readFile(emulatorPidFile(emulatorPort), 'utf8')) as { pid: number; parent: number }
    expect(own.parent).toBe(second.child.pid)
    expect(await stop(second.child)).toBe(0)
    expect(await portAnswers('127.0.0.1', emulatorPort)).toBe(false)
    expect(processAlive(own.pid)).toBe(false)
  }, 600_000)

  it('an emulator left by a shop that is gone is stopped at the next start, which starts its own', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const [port, emulatorPort] = [await freePort(), await freePort()]
    // The leftover's stand-in: something on the emulator's port, recorded as started by a process that no longer runs.
    const leftover = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${emulatorPort}, '127.0.0.1')`], { stdio: 'ignore' })
    const leftoverExited = new Promise((resolve) => leftover.once('exit', resolve))
    await expect.poll(() => portAnswers('127.0.0.1', emulatorPort), { timeout: 30_000 }).toBe(true)
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((resolve) => gone.once('exit', resolve))
    await fs.writeFile(emulatorPidFile(emulatorPort), JSON.stringify({ pid: leftover.pid, parent: gone.pid }))

    const run = start({ DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-boot', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` })
    onTestFinished(() => void (run.child.exitCode === null && run.child.kill('SIGINT')))
    try {
      await waitForHealth(port, run.child, run.output, 240_000)
    } finally {
      if (leftover.exitCode === null && leftover.signalCode === null) leftover.kill('SIGKILL')
    }
    await leftoverExited
    // The shop's own emulator answers (the demo admin was created in it), and stops with it.
    expect(run.output()).toContain('compte admin de démo')
    expect((JSON.parse(await fs.readFile(emulatorPidFile(emulatorPort), 'utf8')) as { parent: number }).parent).toBe(run.child.pid)
    expect(await stop(run.child)).toBe(0)
    expect(await portAnswers('127.0.0.1', emulatorPort)).toBe(false)
  }, 300_000)

  it('recovers after kill -9 of the shop and its database server, with every acknowledged write kept', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const port = await freePort()
    const env = { DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-test', FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') }

    const first = start(env)
    await waitForHealth(port, first.child, first.output)
    // Acknowledged writes: a customer's account and API token, then a favourite.
    const user = await createEmulatorUser()
    const login = await fetch(`http://127.0.0.1:${port}/api/sociallogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: user.idToken }),
    })
    expect(login.status).toBe(200)
    const { token, utilisateur } = (await login.json()) as { token: string; utilisateur: { id: number } }
    const auth = { authorization: `Bearer ${token}` }
    const page = (await (await gql(port, '{ produitspaginated(count: 1) { data { id } } }')).json()) as { data: { produitspaginated: { data: Array<{ id: number }> } } }
    const produit = page.data.produitspaginated.data[0]!.id
    const favourite = await fetch(`http://127.0.0.1:${port}/api/favorie`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ client: utilisateur.id, produit }),
    })
    expect(favourite.status).toBeLessThan(300)

    // kill -9 of everything: the shop, the database server and its backends, no shutdown at all.
    await killEverything(first.child, dataDir)
    // The lock file of the dead server is still there: the next start must get past it.
    await fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))

    const second = start(env)
    await waitForHealth(port, second.child, second.output)
    expect(second.output()).not.toContain('migrated and seeded')
    const profile = await fetch(`http://127.0.0.1:${port}/api/profile`, { headers: auth })
    expect(profile.status).toBe(200)
    expect(((await profile.json()) as { utilisateur: { id: number } }).utilisateur.id).toBe(utilisateur.id)
    const favourites = (await (await gql(port, `{ favoriespaginated(count: 5, userId: ${utilisateur.id}) { data { id } } }`, auth)).json()) as {
      data: { favoriespaginated: { data: Array<{ id: number }> } }
    }
    expect(favourites.data.favoriespaginated.data.map((p) => p.id)).toEqual([produit])
    expect(await stop(second.child)).toBe(0)
  }, 120_000)

  it('after kill -9 of the shop alone, the next start stops the database server left running and starts its own', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-boot-'))
    dirs.push(dataDir)
    const port = await freePort()
    const env = { DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-test', FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') }
    const first = start(env)
    await waitForHealth(port, first.child, first.output)
    const orphan = await postmasterPid(dataDir)
    const exited = new Promise((resolve) => first.child.once('exit', resolve))
    first.child.kill('SIGKILL')
    await exited
    expect(processAlive(orphan)).toBe(true)

    const second = start(env)
    await waitForHealth(port, second.child, second.output)
    expect(processAlive(orphan)).toBe(false)
    expect(await postmasterPid(dataDir)).not.toBe(orphan)
    expect(await stop(second.child)).toBe(0)
  }, 120_000)

  it('stops at boot with one line naming a bad variable', async () => {
    const run = start({ PORT: 'quatre-vingts' })
    const code = await new Promise((resolve) => run.child.once('exit', resolve))
    expect(code).toBe(1)
    expect(run.output().trim()).toMatch(/^Invalid configuration: PORT .+$/)
  })
})
