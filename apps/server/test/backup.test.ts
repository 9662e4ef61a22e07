// Backups (issue 17, ADR 026): `npm run backup` on a shop with orders, an uploaded image, a
// refund, stock movements and loyalty points, then `npm run restore` into an empty database:
// every table comes back row for row, the sequences and the image files too. From DATABASE_URL,
// and through the embedded server of a DATA_DIR, stopped (started for the command) or running.
// A restore refuses a database that is not empty, a missing file and a file that is no backup.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import sharp from 'sharp'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { commandes, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'
import { databaseUrl, onServer } from './test-server.ts'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const BACKUP_FILE = /teranga-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?\.tar\.gz$/

let shop: TestContext
let work: string
let sourceUrl: string
const databases: string[] = []

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-backup-'))
  // Run as root, the embedded server runs as the system user postgres, who must enter it.
  await fs.chmod(work, 0o711)
  shop = await createTestApp({ orderRateLimit: 1000 })
  sourceUrl = shop.database.url
  await fillShop(shop)
  // An upload kept as a file by an older version, served from DATA_DIR/media.
  await fs.mkdir(path.join(work, 'source', 'media', 'uploads'), { recursive: true })
  await fs.writeFile(path.join(work, 'source', 'media', 'uploads', 'ancienne-photo-320.webp'), await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c86428' } }).webp().toBuffer())
})

afterAll(async () => {
  await shop?.close()
  for (const name of databases) await onServer(inject('testServerUrl'), (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {})
  if (work) await fs.rm(work, { recursive: true, force: true })
})

/** A customer's order, paid in cash, delivered (points earned), then refunded (points taken back); an uploaded image. */
async function fillShop({ app, db }: TestContext) {
  const { admin, manager, customer } = await signInStaff(shop)
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer()
  const boundary = `----teranga${randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="photo.png"\r\ncontent-type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const uploaded = await app.inject({ method: 'POST', url: '/api/media', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...admin.auth } })
  expect(uploaded.statusCode, uploaded.body).toBe(201)

  const produit = await makeProduct(db, { prix: 5000, quantite: 10 })
  await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 2, action: 0 } })
  const domicile = (await db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  const cash = (await db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
  const placed = await app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: domicile, modepaiement: cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const numero = placed.json().commande.numerocommande as string
  const as = (who: SignedIn, url: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url, headers: who.auth, payload: body })
  for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
    const res = await as(manager, `/api/commande/${numero}/etat`, { etat })
    expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
  }
  const refunded = await as(manager, `/api/commande/${numero}/remboursement`, { motif: 'Colis abîmé, rendu au livreur' })
  expect(refunded.statusCode, refunded.body).toBe(200)
  expect((await db.select().from(commandes).where(eq(commandes.numerocommande, numero)))[0]!.etat).toBe('remboursee')
}

interface Snapshot {
  tables: Record<string, string[]>
  sequences: string[]
}

/** Every row of every table of the shop (and of drizzle's migrations), as text, sorted; the sequences. */
async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`set timezone = 'UTC'`)
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
    )
    const result: Snapshot = { tables: {}, sequences: [] }
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ row: string }>(`select t::text as row from "${schema}"."${name}" t order by 1`)
      result.tables[`${schema}.${name}`] = rows.map((r) => r.row)
    }
    const { rows: sequences } = await client.query<{ s: string }>(
      `select schemaname || '.' || sequencename || '=' || coalesce(last_value::text, 'unused') as s from pg_sequences where schemaname in ('public', 'drizzle') order by 1`,
    )
    result.sequences = sequences.map((r) => r.s)
    return result
  } finally {
    await client.end()
  }
}

async function mediaFiles(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[path.relative(dir, path.join(entry.parentPath, entry.name))] = (await fs.readFile(path.join(entry.parentPath, entry.name))).toString('base64')
  }
  return out
}

/** Runs one of the operations scripts as `npm run` does (from apps/server), with its own environment. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)!

async function emptyDatabase(): Promise<string> {
  const name = `teranga_restore_${randomBytes(6).toString('hex')}`
  databases.push(name)
  await onServer(inject('testServerUrl'), (c) => c.query(`create database ${name}`))
  return databaseUrl(inject('testServerUrl'), name)
}

async function manifestOf(file: string): Promise<{ tables: Array<{ schema: string; name: string; rows: number }>; mediaFiles: number }> {
  const dir = await fs.mkdtemp(path.join(work, 'manifest-'))
  await tar.x({ file, cwd: dir }, ['manifest.json'])
  return JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'))
}

describe('backup and restore', () => {
  let archive: string
  let source: Snapshot

  it('from DATABASE_URL into an empty database: every table, the sequences and the image files come back equal', async () => {
    source = await snapshot(sourceUrl)
    for (const table of ['commandes', 'detail_commandes', 'medias', 'remboursements', 'mouvements_stock', 'points_fidelite']) {
      expect(source.tables[`public.${table}`]?.length, table).toBeGreaterThan(0)
    }
    const backup = await run('backup', [], { DATABASE_URL: sourceUrl, DATA_DIR: path.join(work, 'source'), BACKUP_DIR: path.join(work, 'backups') })
    expect(backup.code, backup.stderr).toBe(0)
    archive = lastLine(backup.stdout)
    expect(path.dirname(archive)).toBe(path.join(work, 'backups'))
    expect(archive).toMatch(BACKUP_FILE)
    expect((await fs.stat(archive)).size).toBeGreaterThan(0)

    const target = await emptyDatabase()
    const restore = await run('restore', [archive], { DATABASE_URL: target, DATA_DIR: path.join(work, 'target') })
    expect(restore.code, restore.stderr).toBe(0)
    expect(await snapshot(target)).toEqual(source)
    expect(await mediaFiles(path.join(work, 'target', 'media'))).toEqual(await mediaFiles(path.join(work, 'source', 'media')))

    // A second restore into the same database is refused, and changes nothing.
    const again = await run('restore', [archive], { DATABASE_URL: target, DATA_DIR: path.join(work, 'target-again') })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("La base cible n'est pas vide")
    expect(await snapshot(target)).toEqual(source)
  }, 120_000)

  it('refuses a missing file, a file that is no backup, and DATA_DIR images in the way, in French', async () => {
    const target = await emptyDatabase()
    const missing = await run('restore', [path.join(work, 'nulle-part.tar.gz')], { DATABASE_URL: target, DATA_DIR: path.join(work, 'x') })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Fichier de sauvegarde introuvable')

    const junk = path.join(work, 'pas-une-sauvegarde.tar.gz')
    await fs.writeFile(junk, 'bonjour')
    const notBackup = await run('restore', [junk], { DATABASE_URL: target, DATA_DIR: path.join(work, 'x') })
    expect(notBackup.code).toBe(1)
    expect(notBackup.stderr).toContain("n'est pas une sauvegarde de la boutique")

    const usage = await run('restore', [], { DATABASE_URL: target })
    expect(usage.code).toBe(1)
    expect(usage.stderr).toContain('Usage : npm run restore -- <fichier de sauvegarde>')

    // The target DATA_DIR already holds images: refused before the database is touched.
    const busy = path.join(work, 'busy')
    await fs.mkdir(path.join(busy, 'media'), { recursive: true })
    await fs.writeFile(path.join(busy, 'media', 'autre.webp'), 'x')
    const inTheWay = await run('restore', [archive], { DATABASE_URL: target, DATA_DIR: busy })
    expect(inTheWay.code).toBe(1)
    expect(inTheWay.stderr).toContain("n'est pas vide : la restauration se fait sur un DATA_DIR neuf")
    expect(Object.keys((await snapshot(target)).tables)).toEqual([])
  }, 120_000)

  // Issue 23 §5: a truncated archive (a copy cut short) ended with « ENOTEMPTY: directory not
  // empty, rmdir » and left its temporary folder behind.
  it('says « archive illisible » for a truncated archive, leaves the database empty and removes its temporary folder', async () => {
    const whole = await fs.readFile(archive)
    for (const percent of [25, 50, 75, 90]) {
      const cut = path.join(work, `tronquee-${percent}.tar.gz`)
      await fs.writeFile(cut, whole.subarray(0, Math.floor((whole.length * percent) / 100)))
      const tmp = await fs.mkdtemp(path.join(work, 'tmp-'))
      const target = await emptyDatabase()
      const restore = await run('restore', [cut], { DATABASE_URL: target, DATA_DIR: path.join(work, `tronquee-${percent}`), TMPDIR: tmp })
      expect(restore.code, `${percent} %`).toBe(1)
      expect(restore.stderr.trim(), `${percent} %`).toBe(`${cut} n'est pas une sauvegarde de la boutique (archive illisible).`)
      // (tsx keeps its cache there too.)
      expect((await fs.readdir(tmp)).filter((entry) => entry.startsWith('teranga-')), `${percent} %`).toEqual([])
      expect(Object.keys((await snapshot(target)).tables), `${percent} %`).toEqual([])
    }
  }, 120_000)

  it('--keep N leaves the newest N backups', async () => {
    const dir = path.join(work, 'kept')
    await fs.mkdir(dir)
    for (const name of ['teranga-2026-01-01T020000Z.tar.gz', 'teranga-2026-01-02T020000Z.tar.gz', 'notes.txt']) await fs.writeFile(path.join(dir, name), '')
    const backup = await run('backup', ['--keep', '2'], { DATABASE_URL: sourceUrl, DATA_DIR: path.join(work, 'source'), BACKUP_DIR: dir })
    expect(backup.code, backup.stderr).toBe(0)
    expect((await fs.readdir(dir)).sort()).toEqual(['notes.txt', 'teranga-2026-01-02T020000Z.tar.gz', path.basename(lastLine(backup.stdout))].sort())
    const bad = await run('backup', ['--keep', '0'], { DATABASE_URL: sourceUrl, BACKUP_DIR: dir })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Usage : npm run backup [-- --keep N]')
  })

  it('through the embedded server of a DATA_DIR: restore into a new one, back up while it is stopped, then while the shop runs', async () => {
    const dataDir = path.join(work, 'embedded')
    const env = { DATA_DIR: dataDir, BACKUP_DIR: path.join(work, 'embedded-backups') }

    const nothing = await run('backup', [], env)
    expect(nothing.code).toBe(1)
    expect(nothing.stderr).toContain("la boutique n'y a jamais démarré")

    const restore = await run('restore', [archive], env)
    expect(restore.code, restore.stderr).toBe(0)
    expect(await mediaFiles(path.join(dataDir, 'media'))).toEqual(await mediaFiles(path.join(work, 'source', 'media')))

    // Stopped: the command starts the server on a free port and stops it.
    const stopped = await run('backup', [], env)
    expect(stopped.code, stopped.stderr).toBe(0)
    expect(stopped.stdout).toContain('démarrée le temps de la commande')
    expect(await manifestOf(lastLine(stopped.stdout))).toMatchObject({ tables: (await manifestOf(archive)).tables, mediaFiles: 1 })

    // Running (as the shop runs it): the backup reads from it and leaves it running.
    const server = await startEmbeddedPostgres({ dataDir, fsync: false })
    try {
      // Each backup records its success, after its snapshot (ADR 067): that row is all it writes.
      const recorded = async () => {
        const { tables, sequences } = await snapshot(server.url)
        const { 'public.backup_runs': runs, ...rest } = tables
        return { runs: runs ?? [], rest: { tables: rest, sequences } }
      }
      const { 'public.backup_runs': sourceRuns, ...sourceRest } = source.tables
      expect(sourceRuns).toEqual([])
      const afterStopped = await recorded()
      expect(afterStopped.rest).toEqual({ tables: sourceRest, sequences: source.sequences })
      expect(afterStopped.runs).toEqual([expect.stringMatching(new RegExp(`^\\(archive,"[^"]+","${path.basename(lastLine(stopped.stdout)).replace(/\./g, '\\.')} \\d+ tables \\d+ lignes"\\)$`))])
      const running = await run('backup', [], env)
      expect(running.code, running.stderr).toBe(0)
      expect(running.stdout).toContain('boutique en marche')
      expect(lastLine(running.stdout)).toMatch(BACKUP_FILE)
      const afterRunning = await recorded()
      expect(afterRunning.rest).toEqual({ tables: sourceRest, sequences: source.sequences })
      expect(afterRunning.runs).toEqual([expect.stringContaining(`(archive,`)])
      expect(afterRunning.runs).not.toEqual(afterStopped.runs)
    } finally {
      await server.stop()
    }
  }, 180_000)
})
