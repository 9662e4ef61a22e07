// One more instance of the shop under the orders benchmark, in its own process, on the
// database the first one prepared (BENCH_INSTANCE_DATABASE_URL): as a second server would run.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/db/client.ts'
import { listenOrdersApp } from './orders-app.ts'

const database = await openDatabase({ databaseUrl: process.env.BENCH_INSTANCE_DATABASE_URL! })
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-bench-instance-'))
const { server, port } = await listenOrdersApp(database, dataDir)
process.send?.({ port })
process.on('disconnect', async () => {
  await server.close()
  await database.close()
  await fs.rm(dataDir, { recursive: true, force: true })
  process.exit(0)
})
