// An upgrade runs one instance at a time (docs/deploy.md): the new release migrates the
// database while the previous release still serves on the other instance. Every data
// statement the previous release sends (recorded by `npm run queries:record` on that release,
// test/fixtures/release-queries.json) must still be valid against the new schema: each is
// prepared (parsed, its tables, columns and types resolved, not run) on a database migrated to
// this release. A migration that drops or renames what the old code reads fails here (ADR 030).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client.ts'
import { freshDatabase } from './helpers.ts'
import { isDataStatement } from './release-queries.ts'

const fixture = JSON.parse(
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'release-queries.json'), 'utf8'),
) as { release: string; queries: string[] }

let database: Database
let drop: () => Promise<void>
// PREPARE lives in one session: one connection of its own, not the pool's.
let client: pg.Client
beforeAll(async () => {
  ;({ database, drop } = await freshDatabase())
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
})
afterAll(async () => {
  await client.end()
  await database.close()
  await drop()
})

describe(`the previous release's statements (${fixture.release.slice(0, 7)}) against this release's schema`, () => {
  it('holds a real recording: hundreds of reads and writes of the shop', () => {
    expect(fixture.queries.length).toBeGreaterThan(200)
    expect(fixture.queries.every(isDataStatement)).toBe(true)
    for (const table of ['commandes', 'produits', 'paiements', 'clients', 'panier']) {
      expect(fixture.queries.some((q) => q.includes(table)), table).toBe(true)
    }
  })

  it('prepares every one of them', async () => {
    const refused: string[] = []
    for (const [i, text] of fixture.queries.entries()) {
      try {
        await client.query(`prepare release_q${i} as ${text}`)
        await client.query(`deallocate release_q${i}`)
      } catch (error) {
        refused.push(`${(error as Error).message}\n  ${text.slice(0, 300)}`)
      }
    }
    expect(refused).toEqual([])
  })

  it('refuses a statement that names what the schema no longer has (the check can fail)', async () => {
    await expect(client.query('prepare release_gone as select ancien_champ from commandes where id = $1')).rejects.toThrow(/ancien_champ/)
  })
})
