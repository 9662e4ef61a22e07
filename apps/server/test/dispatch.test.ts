// Couriers and notes (issue 16): couriers kept in the settings by admins, a home delivery
// handed to one by any staff member (audited, in the order's hand-overs), never a depot pickup
// or a closed order; internal notes on an order, audited. Sad paths: 400 naming the field,
// 401, 403, 404, 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISPATCH_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { MESSAGES } from '@teranga/shared/server-messages'
import { depots, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const ids = { domicile: 0, retrait: 0, cash: 0, depot: 0 }

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
  const modes = await shop.db.select().from(modelivraisons)
  ids.domicile = modes.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = modes.find((m) => m.code === 'RETRAIT')!.id
  ids.cash = (await shop.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
  const [depot] = await shop.db.insert(depots).values({ designation: 'Dépôt de Fann', adresse: 'Avenue Cheikh Anta Diop', latitude: 14.69, longitude: -17.46 }).returning()
  ids.depot = depot!.id
})
afterAll(() => shop?.close())

async function placeOrder(delivery: 'home' | 'pickup') {
  const produit = await makeProduct(shop.db, { quantite: 10 })
  await shop.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: 1, action: 0 } })
  const where = delivery === 'home' ? { modelivraison: ids.domicile, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz' } : { modelivraison: ids.retrait, depot: ids.depot }
  const res = await shop.app.inject({ method: 'POST', url: '/api/commande', headers: customer.auth, payload: { ...where, modepaiement: ids.cash, tel: '771234567' } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande.numerocommande as string
}

const courier = (payload: Record<string, unknown>, by: SignedIn = admin) => shop.app.inject({ method: 'POST', url: '/api/livreur', headers: by.auth, payload })
const assign = (numero: string, livreur: unknown, by: SignedIn = manager) => shop.app.inject({ method: 'PUT', url: `/api/commande/${numero}/livreur`, headers: by.auth, payload: { livreur } })

describe('couriers in the settings', () => {
  it('admins create, edit and list couriers; gestionnaires read them; visitors and customers cannot', async () => {
    const created = await courier({ nom: '  Moussa Ndiaye ', telephone: '77 555 12 34' })
    expect(created.statusCode, created.body).toBe(201)
    const moussa = created.json() as { id: number }
    expect(created.json()).toEqual({ id: moussa.id, nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: true })
    const edited = await shop.app.inject({ method: 'PUT', url: `/api/livreur/${moussa.id}`, headers: admin.auth, payload: { nom: 'Moussa Ndiaye', telephone: '+221775551234', actif: true } })
    expect(edited.json().telephone).toBe('+221775551234')

    const list = await shop.app.inject({ url: '/api/livreur', headers: manager.auth })
    expect(list.statusCode).toBe(200)
    expect((list.json() as Array<{ id: number }>).map((c) => c.id)).toContain(moussa.id)

    expect((await shop.app.inject({ url: '/api/livreur' })).statusCode).toBe(401)
    expect((await shop.app.inject({ url: '/api/livreur', headers: customer.auth })).statusCode).toBe(403)
    const byManager = await courier({ nom: 'Awa', telephone: '770000000' }, manager)
    expect(byManager.statusCode).toBe(403)
    expect(byManager.json().message).toBe(MESSAGES.adminOnly)
    const audit = await createAuditRepository(shop.db).page({ resource: 'livreur', resourceId: String(moussa.id) }, { page: 1, count: 10, offset: 0 })
    expect(audit.map((l) => l.action).sort()).toEqual(['livreur.creer', 'livreur.modifier'])
  })

  it('bad input is a 400 naming the field; an unknown courier a 404', async () => {
    const empty = await courier({ nom: '  ', telephone: '771234567' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.nom).toEqual([DISPATCH_MESSAGES.nomRequired])
    const phone = await courier({ nom: 'Ibou', telephone: 'appelle-moi' })
    expect(phone.json().errors.telephone).toEqual([DISPATCH_MESSAGES.telephoneInvalid])
    expect((await courier({ nom: 'x'.repeat(101), telephone: '771234567' })).json().errors.nom).toEqual([DISPATCH_MESSAGES.nomTooLong])
    const missing = await shop.app.inject({ method: 'PUT', url: '/api/livreur/999999', headers: admin.auth, payload: { nom: 'Ibou', telephone: '771234567', actif: true } })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(DISPATCH_MESSAGES.courierNotFound)
    expect((await shop.app.inject({ method: 'DELETE', url: '/api/livreur/0x10', headers: admin.auth })).statusCode).toBe(400)
  })

  it('a courier who never carried an order is deleted; one who did is kept (409), to be deactivated', async () => {
    const unused = (await courier({ nom: 'Temporaire', telephone: '770000001' })).json() as { id: number }
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/livreur/${unused.id}`, headers: admin.auth })).statusCode).toBe(204)
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/livreur/${unused.id}`, headers: admin.auth })).statusCode).toBe(404)

    const used = (await courier({ nom: 'Fidèle', telephone: '770000002' })).json() as { id: number }
    expect((await assign(await placeOrder('home'), used.id)).statusCode).toBe(200)
    const refused = await shop.app.inject({ method: 'DELETE', url: `/api/livreur/${used.id}`, headers: admin.auth })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(DISPATCH_MESSAGES.courierInUse)
  })
})

describe("an order's courier", () => {
  it('a home delivery is handed to a courier, then to another, then taken back: each hand-over kept and audited', async () => {
    const numero = await placeOrder('home')
    const a = (await courier({ nom: 'Coursier A', telephone: '770000010' })).json() as { id: number; nom: string }
    const b = (await courier({ nom: 'Coursier B', telephone: '770000011' })).json() as { id: number; nom: string }
    const first = await assign(numero, a.id)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().livreur).toMatchObject({ id: a.id, nom: 'Coursier A' })
    await assign(numero, b.id)
    const back = await assign(numero, null)
    expect(back.json().livreur).toBeNull()
    expect((back.json().affectations as Array<{ livreur: { nom: string } | null; par: string }>).map((h) => [h.livreur?.nom ?? null, h.par])).toEqual([
      ['Coursier A', manager.email],
      ['Coursier B', manager.email],
      [null, manager.email],
    ])
    // The same courier again changes nothing.
    await assign(numero, a.id)
    expect((await assign(numero, a.id)).json().affectations).toHaveLength(4)
    // The order's detail shows the same, and the orders list finds it by its courier.
    const detail = (await shop.app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail.livreur).toMatchObject({ id: a.id, nom: 'Coursier A' })
    expect(detail.affectations).toHaveLength(4)
    const round = await shop.app.inject({ url: `/api/commande?livreur=${a.id}`, headers: manager.auth })
    expect(round.statusCode, round.body).toBe(200)
    expect((round.json().data as Array<{ numero: string }>).map((o) => o.numero)).toEqual([numero])
    expect((await shop.app.inject({ url: `/api/commande?livreur=${b.id}`, headers: manager.auth })).json().data).toEqual([])
    expect((await shop.app.inject({ url: '/api/commande?livreur=1e3', headers: manager.auth })).statusCode).toBe(400)
    const audit = await createAuditRepository(shop.db).page({ resource: 'commande', resourceId: numero }, { page: 1, count: 20, offset: 0 })
    expect(audit.filter((l) => l.action === 'commande.livreur')).toHaveLength(4)
  })

  it('never a depot pickup, a closed order, an inactive or unknown courier; 404 for an unknown order; customers cannot', async () => {
    const c = (await courier({ nom: 'Coursier C', telephone: '770000012' })).json() as { id: number }
    const pickup = await assign(await placeOrder('pickup'), c.id)
    expect(pickup.statusCode).toBe(409)
    expect(pickup.json().errors.livreur).toEqual([DISPATCH_MESSAGES.notHomeDelivery])

    const cancelled = await placeOrder('home')
    expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${cancelled}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Client injoignable' } })).statusCode).toBe(200)
    expect((await assign(cancelled, c.id)).json().message).toBe(DISPATCH_MESSAGES.orderClosed)

    const numero = await placeOrder('home')
    const off = (await courier({ nom: 'En congé', telephone: '770000013', actif: false })).json() as { id: number }
    const inactive = await assign(numero, off.id)
    expect(inactive.statusCode).toBe(409)
    expect(inactive.json().errors.livreur).toEqual([DISPATCH_MESSAGES.courierInactive])
    const unknown = await assign(numero, 999999)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.livreur).toEqual([DISPATCH_MESSAGES.courierNotFound])
    expect((await assign(numero, '12')).statusCode).toBe(400)
    expect((await assign('T-INCONNUE', c.id)).statusCode).toBe(404)
    expect((await assign(numero, c.id, customer)).statusCode).toBe(403)
    expect((await shop.app.inject({ method: 'PUT', url: `/api/commande/${numero}/livreur`, payload: { livreur: c.id } })).statusCode).toBe(401)
  })
})

describe('notes on an order', () => {
  it('staff leave notes (trimmed, audited, with their author); empty or over-long notes are a 400 naming texte', async () => {
    const numero = await placeOrder('home')
    const note = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/note`, headers: manager.auth, payload: { texte: '  Appeler avant 18 h, portail bleu. ' } })
    expect(note.statusCode, note.body).toBe(201)
    expect(note.json()).toMatchObject({ texte: 'Appeler avant 18 h, portail bleu.', auteur: manager.email })
    const slips = await shop.app.inject({ url: `/api/admin/commande/bons?numeros=${numero}`, headers: manager.auth })
    expect(slips.json().data[0].notes).toEqual([expect.objectContaining({ texte: 'Appeler avant 18 h, portail bleu.', auteur: manager.email })])
    for (const texte of ['   ', 'x'.repeat(1001)]) {
      const bad = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/note`, headers: manager.auth, payload: { texte } })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().errors.texte).toHaveLength(1)
    }
    expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/note`, headers: customer.auth, payload: { texte: 'Coucou' } })).statusCode).toBe(403)
    expect((await shop.app.inject({ method: 'POST', url: '/api/commande/T-INCONNUE/note', headers: manager.auth, payload: { texte: 'Coucou' } })).statusCode).toBe(404)
    const audit = await createAuditRepository(shop.db).page({ resource: 'commande', resourceId: numero }, { page: 1, count: 20, offset: 0 })
    expect(audit.find((l) => l.action === 'commande.note')?.after).toMatchObject({ texte: 'Appeler avant 18 h, portail bleu.' })
  })
})
