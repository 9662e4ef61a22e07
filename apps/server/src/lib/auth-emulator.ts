// Starts the Firebase Auth Emulator (firebase-tools) as a child process for demo projects,
// offline, and stops it with us. An emulator already answering on the port is reused, unless
// it is the leftover of a shop that died (issue 23 §5): that one is stopped and replaced.
// The emulator never outlives the process that started it, however that process ends
// (SIGKILL included): it watches its parent and stops when the parent is gone.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface RunningEmulator {
  host: string
  /** Whether we started it (and so must stop it). */
  owned: boolean
  stop(): Promise<void>
}

export function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    socket.setTimeout(500)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** A TCP port free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.once('error', reject)
  })
}

/**
 * Loaded into the emulator's process (`node --import`): when the process that started it is
 * gone (its parent changes as it is adopted), it stops as on Ctrl-C, and at the latest 5 s
 * later, then removes its private config folder (its working directory).
 */
const WATCH_PARENT = `
import { rmSync } from 'node:fs'
const parent = process.ppid
const dir = process.cwd()
const timer = setInterval(() => {
  if (process.ppid === parent) return
  clearInterval(timer)
  process.on('exit', () => { try { rmSync(dir, { recursive: true, force: true }) } catch {} })
  setTimeout(() => process.exit(0), 5000).unref()
  process.kill(process.pid, 'SIGINT')
}, 300)
timer.unref()
`

/** Where the emulator started for a port says who started it: {pid, parent}. */
export const emulatorPidFile = (port: number) => path.join(os.tmpdir(), `teranga-auth-emulator-${port}.json`)

export function processAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The emulator answering on `port` when a shop that is gone started it (its pid file names a
 * dead parent): stopped, so that this start gets an emulator of its own rather than one about
 * to stop. Answers whether one was stopped.
 */
async function stopLeftover(host: string, port: number): Promise<boolean> {
  const text = await fs.readFile(emulatorPidFile(port), 'utf8').catch(() => undefined)
  let owner: { pid?: number; parent?: number } | undefined
  try {
    owner = text ? (JSON.parse(text) as typeof owner) : undefined
  } catch {
    owner = undefined
  }
  if (!owner?.pid || !owner.parent || processAlive(owner.parent) || !processAlive(owner.pid)) return false
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(owner.pid!, name)
    } catch {
      /* gone already */
    }
  }
  signal('SIGINT')
  const deadline = Date.now() + 10_000
  while ((processAlive(owner.pid) || (await portAnswers(host, port))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  if (processAlive(owner.pid)) signal('SIGKILL')
  while (processAlive(owner.pid)) await new Promise((r) => setTimeout(r, 50))
  await fs.rm(emulatorPidFile(port), { force: true })
  return true
}

export async function startAuthEmulator(options: {
  hostPort: string
  projectId: string
  log?: (line: string) => void
  timeoutMs?: number
}): Promise<RunningEmulator> {
  const [host = '127.0.0.1', portText = '9099'] = options.hostPort.split(':')
  const port = Number(portText)
  if ((await portAnswers(host, port)) && !(await stopLeftover(host, port))) return { host: options.hostPort, owned: false, stop: async () => {} }

  // A private config: only the auth emulator, no UI, and hub/logging ports that cannot clash.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-auth-'))
  const config = {
    emulators: {
      auth: { host, port },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
    },
  }
  await fs.writeFile(path.join(dir, 'firebase.json'), JSON.stringify(config))
  const cli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js')
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(WATCH_PARENT)}`,
      cli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      options.projectId,
      '--config',
      path.join(dir, 'firebase.json'),
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' } },
  )
  const pidFile = emulatorPidFile(port)
  await fs.writeFile(pidFile, JSON.stringify({ pid: child.pid, parent: process.pid }))
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(line.trim())
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    await fs.rm(dir, { recursive: true, force: true })
    await fs.rm(pidFile, { force: true })
  }

  // About 20 s on a quiet machine, past a minute on a loaded one.
  const deadline = Date.now() + (options.timeoutMs ?? 150_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`The Firebase Auth Emulator exited (code ${child.exitCode}):\n${output.slice(-2000)}`)
    }
    if (await portAnswers(host, port)) return { host: options.hostPort, owned: true, stop }
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error(`The Firebase Auth Emulator did not answer on ${options.hostPort} within the time limit:\n${output.slice(-2000)}`)
}
