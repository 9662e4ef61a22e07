// Backups off the server (issue 27 §3, ADR 067): the nightly archive sent, encrypted, to a restic
// repository (SFTP, S3-compatible, any of restic's back-ends), the old copies forgotten by a
// retention policy, and the monthly drill that restores the latest copy into a scratch cluster
// and checks that every table holds the rows the archive says it holds.
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { archiveManifest, BackupError, restoreBackup } from './backup.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import pg from 'pg'

/** Every copy the shop sends carries this tag: the retention and the drill look at these only. */
const TAG = 'teranga'
const ARCHIVE_NAME = /^teranga-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?\.tar\.gz$/
/**
 * The drill refuses a latest copy older than this: copies go every night, so two nights missed
 * mean the copies stopped (alert TerangaOffsiteBackupTooOld), and a drill that restores an old
 * copy proves nothing about tonight's.
 */
export const DRILL_MAX_AGE_HOURS = 48
/** Tables an archive of the shop always has: a manifest without them is not the shop's. */
const CORE_TABLES = ['commandes', 'produits']

/**
 * The machine the copies are filed under in the repository (restic's --host): OFFSITE_HOST, or
 * this machine's name. The drill restores this machine's copies only, never another's that
 * shares the repository.
 */
export function offsiteHost(env: NodeJS.ProcessEnv): string {
  const host = env.OFFSITE_HOST?.trim() || os.hostname()
  if (!/^[\w.-]{1,253}$/.test(host)) throw new BackupError(`OFFSITE_HOST doit être un nom de machine (lettres, chiffres, « . », « - », « _ ») (reçu « ${host} »).`)
  return host
}

export interface Retention {
  daily: number
  weekly: number
  monthly: number
}

/** OFFSITE_KEEP_DAILY / _WEEKLY / _MONTHLY, each a whole number (0 keeps none of that kind). */
export function retentionFrom(env: NodeJS.ProcessEnv): Retention {
  const read = (name: string, fallback: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 0 || value > 1000) throw new BackupError(`${name} doit être un nombre entier entre 0 et 1000 (reçu « ${raw} »).`)
    return value
  }
  const retention = { daily: read('OFFSITE_KEEP_DAILY', 7), weekly: read('OFFSITE_KEEP_WEEKLY', 5), monthly: read('OFFSITE_KEEP_MONTHLY', 12) }
  if (retention.daily + retention.weekly + retention.monthly === 0) throw new BackupError('OFFSITE_KEEP_DAILY, _WEEKLY et _MONTHLY valent tous 0 : aucune copie ne serait gardée.')
  return retention
}

/** restic reads its repository and password from the environment; both must be there. */
export function checkResticSettings(env: NodeJS.ProcessEnv): void {
  if (!env.RESTIC_REPOSITORY && !env.RESTIC_REPOSITORY_FILE) {
    throw new BackupError('RESTIC_REPOSITORY n\'est pas défini : indiquez le dépôt restic des copies hors du serveur (sftp:…, s3:…), voir docs/deploy.md, « Copies hors du serveur ».')
  }
  if (!env.RESTIC_PASSWORD_FILE && !env.RESTIC_PASSWORD && !env.RESTIC_PASSWORD_COMMAND) {
    throw new BackupError('RESTIC_PASSWORD_FILE n\'est pas défini : le fichier qui tient le mot de passe du dépôt restic (sans lui, les copies sont illisibles).')
  }
}

/** Runs restic with the environment's settings; a failure says which step and restic's own last line. */
function restic(args: string[], env: NodeJS.ProcessEnv, step: string): Promise<string> {
  // An SFTP repository under systemd's ProtectHome: the ssh command (key, known hosts) is given whole.
  const options = env.OFFSITE_SFTP_COMMAND ? ['-o', `sftp.command=${env.OFFSITE_SFTP_COMMAND}`] : []
  return new Promise((resolve, reject) => {
    execFile('restic', [...options, ...args], { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout)
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new BackupError('restic est introuvable : installez-le (apt-get install restic).'))
      const reason = stderr.trim().split('\n').filter(Boolean).at(-1) ?? error.message
      reject(new BackupError(`restic a échoué (${step}) : ${reason}`))
    })
  })
}

/** The newest archive of `dir` (names sort by date). */
export async function newestArchive(dir: string): Promise<string> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => ARCHIVE_NAME.test(name)).sort()
  if (!names.length) throw new BackupError(`Aucune sauvegarde dans ${dir} : lancez d'abord npm run backup (BACKUP_DIR).`)
  return path.join(dir, names.at(-1)!)
}

export interface OffsiteResult {
  snapshot: string
  file: string
  /** Copies removed by the retention policy. */
  forgotten: number
}

/** Sends `file` to the repository, then forgets the copies the retention no longer keeps and prunes their data. */
export async function sendOffsite(file: string, retention: Retention, env: NodeJS.ProcessEnv = process.env): Promise<OffsiteResult> {
  checkResticSettings(env)
  const out = await restic(['backup', '--json', '--tag', TAG, '--host', offsiteHost(env), file], env, 'backup')
  const summary = out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message_type?: string; snapshot_id?: string })
    .find((m) => m.message_type === 'summary')
  if (!summary?.snapshot_id) throw new BackupError('restic n\'a pas donné l\'identifiant de la copie envoyée : vérifiez le dépôt (restic snapshots).')
  // Each night's archive has its own name: grouped by host and tag, not by path, or nothing would ever be forgotten.
  const forget = await restic(
    ['forget', '--json', '--prune', '--tag', TAG, '--group-by', 'host,tags', '--keep-daily', String(retention.daily), '--keep-weekly', String(retention.weekly), '--keep-monthly', String(retention.monthly)],
    env,
    'forget',
  )
  const groups = JSON.parse(forget.split('\n').find((line) => line.startsWith('[')) ?? '[]') as Array<{ remove?: unknown[] | null }>
  return { snapshot: summary.snapshot_id.slice(0, 8), file, forgotten: groups.reduce((sum, g) => sum + (g.remove?.length ?? 0), 0) }
}

export interface DrillResult {
  snapshot: string
  snapshotTime: string
  archive: string
  tables: number
  rows: number
}

/**
 * The restore drill: the repository checked, the latest copy restored from it, its archive
 * restored into a scratch PostgreSQL cluster made for the drill (and removed after it), and
 * every table's rows counted there against the archive's manifest. Throws, in French, on any
 * difference.
 */
export async function restoreDrill(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => {}, now: () => Date = () => new Date()): Promise<DrillResult> {
  checkResticSettings(env)
  const host = offsiteHost(env)
  const snapshots = JSON.parse(await restic(['snapshots', '--json', '--tag', TAG, '--host', host], env, 'snapshots')) as Array<{ id: string; short_id: string; time: string; paths: string[] }> | null
  const latest = (snapshots ?? []).sort((a, b) => Date.parse(a.time) - Date.parse(b.time)).at(-1)
  if (!latest) throw new BackupError(`Aucune copie de la boutique dans le dépôt restic pour la machine « ${host} » : npm run backup:offsite n'a encore rien envoyé d'ici (ou OFFSITE_HOST ne nomme pas la machine des copies).`)
  const ageHours = (now().getTime() - Date.parse(latest.time)) / 3_600_000
  if (!(ageHours <= DRILL_MAX_AGE_HOURS)) {
    throw new BackupError(
      `La dernière copie de « ${host} » (${latest.short_id}, du ${latest.time}) a plus de ${DRILL_MAX_AGE_HOURS} h : les copies hors du serveur ne partent plus (systemctl status teranga-backup-offsite).`,
    )
  }
  log(`Copie ${latest.short_id} du ${latest.time} (machine ${host})`)
  await restic(['check'], env, 'check')

  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-drill-'))
  // Run as root, the embedded server runs as the user postgres, who must enter it.
  await fs.chmod(scratch, 0o711)
  try {
    const restored = path.join(scratch, 'restored')
    await restic(['restore', latest.id, '--target', restored], env, 'restore')
    const archive = (await fs.readdir(restored, { recursive: true, withFileTypes: true })).find((e) => e.isFile() && ARCHIVE_NAME.test(e.name))
    if (!archive) throw new BackupError(`La copie ${latest.short_id} ne contient aucune archive de la boutique (teranga-….tar.gz).`)
    const file = path.join(archive.parentPath, archive.name)
    const manifest = await archiveManifest(file)
    const absent = CORE_TABLES.filter((name) => !manifest.tables.some((t) => t.schema === 'public' && t.name === name))
    if (absent.length) throw new BackupError(`L'archive ${archive.name} de la copie ${latest.short_id} n'est pas celle de la boutique : il lui manque ${absent.map((n) => `public.${n}`).join(', ')}.`)

    const server = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'cluster'), database: 'teranga_exercice', fsync: false }).catch((error: Error) => {
      throw new BackupError(`La base de l'exercice n'a pas démarré (PostgreSQL embarqué) : ${error.message}`)
    })
    try {
      await restoreBackup({ file, url: server.url, mediaDir: path.join(scratch, 'media') })
      const counted = await countRows(server.url, manifest.tables)
      const wrong = manifest.tables.filter((t) => counted.get(`${t.schema}.${t.name}`) !== t.rows)
      if (wrong.length) {
        throw new BackupError(
          `Nombres de lignes différents de ceux de l'archive : ${wrong.map((t) => `${t.schema}.${t.name} ${counted.get(`${t.schema}.${t.name}`) ?? 'absente'} au lieu de ${t.rows}`).join(', ')}.`,
        )
      }
      // A copy's orders cannot be newer than the copy: a later one means a clock or a copy gone wrong.
      const newest = await newestOrder(server.url)
      if (newest && newest.getTime() > Date.parse(latest.time) + 60_000) {
        throw new BackupError(`La copie ${latest.short_id} du ${latest.time} contient une commande du ${newest.toISOString()}, postérieure à la copie : horloge ou copie incohérente.`)
      }
      const media = (await fs.readdir(path.join(scratch, 'media'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length
      if (media !== manifest.mediaFiles) throw new BackupError(`${media} fichiers d'images restaurés au lieu de ${manifest.mediaFiles}.`)
    } finally {
      await server.stop()
    }
    return { snapshot: latest.short_id, snapshotTime: latest.time, archive: archive.name, tables: manifest.tables.length, rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0) }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
}

async function countRows(url: string, tables: Array<{ schema: string; name: string }>): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const counts = new Map<string, number>()
    for (const t of tables) {
      const ok = (await client.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [`"${t.schema}"."${t.name}"`])).rows[0]!.ok
      if (!ok) continue
      const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from "${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`)
      counts.set(`${t.schema}.${t.name}`, Number(rows[0]!.n))
    }
    return counts
  } finally {
    await client.end().catch(() => {})
  }
}

async function newestOrder(url: string): Promise<Date | null> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ at: Date | null }>('select max(datecomm) as at from commandes')
    return rows[0]?.at ?? null
  } finally {
    await client.end().catch(() => {})
  }
}
