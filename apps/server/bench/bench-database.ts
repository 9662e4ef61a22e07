// The database a benchmark server runs on: the embedded default (a PostgreSQL server started
// on a fresh DATA_DIR, fsync on, exactly as `npm start` runs it), or a fresh database on the
// external server a URL names. Either is removed when the benchmark ends.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, openShopDatabase, type Database } from '../src/db/client.ts'

export interface BenchDatabase {
  database: Database
  dataDir: string
  close(): Promise<void>
}

/** Runs one statement on the server `url` names, on a connection of its own (create or drop a database). */
export async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export async function openBenchDatabase(externalUrl: string | undefined, poolSize = 10): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-bench-'))
  if (!externalUrl) {
    const database = await openShopDatabase({ databaseUrl: undefined, dataDir })
    return {
      database,
      dataDir,
      close: async () => {
        await database.close()
        await fs.rm(dataDir, { recursive: true, force: true })
      },
    }
  }
  const name = `teranga_bench_${randomBytes(6).toString('hex')}`
  await onServer(externalUrl, `create database ${name}`)
  const url = new URL(externalUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize })
  return {
    database,
    dataDir,
    close: async () => {
      await database.close()
      await onServer(externalUrl, `drop database if exists ${name} with (force)`)
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}
