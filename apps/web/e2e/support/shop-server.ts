// The real production server (apps/server/src/main.ts) for browser tests, benchmarks and
// screenshots: free ports, a fresh data directory, and a storefront build that is current.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../../server/src/lib/auth-emulator.ts'

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web')
export const WEB_DIST = path.join(WEB_DIR, 'dist')
export const E2E_PROJECT_ID = 'demo-teranga-e2e'

export interface RunningShop {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseURL: string
  /** host:port of the Auth Emulator the server started. */
  emulatorHost: string
  projectId: string
  dataDir: string
  stop(): Promise<void>
}

export interface StartShopOptions {
  /** How long the first boot (migrations, seed, emulator) may take. */
  timeoutMs?: number
  /** Extra environment for the server, over the defaults below. */
  env?: Record<string, string>
  /** Echo the server's output as it comes, for debugging a test (also SHOP_VERBOSE=1). */
  verbose?: boolean
}

const OUTPUT_KEPT = 20_000

// Children run in their own process group (detached) so that the emulator the server spawns
// can be killed with it; the price is that a terminal's Ctrl-C no longer reaches them, so we
// forward it ourselves and kill whatever is left when this process exits by any path.
const running = new Map<ChildProcess, { dataDir: string; stop: () => Promise<void> }>()
let handlersInstalled = false

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

function onSignal(signal: NodeJS.Signals) {
  const code = signal === 'SIGINT' ? 130 : 143
  void Promise.allSettled([...running.values()].map((shop) => shop.stop())).then(() => process.exit(code))
}

// Playwright and chrome-launcher call process.exit on SIGINT without waiting for us: this is
// the last chance, and only synchronous calls work here.
function onExit() {
  for (const [child, shop] of running) {
    killGroup(child, 'SIGKILL')
    fs.rmSync(shop.dataDir, { recursive: true, force: true })
  }
}

function installHandlers() {
  if (handlersInstalled) return
  handlersInstalled = true
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.on('SIGHUP', onSignal)
  process.on('exit', onExit)
}

function removeHandlersIfIdle() {
  if (!handlersInstalled || running.size > 0) return
  handlersInstalled = false
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  process.off('SIGHUP', onSignal)
  process.off('exit', onExit)
}

/**
 * The environment for children that must behave as in production: vitest sets NODE_ENV=test
 * (and its own flags), which would make Vite bundle React's development build.
 */
function productionEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name === 'TEST' || name.startsWith('VITEST')) delete env[name]
  return env
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function healthy(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(2000) })
    await res.body?.cancel()
    return res.status === 200
  } catch {
    return false
  }
}

export async function startShop(opts: StartShopOptions = {}): Promise<RunningShop> {
  const port = await freePort()
  let emulatorPort = await freePort()
  // freePort releases the port before answering, so two calls can hand out the same one.
  while (emulatorPort === port) emulatorPort = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const emulatorHost = `127.0.0.1:${emulatorPort}`
  const projectId = opts.env?.FIREBASE_PROJECT_ID ?? E2E_PROJECT_ID
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'teranga-e2e-'))
  const verbose = opts.verbose ?? process.env.SHOP_VERBOSE === '1'

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...productionEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The payment sandboxes call the shop back and send the browser to it at this address.
      PUBLIC_URL: baseURL,
      FIREBASE_PROJECT_ID: E2E_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    const text = chunk.toString()
    output = (output + text).slice(-OUTPUT_KEPT)
    if (verbose) process.stderr.write(text)
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  child.once('error', (error) => (output += `\n${error.message}`))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const isRunning = () => child.exitCode === null && child.signalCode === null

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      if (isRunning()) {
        // SIGTERM to the server alone: its shutdown closes the database and stops the emulator.
        child.kill('SIGTERM')
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      // Anything the server left behind (an emulator after a crash) goes with the group.
      killGroup(child, 'SIGKILL')
      running.delete(child)
      removeHandlersIfIdle()
      await fsp.rm(dataDir, { recursive: true, force: true })
    })()
    return stopping
  }
  running.set(child, { dataDir, stop })
  installHandlers()

  const timeoutMs = opts.timeoutMs ?? 120_000
  const deadline = Date.now() + timeoutMs
  try {
    while (true) {
      if (!isRunning()) throw new Error(`the server exited during boot (code ${child.exitCode ?? child.signalCode})`)
      if (await healthy(baseURL)) break
      if (Date.now() > deadline) throw new Error(`GET /health did not answer 200 within ${timeoutMs / 1000} s`)
      await sleep(250)
    }
  } catch (error) {
    await stop()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`The shop did not start: ${reason}\n--- server output ---\n${output || '(none)'}`, { cause: error })
  }
  return { baseURL, emulatorHost, projectId, dataDir, stop }
}

/** Runs `fn` against a fresh shop, which is stopped whatever happens. */
export async function withShop<T>(fn: (shop: RunningShop) => Promise<T>, opts?: StartShopOptions): Promise<T> {
  const shop = await startShop(opts)
  try {
    return await fn(shop)
  } finally {
    await shop.stop()
  }
}

// ---------- the storefront and back-office builds ----------

export const ADMIN_DIR = path.join(REPO_ROOT, 'apps/admin')

interface BuildTarget {
  name: string
  workspace: string
  /** The file whose age is the build's. */
  output: string
  /** Other files the build must have written. */
  alsoRequired: string[]
  /** Everything the bundle is made from: a build older than any of these is stale. */
  inputs: string[]
}

const sourcesOf = (dir: string) => ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((entry) => path.join(dir, entry))

const TARGETS: BuildTarget[] = [
  {
    name: 'the storefront',
    workspace: 'apps/web',
    output: path.join(WEB_DIST, 'index.html'),
    alsoRequired: [path.join(WEB_DIR, 'dist-server', 'entry-server.js')],
    inputs: [...sourcesOf(WEB_DIR), path.join(WEB_DIR, 'vite-precompress.ts'), path.join(REPO_ROOT, 'packages/shared/src')],
  },
  {
    name: 'the back-office',
    workspace: 'apps/admin',
    output: path.join(ADMIN_DIR, 'dist', 'index.html'),
    alsoRequired: [],
    inputs: [...sourcesOf(ADMIN_DIR), path.join(WEB_DIR, 'src/styles'), path.join(WEB_DIR, 'vite-precompress.ts'), path.join(REPO_ROOT, 'packages/shared/src')],
  },
]

async function newestMtime(target: string): Promise<number> {
  let stat: fs.Stats
  try {
    stat = await fsp.stat(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of await fsp.readdir(target)) newest = Math.max(newest, await newestMtime(path.join(target, entry)))
  return newest
}

async function staleReason(target: BuildTarget): Promise<string | null> {
  let built: number
  try {
    built = (await fsp.stat(target.output)).mtimeMs
  } catch {
    return `${path.relative(REPO_ROOT, target.output)} is missing`
  }
  for (const file of target.alsoRequired) if (!fs.existsSync(file)) return `${path.relative(REPO_ROOT, file)} is missing`
  const newest = Math.max(...(await Promise.all(target.inputs.map(newestMtime))))
  return newest > built ? `the sources of ${target.name} changed since the last build` : null
}

function runBuild(workspace: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const child = spawn(npm, ['run', 'build', '-w', workspace], {
      cwd: REPO_ROOT,
      env: productionEnv(),
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm run build -w ${workspace} failed (${code ?? signal})`)),
    )
  })
}

let building: Promise<void> | undefined

/**
 * Builds the storefront and the back-office when their dist is missing or older than their
 * sources, once per process, so browser tests and benchmarks never measure a stale bundle.
 * SKIP_WEB_BUILD=1 uses both as they are.
 */
export function ensureWebBuild(): Promise<void> {
  building ??= (async () => {
    if (process.env.SKIP_WEB_BUILD === '1') return
    for (const target of TARGETS) {
      const reason = await staleReason(target)
      if (!reason) continue
      console.error(`[e2e] building ${target.name}: ${reason}`)
      await runBuild(target.workspace)
    }
  })()
  return building
}
