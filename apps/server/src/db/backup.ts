// Backups of a shop (issue 17, ADR 026): one .tar.gz holding the data of every table, read in
// one snapshot with COPY (what pg_dump does for data), the migrations that made the schema,
// the sequences, and the older uploads kept as files under DATA_DIR/media. A restore rebuilds
// the schema from the same migrations in an empty database, loads the data and the sequences,
// then checks every foreign key again, all in one transaction.
import fs from 'node:fs/promises'
import { createReadStream, createWriteStream } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import * as tar from 'tar'
import { MIGRATIONS_DIR } from './client.ts'

/** A failure told to the operator as it is (in French): no stack trace. */
export class BackupError extends Error {}

const FORMAT = 'teranga-backup'
const FORMAT_VERSION = 1
/** The schemas a backup holds: the shop's tables, and drizzle's record of applied migrations. */
const SCHEMAS = ['public', 'drizzle']
const BACKUP_NAME = /^teranga-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?\.tar\.gz$/

interface TableEntry {
  schema: string
  name: string
  /** Stored columns in order; generated ones are computed again at restore. */
  columns: string[]
  rows: number
  file: string
}

interface Manifest {
  format: typeof FORMAT
  version: number
  createdAt: string
  source: 'embedded' | 'external'
  serverVersion: string
  /** drizzle's rows: which migrations made the schema (`created_at` is the migration's date). */
  migrations: Array<{ hash: string; createdAt: number }>
  tables: TableEntry[]
  sequences: Array<{ schema: string; name: string; lastValue: string; isCalled: boolean }>
  mediaFiles: number
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  // A server that goes away mid-way fails the current query; the process must not crash on it.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Connexion à la base impossible (${where(url)}) : ${(error as Error).message}`)
  }
  return client
}

/** host:port/database of a URL, without its password, for messages. */
function where(url: string): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || 5432}${u.pathname}`
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** `teranga-2026-11-27T020000Z.tar.gz`: UTC, sorted by name is sorted by date. */
function backupName(now: Date, n: number): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '')
  return `teranga-${stamp}${n > 1 ? `-${n}` : ''}.tar.gz`
}

export interface BackupOptions {
  /** The shop's database. */
  url: string
  source: Manifest['source']
  /** DATA_DIR/media: uploads kept as files by older versions (served under /media/). */
  mediaDir: string
  /** Where the archive goes. */
  dir: string
  now?: Date
}

export interface BackupResult {
  file: string
  tables: number
  rows: number
  mediaFiles: number
}

/** Writes one archive in `dir` and returns its path; nothing is left behind on failure. */
export async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  await fs.mkdir(options.dir, { recursive: true, mode: 0o700 }).catch((error: Error) => {
    throw new BackupError(`Dossier des sauvegardes impossible à créer (${options.dir}) : ${error.message}`)
  })
  const staging = await fs.mkdtemp(path.join(options.dir, '.teranga-backup-'))
  const partial = `${staging}.tar.gz`
  try {
    const manifest = await dumpDatabase(options, staging)
    const mediaFiles = await filesUnder(options.mediaDir)
    if (mediaFiles.length) await fs.cp(options.mediaDir, path.join(staging, 'media'), { recursive: true })
    manifest.mediaFiles = mediaFiles.length
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, ['manifest.json', 'data', ...(mediaFiles.length ? ['media'] : [])])
    // Personal data (customers, addresses, orders): readable by its owner only.
    await fs.chmod(partial, 0o600)
    // The archive gets its dated name only once complete: a cut-off run never looks like a backup.
    const now = options.now ?? new Date()
    let file = ''
    for (let n = 1; ; n++) {
      file = path.join(options.dir, backupName(now, n))
      if (!(await fs.stat(file).catch(() => undefined))) break
    }
    await fs.rename(partial, file)
    return { file, tables: manifest.tables.length, rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0), mediaFiles: mediaFiles.length }
  } finally {
    await fs.rm(staging, { recursive: true, force: true })
    await fs.rm(partial, { force: true })
  }
}

async function dumpDatabase(options: BackupOptions, staging: string): Promise<Manifest> {
  const client = await connect(options.url)
  try {
    // One snapshot for every table, as pg_dump takes: the shop keeps running meanwhile.
    await client.query('begin isolation level repeatable read read only')
    const { rows: migrated } = await client.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`)
    if (!migrated[0]!.ok) {
      throw new BackupError(`Cette base n'a pas les tables de la boutique (${where(options.url)}) : rien à sauvegarder. Vérifiez DATABASE_URL ou DATA_DIR.`)
    }
    const { rows: migrations } = await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by created_at')
    const { rows: tables } = await client.query<{ schema: string; name: string; columns: string[] }>(
      `select n.nspname::text as schema, c.relname::text as name,
              array(select a.attname::text from pg_attribute a
                     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                     order by a.attnum) as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = any($1)
        order by 1, 2`,
      [SCHEMAS],
    )
    await fs.mkdir(path.join(staging, 'data'))
    const entries: TableEntry[] = []
    for (const table of tables) {
      const file = `data/${table.schema}.${table.name}.copy`
      const copy = client.query(copyTo(`copy ${qualified(table.schema, table.name)} (${table.columns.map(ident).join(', ')}) to stdout`))
      await pipeline(copy, createWriteStream(path.join(staging, file)))
      entries.push({ ...table, rows: copy.rowCount, file })
    }
    const { rows: sequences } = await client.query<{ schema: string; name: string }>(
      `select n.nspname::text as schema, c.relname::text as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
      [SCHEMAS],
    )
    const sequenceStates: Manifest['sequences'] = []
    for (const s of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${qualified(s.schema, s.name)}`)
      sequenceStates.push({ ...s, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called })
    }
    const { rows: version } = await client.query<{ server_version: string }>('show server_version')
    await client.query('commit')
    return {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      source: options.source,
      serverVersion: version[0]!.server_version,
      migrations: migrations.map((m) => ({ hash: m.hash, createdAt: Number(m.created_at) })),
      tables: entries,
      sequences: sequenceStates,
      mediaFiles: 0,
    }
  } finally {
    await client.end().catch(() => {})
  }
}

/** Deletes the oldest backups of `dir` beyond the newest `keep`; returns the deleted paths. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep)).map((name) => path.join(dir, name))
  for (const file of old) await fs.rm(file, { force: true })
  return old
}

export interface RestoreOptions {
  file: string
  /** The target database: it must hold no table. */
  url: string
  /** DATA_DIR/media of the target: it must hold no file when the backup has some. */
  mediaDir: string
}

export interface RestoreResult {
  tables: number
  rows: number
  mediaFiles: number
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const stat = await fs.stat(options.file).catch(() => undefined)
  if (!stat?.isFile()) throw new BackupError(`Fichier de sauvegarde introuvable : ${options.file}`)
  const unreadable = () => new BackupError(`${options.file} n'est pas une sauvegarde de la boutique (archive illisible).`)
  // Read to its end before anything is written: an extraction that fails half-way (a copy cut
  // short) still has files being written when its promise rejects, and the clean-up below then
  // met « ENOTEMPTY: directory not empty » instead of saying what is wrong (issue 23 §5).
  await tar.t({ file: options.file, strict: true }).catch(() => {
    throw unreadable()
  })
  const unpacked = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-restore-'))
  try {
    await tar.x({ file: options.file, cwd: unpacked, strict: true }).catch(() => {
      throw unreadable()
    })
    const manifest = await readManifest(unpacked, options.file)
    const migrations = migrationsFor(manifest)
    if (manifest.mediaFiles > 0 && (await filesUnder(options.mediaDir)).length > 0) {
      throw new BackupError(`Le dossier des images ${options.mediaDir} n'est pas vide : la restauration se fait sur un DATA_DIR neuf (ou videz ce dossier).`)
    }
    const client = await connect(options.url)
    let rows = 0
    try {
      const { rows: existing } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'`,
      )
      if (existing[0]!.count > 0) {
        throw new BackupError(
          `La base cible n'est pas vide (${where(options.url)}, ${existing[0]!.count} tables ou séquences) : la restauration ne remplace pas une boutique existante. Restaurez dans une base neuve (créée par createdb, ou un DATA_DIR neuf).`,
        )
      }
      await client.query('begin')
      try {
        rows = await load(client, unpacked, manifest, migrations)
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => {})
        if (error instanceof BackupError) throw error
        throw new BackupError(`La restauration a échoué, la base cible est restée vide : ${(error as Error).message}`)
      }
      // Fresh statistics, so that the first queries are planned as on the shop backed up.
      await client.query('analyze')
    } finally {
      await client.end().catch(() => {})
    }
    if (manifest.mediaFiles > 0) await fs.cp(path.join(unpacked, 'media'), options.mediaDir, { recursive: true })
    return { tables: manifest.tables.length, rows, mediaFiles: manifest.mediaFiles }
  } finally {
    // Retried: should an extraction fail all the same, its last writes may land while it is removed.
    await fs.rm(unpacked, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
}

/** An archive's manifest (what it holds: tables and their row counts, image files), read without unpacking the data. */
export async function archiveManifest(file: string): Promise<Pick<Manifest, 'createdAt' | 'tables' | 'mediaFiles'>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-manifest-'))
  try {
    await tar.x({ file, cwd: dir, strict: true }, ['manifest.json']).catch(() => {
      throw new BackupError(`${file} n'est pas une sauvegarde de la boutique (archive illisible).`)
    })
    return await readManifest(dir, file)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

async function readManifest(dir: string, file: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => undefined)
  let manifest: Partial<Manifest> | undefined
  try {
    manifest = text ? (JSON.parse(text) as Partial<Manifest>) : undefined
  } catch {
    manifest = undefined
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations)) {
    throw new BackupError(`${file} n'est pas une sauvegarde de la boutique (pas de manifest.json lisible).`)
  }
  if (manifest.version !== FORMAT_VERSION) {
    throw new BackupError(`${file} est au format de sauvegarde ${manifest.version}, que cette version de la boutique ne lit pas (format ${FORMAT_VERSION}).`)
  }
  return manifest as Manifest
}

/**
 * The code's migrations up to the backup's last one: the schema the data was read from. Later
 * migrations run at the next `npm start`, as after any update. A backup made by a newer
 * version of the shop is refused: this code cannot rebuild its schema.
 */
function migrationsFor(manifest: Manifest) {
  const local = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })
  const known = new Set(local.map((m) => m.folderMillis))
  const unknown = manifest.migrations.find((m) => !known.has(m.createdAt))
  if (unknown) {
    throw new BackupError(
      `Cette sauvegarde vient d'une version plus récente de la boutique (migration du ${new Date(unknown.createdAt).toISOString()} inconnue ici) : restaurez-la avec une version du code au moins aussi récente.`,
    )
  }
  const last = Math.max(0, ...manifest.migrations.map((m) => m.createdAt))
  return local.filter((m) => m.folderMillis <= last)
}

async function load(client: pg.Client, dir: string, manifest: Manifest, migrations: ReturnType<typeof migrationsFor>): Promise<number> {
  for (const migration of migrations) for (const statement of migration.sql) if (statement.trim()) await client.query(statement)
  // drizzle's own table, as its migrator makes it; its rows come from the backup.
  await client.query('create schema if not exists drizzle')
  await client.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)')

  // Foreign keys come off while the tables fill in any order, and are added again at the end,
  // which checks every row; triggers (change notifications) stay quiet during the load.
  const { rows: keys } = await client.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, conname::text as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace::regnamespace::text = any($1)`,
    [SCHEMAS],
  )
  for (const key of keys) await client.query(`alter table ${key.tbl} drop constraint ${ident(key.name)}`)
  // Some migrations insert reference rows: the backup's rows replace them.
  const names = manifest.tables.map((t) => qualified(t.schema, t.name))
  if (names.length) await client.query(`truncate ${names.join(', ')}`)
  let rows = 0
  for (const table of manifest.tables) {
    const name = qualified(table.schema, table.name)
    const { rows: found } = await client.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [name])
    if (!found[0]!.ok) throw new BackupError(`La sauvegarde contient la table ${table.schema}.${table.name}, que les migrations n'ont pas créée : sauvegarde incohérente.`)
    await client.query(`alter table ${name} disable trigger user`)
    const copy = client.query(copyFrom(`copy ${name} (${table.columns.map(ident).join(', ')}) from stdin`))
    await pipeline(createReadStream(path.join(dir, table.file)), copy)
    if (copy.rowCount !== table.rows) throw new BackupError(`Table ${table.schema}.${table.name} : ${copy.rowCount} lignes lues au lieu de ${table.rows}, sauvegarde tronquée.`)
    rows += copy.rowCount
    await client.query(`alter table ${name} enable trigger user`)
  }
  for (const s of manifest.sequences) {
    await client.query('select setval($1::regclass, $2::bigint, $3)', [qualified(s.schema, s.name), s.lastValue, s.isCalled])
  }
  for (const key of keys) await client.query(`alter table ${key.tbl} add constraint ${ident(key.name)} ${key.def}`)
  return rows
}
