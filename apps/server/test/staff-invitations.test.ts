// Staff from the back office (issue 16): an admin invites an email with a role, the role is
// given at that person's first verified sign-in with that email; roles change and go (with
// every session) from the back office; the shop always keeps an admin; every step is audited.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { STAFF_MESSAGES } from '@teranga/shared/backoffice-staff'
import { MESSAGES } from '@teranga/shared/server-messages'
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts'
import { createEmulatorUser, createTestApp, signIn, signInStaff, TEST_PROJECT_ID, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const emulator = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** An emulator account with `email`, and ID tokens before and after its email is verified. */
async function emulatorAccount(email: string) {
  const user = await createEmulatorUser({ email })
  return {
    unverified: user.idToken,
    async verified() {
      const update = await emulator(`projects/${TEST_PROJECT_ID}/accounts:update`, { localId: user.uid, emailVerified: true }, { authorization: 'Bearer owner' })
      expect(update.status, await update.text()).toBe(200)
      const res = await emulator('accounts:signInWithPassword?key=fake-api-key', { email, password: 'motdepasse-123', returnSecureToken: true })
      return ((await res.json()) as { idToken: string }).idToken
    },
  }
}

async function signInWith(idToken: string) {
  const res = await shop.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
  expect(res.statusCode, res.body).toBe(200)
  const { token, utilisateur } = res.json() as { token: string; utilisateur: { id: number } }
  return { userId: utilisateur.id, auth: { authorization: `Bearer ${token}` } }
}

const invite = (email: unknown, role: unknown, by: SignedIn = admin) =>
  shop.app.inject({ method: 'POST', url: '/api/invitation', headers: by.auth, payload: { email, role } })

const invitations = async () => (await shop.app.inject({ url: '/api/invitation', headers: admin.auth })).json() as Array<{ id: number; email: string; role: string; etat: string; invite_par: string | null }>

const auditOf = async (resource: string, resourceId: number) =>
  createAuditRepository(shop.db).page({ resource, resourceId: String(resourceId) }, { page: 1, count: 20, offset: 0 })

describe('who may manage the staff', () => {
  it('visitors get 401; customers and gestionnaires get 403 on every staff route', async () => {
    const routes = [
      { method: 'GET', url: '/api/invitation' },
      { method: 'POST', url: '/api/invitation', payload: { email: 'x@exemple.sn', role: 'admin' } },
      { method: 'DELETE', url: '/api/invitation/1' },
      { method: 'PUT', url: `/api/staff/${manager.userId}`, payload: { role: 'admin' } },
      { method: 'DELETE', url: `/api/staff/${manager.userId}` },
    ] as const
    for (const route of routes) {
      expect((await shop.app.inject(route)).statusCode, route.url).toBe(401)
      for (const [caller, message] of [[customer, MESSAGES.staffOnly], [manager, MESSAGES.adminOnly]] as const) {
        const res = await shop.app.inject({ ...route, headers: caller.auth })
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
        expect(res.json().message).toBe(message)
      }
    }
  })
})

describe('invitations', () => {
  it('an invitation waits for a verified sign-in with its email, then gives its role once; every step is audited', async () => {
    const email = `Recrue-${Date.now()}@Exemple.SN`
    const created = await invite(`  ${email} `, 'gestionnaire')
    expect(created.statusCode, created.body).toBe(201)
    const invitation = created.json() as { id: number; email: string; role: string; etat: string; invite_par: string }
    expect(invitation).toMatchObject({ email: email.toLowerCase(), role: 'gestionnaire', etat: 'en_attente', invite_par: admin.email })
    expect((await invitations()).find((i) => i.id === invitation.id)?.etat).toBe('en_attente')

    // An unverified address proves nothing: anyone can make a password account with it.
    const account = await emulatorAccount(email.toLowerCase())
    const unverified = await signInWith(account.unverified)
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: unverified.auth })).statusCode).toBe(403)
    expect((await invitations()).find((i) => i.id === invitation.id)?.etat).toBe('en_attente')

    const member = await signInWith(await account.verified())
    const me = await shop.app.inject({ url: '/api/admin/moi', headers: member.auth })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json()).toMatchObject({ id: member.userId, role: 'gestionnaire' })
    expect((await invitations()).find((i) => i.id === invitation.id)?.etat).toBe('acceptee')

    // Spent: signing in again changes nothing, and an admin's later change holds. The change
    // revokes the member's sessions: signing in again picks the new role up (ADR 042).
    expect((await shop.app.inject({ method: 'PUT', url: `/api/staff/${member.userId}`, headers: admin.auth, payload: { role: 'admin' } })).statusCode).toBe(200)
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: member.auth })).statusCode).toBe(401)
    const again = await signInWith(await account.verified())
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: again.auth })).json().role).toBe('admin')

    const actions = (await auditOf('invitation', invitation.id)).map((l) => l.action).sort()
    expect(actions).toEqual(['invitation.acceptee', 'invitation.creer'])
  })

  it('bad input is a 400 naming the field; a second invitation for a waiting email or a member is a 409', async () => {
    const bad = await invite('pas-une-adresse', 'gestionnaire')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.email).toEqual([STAFF_MESSAGES.emailInvalid])
    const role = await invite('ok@exemple.sn', 'client')
    expect(role.statusCode).toBe(400)
    expect(role.json().errors.role).toEqual([STAFF_MESSAGES.roleInvalid])
    expect((await invite('a'.repeat(250) + '@exemple.sn', 'admin')).statusCode).toBe(400)

    const email = `double-${Date.now()}@exemple.sn`
    expect((await invite(email, 'admin')).statusCode).toBe(201)
    const again = await invite(email.toUpperCase(), 'gestionnaire')
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(STAFF_MESSAGES.alreadyInvited)

    const member = await invite(manager.email, 'admin')
    expect(member.statusCode).toBe(409)
    expect(member.json().errors.email).toEqual([STAFF_MESSAGES.alreadyStaff])
  })

  it('an expired invitation gives nothing and can be sent again; deleting one works once, never on an accepted one', async () => {
    const email = `tard-${Date.now()}@exemple.sn`
    const first = (await invite(email, 'admin')).json() as { id: number }
    await shop.db.execute(sql`update invitations_staff set expires_at = now() - interval '1 minute' where id = ${first.id}`)
    expect((await invitations()).find((i) => i.id === first.id)?.etat).toBe('expiree')
    const account = await emulatorAccount(email)
    const late = await signInWith(await account.verified())
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: late.auth })).statusCode).toBe(403)

    const second = await invite(email, 'gestionnaire')
    expect(second.statusCode, second.body).toBe(201)
    const id = (second.json() as { id: number }).id
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/invitation/${id}`, headers: admin.auth })).statusCode).toBe(204)
    const gone = await shop.app.inject({ method: 'DELETE', url: `/api/invitation/${id}`, headers: admin.auth })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(STAFF_MESSAGES.invitationNotFound)
    expect((await auditOf('invitation', id)).map((l) => l.action).sort()).toEqual(['invitation.creer', 'invitation.supprimer'])
    // Deleted before it was used: signing in gives nothing.
    const after = await signInWith(await account.verified())
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: after.auth })).statusCode).toBe(403)

    const accepted = await shop.db.execute(sql`select id from invitations_staff where accepted_at is not null limit 1`)
    const acceptedId = (accepted as unknown as { rows: Array<{ id: number }> }).rows[0]?.id
    if (acceptedId !== undefined) expect((await shop.app.inject({ method: 'DELETE', url: `/api/invitation/${acceptedId}`, headers: admin.auth })).statusCode).toBe(404)
  })
})

describe('roles changed and revoked from the back office', () => {
  it('PUT /api/staff/{id} changes a role (audited); a customer or an unknown id is a 404, a bad role a 400', async () => {
    const other = await signIn(shop.app)
    await shop.app.inject({ method: 'POST', url: '/api/invitation', headers: admin.auth, payload: { email: 'inutile@exemple.sn', role: 'admin' } })
    const notStaff = await shop.app.inject({ method: 'PUT', url: `/api/staff/${other.userId}`, headers: admin.auth, payload: { role: 'admin' } })
    expect(notStaff.statusCode).toBe(404)
    expect(notStaff.json().message).toBe(STAFF_MESSAGES.memberNotFound)
    expect((await shop.app.inject({ method: 'PUT', url: '/api/staff/999999', headers: admin.auth, payload: { role: 'admin' } })).statusCode).toBe(404)
    const badRole = await shop.app.inject({ method: 'PUT', url: `/api/staff/${manager.userId}`, headers: admin.auth, payload: { role: 'patron' } })
    expect(badRole.statusCode).toBe(400)
    expect(badRole.json().errors.role).toEqual([STAFF_MESSAGES.roleInvalid])

    const promoted = await shop.app.inject({ method: 'PUT', url: `/api/staff/${manager.userId}`, headers: admin.auth, payload: { role: 'admin' } })
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(promoted.json()).toMatchObject({ id: manager.userId, role: 'admin' })
    // The session of before is revoked with the change; signing in again picks the role up.
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: manager.auth })).statusCode).toBe(401)
    manager = { ...manager, ...(await signInWith(manager.idToken)) }
    expect((await shop.app.inject({ url: '/api/admin/moi', headers: manager.auth })).json().role).toBe('admin')
    const back = await shop.app.inject({ method: 'PUT', url: `/api/staff/${manager.userId}`, headers: admin.auth, payload: { role: 'gestionnaire' } })
    expect(back.statusCode).toBe(200)
    manager = { ...manager, ...(await signInWith(manager.idToken)) }
    const lines = await auditOf('staff', manager.userId)
    expect(lines.map((l) => [l.action, l.before, l.after])).toEqual(
      expect.arrayContaining([
        ['staff.role', { role: 'gestionnaire' }, { role: 'admin', sessions_fermees: 1 }],
        ['staff.role', { role: 'admin' }, { role: 'gestionnaire', sessions_fermees: 1 }],
      ]),
    )
  })

  it('removing a member ends every session of theirs at once; the last admin can be neither demoted nor removed', async () => {
    const shop2 = await createTestApp()
    try {
      const { admin: boss, manager: helper } = await signInStaff(shop2)
      const secondSession = await shop2.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: helper.idToken } })
      const helperAgain = { authorization: `Bearer ${(secondSession.json() as { token: string }).token}` }

      const demote = await shop2.app.inject({ method: 'PUT', url: `/api/staff/${boss.userId}`, headers: boss.auth, payload: { role: 'gestionnaire' } })
      expect(demote.statusCode).toBe(409)
      expect(demote.json().message).toBe(STAFF_MESSAGES.lastAdmin)
      const remove = await shop2.app.inject({ method: 'DELETE', url: `/api/staff/${boss.userId}`, headers: boss.auth })
      expect(remove.statusCode).toBe(409)

      const removed = await shop2.app.inject({ method: 'DELETE', url: `/api/staff/${helper.userId}`, headers: boss.auth })
      expect(removed.statusCode, removed.body).toBe(204)
      for (const auth of [helper.auth, helperAgain]) {
        expect((await shop2.app.inject({ url: '/api/admin/moi', headers: auth })).statusCode).toBe(401)
      }
      const staff = (await shop2.app.inject({ url: '/api/staff', headers: boss.auth })).json() as Array<{ id: number }>
      expect(staff.map((m) => m.id)).not.toContain(helper.userId)
      expect((await shop2.app.inject({ method: 'DELETE', url: `/api/staff/${helper.userId}`, headers: boss.auth })).statusCode).toBe(404)
      const [line] = await createAuditRepository(shop2.db).page({ resource: 'staff', resourceId: String(helper.userId) }, { page: 1, count: 5, offset: 0 })
      expect(line).toMatchObject({ action: 'staff.retirer', after: { role: 'client', sessions_fermees: 2 } })
    } finally {
      await shop2.close()
    }
  }, 90_000)

  it('two admins removing each other at the same moment: exactly one succeeds, the shop keeps an admin', async () => {
    const shop3 = await createTestApp()
    try {
      const { admin: a, manager: b } = await signInStaff(shop3)
      expect((await shop3.app.inject({ method: 'PUT', url: `/api/staff/${b.userId}`, headers: a.auth, payload: { role: 'admin' } })).statusCode).toBe(200)
      // b picks the new role up by signing in again (the change revoked b's session).
      const bAdmin = await shop3.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: b.idToken } })
      const bAuth = { authorization: `Bearer ${(bAdmin.json() as { token: string }).token}` }
      const [ab, ba] = await Promise.all([
        shop3.app.inject({ method: 'DELETE', url: `/api/staff/${b.userId}`, headers: a.auth }),
        shop3.app.inject({ method: 'DELETE', url: `/api/staff/${a.userId}`, headers: bAuth }),
      ])
      const codes = [ab.statusCode, ba.statusCode].sort()
      // The loser is refused either as the last admin's remover (409) or because its own session ended (401).
      expect(codes[0]).toBe(204)
      expect([401, 409]).toContain(codes[1])
      const admins = await shop3.db.execute(sql`select count(*)::int as n from clients c join roles r on r.id = c.role_id where r.name = 'admin'`)
      expect((admins as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1)
    } finally {
      await shop3.close()
    }
  }, 90_000)
})
