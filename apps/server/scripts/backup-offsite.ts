// npm run backup:offsite
// Sends the newest archive of BACKUP_DIR (default ./backups), encrypted, to the restic repository
// of RESTIC_REPOSITORY (password in RESTIC_PASSWORD_FILE, the back-end's keys in the environment),
// then forgets the copies beyond OFFSITE_KEEP_DAILY/_WEEKLY/_MONTHLY (7/5/12) and prunes them,
// and records the success for /metrics. Run by teranga-backup-offsite.service after each backup. ADR 067.
import path from 'node:path'
import { ConfigError, loadConfig } from '../src/config.ts'
import { BackupError } from '../src/db/backup.ts'
import { recordBackupSuccess } from '../src/db/backup-runs.ts'
import { checkResticSettings, newestArchive, retentionFrom, sendOffsite } from '../src/db/offsite.ts'
import { shopDatabase } from './shop-database.ts'

async function main() {
  if (process.argv.length > 2) throw new BackupError('Usage : npm run backup:offsite  (sans argument : la sauvegarde la plus récente de BACKUP_DIR)')
  checkResticSettings(process.env)
  const retention = retentionFrom(process.env)
  const config = loadConfig()
  const file = await newestArchive(path.resolve(process.env.BACKUP_DIR || 'backups'))
  console.log(`Copie hors du serveur de ${path.basename(file)}…`)
  const result = await sendOffsite(file, retention)
  console.log(`Copie ${result.snapshot} envoyée ; ${result.forgotten} anciennes copies oubliées (gardées : ${retention.daily} quotidiennes, ${retention.weekly} hebdomadaires, ${retention.monthly} mensuelles).`)
  const database = await shopDatabase(config, { create: false })
  try {
    await recordBackupSuccess(database.url, 'offsite', `${result.snapshot} ${path.basename(file)}`)
  } finally {
    await database.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
