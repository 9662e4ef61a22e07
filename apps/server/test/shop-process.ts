// The shop as `npm start` runs it, in a child process (main.ts on an embedded PostgreSQL under a
// DATA_DIR), for the tests that start, kill and restart it: boot.test.ts and crash.test.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

export function start(env: Record<string, string>) {
  // Node itself (not the tsx wrapper), so that the pid is the shop's own process.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  return { child, output: () => output }
}

export async function waitForHealth(port: number, child: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
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

/** Ctrl-C: resolves with the exit code once the shop has stopped everything it started. */
export const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGINT')
  })

export async function postmasterPid(dataDir: string) {
  return Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0])
}

export function processAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The processes whose parent is `pid` (Linux /proc): PostgreSQL's backends and workers. */
export async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = []
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    // pid (comm) state ppid …: the command name may hold spaces, so read after its ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (ppid === pid) children.push(Number(entry))
  }
  return children
}

/** The shop's process, its database server's and that server's backends. */
export async function shopProcesses(child: ChildProcess, dataDir: string) {
  const postmaster = await postmasterPid(dataDir)
  return { shop: child.pid!, postmaster, backends: await childrenOf(postmaster) }
}

/**
 * kill -9 of everything, no shutdown at all: the shop, its database server and that server's
 * backends (those of `processes`, read beforehand to kill at a chosen moment, else now), all
 * at once; resolves when the shop and the database server are gone.
 */
export async function killEverything(child: ChildProcess, dataDir: string, processes?: Awaited<ReturnType<typeof shopProcesses>>) {
  const { shop, postmaster, backends } = processes ?? (await shopProcesses(child, dataDir))
  const exited = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve()
  process.kill(shop, 'SIGKILL')
  process.kill(postmaster, 'SIGKILL')
  for (const pid of backends) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      /* already gone: a backend may exit on its own once its server is dead */
    }
  }
  await exited
  while (processAlive(postmaster)) await new Promise((r) => setTimeout(r, 50))
  return postmaster
}
