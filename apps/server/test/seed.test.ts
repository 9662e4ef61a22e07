import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { DELIVERY_ZONES } from '@teranga/shared/delivery-zones'
import { SEED_MEDIA_DIR } from '../src/app.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { CATALOGUE } from '../src/db/seed-data.ts'
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
    expect(await seedIfEmpty(ctx.db)).toEqual({ seeded: true })
    expect(await count('categories')).toBeGreaterThanOrEqual(8)
    expect(await count('souscategories')).toBeGreaterThanOrEqual(25)
    const products = await count('produits')
    expect(products).toBeGreaterThanOrEqual(120)
    expect(await count('caroussels')).toBeGreaterThanOrEqual(3)
    expect(await count('depots')).toBeGreaterThanOrEqual(3)
    expect(await count('zones_livraison')).toBe(DELIVERY_ZONES.length)
    expect(await seedIfEmpty(ctx.db)).toEqual({ seeded: false })
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
})
