// The database an operations command works on (backup, restore): DATABASE_URL when set, else
// the embedded server of DATA_DIR: the running shop's when it is up (it keeps running), else
// one started here on a free port for the command and stopped after it.
import type { Config } from '../src/config.ts'
import { BackupError } from '../src/db/backup.ts'
import { hasEmbeddedCluster, runningEmbeddedUrl, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts'

export interface ShopDatabase {
  url: string
  source: 'embedded' | 'external'
  /** What the command says it worked on. */
  label: string
  stop(): Promise<void>
}

/** `create`: a DATA_DIR without a cluster gets a new, empty one (restore); else it is an error. */
export async function shopDatabase(config: Config, { create }: { create: boolean }): Promise<ShopDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, source: 'external', label: 'DATABASE_URL', stop: async () => {} }
  const running = await runningEmbeddedUrl(config.dataDir)
  if (running) return { url: running, source: 'embedded', label: `la base embarquée de ${config.dataDir} (boutique en marche)`, stop: async () => {} }
  if (!create && !(await hasEmbeddedCluster(config.dataDir))) {
    throw new BackupError(`Aucune base dans ${config.dataDir} : la boutique n'y a jamais démarré. Vérifiez DATA_DIR (ou DATABASE_URL).`)
  }
  try {
    const server = await startEmbeddedPostgres({ dataDir: config.dataDir })
    return { url: server.url, source: 'embedded', label: `la base embarquée de ${config.dataDir} (démarrée le temps de la commande)`, stop: server.stop }
  } catch (error) {
    throw new BackupError(`Le serveur PostgreSQL embarqué de ${config.dataDir} n'a pas démarré (les binaires viennent de npm install) : ${(error as Error).message}`)
  }
}
