// Starts the Firebase Auth Emulator (firebase-tools) as a child process for demo projects,
// offline, and stops it with us. An emulator already answering on the port is reused.
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

export async function startAuthEmulator(options: {
  hostPort: string
  projectId: string
  log?: (line: string) => void
  timeoutMs?: number
}): Promise<RunningEmulator> {
  const [host = '127.0.0.1', portText = '9099'] = options.hostPort.split(':')
  const port = Number(portText)
  if (await portAnswers(host, port)) return { host: options.hostPort, owned: false, stop: async () => {} }

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
    [cli, 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', path.join(dir, 'firebase.json')],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' } },
  )
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
