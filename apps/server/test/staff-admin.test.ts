// The staff scripts' core (admin:grant / admin:revoke) and the demo admin of `npm start`.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { grantStaffRole, revokeStaffRole } from '../src/modules/staff/staff-admin.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from '../src/modules/staff/demo-admin.ts'
import { createEmulatorUser, createTestApp, TEST_PROJECT_ID, type TestContext } from './helpers.ts'

let shop: TestContext
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop?.close())

/** A customer whose address Firebase verified (as a Google account's is), signed in to the shop. */
async function signInVerified() {
  const user = await createEmulatorUser()
  const host = inject('authEmulatorHost')
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  expect((await call(`projects/${TEST_PROJECT_ID}/accounts:update`, { localId: user.uid, emailVerified: true }, { authorization: 'Bearer owner' })).status).toBe(200)
  const { idToken } = (await (await call('accounts:signInWithPassword?key=fake-api-key', { email: user.email, password: 'motdepasse-123', returnSecureToken: true })).json()) as { idToken: string }
  const res = await shop.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
  const { token, utilisateur } = res.json() as { token: string; utilisateur: { id: number } }
  return { email: user.email, idToken, userId: utilisateur.id, auth: { authorization: `Bearer ${token}` } }
}

async function signInAgain(idToken: string) {
  const res = await shop.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
  expect(res.statusCode, res.body).toBe(200)
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` }
}

describe('admin:grant / admin:revoke', () => {
  it('grants a role by verified email (any case), ending the sessions of before; then revokes it with the API tokens', async () => {
    const member = await signInVerified()
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: member.auth })).statusCode).toBe(403)

    const granted = await grantStaffRole(shop.db, member.email.toUpperCase(), 'gestionnaire')
    expect(granted).toMatchObject({ ok: true, clientId: member.userId })
    expect(granted.message).toContain('gestionnaire')
    // The script runs in its own process: the shop, which keeps token owners in memory, hears
    // of the change by the database's NOTIFY, within milliseconds. The grant revoked the
    // member's tokens (ADR 042): signing in again picks the role up.
    await expect.poll(async () => (await shop.app.inject({ url: '/api/admin/moi', headers: member.auth })).statusCode, { timeout: 3000, interval: 20 }).toBe(401)
    let session = await signInAgain(member.idToken)
    const moi = () => shop.app.inject({ url: '/api/admin/moi', headers: session })
    expect((await moi()).json()).toMatchObject({ id: member.userId, email: member.email, role: 'gestionnaire' })

    expect(await grantStaffRole(shop.db, member.email, 'admin')).toMatchObject({ ok: true })
    await expect.poll(async () => (await moi()).statusCode, { timeout: 3000, interval: 20 }).toBe(401)
    session = await signInAgain(member.idToken)
    expect((await moi()).json().role).toBe('admin')

    const revoked = await revokeStaffRole(shop.db, member.email)
    expect(revoked.ok).toBe(true)
    expect(revoked.message).toMatch(/n'a plus accès/)
    // The token is revoked: 401, and a fresh sign-in is a plain customer again.
    await expect.poll(async () => (await moi()).statusCode, { timeout: 3000, interval: 20 }).toBe(401)
  })

  it('an unknown email is refused with a French message', async () => {
    const grant = await grantStaffRole(shop.db, 'personne@exemple.sn', 'admin')
    expect(grant.ok).toBe(false)
    expect(grant.message).toMatch(/^Aucun client/)
    expect((await revokeStaffRole(shop.db, 'personne@exemple.sn')).ok).toBe(false)
  })
})

describe('demo admin', () => {
  it('is created in the emulator with the admin role, idempotently, and can sign in', async () => {
    const host = inject('authEmulatorHost')
    const first = await ensureDemoAdmin(shop.db, host, TEST_PROJECT_ID)
    const second = await ensureDemoAdmin(shop.db, host, TEST_PROJECT_ID)
    expect(second.clientId).toBe(first.clientId)

    const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true }),
    })
    expect(res.ok).toBe(true)
    const { idToken } = (await res.json()) as { idToken: string }
    const login = await shop.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
    expect(login.statusCode, login.body).toBe(200)
    const auth = { authorization: `Bearer ${login.json().token}` }
    const moi = await shop.app.inject({ url: '/api/admin/moi', headers: auth })
    expect(moi.json()).toMatchObject({ id: first.clientId, email: DEMO_ADMIN.email, role: 'admin' })
    const staff = await shop.app.inject({ url: '/api/staff', headers: auth })
    expect(staff.statusCode).toBe(200)
    expect(staff.json()).toContainEqual(expect.objectContaining({ email: DEMO_ADMIN.email, role: 'admin' }))
  })
  it('comes back under the same uid, still admin, after the emulator lost its accounts', async () => {
    const host = inject('authEmulatorHost')
    const before = await ensureDemoAdmin(shop.db, host, TEST_PROJECT_ID)
    const lookup = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true }),
    })
    const { localId } = (await lookup.json()) as { localId: string }
    expect(localId).toBe(DEMO_ADMIN.uid)
    const removed = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId }),
    })
    expect(removed.ok).toBe(true)
    const after = await ensureDemoAdmin(shop.db, host, TEST_PROJECT_ID)
    expect(after.clientId).toBe(before.clientId)
  })
})
