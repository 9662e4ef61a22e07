// A real primary and its streaming replica for read-replica.test.ts: two small PostgreSQL
// clusters of the machine's own PostgreSQL binaries, in a temporary directory, on free ports.
//
// Why a primary of its own rather than the suite's server: the machine's cluster (CI's
// TEST_DATABASE_URL) allows no replication connection in its pg_hba.conf, and a base backup of
// it would copy every database of every run sharing it; the embedded server (no
// TEST_DATABASE_URL) is another major version than the pg_basebackup on the machine. A fresh
// cluster (initdb about 1 s, migrated as the suite's template is, under 1 s) avoids all three,
// and works alike in both passes and in two runs at once (ports and directories drawn per run).
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { openDatabase } from '../src/db/client.ts'
import { seedDemoZones, seedReferenceData } from '../src/db/seed.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { onServer } from './test-server.ts'

const run = promisify(execFile)

/** The binaries of the newest PostgreSQL installed from the system's packages (Debian's layout), or PG_BINDIR. */
function binDir(): string {
  const candidates = [process.env.PG_BINDIR, ...fs
    .readdirSync('/usr/lib/postgresql', { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d+$/.test(d.name))
    .map((d) => d.name)
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)]
  const found = candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'pg_basebackup')) && fs.existsSync(path.join(dir, 'initdb')))
  if (!found) throw new Error('read-replica test: no PostgreSQL server binaries found (apt-get install postgresql, or set PG_BINDIR)')
  return found
}

/** PostgreSQL refuses to run as root: as root, the clusters are run as the system user postgres. */
function runAs(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

export interface StreamingPair {
  primaryUrl: string
  replicaUrl: string
  /** Stops the replica's server (fast shutdown: its sessions are ended). */
  stopReplica(): Promise<void>
  startReplica(): Promise<void>
  /** Stops both servers and deletes their directory. */
  stop(): Promise<void>
}

export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = binDir()
  const user = runAs()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teranga-replica-'))
  fs.chmodSync(dir, 0o755)
  if (user) fs.chownSync(dir, user.uid, user.gid)
  const primaryDir = path.join(dir, 'primary')
  const replicaDir = path.join(dir, 'replica')
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const pg = (tool: string, args: string[]) => run(path.join(bin, tool), args, { ...user, cwd: dir, timeout: 60_000 })
  const serverFlags = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off -c max_connections=100`
  const start = (data: string, port: number) => pg('pg_ctl', ['-D', data, '-l', `${data}.log`, '-o', serverFlags(port), '-w', '-t', '60', 'start'])
  const stopCluster = (data: string, mode: 'fast' | 'immediate') => pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).then(() => {}, () => {})

  let stopped = false
  const stopAll = () => {
    if (stopped) return
    stopped = true
    // Synchronous, so that it also runs from an `exit` handler.
    for (const data of [replicaDir, primaryDir]) {
      if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
        try {
          execFileSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...user, stdio: 'ignore' })
        } catch {
          // Already stopped.
        }
      }
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', stopAll)

  try {
    // initdb's pg_hba.conf trusts local replication connections, as pg_basebackup needs.
    await pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
    await start(primaryDir, primaryPort)
    await onServer(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`, (c) => c.query('create database teranga'))
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/teranga`
    const database = await openDatabase({ databaseUrl: primaryUrl, poolSize: 2 })
    try {
      await database.migrate()
      await database.db.transaction(async (tx) => {
        await seedReferenceData(tx)
        await seedDemoZones(tx)
      })
    } finally {
      await database.close()
    }
    // -R writes primary_conninfo and standby.signal: the copy starts as a streaming replica.
    await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'])
    await start(replicaDir, replicaPort)
    return {
      primaryUrl,
      replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/teranga`,
      stopReplica: () => stopCluster(replicaDir, 'fast'),
      startReplica: async () => void (await start(replicaDir, replicaPort)),
      stop: async () => {
        stopAll()
        process.off('exit', stopAll)
      },
    }
  } catch (error) {
    stopAll()
    process.off('exit', stopAll)
    throw error
  }
}
