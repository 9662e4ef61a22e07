// Once per test run: the Auth Emulator on a free port, and one migrated database holding the
// reference data, which every test file clones (CREATE DATABASE … TEMPLATE) instead of
// migrating from scratch. The server is the one TEST_DATABASE_URL names, else an embedded
// PostgreSQL started here for the run. Names are drawn per run, so several checkouts can
// share one server.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres.ts'
import { seedDemoZones, seedReferenceData } from '../src/db/seed.ts'
import { freePort, startAuthEmulator } from '../src/lib/auth-emulator.ts'
import { databaseUrl, onServer } from './test-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string
    /** A connection URL on the test server, for creating and dropping databases. */
    testServerUrl: string
    /** The migrated, seeded database every test file clones. */
    templateDatabase: string
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-test-'))
  let embedded: EmbeddedPostgres | undefined
  const template = `teranga_tmpl_${randomBytes(6).toString('hex')}`
  const [emulator, serverUrl] = await Promise.all([
    // Its start takes 20 s on a quiet machine and over a minute on a loaded one: a wide bound.
    startAuthEmulator({ hostPort: `127.0.0.1:${await freePort()}`, projectId: 'demo-teranga-test', timeoutMs: 180_000 }),
    (async () => {
      // A throwaway cluster, deleted at the end of the run: no need to wait for fsync.
      embedded = process.env.TEST_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir: dir, fsync: false })
      const serverUrl = process.env.TEST_DATABASE_URL ?? embedded!.adminUrl
      await onServer(serverUrl, (c) => c.query(`create database ${template}`))
      const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template), poolSize: 2 })
      try {
        await database.migrate()
        // The structure, and the demo's zones (spec §9) that the order tests deliver to.
        await database.db.transaction(async (tx) => {
          await seedReferenceData(tx)
          await seedDemoZones(tx)
        })
      } finally {
        // CREATE DATABASE … TEMPLATE needs the template free of connections.
        await database.close()
      }
      return serverUrl
    })(),
  ])
  project.provide('authEmulatorHost', emulator.host)
  project.provide('testServerUrl', serverUrl)
  project.provide('templateDatabase', template)
  return async () => {
    await emulator.stop()
    await onServer(serverUrl, (c) => c.query(`drop database if exists ${template} with (force)`)).catch(() => {})
    await embedded?.stop()
    await fs.rm(dir, { recursive: true, force: true })
  }
}
