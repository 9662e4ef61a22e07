// Catalogue upkeep from the back office (issue 16 §2): categories, sub-categories, zones and
// depots renamed and reordered in place (the storefront follows), depot opening hours, and the sweep
// of uploaded images no row names any more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { CATALOGUE_MESSAGES } from '@teranga/shared/backoffice-catalogue'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { MESSAGES } from '@teranga/shared/server-messages'
import { caroussels, medias, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { sweepUnusedMedia } from '../src/modules/media/media.sweep.ts'
import { makeCategory, makeProduct, makeSubcategory } from './factories.ts'
import { createTestApp, gql, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const put = (url: string, payload: unknown, who: SignedIn | null = admin) => shop.app.inject({ method: 'PUT', url, payload: payload as object, headers: who?.auth ?? {} })
const auditOf = async (resource: string) =>
  (await shop.app.inject({ url: `/api/audit?resource=${resource}`, headers: admin.auth })).json().data as Array<{ action: string; avant: unknown; apres: unknown }>

describe('categories: renamed and reordered in place', () => {
  it('reorders every category, the storefront menu follows at once, audited', async () => {
    await makeCategory(shop.db)
    await makeCategory(shop.db)
    const ids = ((await shop.app.inject({ url: '/api/categorie', headers: admin.auth })).json() as Array<{ id: number }>).map((c) => c.id)
    // Read once so that the anonymous answer sits in the cache the write must empty.
    const before = await gql(shop.app, '{ categories { id } }')
    expect(before.data!.categories.map((c: { id: number }) => c.id)).toEqual(ids)

    const reversed = [...ids].reverse()
    const res = await put('/api/categorie/ordre', { ids: reversed })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().map((c: { id: number; position: number }) => [c.id, c.position])).toEqual(reversed.map((id, index) => [id, index]))

    const after = await gql(shop.app, '{ categories { id } }')
    expect(after.data!.categories.map((c: { id: number }) => c.id)).toEqual(reversed)
    const [line] = await auditOf('categorie')
    expect(line).toMatchObject({ action: 'categorie.ordonner', avant: { ordre: ids }, apres: { ordre: reversed } })
  })

  it('refuses a list that is not every category once: 400 naming ids, 409 when the list changed', async () => {
    const ids = ((await shop.app.inject({ url: '/api/categorie', headers: admin.auth })).json() as Array<{ id: number }>).map((c) => c.id)
    for (const payload of [{}, { ids: [] }, { ids: [ids[0], ids[0]] }, { ids: ['x'] }, { ids: [1.5] }]) {
      const res = await put('/api/categorie/ordre', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errors.ids ?? res.json().errors['ids.0'], JSON.stringify(payload)).toBeDefined()
    }
    const missing = await put('/api/categorie/ordre', { ids: ids.slice(1) })
    expect(missing.statusCode).toBe(409)
    expect(missing.json().errors.ids).toEqual([SETTINGS_MESSAGES.orderStale])
    const unknown = await put('/api/categorie/ordre', { ids: [...ids.slice(1), 999_999] })
    expect(unknown.statusCode).toBe(409)
  })

  it('admins only: 401 visitor, 403 gestionnaire, checked before the body', async () => {
    expect((await put('/api/categorie/ordre', {}, null)).statusCode).toBe(401)
    const asManager = await put('/api/categorie/ordre', { ids: [1] }, manager)
    expect(asManager.statusCode).toBe(403)
    expect(asManager.json().message).toBe(MESSAGES.adminOnly)
    expect((await put('/api/souscategorie/ordre', {}, manager)).statusCode).toBe(403)
    expect((await put('/api/zone/ordre', {}, manager)).statusCode).toBe(403)
  })

  it('renames in place: keeps its image and place, 2–50 characters, a new one goes last', async () => {
    const category = await makeCategory(shop.db, { position: 0 })
    const res = await put(`/api/categorie/${category.id}`, { designation: '  Épicerie fine  ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ designation: 'Épicerie fine', position: 0, image_key: category.image })
    const tooShort = await put(`/api/categorie/${category.id}`, { designation: 'É' })
    expect(tooShort.statusCode).toBe(400)
    expect(tooShort.json().errors.designation).toEqual([CATALOGUE_MESSAGES.designationMin])
    expect((await put(`/api/categorie/${category.id}`, { designation: 'x'.repeat(51) })).json().errors.designation).toEqual([CATALOGUE_MESSAGES.designationMax])

    const all = (await shop.app.inject({ url: '/api/categorie', headers: admin.auth })).json() as Array<{ position: number }>
    const created = await shop.app.inject({ method: 'POST', url: '/api/categorie', headers: admin.auth, payload: { designation: 'Nouvelle' } })
    expect(created.statusCode).toBe(201)
    expect(created.json().position).toBe(Math.max(...all.map((c) => c.position)) + 1)
  })
})

describe('sub-categories: reordered within their category', () => {
  it('reorders one category’s sub-categories, the storefront follows; another category’s are refused', async () => {
    const category = await makeCategory(shop.db)
    const a = await makeSubcategory(shop.db, { categorieId: category.id, position: 0 })
    const b = await makeSubcategory(shop.db, { categorieId: category.id, position: 1 })
    const c = await makeSubcategory(shop.db, { categorieId: category.id, position: 2 })
    const other = await makeSubcategory(shop.db)

    const res = await put('/api/souscategorie/ordre', { ids: [c.id, a.id, b.id] })
    expect(res.statusCode, res.body).toBe(200)
    const tree = await gql(shop.app, '{ categories { id souscategories { id } } }')
    const mine = tree.data!.categories.find((x: { id: number }) => x.id === category.id)
    expect(mine.souscategories.map((s: { id: number }) => s.id)).toEqual([c.id, a.id, b.id])
    const flat = await gql(shop.app, '{ souscategories { id } }')
    const order = flat.data!.souscategories.map((s: { id: number }) => s.id).filter((id: number) => [a.id, b.id, c.id].includes(id))
    expect(order).toEqual([c.id, a.id, b.id])
    const [line] = await auditOf('souscategorie')
    expect(line).toMatchObject({ action: 'souscategorie.ordonner', apres: { categorie_id: category.id, ordre: [c.id, a.id, b.id] } })

    expect((await put('/api/souscategorie/ordre', { ids: [a.id, b.id, c.id, other.id] })).statusCode).toBe(409)
    expect((await put('/api/souscategorie/ordre', { ids: [a.id, b.id] })).statusCode).toBe(409)
    expect((await put('/api/souscategorie/ordre', { ids: [999_999] })).statusCode).toBe(409)
  })

  it('renames in place through PUT, keeping its place', async () => {
    const sub = await makeSubcategory(shop.db, { position: 4 })
    const res = await put(`/api/souscategorie/${sub.id}`, { designation: 'Fruits secs', categorie_id: sub.categorieId })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ designation: 'Fruits secs', position: 4 })
  })
})

describe('zones: renamed and reordered in place', () => {
  it('a rename keeps the zone’s place, a duplicate name is a 409, the checkout’s list follows the order', async () => {
    const zone = async (designation: string) => (await shop.app.inject({ method: 'POST', url: '/api/zone', headers: admin.auth, payload: { designation, frais: 1000 } })).json() as { id: number; position: number }
    const first = await zone('Zone Alpha')
    const second = await zone('Zone Beta')
    expect(second.position).toBe(first.position + 1)

    const renamed = await put(`/api/zone/${second.id}`, { designation: 'Zone Bêta', frais: 1000 })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ designation: 'Zone Bêta', position: second.position })
    const dup = await put(`/api/zone/${second.id}`, { designation: 'zone alpha', frais: 1000 })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors.designation).toEqual([SETTINGS_MESSAGES.designationTaken])

    const ids = ((await shop.app.inject({ url: '/api/zone?count=100', headers: admin.auth })).json().data as Array<{ id: number }>).map((z) => z.id)
    await gql(shop.app, '{ zoneslivraison { id } }')
    const wanted = [second.id, ...ids.filter((id) => id !== second.id)]
    const res = await put('/api/zone/ordre', { ids: wanted })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.map((z: { id: number }) => z.id)).toEqual(wanted)
    const checkout = await gql(shop.app, '{ zoneslivraison { id } }')
    expect(checkout.data!.zoneslivraison.map((z: { id: number }) => z.id)).toEqual(wanted)
    expect((await shop.app.inject({ url: '/api/zones' })).json().map((z: { id: number }) => z.id)).toEqual(wanted)
    const [line] = await auditOf('zone')
    expect(line).toMatchObject({ action: 'zone.ordonner', apres: { ordre: wanted } })

    expect((await put('/api/zone/ordre', { ids: wanted.slice(1) })).statusCode).toBe(409)
    expect((await put('/api/zone/ordre', { ids: 'tout' })).json().errors.ids).toBeDefined()
  })
})

describe('depots: reordered like zones', () => {
  it('a new depot goes last, the checkout lists depots in the order given, audited; a stale or bad list is refused', async () => {
    const depot = async (designation: string) =>
      (await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { designation, adresse: 'Route de Rufisque', latitude: 14.72, longitude: -17.3 } })).json() as { id: number; position: number }
    const first = await depot('Dépôt Alpha')
    const second = await depot('Dépôt Beta')
    expect(second.position).toBe(first.position + 1)
    const listed = (await shop.app.inject({ url: '/api/depot?count=100', headers: admin.auth })).json().data as Array<{ id: number; position: number }>
    expect(listed.at(-1)!.id).toBe(second.id)
    // A change of its other fields keeps a depot's place.
    const renamed = await put(`/api/depot/${second.id}`, { designation: 'Dépôt Bêta', latitude: 14.72, longitude: -17.3 })
    expect(renamed.json()).toMatchObject({ designation: 'Dépôt Bêta', position: second.position })

    const ids = listed.map((d) => d.id)
    await gql(shop.app, '{ depots { id } }')
    const wanted = [second.id, ...ids.filter((id) => id !== second.id)]
    const res = await put('/api/depot/ordre', { ids: wanted })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.map((d: { id: number }) => d.id)).toEqual(wanted)
    expect(res.json().data.map((d: { position: number }) => d.position)).toEqual(wanted.map((_, i) => i))
    expect(res.json().metadata).toMatchObject({ total: wanted.length, current_page: 1, last_page: 1 })
    const checkout = await gql(shop.app, '{ depots { id } }')
    expect(checkout.data!.depots.map((d: { id: number }) => d.id)).toEqual(wanted)
    expect((await shop.app.inject({ url: '/api/depots' })).json().map((d: { id: number }) => d.id)).toEqual(wanted)
    expect((await shop.app.inject({ url: '/api/depot?count=100', headers: admin.auth })).json().data.map((d: { id: number }) => d.id)).toEqual(wanted)
    const [line] = await auditOf('depot')
    expect(line).toMatchObject({ action: 'depot.ordonner', avant: { ordre: ids }, apres: { ordre: wanted } })

    const stale = await put('/api/depot/ordre', { ids: wanted.slice(1) })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ message: SETTINGS_MESSAGES.orderStale, errors: { ids: [SETTINGS_MESSAGES.orderStale] } })
    const twice = await put('/api/depot/ordre', { ids: [wanted[0], wanted[0]] })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().errors.ids).toEqual([SETTINGS_MESSAGES.orderIdsInvalid])
    expect((await put('/api/depot/ordre', { ids: wanted }, manager)).statusCode).toBe(403)
    expect((await put('/api/depot/ordre', { ids: wanted }, null)).statusCode).toBe(401)
    // Nothing moved by the refusals.
    expect((await shop.app.inject({ url: '/api/depots' })).json().map((d: { id: number }) => d.id)).toEqual(wanted)
  })
})

describe('depot opening hours', () => {
  const week = { ouverture: '08:00', fermeture: '19:00' }
  const depot = { designation: 'Dépôt Ouakam', adresse: 'Route de Ouakam', latitude: 14.72, longitude: -17.48 }

  it('saved per weekday, kept when a PUT leaves them out, shown in French on the storefront', async () => {
    const horaires = { lun: week, mar: week, mer: week, jeu: week, ven: week, sam: { ouverture: '09:00', fermeture: '13:00' }, dim: null }
    const created = await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { ...depot, horaires } })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as number
    expect(created.json().horaires).toEqual(horaires)

    await gql(shop.app, '{ depots { id } }')
    const renamed = await put(`/api/depot/${id}`, { ...depot, designation: 'Dépôt de Ouakam' })
    expect(renamed.json().horaires).toEqual(horaires)

    const shown = await gql(shop.app, '{ depots { id designation horairestexte horaires { lun { ouverture fermeture } dim { ouverture } } } }')
    expect(shown.errors).toBeUndefined()
    const mine = shown.data!.depots.find((d: { id: number }) => d.id === id)
    expect(mine).toEqual({ id, designation: 'Dépôt de Ouakam', horairestexte: 'Lun–Ven 8 h–19 h, Sam 9 h–13 h, fermé le dimanche', horaires: { lun: week, dim: null } })
    const rest = (await shop.app.inject({ url: '/api/depots' })).json().find((d: { id: number }) => d.id === id)
    expect(rest.horairestexte).toBe('Lun–Ven 8 h–19 h, Sam 9 h–13 h, fermé le dimanche')

    const cleared = await put(`/api/depot/${id}`, { ...depot, horaires: null })
    expect(cleared.json().horaires).toBeNull()
    const none = await gql(shop.app, '{ depots { id horairestexte } }')
    expect(none.data!.depots.find((d: { id: number }) => d.id === id).horairestexte).toBeNull()
  })

  it("a pickup order shows its depot's address and hours to the shopper", async () => {
    const horaires = { lun: week, mar: week, mer: week, jeu: week, ven: week, sam: week, dim: null }
    const id = (await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { ...depot, designation: 'Dépôt Fann', horaires } })).json().id as number
    const retrait = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'RETRAIT')!.id
    const cash = (await shop.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
    const produit = await makeProduct(shop.db, { quantite: 10 })
    await shop.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 1, action: 0 } })
    const placed = await shop.app.inject({ method: 'POST', url: '/api/commande', headers: customer.auth, payload: { modelivraison: retrait, depot: id, modepaiement: cash, tel: '771234567' } })
    expect(placed.statusCode, placed.body).toBe(201)
    const numero = placed.json().commande.numerocommande as string
    const shown = { id, designation: 'Dépôt Fann', adresse: depot.adresse, horaires, horairestexte: 'Lun–Sam 8 h–19 h, fermé le dimanche' }
    expect(placed.json().commande.depot).toEqual(shown)
    expect((await shop.app.inject({ url: `/api/commande/${numero}`, headers: customer.auth })).json().commande.depot).toEqual(shown)
    const listed = await gql(shop.app, '{ commandespaginated { data { numerocommande depot { designation adresse horairestexte } } } }', {}, customer.auth)
    expect(listed.data!.commandespaginated.data.find((c: { numerocommande: string }) => c.numerocommande === numero).depot).toEqual({ designation: 'Dépôt Fann', adresse: depot.adresse, horairestexte: shown.horairestexte })
  })

  it('refuses hours that are not HH:MM or that close before they open, naming the day', async () => {
    const bad = await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { ...depot, horaires: { lun: { ouverture: '8h', fermeture: '19:00' }, mar: { ouverture: '19:00', fermeture: '08:00' }, mer: 'toute la journée' } } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      'horaires.lun.ouverture': [SETTINGS_MESSAGES.hoursInvalid],
      'horaires.mar.fermeture': [SETTINGS_MESSAGES.hoursOrder],
    })
    expect(bad.json().errors['horaires.mer']).toBeDefined()
  })
})

describe('sweep of unused uploads', () => {
  const DAY = 24 * 60 * 60 * 1000
  const key = () => `uploads/${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`
  /** An upload of two widths, made `ageMs` ago. */
  const upload = async (ageMs: number) => {
    const k = key()
    const createdAt = new Date(Date.now() - ageMs)
    await shop.db.insert(medias).values([320, 640].map((width) => ({ key: k, width, bytes: Buffer.from('webp'), createdAt })))
    return k
  }
  const exists = async (k: string) => (await shop.db.$count(medias, eq(medias.key, k))) > 0

  it('deletes an old unused upload, keeps a used one and a fresh unused one, leaves seeded images alone', async () => {
    const unused = await upload(2 * DAY)
    const fresh = await upload(60_000)
    const onCategory = await upload(2 * DAY)
    const onSlide = await upload(2 * DAY)
    const logo = await upload(2 * DAY)
    await makeCategory(shop.db, { image: onCategory })
    await shop.db.insert(caroussels).values({ image: onSlide })
    const pref = await put('/api/preference', { logo })
    expect(pref.statusCode, pref.body).toBe(200)
    const seededSlides = async () => ((await shop.db.execute(sql`select count(*)::int as n from ${caroussels} where ${caroussels.image} not like 'uploads/%'`)) as unknown as { rows: unknown[] }).rows
    const seededBefore = await seededSlides()

    expect(await sweepUnusedMedia(shop.db)).toBe(1)
    expect(await exists(unused)).toBe(false)
    expect(await exists(fresh)).toBe(true)
    expect(await exists(onCategory)).toBe(true)
    expect(await exists(onSlide)).toBe(true)
    expect(await exists(logo)).toBe(true)
    expect(await seededSlides()).toEqual(seededBefore)
    expect(await sweepUnusedMedia(shop.db)).toBe(0)
  })

  it('an image whose product was deleted goes once past the grace period', async () => {
    const image = await upload(2 * DAY)
    const sub = await makeSubcategory(shop.db)
    const created = await shop.app.inject({ method: 'POST', url: '/api/produit', headers: admin.auth, payload: { designation: 'Bissap séché', prix: 1500, qte: 3, unite: 'sachet', categorie_id: sub.id, image } })
    expect(created.statusCode, created.body).toBe(201)
    expect(await sweepUnusedMedia(shop.db)).toBe(0)
    expect(await exists(image)).toBe(true)

    expect((await shop.app.inject({ method: 'DELETE', url: `/api/produit/${created.json().id}`, headers: admin.auth })).json()).toEqual({ archive: false })
    // Within its grace period (measured from the upload) it would stay; past it, it goes.
    expect(await sweepUnusedMedia(shop.db, { graceMs: 3 * DAY })).toBe(0)
    expect(await sweepUnusedMedia(shop.db)).toBe(1)
    expect(await exists(image)).toBe(false)
    expect((await shop.app.inject({ url: `/media/${image}-320.webp` })).statusCode).toBe(404)
  })

  it('deletes at most `limit` uploads per run', async () => {
    for (let i = 0; i < 3; i++) await upload(2 * DAY)
    expect(await sweepUnusedMedia(shop.db, { limit: 2 })).toBe(2)
    expect(await sweepUnusedMedia(shop.db, { limit: 2 })).toBe(1)
  })
})
