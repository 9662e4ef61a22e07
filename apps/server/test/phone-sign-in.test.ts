// Sign-in with a phone number (issue 18 §1) through the Auth Emulator's real phone flow: a
// phone-only identity becomes a customer, and a customer proves a new number from the account
// page (custom token, linkWithPhoneNumber, a fresh ID token the server reads).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { clients, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { makeProduct } from './factories.ts'
import { createEmulatorUser, createTestApp, emulatorPhoneSignIn, signIn, signInStaff, uniqueSenegalMobile, type TestContext } from './helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const login = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload })

/** What the web SDK's signInWithCustomToken does against the emulator. */
async function exchangeCustomToken(customToken: string): Promise<string> {
  const res = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { idToken: string }).idToken
}

describe('POST /api/sociallogin with a phone sign-in', () => {
  it('creates a customer without an email, with the proved number as telephone', async () => {
    const phone = uniqueSenegalMobile()
    const { idToken, uid } = await emulatorPhoneSignIn(phone)
    const res = await login({ idToken })
    expect(res.statusCode).toBe(200)
    const { utilisateur, token } = res.json()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(utilisateur).toMatchObject({ email: '', telephone: phone, telephoneVerifie: phone, prenom: '', nom: '' })
    const [row] = await ctx.db.select().from(clients).where(eq(clients.firebaseUid, uid))
    expect(row).toMatchObject({ email: null, login: null, telephone: phone, telephoneVerifie: phone })

    // The shop's token works like any other: the profile answers the same customer.
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } })
    expect(profile.json().utilisateur).toMatchObject({ id: utilisateur.id, telephoneVerifie: phone })
  })

  it('signs the same customer in again, and keeps a contact number they changed', async () => {
    const phone = uniqueSenegalMobile()
    const first = await emulatorPhoneSignIn(phone)
    const { utilisateur, token } = (await login({ idToken: first.idToken })).json()
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { civilite: 1, prenom: 'Awa', nom: 'Diop', telephone: '+221 76 000 00 01', ville: 'Dakar', pays: 'SEN' },
    })
    expect(edit.statusCode).toBe(200)

    const again = await emulatorPhoneSignIn(phone)
    expect(again.uid).toBe(first.uid)
    const res = await login({ idToken: again.idToken })
    expect(res.statusCode).toBe(200)
    expect(res.json().utilisateur).toMatchObject({ id: utilisateur.id, prenom: 'Awa', telephone: '+221 76 000 00 01', telephoneVerifie: phone })
  })

  it('takes a contact number from the sign-up body before the proved one', async () => {
    const phone = uniqueSenegalMobile()
    const { idToken } = await emulatorPhoneSignIn(phone)
    const res = await login({ idToken, prenom: 'Moussa', nom: 'Sow', telephone1: '+221 33 820 00 00' })
    expect(res.json().utilisateur).toMatchObject({ prenom: 'Moussa', nom: 'Sow', telephone: '+221 33 820 00 00', telephoneVerifie: phone })
  })
})

describe('A proved phone from the account page', () => {
  it('links a number to an email customer: the fresh ID token carries it, and a phone sign-in lands on the same customer', async () => {
    const customer = await signIn(ctx.app)
    const session = await ctx.app.inject({ method: 'POST', url: '/api/profile/telephone/session', headers: customer.auth })
    expect(session.statusCode).toBe(200)
    const asCustomer = await exchangeCustomToken(session.json().customToken)

    const phone = uniqueSenegalMobile()
    const linked = await emulatorPhoneSignIn(phone, { idToken: asCustomer })
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/profile/telephone', headers: customer.auth, payload: { idToken: linked.idToken } })
    expect(res.statusCode).toBe(200)
    expect(res.json().utilisateur).toMatchObject({ id: customer.userId, email: customer.email, telephone: phone, telephoneVerifie: phone })

    const byPhone = await emulatorPhoneSignIn(phone)
    const signedIn = await login({ idToken: byPhone.idToken })
    expect(signedIn.json().utilisateur).toMatchObject({ id: customer.userId, email: customer.email, telephoneVerifie: phone })
  })

  it('refuses an ID token without a proved number (400 naming idToken), and keeps the customer as they were', async () => {
    const customer = await signIn(ctx.app)
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/profile/telephone', headers: customer.auth, payload: { idToken: customer.idToken } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: PHONE_MESSAGES.noVerifiedPhone, errors: { idToken: [PHONE_MESSAGES.noVerifiedPhone] } })
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, customer.userId))
    expect(row!.telephoneVerifie).toBeNull()
  })

  it("refuses another account's phone token (403): a number is proved for one's own account only", async () => {
    const customer = await signIn(ctx.app)
    const someoneElse = await emulatorPhoneSignIn(uniqueSenegalMobile())
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/profile/telephone', headers: customer.auth, payload: { idToken: someoneElse.idToken } })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(PHONE_MESSAGES.notYourAccount)
  })

  it('refuses a forged ID token (401) and a missing one (400)', async () => {
    const customer = await signIn(ctx.app)
    const forged = await ctx.app.inject({ method: 'PUT', url: '/api/profile/telephone', headers: customer.auth, payload: { idToken: 'x'.repeat(40) } })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toBe(MESSAGES.invalidIdToken)
    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/profile/telephone', headers: customer.auth, payload: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.idToken).toEqual([MESSAGES.idTokenRequired])
  })

  it('is for signed-in customers only (401)', async () => {
    const user = await createEmulatorUser()
    for (const res of [
      await ctx.app.inject({ method: 'POST', url: '/api/profile/telephone/session' }),
      await ctx.app.inject({ method: 'PUT', url: '/api/profile/telephone', payload: { idToken: user.idToken } }),
    ]) {
      expect(res.statusCode).toBe(401)
    }
  })
})

describe('the back office and a customer without an email', () => {
  it('finds them by their phone and names them by it on their orders', async () => {
    const { manager } = await signInStaff(ctx)
    const phone = uniqueSenegalMobile()
    const { token, utilisateur } = (await login({ idToken: (await emulatorPhoneSignIn(phone)).idToken })).json()
    const auth = { authorization: `Bearer ${token}` }
    const produit = await makeProduct(ctx.db, { prix: 2500, quantite: 10 })
    await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: auth, payload: { user: utilisateur.id, produit: produit.id, quantite: 1, action: 0 } })
    const domicile = (await ctx.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
    const cash = (await ctx.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/commande',
      headers: auth,
      payload: { modelivraison: domicile, modepaiement: cash, adresseliv: 'Rue 10, Mermoz', zone: 'Mermoz', tel: phone },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const numero = placed.json().commande.numerocommande as string

    const found = await ctx.app.inject({ url: `/api/client?q=${phone.slice(4)}`, headers: manager.auth })
    expect(found.json().data).toEqual([expect.objectContaining({ id: utilisateur.id, email: null, telephone: phone })])
    const list = await ctx.app.inject({ url: `/api/commande?q=${numero}`, headers: manager.auth })
    expect(list.json().data).toEqual([expect.objectContaining({ numero, client: expect.objectContaining({ nom: phone }) })])
    const detail = await ctx.app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })
    expect(detail.json().client).toMatchObject({ nom: phone, email: null, telephone: phone })
  })
})
