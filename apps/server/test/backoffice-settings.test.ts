// The shop's settings in the back office (admins only): the generic form, validation in
// French, audit lines, the storefront reflecting the changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { MESSAGES } from '@teranga/shared/server-messages'
import { commandes, modelivraisons, modepaiements, typerecompenses } from '../src/db/schema.ts'
import { createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const zone = { designation: 'Ngor', frais: 1500, position: 3 }

describe('roles', () => {
  it('401 visitor, 403 customer and gestionnaire on every settings route', async () => {
    const routes = [
      ...['zone', 'depot', 'caroussel', 'privilege'].flatMap((r) => [
        { method: 'GET' as const, url: `/api/${r}` },
        { method: 'GET' as const, url: `/api/${r}/1` },
        { method: 'POST' as const, url: `/api/${r}`, payload: {} },
        { method: 'PUT' as const, url: `/api/${r}/1`, payload: {} },
        { method: 'DELETE' as const, url: `/api/${r}/1` },
      ]),
      { method: 'GET' as const, url: '/api/modepaiement' },
      { method: 'PUT' as const, url: '/api/modepaiement/1', payload: {} },
      { method: 'GET' as const, url: '/api/preference' },
      { method: 'PUT' as const, url: '/api/preference', payload: {} },
      { method: 'PUT' as const, url: '/api/zone/ordre', payload: {} },
      { method: 'PUT' as const, url: '/api/depot/ordre', payload: {} },
    ]
    for (const route of routes) {
      const label = `${route.method} ${route.url}`
      expect((await shop.app.inject(route)).statusCode, label).toBe(401)
      const asCustomer = await shop.app.inject({ ...route, headers: customer.auth })
      expect(asCustomer.statusCode, label).toBe(403)
      expect(asCustomer.json().message, label).toBe(MESSAGES.staffOnly)
      const asManager = await shop.app.inject({ ...route, headers: manager.auth })
      expect(asManager.statusCode, label).toBe(403)
      expect(asManager.json().message, label).toBe(MESSAGES.adminOnly)
    }
  })
})

describe('zones', () => {
  it('validates in French, creates, updates (the storefront sees the fee), audits, deletes', async () => {
    const bad = await shop.app.inject({ method: 'POST', url: '/api/zone', headers: admin.auth, payload: { designation: ' ', frais: -5, position: 1.5 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      designation: [SETTINGS_MESSAGES.designationRequired],
      frais: [SETTINGS_MESSAGES.fraisInvalid],
      position: [SETTINGS_MESSAGES.positionInvalid],
    })
    const created = await shop.app.inject({ method: 'POST', url: '/api/zone', headers: admin.auth, payload: zone })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as number
    const dup = await shop.app.inject({ method: 'POST', url: '/api/zone', headers: admin.auth, payload: { ...zone, designation: 'ngor' } })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors.designation).toEqual([SETTINGS_MESSAGES.designationTaken])

    const updated = await shop.app.inject({ method: 'PUT', url: `/api/zone/${id}`, headers: admin.auth, payload: { ...zone, frais: 2500 } })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().frais).toBe(2500)
    const storefront = (await shop.app.inject({ url: '/api/zones' })).json() as Array<{ id: number; frais: number }>
    expect(storefront.find((z) => z.id === id)?.frais).toBe(2500)

    const list = await shop.app.inject({ url: '/api/zone?count=100', headers: admin.auth })
    expect(list.statusCode).toBe(200)
    expect(list.json().data.map((z: { id: number }) => z.id)).toContain(id)

    const audit = (await shop.app.inject({ url: `/api/audit?resource=zone&resource_id=${id}`, headers: admin.auth })).json()
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(['zone.modifier', 'zone.creer'])
    expect(audit.data[0]).toMatchObject({ avant: { frais: 1500 }, apres: { frais: 2500 }, staff: { id: admin.userId } })

    expect((await shop.app.inject({ method: 'DELETE', url: `/api/zone/${id}`, headers: admin.auth })).statusCode).toBe(204)
    expect((await shop.app.inject({ url: `/api/zone/${id}`, headers: admin.auth })).statusCode).toBe(404)
  })
})

describe('depots', () => {
  it('refuses coordinates outside Senegal', async () => {
    const bad = await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { designation: 'Paris', latitude: 48.85, longitude: 2.35 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ latitude: [SETTINGS_MESSAGES.latitudeInvalid], longitude: [SETTINGS_MESSAGES.longitudeInvalid] })
    const nowhere = await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { designation: 'Dépôt sans position' } })
    expect(nowhere.statusCode).toBe(400)
    expect(nowhere.json().errors).toMatchObject({ latitude: [SETTINGS_MESSAGES.depotPositionRequired], longitude: [SETTINGS_MESSAGES.depotPositionRequired] })
    const ok = await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { designation: 'Dépôt Thiès', adresse: 'Route de Dakar', latitude: 14.79, longitude: -16.93 } })
    expect(ok.statusCode, ok.body).toBe(201)
    const storefront = (await shop.app.inject({ url: '/api/depots' })).json() as Array<{ designation: string }>
    expect(storefront.map((d) => d.designation)).toContain('Dépôt Thiès')
  })
})

describe('payment modes', () => {
  it('PUT {actif, position}: the storefront list honours both', async () => {
    const modes = (await shop.app.inject({ url: '/api/modepaiement', headers: admin.auth })).json() as Array<{ id: number; code: string }>
    expect(modes.length).toBeGreaterThan(1)
    const [first, second] = modes
    const bad = await shop.app.inject({ method: 'PUT', url: `/api/modepaiement/${first!.id}`, headers: admin.auth, payload: { actif: 'oui', position: -1 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ actif: [SETTINGS_MESSAGES.actifInvalid], position: [SETTINGS_MESSAGES.positionInvalid] })

    expect((await shop.app.inject({ method: 'PUT', url: `/api/modepaiement/${second!.id}`, headers: admin.auth, payload: { actif: true, position: 0 } })).statusCode).toBe(200)
    expect((await shop.app.inject({ method: 'PUT', url: `/api/modepaiement/${first!.id}`, headers: admin.auth, payload: { actif: true, position: 50 } })).statusCode).toBe(200)
    let storefront = (await shop.app.inject({ url: '/api/modepaiements' })).json() as Array<{ id: number }>
    expect(storefront[0]!.id).toBe(second!.id)
    expect(storefront.at(-1)!.id).toBe(first!.id)

    const off = await shop.app.inject({ method: 'PUT', url: `/api/modepaiement/${first!.id}`, headers: admin.auth, payload: { actif: false, position: 50 } })
    expect(off.statusCode, off.body).toBe(200)
    storefront = (await shop.app.inject({ url: '/api/modepaiements' })).json()
    expect(storefront.map((m) => m.id)).not.toContain(first!.id)
    const audit = (await shop.app.inject({ url: `/api/audit?resource=modepaiement&resource_id=${first!.id}`, headers: admin.auth })).json()
    expect(audit.data[0]).toMatchObject({ action: 'modepaiement.modifier', avant: { actif: true }, apres: { actif: false } })
  })
})

describe('preference, caroussel, privilege', () => {
  it('preference: GET/PUT one row, validated', async () => {
    const bad = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { email: 'pas-un-email', telephone: 'abc' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ email: [SETTINGS_MESSAGES.emailInvalid], telephone: [SETTINGS_MESSAGES.phoneInvalid] })
    const ok = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { email: 'contact@teranga.sn', telephone: '+221 33 800 00 00', promotion: 'banners/promo-livraison' } })
    expect(ok.statusCode, ok.body).toBe(200)
    const read = await shop.app.inject({ url: '/api/preference', headers: admin.auth })
    expect(read.json()).toMatchObject({ email: 'contact@teranga.sn', promotion: 'banners/promo-livraison' })
    // Nothing to change is a 400 that says so, not a 500 from an empty UPDATE.
    const empty = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(SETTINGS_MESSAGES.nothingToChange)
    expect((await shop.app.inject({ url: '/api/preference', headers: admin.auth })).json()).toMatchObject({ email: 'contact@teranga.sn' })
  })

  it('caroussel: image required, created', async () => {
    const bad = await shop.app.inject({ method: 'POST', url: '/api/caroussel', headers: admin.auth, payload: { titre: 'x' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.image).toEqual([SETTINGS_MESSAGES.imageRequired])
    const ok = await shop.app.inject({ method: 'POST', url: '/api/caroussel', headers: admin.auth, payload: { image: 'slides/promo', titre: 'Promo', position: 1 } })
    expect(ok.statusCode, ok.body).toBe(201)
    // An edit without the image is refused with the field named, and the slide is kept.
    const id = ok.json().id as number
    for (const payload of [{}, { titre: 'Sans image' }, { image: '' }]) {
      const edit = await shop.app.inject({ method: 'PUT', url: `/api/caroussel/${id}`, headers: admin.auth, payload })
      expect(edit.statusCode, edit.body).toBe(400)
      expect(edit.json().errors.image).toEqual([SETTINGS_MESSAGES.imageRequired])
    }
    expect((await shop.app.inject({ url: `/api/caroussel/${id}`, headers: admin.auth })).json()).toMatchObject({ image: 'slides/promo', titre: 'Promo' })
  })

  it('privilege: tiers with rewards by type code; unknown type and duplicate threshold refused', async () => {
    expect((await shop.app.inject({ url: '/api/privilege', headers: admin.auth })).statusCode).toBe(200)
    const [typeRow] = await shop.db.select().from(typerecompenses).limit(1)
    const someType = typeRow?.code ?? (await shop.db.insert(typerecompenses).values({ code: 'remise', designation: 'Remise' }).returning())[0]!.code
    const unknown = await shop.app.inject({ method: 'POST', url: '/api/privilege', headers: admin.auth, payload: { designation: 'Diamant', point: 987654, recompenses: [{ type: 'inconnu', valeur: 5 }] } })
    expect(unknown.statusCode).toBe(409)
    expect(unknown.json().errors.recompenses).toEqual([SETTINGS_MESSAGES.recompenseTypeInvalid])
    // Rewards are percentages: 150 % off would be refused, never clamped silently.
    const tooMuch = await shop.app.inject({ method: 'POST', url: '/api/privilege', headers: admin.auth, payload: { designation: 'Diamant', point: 987654, recompenses: [{ type: someType, valeur: 150 }] } })
    expect(tooMuch.statusCode).toBe(400)
    expect(JSON.stringify(tooMuch.json().errors)).toContain(SETTINGS_MESSAGES.recompenseValeurInvalid)
    const ok = await shop.app.inject({ method: 'POST', url: '/api/privilege', headers: admin.auth, payload: { designation: 'Diamant', couleur: '#112233', point: 987654, recompenses: [{ type: someType, valeur: 7 }] } })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json()).toMatchObject({ designation: 'Diamant', recompenses: [{ type: someType, valeur: 7 }] })
    const dup = await shop.app.inject({ method: 'POST', url: '/api/privilege', headers: admin.auth, payload: { designation: 'Double', point: 987654 } })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors.point).toEqual([SETTINGS_MESSAGES.pointTaken])
    const loyalty = await shop.app.inject({ url: '/api/privileges' })
    expect(loyalty.statusCode).toBe(200)
    expect(JSON.stringify(loyalty.json())).toContain('Diamant')
  })
})

describe('deleting what orders used', () => {
  it('a zone named by an order or a depot an order used: 409, nothing deleted', async () => {
    const z = (await shop.app.inject({ method: 'POST', url: '/api/zone', headers: admin.auth, payload: { designation: 'Zone de test 409', frais: 1000, position: 9 } })).json()
    const d = (await shop.app.inject({ method: 'POST', url: '/api/depot', headers: admin.auth, payload: { designation: 'Dépôt Yoff', latitude: 14.75, longitude: -17.47 } })).json()
    const [mp] = await shop.db.select().from(modepaiements).limit(1)
    const [ml] = await shop.db.select().from(modelivraisons).limit(1)
    await shop.db.insert(commandes).values({ numerocommande: 'TEST-0001', clientId: customer.userId, etat: 'livree', montantcommande: 5000, modepaiementId: mp!.id, modelivraisonId: ml!.id, zone: 'Zone de test 409', depotId: d.id })
    const zoneDel = await shop.app.inject({ method: 'DELETE', url: `/api/zone/${z.id}`, headers: admin.auth })
    expect(zoneDel.statusCode).toBe(409)
    expect(zoneDel.json().message).toBe(SETTINGS_MESSAGES.zoneInUse)
    const depotDel = await shop.app.inject({ method: 'DELETE', url: `/api/depot/${d.id}`, headers: admin.auth })
    expect(depotDel.statusCode).toBe(409)
    expect(depotDel.json().message).toBe(SETTINGS_MESSAGES.depotInUse)
    expect((await shop.app.inject({ url: `/api/zone/${z.id}`, headers: admin.auth })).statusCode).toBe(200)
    expect((await shop.app.inject({ url: `/api/depot/${d.id}`, headers: admin.auth })).statusCode).toBe(200)
  })
})
