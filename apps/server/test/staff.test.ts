// The back office's foundation (issue 10): staff roles checked on the server, and every
// back-office write recorded in the audit log that only admins read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts'
import { makeProduct } from './factories.ts'
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

async function placeCashOrder(buyer: SignedIn) {
  const produit = await makeProduct(shop.db, { quantite: 10 })
  await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: produit.id, quantite: 1, action: 0 } })
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

describe('staff roles', () => {
  it('a gestionnaire moves orders along the machine, a customer gets 403 with the staff message', async () => {
    const numero = await placeCashOrder(customer)
    const refused = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: customer.auth, payload: { etat: 'confirmee' } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(MESSAGES.staffOnly)
    const moved = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat: 'confirmee' } })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().etat).toBe('confirmee')
  })
})

describe('GET /api/audit', () => {
  it('401 for visitors, 403 for customers and gestionnaires, the entries newest first for admins', async () => {
    expect((await shop.app.inject({ url: '/api/audit' })).statusCode).toBe(401)
    const asCustomer = await shop.app.inject({ url: '/api/audit', headers: customer.auth })
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    const asManager = await shop.app.inject({ url: '/api/audit', headers: manager.auth })
    expect(asManager.statusCode).toBe(403)
    expect(asManager.json().message).toBe(MESSAGES.adminOnly)

    // What the back-office modules record through app.audit, in their write's transaction.
    const audit = createAuditRepository(shop.db)

    await audit.insert({ staffId: admin.userId, action: 'produit.modifier', resource: 'produit', resourceId: 7, before: { prix: 1000 }, after: { prix: 1200 } })
    await audit.insert({ staffId: admin.userId, action: 'produit.archiver', resource: 'produit', resourceId: 8 })
    const res = await shop.app.inject({ url: '/api/audit?resource=produit&count=10', headers: admin.auth })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const page = res.json()
    expect(page.metadata.total).toBe(2)
    expect(page.data.map((e: { action: string }) => e.action)).toEqual(['produit.archiver', 'produit.modifier'])
    expect(page.data[1]).toMatchObject({ resource_id: '7', staff: { id: admin.userId }, avant: { prix: 1000 }, apres: { prix: 1200 } })

    const bad = await shop.app.inject({ url: '/api/audit?count=1000', headers: admin.auth })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.count).toBeDefined()
  })
})
