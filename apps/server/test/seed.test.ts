import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { DELIVERY_ZONES } from '@teranga/shared/delivery-zones'
import { SEED_MEDIA_DIR } from '../src/app.ts'
import { MIGRATIONS_DIR } from '../src/db/client.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { CATALOGUE, PRIVILEGES, isGrouped, seedVariants } from '../src/db/seed-data.ts'
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
    // The demo's slots (ADR 054): central Dakar only, Monday to Saturday, two a day.
    expect(await count('creneaux')).toBe(12)
    expect(await seedIfEmpty(ctx.db)).toEqual({ seeded: false, content: 'demo' })
    expect(await count('produits')).toBe(products)
  })


  it('has French names, integer FCFA prices per variant, stock and codes unique across products and variants', async () => {
    const all = CATALOGUE.flatMap((c) => c.souscategories.flatMap((s) => s.produits))
    const variants = all.flatMap((p) => seedVariants(p))
    // A grouped product's reference is no variant's SKU, and no SKU is used twice.
    const codes = [...all.filter(isGrouped).map((p) => p.code), ...variants.map((v) => v.code)]
    expect(new Set(codes).size).toBe(codes.length)
    for (const v of variants) {
      expect(Number.isInteger(v.prix) && v.prix > 0, v.code).toBe(true)
      expect(Number.isInteger(v.quantite) && v.quantite >= 0, v.code).toBe(true)
    }
    for (const p of all) expect(p.description.length, p.code).toBeGreaterThan(10)
    for (const p of all.filter(isGrouped)) {
      expect(p.options.length, p.code).toBeGreaterThan(0)
      expect(p.options.length, p.code).toBeLessThanOrEqual(3)
      for (const v of p.variantes) {
        // One value of each option, each one of that option's values, each combination once.
        expect(v.valeurs.length, v.code).toBe(p.options.length)
        v.valeurs.forEach((value, i) => expect(p.options[i]!.valeurs, v.code).toContain(value))
      }
      expect(new Set(p.variantes.map((v) => v.valeurs.join('|'))).size, p.code).toBe(p.variantes.length)
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

  it('writes the seven grouped products with their variants, each keeping its code, price and stock (ADR 053 §8)', async () => {
    const rows = (await ctx.db.execute(sql`
      select p.code as produit, p.designation, p.options, p.nb_variantes, p.prix, p.prix_max, p.quantite as total,
        v.code, v.valeur1, v.prix as prix_variante, v.quantite
      from produits p join variantes v on v.produit_id = p.id and v.actif
      where p.code like '%-G0_' order by p.code, v.position`)) as unknown as {
      rows: Array<{ produit: string; designation: string; options: unknown; nb_variantes: number; prix: number; prix_max: number; total: number; code: string; valeur1: string; prix_variante: number; quantite: number }>
    }
    const byProduct = new Map<string, typeof rows.rows>()
    for (const row of rows.rows) byProduct.set(row.produit, [...(byProduct.get(row.produit) ?? []), row])
    expect([...byProduct.keys()]).toEqual(['BOI-G01', 'EPI-G01', 'EPI-G02', 'EPI-G03', 'EPI-G04', 'EPI-G05', 'EPI-G06'])
    const riz = byProduct.get('EPI-G01')!
    expect(riz.map((r) => [r.designation, r.valeur1, r.code, r.prix_variante, r.quantite])).toEqual([
      ['Riz brisé parfumé', '5 kg', 'EPI-0001', 4000, 140],
      ['Riz brisé parfumé', '25 kg', 'EPI-0002', 17500, 2],
    ])
    expect(riz[0]).toMatchObject({ options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }], nb_variantes: 2, prix: 4000, prix_max: 17500, total: 142 })
    // The tomato's largest box is out of stock: the product page's disabled button.
    expect(byProduct.get('EPI-G03')!.map((r) => [r.valeur1, r.quantite])).toEqual([['70 g', 200], ['400 g', 110], ['2,2 kg', 0]])
    expect(byProduct.get('BOI-G01')!.map((r) => r.code)).toEqual(['BOI-0002', 'BOI-0001', 'BOI-0003'])
    // Every other product has one variant carrying its own code.
    const lone = (await ctx.db.execute(sql`
      select count(*)::int as n from produits p join variantes v on v.produit_id = p.id
      where p.code not like '%-G0_' and (p.nb_variantes <> 1 or v.code <> p.code or v.valeur1 is not null)`)) as unknown as { rows: Array<{ n: number }> }
    expect(lone.rows[0]!.n).toBe(0)
    const { data } = await gql(ctx.app, `{ produitspaginated(designation: "riz brisé parfumé 25 kg", count: 5) { data { code designation a_partir_de variantes { code designation } } } }`)
    expect(data!.produitspaginated.data[0]).toMatchObject({ code: 'EPI-G01', designation: 'Riz brisé parfumé', a_partir_de: true })
    expect(data!.produitspaginated.data[0].variantes.map((v: { designation: string }) => v.designation)).toEqual(['Riz brisé parfumé 5 kg', 'Riz brisé parfumé 25 kg'])
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
    expect(await count('roles')).toBe(4)

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
