// The back office's orders (issue 10): the dashboard, the staff list with its filters and
// sorts, and the CSV export; staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { grantRole, makeProduct } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const numeros: string[] = []

async function placeCashOrder(buyer: SignedIn, quantite = 1) {
  const produit = await makeProduct(shop.db, { quantite: 10 })
  await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: produit.id, quantite, action: 0 } })
  const [modes, delivery] = await Promise.all([
    shop.app.inject({ url: '/api/modepaiements' }).then((r) => r.json() as Array<{ id: number; code: string }>),
    shop.app.inject({ url: '/api/modelivraisons' }).then((r) => r.json() as Array<{ id: number; code: string }>),
  ])
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: {
      modelivraison: delivery.find((m) => m.code === 'DOMICILE')!.id,
      modepaiement: modes.find((m) => m.code === 'CASH')!.id,
      adresseliv: 'Rue 10, villa 24, Mermoz',
      zone: 'Mermoz',
      tel: '+221 77 123 45 67',
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande.numerocommande as string
}

beforeAll(async () => {
  shop = await createTestApp()
  ;[admin, manager, customer] = await Promise.all([signIn(shop.app), signIn(shop.app), signIn(shop.app)])
  await grantRole(shop.db, admin.userId, 'admin')
  await grantRole(shop.db, manager.userId, 'gestionnaire')
  numeros.push(await placeCashOrder(customer, 1), await placeCashOrder(customer, 3))
  const moved = await shop.app.inject({ method: 'POST', url: `/api/commande/${numeros[1]}/etat`, headers: manager.auth, payload: { etat: 'confirmee' } })
  expect(moved.statusCode, moved.body).toBe(200)
})
afterAll(() => shop?.close())

describe('roles', () => {
  for (const url of ['/api/admin/tableau', '/api/commande', '/api/commande/export.csv', '/api/admin/commande/bons?numeros=TRG-0001']) {
    it(`${url}: 401 for visitors, 403 for customers, 200 for staff`, async () => {
      expect((await shop.app.inject({ url })).statusCode).toBe(401)
      const asCustomer = await shop.app.inject({ url, headers: customer.auth })
      expect(asCustomer.statusCode).toBe(403)
      expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
      expect((await shop.app.inject({ url, headers: manager.auth })).statusCode).toBe(200)
      expect((await shop.app.inject({ url, headers: admin.auth })).statusCode).toBe(200)
    })
  }
})

describe('GET /api/admin/tableau', () => {
  it('counts the orders to act on, the sales and a 30-day curve with every day', async () => {
    const res = await shop.app.inject({ url: '/api/admin/tableau', headers: manager.auth })
    const body = res.json()
    expect(body.a_traiter.en_attente).toBe(1)
    expect(body.a_traiter.confirmee).toBe(1)
    expect(body.courbe).toHaveLength(30)
    expect(body.courbe.at(-1).commandes).toBe(2)
    expect(body.ventes.aujourdhui).toBeGreaterThan(0)
    expect(body.ventes.sept_jours).toBe(body.ventes.aujourdhui)
    expect(body.ventes.aujourdhui_fr).toMatch(/FCFA$/)
    expect(Array.isArray(body.stock_bas)).toBe(true)
  })
})

describe('GET /api/commande (staff)', () => {
  it('pages, filters by state and number prefix, sorts by amount', async () => {
    const all = (await shop.app.inject({ url: '/api/commande', headers: manager.auth })).json()
    expect(all.metadata.total).toBe(2)
    expect(all.data[0]).toMatchObject({ numero: numeros[1], etat: 'confirmee', etat_text: 'Confirmée', modepaiement: { code: 'CASH' }, zone: 'Mermoz', a_rembourser: false })
    const confirmed = (await shop.app.inject({ url: '/api/commande?etat=confirmee', headers: manager.auth })).json()
    expect(confirmed.data.map((o: { numero: string }) => o.numero)).toEqual([numeros[1]])
    const byNumber = (await shop.app.inject({ url: `/api/commande?q=${numeros[0]}`, headers: manager.auth })).json()
    expect(byNumber.data.map((o: { numero: string }) => o.numero)).toEqual([numeros[0]])
    const byPhone = (await shop.app.inject({ url: '/api/commande?q=771234567', headers: manager.auth })).json()
    expect(byPhone.metadata.total).toBe(2)
    const cheapFirst = (await shop.app.inject({ url: '/api/commande?sort=montant&dir=asc', headers: manager.auth })).json()
    expect(cheapFirst.data[0].total).toBeLessThanOrEqual(cheapFirst.data[1].total)
    const paged = (await shop.app.inject({ url: '/api/commande?count=1&page=2', headers: manager.auth })).json()
    expect(paged.metadata).toMatchObject({ total: 2, per_page: 1, current_page: 2, last_page: 2 })
    const future = (await shop.app.inject({ url: '/api/commande?du=2999-01-01', headers: manager.auth })).json()
    expect(future.metadata.total).toBe(0)
  })

  it('400 naming the field for an unknown state or a bad date', async () => {
    const bad = await shop.app.inject({ url: '/api/commande?etat=bidon', headers: manager.auth })
    expect(bad.statusCode).toBe(400)
    const badDate = await shop.app.inject({ url: '/api/commande?du=hier', headers: manager.auth })
    expect(badDate.statusCode).toBe(400)
  })
})

describe('GET /api/commande/export.csv', () => {
  it('a BOM, `;`-separated, one line per order', async () => {
    const res = await shop.app.inject({ url: '/api/commande/export.csv', headers: manager.auth })
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    const lines = res.body.trim().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('Numéro;Date;État')
    expect(lines.slice(1).some((l) => l.startsWith(numeros[0]!))).toBe(true)
  })
})

describe('GET /api/admin/commande/:numero and /bons', () => {
  it('401 / 403 / 404', async () => {
    const url = `/api/admin/commande/${numeros[0]}`
    expect((await shop.app.inject({ url })).statusCode).toBe(401)
    expect((await shop.app.inject({ url, headers: customer.auth })).statusCode).toBe(403)
    const missing = await shop.app.inject({ url: '/api/admin/commande/TRG-000000-ABSENT', headers: manager.auth })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(MESSAGES.orderNotFound)
  })

  it('the detail: lines, amounts in French, client, links, history with the staff actor, next states, payment', async () => {
    const res = await shop.app.inject({ url: `/api/admin/commande/${numeros[1]}`, headers: manager.auth })
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json()
    expect(d).toMatchObject({ numero: numeros[1], etat: 'confirmee', tel: '+221 77 123 45 67', adresseliv: 'Rue 10, villa 24, Mermoz', whatsapp: 'https://wa.me/221771234567', remboursable: false })
    expect(d.lignes).toHaveLength(1)
    expect(d.lignes[0]).toMatchObject({ quantite: 3 })
    expect(d.lignes[0].total).toBe(d.lignes[0].prix * 3)
    expect(d.montantcommande_fr).toMatch(/FCFA$/)
    expect(d.total).toBe(d.montantcommande + d.montantliv - d.remise)
    expect(d.suivants.map((s: { etat: string }) => s.etat)).toEqual(['en_preparation', 'annulee'])
    expect(d.historique.map((h: { vers: string }) => h.vers)).toEqual(['en_attente', 'confirmee'])
    expect(d.historique[1]).toMatchObject({ de: 'en_attente', acteur: 'staff' })
    expect(d.historique[0].acteur).toBe('client')
    expect(d.client.email).toBeTypeOf('string')
  })

  it('the slips: up to 50 details in the order asked, 400 beyond', async () => {
    const res = await shop.app.inject({ url: `/api/admin/commande/bons?numeros=${numeros[1]},${numeros[0]}`, headers: manager.auth })
    expect(res.json().data.map((d: { numero: string }) => d.numero)).toEqual([numeros[1], numeros[0]])
    const tooMany = Array.from({ length: 51 }, (_, i) => `TRG-${String(i).padStart(4, '0')}`).join(',')
    expect((await shop.app.inject({ url: `/api/admin/commande/bons?numeros=${tooMany}`, headers: manager.auth })).statusCode).toBe(400)
  })
})

describe('POST /api/commande/:numero/etat', () => {
  it('cancelling needs a motif (400 naming it); with one the move is recorded with the staff actor and audited; an illegal move is 409', async () => {
    const numero = await placeCashOrder(customer, 2)
    const url = `/api/commande/${numero}/etat`
    const noMotif = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { etat: 'annulee' } })
    expect(noMotif.statusCode).toBe(400)
    expect(noMotif.json().errors.motif).toEqual([MESSAGES.orderCancelMotifRequired])
    const illegal = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { etat: 'livree' } })
    expect(illegal.statusCode).toBe(409)
    const cancelled = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { etat: 'annulee', motif: 'Client injoignable' } })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const detail = (await shop.app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail.historique.at(-1)).toMatchObject({ vers: 'annulee', acteur: 'staff', motif: 'Client injoignable' })
    const audit = (await shop.app.inject({ url: '/api/audit', headers: admin.auth })).json()
    const entries = (audit.data ?? audit) as Array<{ action: string; resource_id?: string; resourceId?: string }>
    expect(entries.some((e) => e.action === 'commande.etat' && (e.resource_id ?? e.resourceId) === numero)).toBe(true)
  })
})
