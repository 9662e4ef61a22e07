// Starts the shop: configuration, the Auth Emulator in demo mode, the database (the embedded
// PostgreSQL server unless DATABASE_URL is set; migrated and seeded once), then the server.
// Ctrl-C, SIGTERM or a failed boot stops everything this process started.
import fs from 'node:fs/promises'
import path from 'node:path'
import Fastify from 'fastify'
import { ConfigError, listenUrl, loadConfig, publicUrlNotice } from './config.ts'
import { app, serverOptions } from './app.ts'
import { openShopDatabase } from './db/client.ts'
import { seedIfEmpty } from './db/seed.ts'
import { startAuthEmulator, type RunningEmulator } from './lib/auth-emulator.ts'
import { createFirebaseVerifier } from './modules/auth/firebase-verifier.ts'
import { ensureDemoAdmin } from './modules/staff/demo-admin.ts'

// What this process started, stopped in reverse order at shutdown or after a failed boot.
const cleanups: Array<() => Promise<unknown>> = []
const runCleanups = async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
}

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const server = Fastify(serverOptions(config))
  const log = server.log
  let emulator: RunningEmulator | undefined
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'stopping')
    await server.close().catch((err) => log.error({ err }, 'close failed'))
    await runCleanups()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await fs.mkdir(path.join(config.dataDir, 'media'), { recursive: true })

  if (config.firebaseEmulatorHost) {
    log.info({ host: config.firebaseEmulatorHost }, 'starting the Firebase Auth Emulator (demo project)')
    emulator = await startAuthEmulator({
      hostPort: config.firebaseEmulatorHost,
      projectId: config.firebaseProjectId,
      log: (line) => log.debug({ emulator: line }),
    })
    cleanups.push(() => emulator!.stop())
    log.info({ host: emulator.host, reused: !emulator.owned }, 'Auth Emulator ready')
  }

  if (!config.databaseUrl) log.info({ dataDir: config.dataDir }, 'starting the embedded PostgreSQL server')
  const database = await openShopDatabase(config, (line) => log.debug({ postgres: line }))
  // Stops the embedded server too, after the HTTP server has closed (cleanups run in reverse).
  cleanups.push(() => database.close())
  await database.withBootLock(async () => {
    await database.migrate()
    const { seeded } = await seedIfEmpty(database.db)
    log.info({ database: database.kind, seeded }, seeded ? 'database migrated and seeded' : 'database migrated')
  })

  // Demo mode: the back office's demo account (README); demo values, fine to log.
  if (emulator) {
    const demo = await ensureDemoAdmin(database.db, emulator.host, config.firebaseProjectId)
    log.info(`back-office : compte admin de démo ${demo.email} / ${demo.password} (ouvrir /admin)`)
  }

  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  await server.register(app, { config, database, verifier, closeDatabase: false })
  await server.listen({ port: config.port, host: config.host })
  const listening = listenUrl(config.host, config.port)
  log.info(`Teranga est prête sur ${listening}`)
  const notice = publicUrlNotice(config.publicUrl, listening)
  if (notice) log.warn(notice)
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error)
  await runCleanups()
  process.exit(1)
})
