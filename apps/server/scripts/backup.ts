// npm run backup [-- --keep N]
// Writes a dated archive of the shop (every table from one snapshot, and DATA_DIR/media) into
// BACKUP_DIR (default ./backups) and prints its path on its last line; with --keep N, then
// deletes the oldest archives there beyond the newest N. ADR 026.
import path from 'node:path'
import { ConfigError, loadConfig } from '../src/config.ts'
import { BackupError, pruneBackups, writeBackup } from '../src/db/backup.ts'
import { recordBackupSuccess } from '../src/db/backup-runs.ts'
import { shopDatabase } from './shop-database.ts'

function keepArgument(args: string[]): number | undefined {
  if (args.length === 0) return undefined
  const keep = Number(args[1])
  if (args[0] !== '--keep' || args.length !== 2 || !Number.isInteger(keep) || keep < 1) {
    throw new BackupError('Usage : npm run backup [-- --keep N]  (N : nombre de sauvegardes à garder, au moins 1)')
  }
  return keep
}

async function main() {
  const keep = keepArgument(process.argv.slice(2))
  const config = loadConfig()
  const dir = path.resolve(process.env.BACKUP_DIR || 'backups')
  const database = await shopDatabase(config, { create: false })
  try {
    console.log(`Sauvegarde de ${database.label}…`)
    const result = await writeBackup({ url: database.url, source: database.source, mediaDir: path.join(config.dataDir, 'media'), dir })
    console.log(`${result.tables} tables, ${result.rows} lignes, ${result.mediaFiles} fichiers d'images.`)
    if (keep) for (const file of await pruneBackups(dir, keep)) console.log(`Ancienne sauvegarde supprimée : ${file}`)
    // For /metrics (teranga_backup_last_success_timestamp_seconds): after the archive, outside its snapshot.
    await recordBackupSuccess(database.url, 'archive', `${path.basename(result.file)} ${result.tables} tables ${result.rows} lignes`)
    console.log(result.file)
  } finally {
    await database.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
