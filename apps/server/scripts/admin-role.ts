// npm run admin:grant -- <email> [admin|gestionnaire] [--client <n°>]   |   npm run admin:revoke -- <email> [--client <n°>]
// (--client picks one account when several have that address: the refusal names them.)
// Works on DATABASE_URL when set, else on the embedded database under DATA_DIR: the running
// shop's server when there is one (its port is in postmaster.pid), else started for the change.
import fs from 'node:fs/promises'
import path from 'node:path'
import { isStaffRole } from '@teranga/shared/constants'
import { loadConfig } from '../src/config.ts'
import { openDatabase, openShopDatabase, type Database } from '../src/db/client.ts'
import { grantStaffRole, revokeStaffRole } from '../src/modules/staff/staff-admin.ts'

async function runningEmbedded(dataDir: string): Promise<string | undefined> {
  const lock = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined)
  if (!lock) return undefined
  const lines = lock.split('\n')
  const pid = Number(lines[0])
  const port = Number(lines[3])
  try {
    process.kill(pid, 0)
  } catch {
    return undefined
  }
  const secret = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim()
  return `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${port}/teranga`
}

async function main() {
  const args = process.argv.slice(2)
  let clientId: number | undefined
  const flag = args.findIndex((a) => a === '--client' || a.startsWith('--client='))
  if (flag >= 0) {
    const value = args[flag]!.includes('=') ? args[flag]!.split('=')[1] : args[flag + 1]
    args.splice(flag, args[flag]!.includes('=') ? 1 : 2)
    clientId = Number(value)
    if (!Number.isSafeInteger(clientId) || clientId <= 0) {
      console.error(`Numéro de client invalide : ${value ?? ''} (--client <n°>, un entier).`)
      process.exit(1)
    }
  }
  const [command, email, roleArg] = args
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Usage : npm run admin:grant -- <email> [admin|gestionnaire] [--client <n°>]  |  npm run admin:revoke -- <email> [--client <n°>]')
    process.exit(1)
  }
  const role = roleArg ?? 'admin'
  if (command === 'grant' && !isStaffRole(role)) {
    console.error(`Rôle inconnu : ${role} (admin ou gestionnaire).`)
    process.exit(1)
  }
  const config = loadConfig()
  let database: Database
  const running = config.databaseUrl ? undefined : await runningEmbedded(config.dataDir)
  if (running) database = await openDatabase({ databaseUrl: running, poolSize: 1, kind: 'embedded' })
  // One statement on the primary: no read replica to open.
  else database = await openShopDatabase({ ...config, replica: undefined })
  try {
    const result = command === 'grant' ? await grantStaffRole(database.db, email, role as 'admin', { clientId }) : await revokeStaffRole(database.db, email, { clientId })
    if (result.ok) console.log(result.message)
    else console.error(result.message)
    process.exitCode = result.ok ? 0 : 1
  } finally {
    await database.close()
  }
}

/** PostgreSQL's "undefined table": a database the shop has never started on. */
const notMigrated = (error: unknown) => (error as { cause?: { code?: string } })?.cause?.code === '42P01'

main().catch((error: unknown) => {
  if (notMigrated(error)) console.error("Cette base de données n'a pas encore les tables de la boutique : démarrez la boutique une fois (npm start) sur cette base, puis recommencez.")
  else console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
