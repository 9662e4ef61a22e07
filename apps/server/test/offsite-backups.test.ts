// Backups off the server and the restore drill (issue 27 §3, ADR 067), through the real commands
// and a real restic repository in a temporary folder: `npm run backup`, `backup:offsite` (sent,
// retention applied) and `backup:drill` (the latest copy restored into a scratch cluster, its
// rows counted against the archive), each success then read on /metrics; and the drill failing,
// in French and with exit code 1, on an empty repository, a wrong password, a tampered archive, an
// archive that is not the shop's and a copy holding an order placed after it.
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandes, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signIn, testConfig, type TestContext } from './helpers.ts'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const METRICS_TOKEN = 'jeton-de-supervision-sauvegardes-42'

let shop: TestContext
let work: string

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-offsite-'))
  // Run as root, the drill's embedded server runs as the user postgres, who must enter it.
  await fs.chmod(work, 0o711)
  shop = await createTestApp({ config: testConfig({ METRICS_TOKEN }) })
  await makeProduct(shop.db, { prix: 4500, quantite: 12 })
  await fs.writeFile(path.join(work, 'password'), 'mot-de-passe-du-depot-de-test\n', { mode: 0o600 })
})

afterAll(async () => {
  await shop?.close()
  if (work) await fs.rm(work, { recursive: true, force: true })
})

type Script = 'backup' | 'backup-offsite' | 'backup-drill'

/** Runs an operations script as `npm run` does (from apps/server), with its own environment. */
function run(script: Script, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: shop.database.url, DATA_DIR: path.join(work, 'data'), BACKUP_DIR: path.join(work, 'backups'), LOG_LEVEL: 'silent', ...env },
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

/** A new restic repository in the work folder, and the environment naming it. */
async function repository(name: string): Promise<Record<string, string>> {
  const env = { RESTIC_REPOSITORY: path.join(work, name), RESTIC_PASSWORD_FILE: path.join(work, 'password'), RESTIC_CACHE_DIR: path.join(work, 'cache') }
  await promisify(execFile)('restic', ['init'], { env: { ...process.env, ...env } })
  return env
}

async function snapshots(env: Record<string, string>): Promise<Array<{ short_id: string; paths: string[]; tags: string[] }>> {
  const { stdout } = await promisify(execFile)('restic', ['snapshots', '--json'], { env: { ...process.env, ...env } })
  return JSON.parse(stdout) ?? []
}

async function backupSeries(): Promise<Record<string, number>> {
  const res = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  expect(res.statusCode).toBe(200)
  const found: Record<string, number> = {}
  for (const m of res.body.matchAll(/^teranga_backup_last_success_timestamp_seconds\{step="(\w+)"\} (\S+)$/gm)) found[m[1]!] = Number(m[2])
  return found
}

async function lastDrill(): Promise<string | undefined> {
  const result = await shop.db.execute(sql`select succeeded_at::text as at from backup_runs where step = 'drill'`)
  return (result as unknown as { rows: Array<{ at: string }> }).rows[0]?.at
}

interface Manifest {
  tables: Array<{ schema: string; name: string; rows: number }>
}

/**
 * A fresh archive whose manifest `edit` changed, sent to a repository of its own, and the drill
 * run on it: what it said. A failed drill must leave the last success as it was.
 */
async function drillEdited(name: string, edit: (manifest: Manifest) => void) {
  const backup = await run('backup', { BACKUP_DIR: path.join(work, `${name}-source`) })
  expect(backup.code, backup.stderr).toBe(0)
  const archive = backup.stdout.trim().split('\n').at(-1)!
  const unpacked = await fs.mkdtemp(path.join(work, `${name}-`))
  await tar.x({ file: archive, cwd: unpacked })
  const manifest = JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest
  edit(manifest)
  await fs.writeFile(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest))
  const edited = path.join(work, `${name}-archives`, path.basename(archive))
  await fs.mkdir(path.dirname(edited))
  await tar.c({ gzip: true, file: edited, cwd: unpacked, portable: true }, await fs.readdir(unpacked))

  const before = await lastDrill()
  const repo = await repository(`${name}-depot`)
  const offsite = await run('backup-offsite', { ...repo, BACKUP_DIR: path.dirname(edited) })
  expect(offsite.code, offsite.stderr).toBe(0)
  const drill = await run('backup-drill', repo)
  expect(await lastDrill()).toBe(before)
  return { archive, drill }
}

describe('backups off the server', () => {
  it('the archive, its copy and the drill each succeed, and /metrics tells when', async () => {
    expect(await backupSeries()).toEqual({})
    const started = Date.now() / 1000 - 1
    const repo = await repository('depot')

    const backup = await run('backup', {})
    expect(backup.code, backup.stderr).toBe(0)
    const archive = backup.stdout.trim().split('\n').at(-1)!
    const offsite = await run('backup-offsite', repo)
    expect(offsite.code, offsite.stderr).toBe(0)
    expect(offsite.stdout).toContain(`Copie hors du serveur de ${path.basename(archive)}`)
    const sent = await snapshots(repo)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.paths).toEqual([archive])
    expect(sent[0]!.tags).toEqual(['teranga'])

    const drill = await run('backup-drill', repo)
    expect(drill.code, drill.stderr).toBe(0)
    expect(drill.stdout).toMatch(new RegExp(`Exercice réussi : copie ${sent[0]!.short_id} \\(${path.basename(archive)}\\) restaurée dans une base neuve, \\d+ tables et \\d+ lignes`))

    const series = await backupSeries()
    expect(Object.keys(series).sort()).toEqual(['archive', 'drill', 'offsite'])
    for (const seconds of Object.values(series)) expect(seconds).toBeGreaterThan(started)
    expect(series.archive!).toBeLessThanOrEqual(series.offsite!)
    expect(series.offsite!).toBeLessThanOrEqual(series.drill!)
  }, 180_000)

  it('keeps what the retention says: three nights on one day, one daily copy kept', async () => {
    const repo = await repository('depot-retention')
    const keep = { OFFSITE_KEEP_DAILY: '1', OFFSITE_KEEP_WEEKLY: '0', OFFSITE_KEEP_MONTHLY: '0' }
    let last = ''
    for (let night = 0; night < 3; night++) {
      const backup = await run('backup', {})
      expect(backup.code, backup.stderr).toBe(0)
      last = backup.stdout.trim().split('\n').at(-1)!
      const offsite = await run('backup-offsite', { ...repo, ...keep })
      expect(offsite.code, offsite.stderr).toBe(0)
      expect(offsite.stdout).toContain(`${night === 0 ? 0 : 1} anciennes copies oubliées`)
    }
    const kept = await snapshots(repo)
    expect(kept.map((s) => s.paths[0])).toEqual([last])
  }, 180_000)

  it('refuses missing or wrong settings before sending anything, naming them', async () => {
    const noRepo = await run('backup-offsite', { RESTIC_REPOSITORY: '', RESTIC_PASSWORD_FILE: path.join(work, 'password') })
    expect(noRepo.code).toBe(1)
    expect(noRepo.stderr).toContain("RESTIC_REPOSITORY n'est pas défini")
    const repo = await repository('depot-reglages')
    const noPassword = await run('backup-offsite', { ...repo, RESTIC_PASSWORD_FILE: '' })
    expect(noPassword.code).toBe(1)
    expect(noPassword.stderr).toContain("RESTIC_PASSWORD_FILE n'est pas défini")
    const badKeep = await run('backup-offsite', { ...repo, OFFSITE_KEEP_WEEKLY: 'quatre' })
    expect(badKeep.code).toBe(1)
    expect(badKeep.stderr).toContain('OFFSITE_KEEP_WEEKLY doit être un nombre entier entre 0 et 1000 (reçu « quatre »)')
    const noArchive = await run('backup-offsite', { ...repo, BACKUP_DIR: path.join(work, 'vide') })
    expect(noArchive.code).toBe(1)
    expect(noArchive.stderr).toContain('Aucune sauvegarde dans')
    expect(await snapshots(repo)).toEqual([])
  }, 60_000)
})

describe('the restore drill fails loudly', () => {
  it('on an empty repository and on a wrong password, leaving the last success as it was', async () => {
    const before = await lastDrill()
    const repo = await repository('depot-vide')
    const empty = await run('backup-drill', repo)
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain("ÉCHEC de l'exercice de restauration : Aucune copie de la boutique dans le dépôt restic")

    await fs.writeFile(path.join(work, 'autre-mot-de-passe'), 'ce-nest-pas-le-bon\n')
    const wrong = await run('backup-drill', { ...repo, RESTIC_PASSWORD_FILE: path.join(work, 'autre-mot-de-passe') })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/ÉCHEC de l'exercice de restauration : restic a échoué \(snapshots\) : .*wrong password/)
    expect(await lastDrill()).toBe(before)
  }, 60_000)

  it("on a copy older than 48 h, even when another machine's copy in the same repository is fresh; on a repository holding only another machine's", async () => {
    const backup = await run('backup', { BACKUP_DIR: path.join(work, 'vieille') })
    expect(backup.code, backup.stderr).toBe(0)
    const archive = backup.stdout.trim().split('\n').at(-1)!
    const repo = await repository('depot-vieux')
    const send = (...args: string[]) => promisify(execFile)('restic', ['backup', '--json', '--tag', 'teranga', ...args, archive], { env: { ...process.env, ...repo } })
    // This machine's last copy three days old (nights missed since); another shop's machine sent one just now.
    await send('--host', os.hostname(), '--time', new Date(Date.now() - 72 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '))
    await send('--host', 'autre-machine')
    const before = await lastDrill()
    const stale = await run('backup-drill', repo)
    expect(stale.code).toBe(1)
    expect(stale.stderr).toMatch(new RegExp(`ÉCHEC de l'exercice de restauration : La dernière copie de « ${os.hostname().replace(/[.]/g, '\\.')} » \\(\\w+, du .+\\) a plus de 48 h : les copies hors du serveur ne partent plus`))

    const foreign = await repository('depot-autre-machine')
    await promisify(execFile)('restic', ['backup', '--tag', 'teranga', '--host', 'autre-machine', archive], { env: { ...process.env, ...foreign } })
    const elsewhere = await run('backup-drill', foreign)
    expect(elsewhere.code).toBe(1)
    expect(elsewhere.stderr).toContain(`Aucune copie de la boutique dans le dépôt restic pour la machine « ${os.hostname()} »`)
    // Named by OFFSITE_HOST, that machine's copies are the ones looked at (a bad name is refused first).
    const named = await run('backup-drill', { ...foreign, OFFSITE_HOST: 'pas un nom' })
    expect(named.code).toBe(1)
    expect(named.stderr).toContain('OFFSITE_HOST doit être un nom de machine')
    expect(await lastDrill()).toBe(before)
  }, 120_000)

  it('on an archive whose rows are not those its manifest announces', async () => {
    // One product more announced than the archive holds: a copy that lost rows on the way.
    let produits = { rows: 0 }
    const { drill } = await drillEdited('falsifiee', (manifest) => {
      produits = manifest.tables.find((t) => t.schema === 'public' && t.name === 'produits')!
      expect(produits.rows).toBeGreaterThan(0)
      produits.rows += 1
    })
    expect(drill.code).toBe(1)
    expect(drill.stderr).toContain("ÉCHEC de l'exercice de restauration : ")
    expect(drill.stderr).toContain(`Table public.produits : ${produits.rows - 1} lignes lues au lieu de ${produits.rows}`)
  }, 120_000)

  it("on an archive that is not the shop's: its manifest names no orders table", async () => {
    // Another database's archive in the shop's format: every table the manifest names is there,
    // but not public.commandes (the counts alone would agree).
    const { archive, drill } = await drillEdited('etrangere', (manifest) => {
      manifest.tables = manifest.tables.filter((t) => !(t.schema === 'public' && t.name === 'commandes'))
    })
    expect(drill.code).toBe(1)
    expect(drill.stderr).toMatch(new RegExp(`ÉCHEC de l'exercice de restauration : L'archive ${path.basename(archive).replace(/[.]/g, '\\.')} de la copie \\w+ n'est pas celle de la boutique : il lui manque public\\.commandes\\.`))
  }, 120_000)

  it('on a copy holding an order placed after the copy was taken (a clock or a copy gone wrong)', async () => {
    const buyer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { prix: 1500, quantite: 5 })
    const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: riz.id, quantite: 1, action: 0 } })
    expect(added.statusCode, added.body).toBe(200)
    const [domicile] = await shop.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE'))
    const [cash] = await shop.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH'))
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/commande',
      headers: buyer.auth,
      payload: { modelivraison: domicile!.id, modepaiement: cash!.id, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '771234567' },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const [order] = await shop.db.select({ at: commandes.datecomm }).from(commandes).where(eq(commandes.numerocommande, placed.json().commande.numerocommande))

    const backup = await run('backup', { BACKUP_DIR: path.join(work, 'horloge') })
    expect(backup.code, backup.stderr).toBe(0)
    const archive = backup.stdout.trim().split('\n').at(-1)!
    // restic filed the copy three hours before the order it holds (within the 48 h, so only the
    // order's date gives it away): the server's clock was wrong, or the copy is not what it says.
    const repo = await repository('depot-horloge')
    const filedAt = new Date(Date.now() - 3 * 3_600_000)
    await promisify(execFile)('restic', ['backup', '--tag', 'teranga', '--host', os.hostname(), '--time', filedAt.toISOString().slice(0, 19).replace('T', ' '), archive], {
      env: { ...process.env, ...repo, TZ: 'UTC' },
    })
    const before = await lastDrill()
    const drill = await run('backup-drill', repo)
    expect(drill.code).toBe(1)
    expect(drill.stderr).toContain("ÉCHEC de l'exercice de restauration : La copie ")
    expect(drill.stderr).toContain(`contient une commande du ${new Date(order!.at!).toISOString()}, postérieure à la copie : horloge ou copie incohérente.`)
    expect(await lastDrill()).toBe(before)
  }, 120_000)
})
