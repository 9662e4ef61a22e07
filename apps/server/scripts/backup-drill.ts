// npm run backup:drill
// The monthly restore drill: restores the latest copy of the restic repository (RESTIC_REPOSITORY,
// RESTIC_PASSWORD_FILE) into a scratch PostgreSQL cluster made for it and removed after, and
// compares every table's rows with the counts its archive recorded. Prints the verdict; exits 1
// on any failure or difference. Records the success for /metrics. ADR 067.
import { ConfigError, loadConfig } from '../src/config.ts'
import { BackupError } from '../src/db/backup.ts'
import { recordBackupSuccess } from '../src/db/backup-runs.ts'
import { restoreDrill } from '../src/db/offsite.ts'
import { shopDatabase } from './shop-database.ts'

async function main() {
  if (process.argv.length > 2) throw new BackupError('Usage : npm run backup:drill  (sans argument : la copie la plus récente du dépôt restic)')
  const config = loadConfig()
  console.log('Exercice de restauration de la dernière copie hors du serveur…')
  const result = await restoreDrill(process.env, (line) => console.log(line))
  console.log(`Exercice réussi : copie ${result.snapshot} (${result.archive}) restaurée dans une base neuve, ${result.tables} tables et ${result.rows} lignes, comme l'archive les annonce.`)
  const database = await shopDatabase(config, { create: false })
  try {
    await recordBackupSuccess(database.url, 'drill', `${result.snapshot} ${result.archive}`)
  } finally {
    await database.stop()
  }
}

main().catch((error: unknown) => {
  const message = error instanceof BackupError || error instanceof ConfigError ? error.message : error
  console.error('ÉCHEC de l\'exercice de restauration :', message)
  process.exit(1)
})
