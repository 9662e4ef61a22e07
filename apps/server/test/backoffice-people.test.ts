// The back office's people: who am I, the staff list (admins), with the role checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { grantRole } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;[admin, manager, customer] = await Promise.all([signIn(shop.app), signIn(shop.app), signIn(shop.app)])
  await grantRole(shop.db, admin.userId, 'admin')
  await grantRole(shop.db, manager.userId, 'gestionnaire')
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
