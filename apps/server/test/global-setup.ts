// Once per test run: the Auth Emulator on a free port, and a migrated PGlite with reference
// data dumped to a file, which every test file loads instead of migrating from scratch.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client.ts'
import { seedReferenceData } from '../src/db/seed.ts'
import { freePort, startAuthEmulator } from '../src/lib/auth-emulator.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-test-'))
  const template = path.join(dir, 'template.tar')
  const [emulator] = await Promise.all([
    startAuthEmulator({ hostPort: `127.0.0.1:${await freePort()}`, projectId: 'demo-teranga-test' }),
    (async () => {
      const database = await openDatabase({})
      await database.migrate()
      await database.db.transaction((tx) => seedReferenceData(tx))
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
      const dump = await client.dumpDataDir('none')
      await fs.writeFile(template, Buffer.from(await dump.arrayBuffer()))
      await database.close()
    })(),
  ])
  project.provide('authEmulatorHost', emulator.host)
  project.provide('pgliteTemplate', template)
  return async () => {
    await emulator.stop()
    await fs.rm(dir, { recursive: true, force: true })
  }
}
