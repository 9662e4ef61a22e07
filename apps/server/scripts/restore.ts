// npm run restore -- <file>
// Restores an archive of `npm run backup` into an empty database (DATABASE_URL, else the
// embedded one of DATA_DIR, created when missing) and its images into DATA_DIR/media. ADR 026.
import fs from 'node:fs/promises'
import path from 'node:path'
import { ConfigError, loadConfig } from '../src/config.ts'
import { BackupError, restoreBackup } from '../src/db/backup.ts'
import { shopDatabase } from './shop-database.ts'

async function main() {
  const args = process.argv.slice(2)
  if (args.length !== 1 || !args[0]) throw new BackupError('Usage : npm run restore -- <fichier de sauvegarde>')
  // npm runs the script in apps/server: a relative path is the one the operator typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0])
  // Before anything starts: a mistyped path must not create an empty cluster in DATA_DIR.
  if (!(await fs.stat(file).catch(() => undefined))?.isFile()) throw new BackupError(`Fichier de sauvegarde introuvable : ${file}`)
  const config = loadConfig()
  const database = await shopDatabase(config, { create: true })
  try {
    console.log(`Restauration de ${file} dans ${database.label}…`)
    const result = await restoreBackup({ file, url: database.url, mediaDir: path.join(config.dataDir, 'media') })
    console.log(`Restauré : ${result.tables} tables, ${result.rows} lignes, ${result.mediaFiles} fichiers d'images. Démarrez la boutique (npm start).`)
  } finally {
    await database.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
