// Starts the shop: configuration, the Auth Emulator in demo mode, the database (the embedded
// PostgreSQL server unless DATABASE_URL is set; migrated and seeded once), then the server.
// Ctrl-C, SIGTERM or a failed boot stops everything this process started. SIGTERM (systemd's
// stop, an upgrade) first drains: SHUTDOWN_DRAIN_SECONDS (10) of /ready at 503 while every
// request is still served, so that the proxy takes the instance out before its port closes;
// then the requests in flight finish (SHUTDOWN_GRACE_SECONDS at most: 10), so a rolling
// restart fails none (docs/deploy.md §8, ADR 044).
import fs from 'node:fs/promises'
import path from 'node:path'
import Fastify from 'fastify'
import { ConfigError, listenUrl, loadConfig, publicUrlNotice } from './config.ts'
import { app, serverOptions } from './app.ts'
import { openShopDatabase } from './db/client.ts'
import { seedIfEmpty } from './db/seed.ts'
import { startAuthEmulator, type RunningEmulator } from './lib/auth-emulator.ts'
import { createFirebaseVerifier } from './modules/auth/firebase-verifier.ts'
import { DEMO_ADMIN_REFUSED, demoAdminHoldsStaffRole, ensureDemoAdmin } from './modules/staff/demo-admin.ts'

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
  // SIGTERM: first a drain. The port stays open and every request is served as usual, while
  // /ready answers 503 and each answer carries `Connection: close` (the proxy's kept-alive
  // connections end one by one); the proxy's next health check takes the instance out, so the
  // requests it sends after that go to the other instances. Only then Fastify's close stops
  // accepting connections, ends the back office's event streams (their preClose hook), waits
  // for the requests in flight (served too, never Fastify's English 503: serverOptions), then
  // runs the onClose hooks: the sweeps under way finish, the notification listener closes.
  // Only then the database (and the embedded server) and the emulator stop. Ctrl-C (SIGINT,
  // someone at a terminal, no proxy to wait for) skips the drain.
  const graceMs = config.shutdownGraceMs
  const stopController = new AbortController()
  let endDrain = () => {}
  const forceClose = () => {
    server.server.closeAllConnections()
  }
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second signal: no more waiting, for the proxy or for requests.
      endDrain()
      forceClose()
      return
    }
    stopping = true
    const drainMs = signal === 'SIGTERM' && server.server.listening ? config.shutdownDrainMs : 0
    if (drainMs > 0) {
      stopController.abort()
      log.info({ signal, drainMs }, 'draining: /ready answers 503, requests are still served, each answer closes its connection')
      await new Promise<void>((resolve) => {
        const drain = setTimeout(resolve, drainMs)
        endDrain = () => {
          clearTimeout(drain)
          resolve()
        }
      })
    }
    log.info({ signal }, 'stopping: no new connections, the requests in flight finish')
    const grace = setTimeout(() => {
      log.warn({ graceMs }, 'requests still in flight after the grace period: their connections are closed')
      forceClose()
    }, graceMs)
    grace.unref()
    await server.close().catch((err) => log.error({ err }, 'close failed'))
    clearTimeout(grace)
    await runCleanups()
    log.info('stopped')
    process.exit(0)
  }
  // While draining and stopping, each answer closes its connection: a keep-alive connection
  // left open would keep bringing the proxy's requests, and hold the close until the grace
  // period ends.
  server.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close')
  })
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
  const database = await openShopDatabase(
    config,
    (line) => log.debug({ postgres: line }),
    (line) => log.info({ replica: line }),
  )
  // Stops the embedded server too, after the HTTP server has closed (cleanups run in reverse).
  cleanups.push(() => database.close())
  await database.withBootLock(async () => {
    await database.migrate()
    // Production's first boot gets the shop's structure only, never the demo's made-up
    // products, prices, zones and contact details (ADR 045).
    const { seeded, content } = await seedIfEmpty(database.db, { content: config.production ? 'structure' : 'demo' })
    log.info({ database: database.kind, seeded, content }, seeded ? 'database migrated and seeded' : 'database migrated')
    if (seeded && content === 'structure') {
      log.info("base neuve : la structure de la boutique seulement (modes de paiement et de livraison, niveaux de fidélité), sans catalogue de démonstration ; ouvrez /admin pour la mise en route")
    }
  })
  if (config.production && (await demoAdminHoldsStaffRole(database.db))) throw new ConfigError(DEMO_ADMIN_REFUSED)

  // Demo mode: the back office's demo account (README); demo values, fine to log.
  if (emulator) {
    const demo = await ensureDemoAdmin(database.db, emulator.host, config.firebaseProjectId)
    log.info(`back-office : compte admin de démo ${demo.email} / ${demo.password} (ouvrir /admin)`)
  }

  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  await server.register(app, { config, database, verifier, closeDatabase: false, stopping: stopController.signal })
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
