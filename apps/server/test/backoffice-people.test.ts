// The back office's people: who am I, the staff list (admins), with the role checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { MESSAGES } from '@teranga/shared/server-messages'
import { eq } from 'drizzle-orm'
import { clients } from '../src/db/schema.ts'
import { makeProduct, placeHomeOrder } from './factories.ts'
import { createTestApp, signInStaff, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

describe('GET /api/admin/moi', () => {
  it('401 for visitors, 403 for customers, the member for both staff roles', async () => {
    expect((await shop.app.inject({ url: '/api/admin/moi' })).statusCode).toBe(401)
    const asCustomer = await shop.app.inject({ url: '/api/admin/moi', headers: customer.auth })
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    const asManager = await shop.app.inject({ url: '/api/admin/moi', headers: manager.auth })
    expect(asManager.statusCode).toBe(200)
    expect(asManager.json()).toMatchObject({ id: manager.userId, email: manager.email, role: 'gestionnaire' })
    const asAdmin = await shop.app.inject({ url: '/api/admin/moi', headers: admin.auth })
    expect(asAdmin.json()).toMatchObject({ id: admin.userId, role: 'admin' })
    expect(asAdmin.headers['cache-control']).toBe('no-store')
  })
})

describe('GET /api/staff', () => {
  it('401 visitor, 403 customer and gestionnaire, the staff list for admins', async () => {
    expect((await shop.app.inject({ url: '/api/staff' })).statusCode).toBe(401)
    expect((await shop.app.inject({ url: '/api/staff', headers: customer.auth })).json().message).toBe(MESSAGES.staffOnly)
    const asManager = await shop.app.inject({ url: '/api/staff', headers: manager.auth })
    expect(asManager.statusCode).toBe(403)
    expect(asManager.json().message).toBe(MESSAGES.adminOnly)
    const res = await shop.app.inject({ url: '/api/staff', headers: admin.auth })
    expect(res.statusCode, res.body).toBe(200)
    const ids = res.json().map((m: { id: number }) => m.id)
    expect(ids).toContain(admin.userId)
    expect(ids).toContain(manager.userId)
    expect(ids).not.toContain(customer.userId)
  })
})

describe('customers', () => {
  it('401/403 on every customers route; both staff roles read them', async () => {
    const routes = [
      { url: '/api/client' },
      { url: `/api/client/${customer.userId}` },
      { method: 'POST' as const, url: `/api/client/${customer.userId}/points`, payload: { points: 5, motif: 'Geste commercial' } },
    ]
    for (const route of routes) {
      expect((await shop.app.inject(route)).statusCode, route.url).toBe(401)
      const asCustomer = await shop.app.inject({ ...route, headers: customer.auth })
      expect(asCustomer.statusCode, route.url).toBe(403)
      expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    }
    expect((await shop.app.inject({ url: '/api/client', headers: manager.auth })).statusCode).toBe(200)
  })

  it('lists with q over name, email and phone, sorted and paginated', async () => {
    await shop.db.update(clients).set({ name: 'Ndiaye', prenom: 'Awa', telephone: '+221 77 555 44 33' }).where(eq(clients.id, customer.userId))
    const byName = await shop.app.inject({ url: '/api/client?q=ndiay', headers: manager.auth })
    expect(byName.statusCode, byName.body).toBe(200)
    expect(byName.json().data.map((c: { id: number }) => c.id)).toEqual([customer.userId])
    expect(byName.json().data[0]).toMatchObject({ prenom: 'Awa', name: 'Ndiaye', commandes: 0, points: 0 })
    const byPhone = await shop.app.inject({ url: '/api/client?q=775554433', headers: manager.auth })
    expect(byPhone.json().data.map((c: { id: number }) => c.id)).toEqual([customer.userId])
    const byEmail = await shop.app.inject({ url: `/api/client?q=${encodeURIComponent(customer.email)}`, headers: manager.auth })
    expect(byEmail.json().metadata.total).toBe(1)
    const page = await shop.app.inject({ url: '/api/client?sort=name&dir=asc&count=2', headers: admin.auth })
    expect(page.json().metadata).toMatchObject({ per_page: 2, current_page: 1 })
    expect(page.json().data).toHaveLength(2)
    const bad = await shop.app.inject({ url: '/api/client?sort=email&count=1000', headers: admin.auth })
    expect(bad.statusCode).toBe(400)
    const missing = await shop.app.inject({ url: '/api/client/999999', headers: admin.auth })
    expect(missing.statusCode).toBe(404)
  })

  it("counts each customer's own orders, in the list and the detail", async () => {
    const buyer = await signIn(shop.app)
    const idle = await signIn(shop.app)
    for (let i = 0; i < 3; i++) {
      const produit = await makeProduct(shop.db, { prix: 1000, quantite: 10 })
      const placed = await placeHomeOrder(shop.app, shop.db, buyer, [[produit.id, 1]])
      expect(placed.statusCode, placed.body).toBe(201)
    }
    const list = await shop.app.inject({ url: '/api/client?count=100', headers: manager.auth })
    expect(list.statusCode, list.body).toBe(200)
    const counts = Object.fromEntries(list.json().data.map((c: { id: number; commandes: number }) => [c.id, c.commandes]))
    expect(counts[buyer.userId]).toBe(3)
    expect(counts[idle.userId]).toBe(0)
    const detail = await shop.app.inject({ url: `/api/client/${buyer.userId}`, headers: manager.auth })
    expect(detail.json()).toMatchObject({ commandes: expect.any(Array), nb_commandes: 3 })
    expect(detail.json().commandes).toHaveLength(3)
    expect((await shop.app.inject({ url: `/api/client/${idle.userId}`, headers: manager.auth })).json().nb_commandes).toBe(0)
  })

  it('adjusts points through the loyalty service, audited, never below 0 (409)', async () => {
    const url = `/api/client/${customer.userId}/points`
    const invalid = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { points: 0, motif: '' } })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors.points).toEqual([SETTINGS_MESSAGES.pointsInvalid])
    expect(invalid.json().errors.motif).toEqual([SETTINGS_MESSAGES.motifRequired])
    const fractional = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { points: 1.5, motif: 'x' } })
    expect(fractional.statusCode).toBe(400)

    const added = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { points: 120, motif: 'Geste commercial' } })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().points).toBe(120)
    const tooMuch = await shop.app.inject({ method: 'POST', url, headers: manager.auth, payload: { points: -121, motif: 'Correction' } })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json().message).toBe(SETTINGS_MESSAGES.pointsBelowZero)
    const down = await shop.app.inject({ method: 'POST', url, headers: admin.auth, payload: { points: -120, motif: 'Correction' } })
    expect(down.json().points).toBe(0)

    const detail = await shop.app.inject({ url: `/api/client/${customer.userId}`, headers: manager.auth })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({ id: customer.userId, points: 0, nb_commandes: 0, commandes: [], adresses: [] })
    expect(detail.json().mouvements_points.map((m: { points: number; motif: string }) => [m.points, m.motif])).toEqual([
      [-120, 'Correction'],
      [120, 'Geste commercial'],
    ])
    // The customer's own statement shows the movements too.
    const own = await shop.app.inject({ url: '/api/fidelite', headers: customer.auth })
    expect(own.statusCode).toBe(200)
    expect(JSON.stringify(own.json())).toContain('Geste commercial')

    const audit = await shop.app.inject({ url: `/api/audit?resource=client&resource_id=${customer.userId}`, headers: admin.auth })
    expect(audit.json().data.map((e: { action: string; staff: { id: number } }) => [e.action, e.staff.id])).toEqual([
      ['client.points', admin.userId],
      ['client.points', manager.userId],
    ])
    expect(audit.json().data[1]).toMatchObject({ avant: { points: 0 }, apres: { points: 120, motif: 'Geste commercial' } })
  })

  it('concurrent withdrawals cannot both pass the floor', async () => {
    const other = await signIn(shop.app)
    const url = `/api/client/${other.userId}/points`
    await shop.app.inject({ method: 'POST', url, headers: admin.auth, payload: { points: 100, motif: 'Bienvenue' } })
    const results = await Promise.all([1, 2, 3].map(() => shop.app.inject({ method: 'POST', url, headers: admin.auth, payload: { points: -60, motif: 'Retrait' } })))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
  })
})
