// The first admin's checklist (issue 23 §5, ADR 045): GET /api/admin/mise-en-route says which
// of categories, products, zones, depots, contact details and keys a new shop still lacks;
// each step is ticked by what the owner did, and the keys by the server's configuration.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from './factories.ts'
import { anotherInstance, createTestApp, signInStaff, testConfig, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager } = await signInStaff(shop))
  // A production shop's first boot: no zone either (the test template holds the demo's).
  await shop.db.execute(sql`delete from zones_livraison`)
})
afterAll(() => shop?.close())

const checklist = async (app = shop.app, who: SignedIn = admin) => {
  const res = await app.inject({ url: '/api/admin/mise-en-route', headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { etapes: Array<{ cle: string; fait: boolean }>; cles_manquantes: string[]; terminee: boolean }
}
const done = (list: Awaited<ReturnType<typeof checklist>>) => Object.fromEntries(list.etapes.map((e) => [e.cle, e.fait]))

describe('the first admin checklist', () => {
  it('is for admins only', async () => {
    expect((await shop.app.inject({ url: '/api/admin/mise-en-route' })).statusCode).toBe(401)
    expect((await shop.app.inject({ url: '/api/admin/mise-en-route', headers: manager.auth })).statusCode).toBe(403)
  })

  it('starts with nothing done on an empty shop, and ticks each step as the owner does it', async () => {
    const empty = await checklist()
    expect(empty.etapes.map((e) => e.cle)).toEqual(['categories', 'produits', 'zones', 'depots', 'coordonnees', 'cles'])
    expect(done(empty)).toEqual({ categories: false, produits: false, zones: false, depots: false, coordonnees: false, cles: false })
    // The test configuration runs payments and SMS in their sandboxes.
    expect(empty.cles_manquantes).toEqual(['WAVE', 'PAYTECH', 'SMS'])
    expect(empty.terminee).toBe(false)

    const as = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => shop.app.inject({ method, url, headers: admin.auth, payload })
    const category = await as('POST', '/api/categorie', { designation: 'Épicerie' })
    expect(category.statusCode, category.body).toBe(201)
    // A category without a sub-category holds no product yet: not done.
    expect(done(await checklist()).categories).toBe(false)
    const sub = await as('POST', '/api/souscategorie', { designation: 'Riz', categorie_id: category.json().id })
    expect(sub.statusCode, sub.body).toBe(201)
    expect(done(await checklist()).categories).toBe(true)

    await makeProduct(shop.db, { souscategorieId: sub.json().id })
    const zone = await as('POST', '/api/zone', { designation: 'Mermoz', frais: 1250 })
    expect(zone.statusCode, zone.body).toBe(201)
    const depot = await as('POST', '/api/depot', { designation: 'Dépôt Plateau', latitude: 14.67, longitude: -17.43 })
    expect(depot.statusCode, depot.body).toBe(201)
    // A phone number alone is not enough to be reached: the e-mail too.
    expect((await as('PUT', '/api/preference', { telephone: '+221 33 800 00 00' })).statusCode).toBe(200)
    expect(done(await checklist()).coordonnees).toBe(false)
    expect((await as('PUT', '/api/preference', { email: 'contact@boutique.sn' })).statusCode).toBe(200)
    expect(done(await checklist())).toEqual({ categories: true, produits: true, zones: true, depots: true, coordonnees: true, cles: false })
  })

  it('ticks the keys when payments and SMS run on real keys', async () => {
    const keyed = await anotherInstance(shop, {
      config: testConfig({
        WAVE_API_KEY: 'wave_sn_prod_0123456789',
        WAVE_WEBHOOK_SECRET: 'wave_sn_WHS_0123456789',
        PAYTECH_API_KEY: 'paytech-key-0123456789',
        PAYTECH_API_SECRET: 'paytech-secret-0123456789',
        ORANGE_SMS_CLIENT_ID: 'orange-client-id',
        ORANGE_SMS_CLIENT_SECRET: 'orange-client-secret',
        ORANGE_SMS_SENDER: '+221770000000',
      }),
    })
    try {
      const list = await checklist(keyed)
      expect(list.cles_manquantes).toEqual([])
      expect(done(list).cles).toBe(true)
      expect(list.terminee).toBe(true)
    } finally {
      await keyed.close()
    }
  })
})
