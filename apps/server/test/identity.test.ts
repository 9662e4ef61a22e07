// Identity across sign-in methods (issue 23 §3, ADR 042), through the Auth Emulator's REST API:
// an unverified password account opened with someone else's address, taken over by the owner's
// Google sign-in, must lose every shop token it minted; roles are picked up by signing in again;
// admin:grant names the accounts an address sits on and grants only a verified one.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { clients } from '../src/db/schema.ts'
import type { DecodedIdToken } from 'firebase-admin/auth'
import { createFirebaseVerifier, identityOf, type IdTokenVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import { grantStaffRole, revokeStaffRole } from '../src/modules/staff/staff-admin.ts'
import {
  anotherInstance,
  craftIdToken,
  createEmulatorUser,
  createTestApp,
  emulatorPhoneSignIn,
  signInStaff,
  TEST_PROJECT_ID,
  uniqueSenegalMobile,
  type SignedIn,
  type TestContext,
} from './helpers.ts'

let shop: TestContext
let admin: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const emulator = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
  const res = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${text}`)
  return JSON.parse(text) as T
}

/** « Continuer avec Google » as the web SDK does it against the emulator: a Google ID token for `email`, verified by Google. */
const googleSignIn = (email: string, googleId = `g-${email}`) =>
  emulator<{ localId: string; idToken: string; emailVerified?: boolean }>('accounts:signInWithIdp?key=fake-api-key', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: googleId, email, email_verified: true }))}&providerId=google.com`,
    returnSecureToken: true,
  })

const passwordSignIn = (email: string) =>
  emulator<{ localId: string; idToken: string }>('accounts:signInWithPassword?key=fake-api-key', { email, password: 'motdepasse-123', returnSecureToken: true })

async function shopSignIn(idToken: string, app = shop.app) {
  const res = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
  expect(res.statusCode, res.body).toBe(200)
  const { token, utilisateur } = res.json() as { token: string; utilisateur: { id: number } }
  return { userId: utilisateur.id, auth: { authorization: `Bearer ${token}` } }
}

const get = (url: string, headers: Record<string, string>) => shop.app.inject({ url, headers })
const newAddress = () => `victime-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@gmail.com`

describe('a shop token minted before a Google sign-in', () => {
  it('the attack of issue 23: the attacker’s token dies when the owner signs in with Google, and never gains the role given later', async () => {
    const email = newAddress()
    // The attacker opens an unverified password account with the victim's address, and signs in.
    const attacker = await createEmulatorUser({ email })
    const stolen = await shopSignIn(attacker.idToken)
    expect((await get('/api/profile', stolen.auth)).statusCode).toBe(200)

    // The victim signs in with Google: Firebase takes the same account over, address now verified.
    const google = await googleSignIn(email)
    expect(google.localId).toBe(attacker.uid)
    const victim = await shopSignIn(google.idToken)
    expect(victim.userId).toBe(stolen.userId)
    for (const url of ['/api/profile', '/api/adresses', '/api/fidelite', '/api/admin/moi']) {
      const res = await get(url, stolen.auth)
      expect(res.statusCode, url).toBe(401)
    }
    expect((await get('/api/profile', victim.auth)).statusCode).toBe(200)

    // The victim is invited as admin, and signs in again with Google: the role is theirs alone.
    const invitation = await shop.app.inject({ method: 'POST', url: '/api/invitation', headers: admin.auth, payload: { email, role: 'admin' } })
    expect(invitation.statusCode, invitation.body).toBe(201)
    const again = await shopSignIn((await googleSignIn(email)).idToken)
    const me = await get('/api/admin/moi', again.auth)
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json()).toMatchObject({ id: victim.userId, role: 'admin' })
    expect((await get('/api/admin/moi', stolen.auth)).statusCode).toBe(401)
    expect((await get('/api/adresses', stolen.auth)).statusCode).toBe(401)
    // The session of before the role was given is a customer's no more: it was revoked with the grant.
    expect((await get('/api/admin/moi', victim.auth)).statusCode).toBe(401)
  })

  it('an invitation waiting before the takeover: the Google sign-in accepts it, and the attacker’s token is dead on every instance', async () => {
    const email = newAddress()
    const other = await anotherInstance(shop)
    try {
      const attacker = await createEmulatorUser({ email })
      const stolen = await shopSignIn(attacker.idToken)
      // Kept in the other instance's memory (ADR 021): it must hear of the revocation.
      expect((await other.inject({ url: '/api/profile', headers: stolen.auth })).statusCode).toBe(200)
      expect((await shop.app.inject({ method: 'POST', url: '/api/invitation', headers: admin.auth, payload: { email, role: 'gestionnaire' } })).statusCode).toBe(201)
      // The unverified account does not accept it.
      expect((await get('/api/admin/moi', (await shopSignIn(attacker.idToken)).auth)).statusCode).toBe(403)

      const victim = await shopSignIn((await googleSignIn(email)).idToken)
      expect((await get('/api/admin/moi', victim.auth)).json()).toMatchObject({ role: 'gestionnaire' })
      await expect.poll(async () => (await other.inject({ url: '/api/admin/moi', headers: stolen.auth })).statusCode, { timeout: 3000, interval: 20 }).toBe(401)
      expect((await other.inject({ url: '/api/profile', headers: stolen.auth })).statusCode).toBe(401)
      expect((await other.inject({ url: '/api/admin/moi', headers: victim.auth })).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('an address verified by its link (same sign-in method) also revokes the tokens minted before', async () => {
    const email = newAddress()
    const user = await createEmulatorUser({ email })
    const before = await shopSignIn(user.idToken)
    await emulator(`projects/${TEST_PROJECT_ID}/accounts:update`, { localId: user.uid, emailVerified: true }, { authorization: 'Bearer owner' })
    const after = await shopSignIn((await passwordSignIn(email)).idToken)
    expect(after.userId).toBe(before.userId)
    expect((await get('/api/profile', before.auth)).statusCode).toBe(401)
    expect((await get('/api/profile', after.auth)).statusCode).toBe(200)
    // Nothing changed since: signing in again on another device keeps both sessions.
    const third = await shopSignIn((await passwordSignIn(email)).idToken)
    expect((await get('/api/profile', after.auth)).statusCode).toBe(200)
    expect((await get('/api/profile', third.auth)).statusCode).toBe(200)
  })

  it('a phone number joining the account revokes the tokens minted before; the proved number’s sign-in lands on the same customer', async () => {
    const user = await createEmulatorUser()
    const before = await shopSignIn(user.idToken)
    const phone = uniqueSenegalMobile()
    const linked = await emulatorPhoneSignIn(phone, { idToken: user.idToken })
    expect(linked.uid).toBe(user.uid)
    const byPhone = await shopSignIn((await emulatorPhoneSignIn(phone)).idToken)
    expect(byPhone.userId).toBe(before.userId)
    expect((await get('/api/profile', before.auth)).statusCode).toBe(401)
    expect((await get('/api/profile', byPhone.auth)).json().utilisateur.telephoneVerifie).toBe(phone)
  })

  it('a customer who signed in before this release: the first sign-in records the account and revokes the older tokens, once', async () => {
    const user = await createEmulatorUser()
    const old = await shopSignIn(user.idToken)
    await shop.db.update(clients).set({ emailVerified: null, signInMethods: null, identitySince: null }).where(eq(clients.id, old.userId))
    const fresh = await shopSignIn((await passwordSignIn(user.email)).idToken)
    expect((await get('/api/profile', old.auth)).statusCode).toBe(401)
    const [row] = await shop.db.select().from(clients).where(eq(clients.id, fresh.userId))
    expect(row).toMatchObject({ emailVerified: false, signInMethods: ['email'] })
    await shopSignIn((await passwordSignIn(user.email)).idToken)
    expect((await get('/api/profile', fresh.auth)).statusCode).toBe(200)
  })
})

describe('an ID token older than the account’s last change', () => {
  it('is refused even where Firebase revocation is not checked (production without a service account)', async () => {
    // A shop that cannot ask Firebase whether a token was revoked: the ID token alone speaks.
    // firebase-admin always asks the emulator, so this stand-in plays Firebase's signature check
    // in production without credentials: it reads the (unsigned) emulator token's claims.
    const real = createFirebaseVerifier({ projectId: TEST_PROJECT_ID, emulatorHost: inject('authEmulatorHost') })
    const verifier: IdTokenVerifier = {
      ...real,
      async verify(idToken) {
        const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as DecodedIdToken
        if (claims.aud !== TEST_PROJECT_ID || claims.exp * 1000 < Date.now()) throw new Error('not a token of this project')
        return identityOf({ ...claims, uid: claims.sub })
      },
    }
    const blind = await anotherInstance(shop, { verifier })
    try {
      const email = newAddress()
      const attacker = await createEmulatorUser({ email })
      await shopSignIn(attacker.idToken, blind)
      const victim = await shopSignIn((await googleSignIn(email)).idToken, blind)
      // The attacker's ID token, issued a minute before the takeover, still valid for an hour.
      const now = Math.floor(Date.now() / 1000)
      const stale = craftIdToken({
        sub: attacker.uid,
        user_id: attacker.uid,
        email,
        email_verified: false,
        auth_time: now - 60,
        iat: now - 60,
        firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
      })
      const res = await blind.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: stale } })
      expect(res.statusCode, res.body).toBe(401)
      expect(res.json().message).toBe(MESSAGES.staleIdToken)
      expect((await blind.inject({ url: '/api/profile', headers: victim.auth })).statusCode).toBe(200)
    } finally {
      await blind.close()
    }
  })
})

describe('the phone link’s Firebase session', () => {
  it('is only given to a shop session of a recent sign-in: an old token does not become the Firebase account', async () => {
    const user = await createEmulatorUser()
    const old = await shopSignIn(user.idToken)
    // A token minted 20 minutes ago (taken from a device, say): still a session, no Firebase account.
    await shop.db.execute(sql`update api_tokens set created_at = now() - interval '20 minutes' where token_hash = ${hashToken(old.auth.authorization.slice('Bearer '.length))}`)
    expect((await get('/api/profile', old.auth)).statusCode).toBe(200)
    const refused = await shop.app.inject({ method: 'POST', url: '/api/profile/telephone/session', headers: old.auth })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(MESSAGES.phoneLinkNeedsFreshSignIn)
    const fresh = await shopSignIn((await passwordSignIn(user.email)).idToken)
    const given = await shop.app.inject({ method: 'POST', url: '/api/profile/telephone/session', headers: fresh.auth })
    expect(given.statusCode, given.body).toBe(200)
    expect(typeof given.json().customToken).toBe('string')
  })
})

describe('roles are picked up by signing in again', () => {
  it('a role changed from the back office revokes the member’s tokens', async () => {
    const { manager } = await signInStaff(shop)
    const promoted = await shop.app.inject({ method: 'PUT', url: `/api/staff/${manager.userId}`, headers: admin.auth, payload: { role: 'admin' } })
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect((await get('/api/admin/moi', manager.auth)).statusCode).toBe(401)
    const again = await shopSignIn((await passwordSignIn(manager.email)).idToken)
    expect((await get('/api/admin/moi', again.auth)).json()).toMatchObject({ role: 'admin' })
  })
})

describe('admin:grant / admin:revoke with an address on several accounts', () => {
  it('refuses, naming the accounts by number and sign-in method; grants only a verified address; --client picks one', async () => {
    const email = newAddress()
    // The attacker's unverified account, and the victim's Google account with the same address
    // (two Firebase accounts where the project allows several accounts per address).
    const attacker = await shopSignIn((await createEmulatorUser({ email })).idToken)
    const [row] = await shop.db.select({ uid: clients.firebaseUid }).from(clients).where(eq(clients.id, attacker.userId))
    await shop.db.update(clients).set({ firebaseUid: `${row!.uid}-ancien` }).where(eq(clients.id, attacker.userId))
    await emulator(`projects/${TEST_PROJECT_ID}/accounts:delete`, { localId: row!.uid }, { authorization: 'Bearer owner' })
    const victim = await shopSignIn((await googleSignIn(email)).idToken)
    expect(victim.userId).not.toBe(attacker.userId)

    const refused = await grantStaffRole(shop.db, email.toUpperCase(), 'admin')
    expect(refused.ok).toBe(false)
    expect(refused.message).toContain(`client n°${attacker.userId} (e-mail ; adresse non vérifiée)`)
    expect(refused.message).toContain(`client n°${victim.userId} (e-mail, Google ; adresse vérifiée)`)
    expect(refused.message).toContain('--client')
    const revokeRefused = await revokeStaffRole(shop.db, email)
    expect(revokeRefused.ok).toBe(false)
    expect(revokeRefused.message).toMatch(/^Plusieurs comptes/)

    const unverified = await grantStaffRole(shop.db, email, 'admin', { clientId: attacker.userId })
    expect(unverified.ok).toBe(false)
    expect(unverified.message).toMatch(/n'est pas vérifiée/)
    const elsewhere = await grantStaffRole(shop.db, email, 'admin', { clientId: admin.userId })
    expect(elsewhere.ok).toBe(false)
    const roles = await shop.db.execute(sql`select c.id, r.name from clients c join roles r on r.id = c.role_id where c.id in (${attacker.userId}, ${victim.userId})`)
    expect((roles as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual(['client', 'client'])

    const granted = await grantStaffRole(shop.db, email, 'gestionnaire', { clientId: victim.userId })
    expect(granted).toMatchObject({ ok: true, clientId: victim.userId })
    // The session of before the grant is revoked: signing in again picks the role up.
    await expect.poll(async () => (await get('/api/profile', victim.auth)).statusCode, { timeout: 3000, interval: 20 }).toBe(401)
    const member = await shopSignIn((await googleSignIn(email)).idToken)
    expect((await get('/api/admin/moi', member.auth)).json()).toMatchObject({ id: victim.userId, role: 'gestionnaire' })
    expect((await get('/api/admin/moi', attacker.auth)).statusCode).toBe(403)

    expect(await revokeStaffRole(shop.db, email, { clientId: victim.userId })).toMatchObject({ ok: true, clientId: victim.userId })
    await expect.poll(async () => (await get('/api/admin/moi', member.auth)).statusCode, { timeout: 3000, interval: 20 }).toBe(401)
  })

  it('a single unverified account is refused too', async () => {
    const user = await createEmulatorUser()
    const signedIn = await shopSignIn(user.idToken)
    const refused = await grantStaffRole(shop.db, user.email, 'admin')
    expect(refused.ok).toBe(false)
    expect(refused.message).toContain(`client n°${signedIn.userId} (e-mail ; adresse non vérifiée)`)
  })
})
