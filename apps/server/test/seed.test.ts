import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { DELIVERY_ZONES } from '@teranga/shared/delivery-zones'
import { SEED_MEDIA_DIR } from '../src/app.ts'
import { MIGRATIONS_DIR } from '../src/db/client.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { CATALOGUE, PRIVILEGES } from '../src/db/seed-data.ts'
import { createTestApp, gql, type TestContext } from './helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const count = async (table: string) =>
  Number(((await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)

describe('demo seed', () => {
  it('seeds a credible catalogue once, and a second run changes nothing', async () => {
    expect(await seedIfEmpty(ctx.db)).toEqual({ seeded: true, content: 'demo' })
    expect(await count('categories')).toBeGreaterThanOrEqual(8)
    expect(await count('souscategories')).toBeGreaterThanOrEqual(25)
    const products = await count('produits')
    expect(products).toBeGreaterThanOrEqual(120)
    expect(await count('caroussels')).toBeGreaterThanOrEqual(3)
    expect(await count('depots')).toBeGreaterThanOrEqual(3)
    expect(await count('zones_livraison')).toBe(DELIVERY_ZONES.length)
    expect(await seedIfEmpty(ctx.db)).toEqual({ seeded: false, content: 'demo' })
    expect(await count('produits')).toBe(products)
  })


  it('has French names, integer FCFA prices, stock and unique codes', async () => {
    const all = CATALOGUE.flatMap((c) => c.souscategories.flatMap((s) => s.produits))
    expect(new Set(all.map((p) => p.code)).size).toBe(all.length)
    for (const p of all) {
      expect(Number.isInteger(p.prix) && p.prix > 0, p.code).toBe(true)
      expect(Number.isInteger(p.quantite) && p.quantite >= 0, p.code).toBe(true)
      expect(p.description.length, p.code).toBeGreaterThan(10)
    }
    const { data } = await gql(ctx.app, `{ preferences { telephone email logo } depots { latitude longitude horairestexte } }`)
    expect(data!.preferences.telephone).toMatch(/^\+221/)
    for (const d of data!.depots) {
      // Dakar region and Senegal's west coast.
      expect(d.latitude).toBeGreaterThan(14.5)
      expect(d.latitude).toBeLessThan(15)
      expect(d.longitude).toBeGreaterThan(-17.6)
      expect(d.longitude).toBeLessThan(-17)
      // Opening hours shown at checkout from the first start (issue 16 §2).
      expect(d.horairestexte).toMatch(/^(Tous les jours|Lun–Sam) 8 h–2\d h/)
    }
  })

  it('every image it references exists at every width and is served', async () => {
    const keys = new Set<string>()
    for (const c of CATALOGUE) {
      keys.add(c.image)
      for (const s of c.souscategories) {
        keys.add(s.image)
        for (const p of s.produits) keys.add(p.image)
      }
    }
    for (const key of keys) {
      for (const w of IMAGE_WIDTHS) expect(fs.existsSync(path.join(SEED_MEDIA_DIR, `${key}-${w}.webp`)), `${key}-${w}`).toBe(true)
    }
    const { data } = await gql(ctx.app, `{ produitspaginated(count: 1) { data { image } } caroussels { image } }`)
    const res = await ctx.app.inject({ url: data!.produitspaginated.data[0].image })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toContain('max-age')
    expect((await ctx.app.inject({ url: data!.caroussels[0].image })).statusCode).toBe(200)
  })
  // Issue 23 §5: deleting every category made the next boot seed the demo again, which failed
  // on the loyalty tiers already there (« Failed query: insert into "privileges" »).
  it('a later boot depends on nothing the owner deleted: no category, zone, depot, tier or slide comes back, and it fails nothing', async () => {
    const renamed = await ctx.db.execute(sql`update zones_livraison set designation = 'Mermoz-Pyrotechnie', frais = 1250 where designation = 'Mermoz' returning id`)
    expect((renamed as unknown as { rows: unknown[] }).rows).toHaveLength(1)
    await ctx.db.execute(sql`delete from zones_livraison where designation = 'Fann'`)
    await ctx.db.execute(sql`delete from produits`)
    await ctx.db.execute(sql`delete from souscategories`)
    await ctx.db.execute(sql`delete from categories`)
    await ctx.db.execute(sql`delete from depots`)
    await ctx.db.execute(sql`delete from caroussels`)
    await ctx.db.execute(sql`delete from privileges where point > 0`)
    const zones = await count('zones_livraison')

    expect(await seedIfEmpty(ctx.db)).toEqual({ seeded: false, content: 'demo' })
    // Production's next boot neither.
    expect(await seedIfEmpty(ctx.db, { content: 'structure' })).toEqual({ seeded: false, content: 'demo' })
    for (const table of ['categories', 'souscategories', 'produits', 'depots', 'caroussels']) expect(await count(table), table).toBe(0)
    expect(await count('privileges')).toBe(1)
    expect(await count('zones_livraison')).toBe(zones)
    const names = (await ctx.db.execute(sql`select designation from zones_livraison`)) as unknown as { rows: Array<{ designation: string }> }
    expect(names.rows.map((r) => r.designation)).not.toContain('Mermoz')
    expect(names.rows.map((r) => r.designation)).not.toContain('Fann')
    // The structure the code runs on is still whole.
    expect(await count('modepaiements')).toBe(5)
    expect(await count('modelivraisons')).toBe(2)
    expect(await count('roles')).toBe(3)

    // The shop still serves its (empty) catalogue.
    const { data, errors } = await gql(ctx.app, `{ produitspaginated(count: 2) { metadata { total } } categories { id } }`)
    expect(errors).toBeUndefined()
    expect(data!.produitspaginated.metadata.total).toBe(0)
  })

  it('migration 0029 marks a database that booted before it as seeded, so an upgrade seeds nothing', async () => {
    await ctx.db.execute(sql`delete from shop_setup`)
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0029_shop_setup.sql'), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement))
    expect(await seedIfEmpty(ctx.db, { content: 'structure' })).toEqual({ seeded: false, content: 'demo' })
    expect(await count('categories')).toBe(0)
  })
})

describe('the structure a production shop starts with', () => {
  let fresh: TestContext
  beforeAll(async () => {
    fresh = await createTestApp()
  })
  afterAll(() => fresh.close())
  const countIn = async (table: string) =>
    Number(((await fresh.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)

  it('payment and delivery modes and loyalty tiers, no demo catalogue, slides, depots or contact details, once', async () => {
    const zones = await countIn('zones_livraison')
    expect(await seedIfEmpty(fresh.db, { content: 'structure' })).toEqual({ seeded: true, content: 'structure' })
    for (const table of ['categories', 'souscategories', 'produits', 'caroussels', 'depots', 'preferences']) expect(await countIn(table), table).toBe(0)
    // The test template holds the demo's zones for the order tests; the structure adds none.
    expect(await countIn('zones_livraison')).toBe(zones)
    expect(await countIn('modepaiements')).toBe(5)
    expect(await countIn('modelivraisons')).toBe(2)
    expect(await countIn('privileges')).toBe(PRIVILEGES.length)
    // A demo boot afterwards (npm start on a production database) does not add the demo either.
    expect(await seedIfEmpty(fresh.db)).toEqual({ seeded: false, content: 'structure' })
    expect(await countIn('produits')).toBe(0)
  })
})
