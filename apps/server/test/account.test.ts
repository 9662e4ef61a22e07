// The customer's account through the real app: profile edits, saved addresses (limit, single
// default, privacy), signing out everywhere, account deletion (anonymised, orders kept, waiting
// orders cancelled with their stock back, refused while an order is under way, the Firebase
// account deleted, the payer scrubbed from provider events, placement and deletion taking
// turns on the customer) and the loyalty statement.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { MAX_SAVED_ADDRESSES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import {
  adresses,
  apiTokens,
  clients,
  commandes,
  detailCommandes,
  favoris,
  idempotencyKeys,
  modelivraisons,
  modepaiements,
  panierProduits,
  paniers,
  paymentEvents,
  pointsFidelite,
  privilegeRecompenses,
  privileges,
  produits,
  typerecompenses,
  zonesLivraison,
} from '../src/db/schema.ts'
import { AppError } from '../src/lib/errors.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { makeProduct } from './factories.ts'
import { craftIdToken, createEmulatorUser, createTestApp, gql, signIn, TEST_PROJECT_ID, testConfig, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
const zones = { mermoz: 0, rufisque: 0 }
const modes = { domicile: 0, cash: 0, wave: 0 }

beforeAll(async () => {
  ctx = await createTestApp()
  const table = await ctx.db.select().from(zonesLivraison)
  zones.mermoz = table.find((z) => z.designation === 'Mermoz')!.id
  zones.rufisque = table.find((z) => z.designation === 'Rufisque')!.id
  modes.domicile = (await ctx.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE')))[0]!.id
  const payments = await ctx.db.select().from(modepaiements)
  modes.cash = payments.find((m) => m.code === 'CASH')!.id
  modes.wave = payments.find((m) => m.code === 'WAVE')!.id
})
afterAll(() => ctx.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (method: Method, url: string, who?: SignedIn, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) })

const details = (extra: Record<string, unknown> = {}) => ({
  civilite: 0,
  prenom: 'Awa',
  nom: 'Diop',
  telephone: '+221 77 123 45 67',
  ville: 'Dakar',
  pays: 'SEN',
  ...extra,
})
const address = (extra: Record<string, unknown> = {}) => ({
  libelle: 'Maison',
  adresse: 'Rue 10, villa 24, Mermoz',
  zone: zones.mermoz,
  telephone: '77 123 45 67',
  latitude: 14.7125,
  longitude: -17.4731,
  repere: ' Derrière la pharmacie, portail bleu ',
  ...extra,
})

describe('PUT /api/profile', () => {
  it('saves the details and answers the profile in the shape of GET /api/profile', async () => {
    const me = await signIn(ctx.app)
    const res = await call('PUT', '/api/profile', me, details({ civilite: 1, prenom: ' Moussa ', nom: 'Ndiaye', ville: 'Thiès', pays: 'MLI' }))
    expect(res.statusCode).toBe(200)
    const { utilisateur } = res.json()
    expect(utilisateur).toMatchObject({
      id: me.userId,
      email: me.email,
      civilite: 1,
      prenom: 'Moussa',
      nom: 'Ndiaye',
      telephone: '+221 77 123 45 67',
      ville: 'Thiès',
      pays: 'MLI',
      points: 0,
      role: { name: 'client', isadmin: false },
    })
    const profile = await call('GET', '/api/profile', me)
    expect(profile.json()).toEqual(res.json())
  })

  it('400 names every bad field in French and changes nothing', async () => {
    const me = await signIn(ctx.app)
    await call('PUT', '/api/profile', me, details())
    const res = await call('PUT', '/api/profile', me, { civilite: 2, prenom: ' ', nom: '', telephone: 'abc', ville: '', pays: 'sen' })
    expect(res.statusCode).toBe(400)
    const { message, errors } = res.json()
    expect(message).toBe(MESSAGES.invalidInput)
    expect(errors).toMatchObject({
      civilite: [MESSAGES.civiliteRequired],
      prenom: [MESSAGES.prenomRequired],
      nom: [MESSAGES.nomRequired],
      telephone: [MESSAGES.telephoneInvalid],
      ville: [MESSAGES.villeRequired],
      pays: [MESSAGES.paysInvalid],
    })
    const missing = await call('PUT', '/api/profile', me, {})
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().errors).sort()).toEqual(['civilite', 'nom', 'pays', 'prenom', 'telephone', 'ville'])
    expect((await call('GET', '/api/profile', me)).json().utilisateur).toMatchObject({ prenom: 'Awa', pays: 'SEN', civilite: 0 })
  })

  it('refuses a well-formed code that is no country', async () => {
    const me = await signIn(ctx.app)
    const res = await call('PUT', '/api/profile', me, details({ pays: 'ZZZ' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ pays: [MESSAGES.paysInvalid] })
  })

  it('401 without a token, before looking at the body', async () => {
    expect((await call('PUT', '/api/profile', undefined, details())).statusCode).toBe(401)
    const bad = await call('PUT', '/api/profile', undefined, { civilite: 7 })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().message).toBe(MESSAGES.unauthenticated)
  })
})

describe('saved addresses', () => {
  it('creates, lists, edits and deletes; the first one is the default', async () => {
    const me = await signIn(ctx.app)
    expect((await call('GET', '/api/adresses', me)).json()).toEqual({ adresses: [] })

    const first = await call('POST', '/api/adresses', me, address())
    expect(first.statusCode).toBe(201)
    const maison = first.json().adresse
    expect(maison).toEqual({
      id: expect.any(Number),
      libelle: 'Maison',
      adresse: 'Rue 10, villa 24, Mermoz',
      zone: { id: zones.mermoz, designation: 'Mermoz', frais: 1000, fraisformat: '1\u00a0000\u00a0FCFA' },
      telephone: '77 123 45 67',
      latitude: 14.7125,
      longitude: -17.4731,
      pardefaut: true,
      repere: 'Derrière la pharmacie, portail bleu',
    })

    const second = await call('POST', '/api/adresses', me, { adresse: '  Cité Sotrac, Rufisque  ', zone: zones.rufisque, telephone: '+221 70 000 00 00' })
    expect(second.statusCode).toBe(201)
    const bureau = second.json().adresse
    expect(bureau).toMatchObject({ libelle: null, adresse: 'Cité Sotrac, Rufisque', latitude: null, longitude: null, pardefaut: false, repere: null })
    expect(bureau.zone).toMatchObject({ designation: 'Rufisque', frais: 5000, fraisformat: '5\u00a0000\u00a0FCFA' })

    const list = (await call('GET', '/api/adresses', me)).json().adresses
    expect(list.map((a: { id: number }) => a.id)).toEqual([maison.id, bureau.id])

    // A full replacement; pardefaut left out keeps it as it was.
    const edited = await call('PUT', `/api/adresses/${bureau.id}`, me, address({ libelle: 'Bureau', adresse: 'Immeuble Fayçal, Plateau', latitude: null, longitude: null }))
    expect(edited.statusCode).toBe(200)
    expect(edited.json().adresse).toMatchObject({ id: bureau.id, libelle: 'Bureau', adresse: 'Immeuble Fayçal, Plateau', zone: { id: zones.mermoz }, latitude: null, pardefaut: false })
    // The landmark: 150 characters are kept; an empty one clears it (a full replacement).
    const longest = 'é'.repeat(150)
    expect((await call('PUT', `/api/adresses/${bureau.id}`, me, address({ repere: longest }))).json().adresse.repere).toBe(longest)
    const cleared = await call('PUT', `/api/adresses/${bureau.id}`, me, address({ repere: '  ' }))
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().adresse.repere).toBeNull()

    const removed = await call('DELETE', `/api/adresses/${maison.id}`, me)
    expect(removed.statusCode).toBe(204)
    expect(removed.body).toBe('')
    expect((await call('DELETE', `/api/adresses/${maison.id}`, me)).statusCode).toBe(404)
    expect((await call('GET', '/api/adresses', me)).json().adresses.map((a: { id: number }) => a.id)).toEqual([bureau.id])
  })

  it('pardefaut: true leaves exactly one default, on create and on edit', async () => {
    const me = await signIn(ctx.app)
    const a = (await call('POST', '/api/adresses', me, address({ libelle: 'A' }))).json().adresse
    const b = (await call('POST', '/api/adresses', me, address({ libelle: 'B', pardefaut: true }))).json().adresse
    expect(b.pardefaut).toBe(true)
    const defaults = async () =>
      (await ctx.db.select().from(adresses).where(and(eq(adresses.clientId, me.userId), eq(adresses.parDefaut, true)))).map((r) => r.id)
    expect(await defaults()).toEqual([b.id])
    // The default comes first in the list.
    expect((await call('GET', '/api/adresses', me)).json().adresses[0].id).toBe(b.id)

    await call('PUT', `/api/adresses/${a.id}`, me, address({ libelle: 'A', pardefaut: true }))
    expect(await defaults()).toEqual([a.id])
    await call('PUT', `/api/adresses/${a.id}`, me, address({ libelle: 'A', pardefaut: false }))
    expect(await defaults()).toEqual([])
    // A later address is not the default by itself once the customer has some.
    expect((await call('POST', '/api/adresses', me, address({ libelle: 'C' }))).json().adresse.pardefaut).toBe(false)
  })

  it('keeps a single default when many are saved at once', async () => {
    const me = await signIn(ctx.app)
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call('POST', '/api/adresses', me, address({ libelle: `A${i}`, pardefaut: true }))))
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    const rows = await ctx.db.select().from(adresses).where(eq(adresses.clientId, me.userId))
    expect(rows).toHaveLength(8)
    expect(rows.filter((r) => r.parDefaut)).toHaveLength(1)
  })

  it(`allows at most ${MAX_SAVED_ADDRESSES} addresses per customer, even sent at once`, async () => {
    const me = await signIn(ctx.app)
    const results = await Promise.all(Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, i) => call('POST', '/api/adresses', me, address({ libelle: `N° ${i}` }))))
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_SAVED_ADDRESSES)
    const refused = results.filter((r) => r.statusCode !== 201)
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409])
    expect(refused[0]!.json().message).toBe(MESSAGES.addressLimit(MAX_SAVED_ADDRESSES))
    expect((await call('GET', '/api/adresses', me)).json().adresses).toHaveLength(MAX_SAVED_ADDRESSES)
    // Another customer is not limited by this one's addresses.
    const other = await signIn(ctx.app)
    expect((await call('POST', '/api/adresses', other, address())).statusCode).toBe(201)
    // Deleting one makes room again.
    const one = (await call('GET', '/api/adresses', me)).json().adresses[3].id
    expect((await call('DELETE', `/api/adresses/${one}`, me)).statusCode).toBe(204)
    expect((await call('POST', '/api/adresses', me, address())).statusCode).toBe(201)
  })

  it.each([
    ['adresse', { adresse: undefined }, MESSAGES.adresseLength],
    ['adresse', { adresse: ' ab ' }, MESSAGES.adresseLength],
    ['adresse', { adresse: 'x'.repeat(201) }, MESSAGES.adresseLength],
    ['libelle', { libelle: 'x'.repeat(51) }, MESSAGES.textTooLong(50)],
    ['zone', { zone: undefined }, MESSAGES.orderZoneUnknown],
    ['zone', { zone: 'Mermoz' }, MESSAGES.orderZoneUnknown],
    ['zone', { zone: 1.5 }, MESSAGES.orderZoneUnknown],
    ['telephone', { telephone: undefined }, MESSAGES.telephoneInvalid],
    ['telephone', { telephone: '12-34' }, MESSAGES.telephoneInvalid],
    ['latitude', { latitude: 91 }, MESSAGES.latitudeInvalid],
    ['latitude', { latitude: '14.7' }, MESSAGES.latitudeInvalid],
    ['longitude', { longitude: -180.5 }, MESSAGES.longitudeInvalid],
    ['latitude', { latitude: null }, MESSAGES.coordinatesPair],
    ['longitude', { longitude: undefined }, MESSAGES.coordinatesPair],
    ['pardefaut', { pardefaut: 'oui' }, MESSAGES.pardefautInvalid],
    ['repere', { repere: 'x'.repeat(151) }, MESSAGES.repereTooLong],
    ['repere', { repere: 12 }, MESSAGES.repereTooLong],
  ])('400 naming %s for %j', async (field, change, message) => {
    const me = await signIn(ctx.app)
    const body = JSON.parse(JSON.stringify(address(change))) as object
    const created = await call('POST', '/api/adresses', me, body)
    expect(created.statusCode).toBe(400)
    expect(created.json().errors[field]).toEqual([message])
    const existing = (await call('POST', '/api/adresses', me, address())).json().adresse
    const edited = await call('PUT', `/api/adresses/${existing.id}`, me, body)
    expect(edited.statusCode).toBe(400)
    expect(edited.json().errors[field]).toEqual([message])
    expect((await call('GET', '/api/adresses', me)).json().adresses).toEqual([existing])
  })

  it('an unknown zone id is a 400 naming zone, on create and on edit', async () => {
    const me = await signIn(ctx.app)
    const created = await call('POST', '/api/adresses', me, address({ zone: 999_999 }))
    expect(created.statusCode).toBe(400)
    expect(created.json()).toEqual({ message: MESSAGES.orderZoneUnknown, errors: { zone: [MESSAGES.orderZoneUnknown] } })
    const existing = (await call('POST', '/api/adresses', me, address())).json().adresse
    const edited = await call('PUT', `/api/adresses/${existing.id}`, me, address({ zone: 999_999 }))
    expect(edited.statusCode).toBe(400)
    expect(edited.json().errors).toEqual({ zone: [MESSAGES.orderZoneUnknown] })
    expect((await call('GET', '/api/adresses', me)).json().adresses).toEqual([existing])
  })

  it('a bad id in the path is a 400 naming id', async () => {
    const me = await signIn(ctx.app)
    for (const [method, payload] of [['PUT', address()], ['DELETE', undefined]] as const) {
      const res = await call(method, '/api/adresses/abc', me, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.id).toEqual([MESSAGES.idInteger])
    }
  })

  it("another customer's address is a 404, and stays as it was", async () => {
    const owner = await signIn(ctx.app)
    const intruder = await signIn(ctx.app)
    const theirs = (await call('POST', '/api/adresses', owner, address())).json().adresse
    const edit = await call('PUT', `/api/adresses/${theirs.id}`, intruder, address({ adresse: 'Chez moi désormais', pardefaut: true }))
    expect(edit.statusCode).toBe(404)
    expect(edit.json().message).toBe(MESSAGES.addressNotFound)
    expect((await call('DELETE', `/api/adresses/${theirs.id}`, intruder)).statusCode).toBe(404)
    expect((await call('PUT', '/api/adresses/2147483647', owner, address())).statusCode).toBe(404)
    expect((await call('GET', '/api/adresses', intruder)).json().adresses).toEqual([])
    expect((await call('GET', '/api/adresses', owner)).json().adresses).toEqual([theirs])
  })

  it('401 without a token on every address route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/adresses', undefined],
      ['POST', '/api/adresses', address()],
      ['POST', '/api/adresses', { adresse: 1 }],
      ['PUT', '/api/adresses/1', address()],
      ['DELETE', '/api/adresses/1', undefined],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401)
    }
  })

  it('an address whose zone left the table shows zone null', async () => {
    const me = await signIn(ctx.app)
    const [zone] = await ctx.db.insert(zonesLivraison).values({ designation: `Zone ${randomUUID().slice(0, 6)}`, frais: 700 }).returning()
    const saved = (await call('POST', '/api/adresses', me, address({ zone: zone!.id }))).json().adresse
    expect(saved.zone).toMatchObject({ id: zone!.id, frais: 700 })
    await ctx.db.delete(zonesLivraison).where(eq(zonesLivraison.id, zone!.id))
    expect((await call('GET', '/api/adresses', me)).json().adresses[0]).toMatchObject({ id: saved.id, zone: null })
  })
})

const emulator = (path: string) => `http://${inject('authEmulatorHost')}/${path}?key=fake-api-key`
/** A password sign-in on another device: a fresh ID token. */
async function passwordSignIn(email: string): Promise<{ idToken: string }> {
  const res = await fetch(emulator('identitytoolkit.googleapis.com/v1/accounts:signInWithPassword'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'motdepasse-123', returnSecureToken: true }),
  })
  if (!res.ok) throw new Error(`emulator sign-in failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { idToken: string }
}

describe('POST /api/logout/partout', () => {
  it('revokes every token of the customer, this one included, and no one else’s', async () => {
    const first = await signIn(ctx.app)
    // The same Firebase account signing in on a second device: a second token.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: first.idToken } })
    const second = { auth: { authorization: `Bearer ${again.json().token as string}` } } as SignedIn
    const bystander = await signIn(ctx.app)
    for (const who of [first, second, bystander]) expect((await call('GET', '/api/profile', who)).statusCode).toBe(200)

    const res = await call('POST', '/api/logout/partout', second)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: MESSAGES.loggedOutEverywhere })
    expect((await call('GET', '/api/profile', first)).statusCode).toBe(401)
    expect((await call('GET', '/api/profile', second)).statusCode).toBe(401)
    expect((await call('GET', '/api/adresses', second)).statusCode).toBe(401)
    expect((await call('GET', '/api/profile', bystander)).statusCode).toBe(200)
    const live = await ctx.db.select().from(apiTokens).where(eq(apiTokens.clientId, first.userId))
    expect(live.map((t) => t.revokedAt !== null)).toEqual([true, true])
    // Signing in again with a fresh password sign-in still works.
    const back = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: (await passwordSignIn(first.email)).idToken } })
    expect(back.statusCode).toBe(200)
    expect(back.json().utilisateur.id).toBe(first.userId)
  })

  it('also revokes the Firebase sessions: no refresh, and an ID token issued before is refused at sign-in', async () => {
    const me = await signIn(ctx.app)
    const uid = (JSON.parse(Buffer.from(me.idToken.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id
    // The account dates from five minutes ago, and was signed in on another device two minutes
    // ago: that device's ID token (the emulator takes unsigned tokens with the account's claims).
    const backdated = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, validSince: String(Math.floor(Date.now() / 1000) - 300) }),
    })
    expect(backdated.ok).toBe(true)
    const earlier = craftIdToken({ sub: uid, user_id: uid, email: me.email, auth_time: Math.floor(Date.now() / 1000) - 120, firebase: { identities: { email: [me.email] }, sign_in_provider: 'password' } })
    expect((await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: earlier } })).statusCode).toBe(200)

    expect((await call('POST', '/api/logout/partout', me)).statusCode).toBe(200)
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: earlier } })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ message: MESSAGES.invalidIdToken })
    // Firebase's revocation moved the account's valid-since past the backdated value: every
    // refresh token issued before it is dead (Firebase's own rule; the emulator only compares
    // whole seconds, so a refresh minted this very second would not show it).
    const user = await getAuth(getApps().find((a) => a.name === `teranga-${TEST_PROJECT_ID}`)!).getUser(uid)
    expect(new Date(user.tokensValidAfterTime!).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('Firebase unreachable: a French 503, nothing revoked, the customer can try again', async () => {
    const config = testConfig()
    const real = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
    const down = await createTestApp({
      verifier: {
        verify: (t) => real.verify(t),
        deleteUser: (uid) => real.deleteUser(uid),
        customToken: (uid) => real.customToken(uid),
        revokeSessions: async () => {
          throw new AppError(503, 'INTERNAL_SERVER_ERROR', MESSAGES.authUnavailable)
        },
      },
    })
    try {
      const me = await signIn(down.app)
      const res = await down.app.inject({ method: 'POST', url: '/api/logout/partout', headers: me.auth })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ message: MESSAGES.authUnavailable })
      expect((await down.app.inject({ url: '/api/profile', headers: me.auth })).statusCode).toBe(200)
    } finally {
      await down.close()
    }
  })

  it('401 without a token', async () => {
    expect((await call('POST', '/api/logout/partout')).statusCode).toBe(401)
  })
})

// ---------- account deletion ----------

const addToCart = (who: SignedIn, produit: number, quantite: number) =>
  call('POST', '/api/panier', who, { user: who.userId, produit, quantite, action: 0 })

/** Places a home-delivery order of `quantite` units of `produit`; answers its row. */
async function placeOrder(who: SignedIn, produit: number, quantite: number, options: { online?: boolean; key?: string } = {}) {
  expect((await addToCart(who, produit, quantite)).statusCode).toBe(200)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: { ...who.auth, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: {
      modelivraison: modes.domicile,
      modepaiement: options.online ? modes.wave : modes.cash,
      adresseliv: 'Rue 10, villa 24, Mermoz',
      repere: 'Derrière la pharmacie',
      zone: 'Mermoz',
      tel: '+221 77 123 45 67',
      latitude: 14.7125,
      longitude: -17.4731,
    },
  })
  expect(res.statusCode).toBe(201)
  return (await ctx.db.select().from(commandes).where(eq(commandes.numerocommande, res.json().commande.numerocommande)))[0]!
}

const stockOf = async (id: number) => (await ctx.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
const setState = (id: number, etat: string) => ctx.db.update(commandes).set({ etat }).where(eq(commandes.id, id))
const clientRow = async (id: number) => (await ctx.db.select().from(clients).where(eq(clients.id, id)))[0]!
const countWhere = async (table: typeof adresses | typeof favoris | typeof paniers | typeof idempotencyKeys | typeof apiTokens, clientId: number) =>
  (await ctx.db.select().from(table).where(eq(table.clientId, clientId))).length

/** A customer with everything an account can hold: details, an address, a favourite, a cart, a loyalty row. */
async function fullCustomer() {
  const me = await signIn(ctx.app)
  expect((await call('PUT', '/api/profile', me, details())).statusCode).toBe(200)
  expect((await call('POST', '/api/adresses', me, address())).statusCode).toBe(201)
  const liked = await makeProduct(ctx.db)
  expect((await call('POST', '/api/favorie', me, { client: me.userId, produit: liked.id })).statusCode).toBe(201)
  await ctx.db.update(clients).set({ adresseliv: 'Rue 10, Mermoz', image: 'clients/awa', googleImg: 'https://lh3.googleusercontent.com/a/awa' }).where(eq(clients.id, me.userId))
  await ctx.db.insert(pointsFidelite).values({ clientId: me.userId, points: 12, motif: 'bienvenue' })
  return me
}

const firebaseAdmin = () => {
  const name = 'account-test-admin'
  return getAuth(getApps().find((a) => a.name === name) ?? initializeApp({ projectId: TEST_PROJECT_ID }, name))
}

describe('DELETE /api/profile', () => {
  it('erases the personal data, keeps the orders with their amounts, cancels waiting ones with their stock back', async () => {
    const me = await fullCustomer()
    const [delivered, waiting, unpaid, failed, inCart] = await Promise.all([
      makeProduct(ctx.db, { prix: 2000, quantite: 10 }),
      makeProduct(ctx.db, { prix: 3000, quantite: 10 }),
      makeProduct(ctx.db, { prix: 4000, quantite: 10 }),
      makeProduct(ctx.db, { prix: 5000, quantite: 10 }),
      makeProduct(ctx.db, { prix: 6000, quantite: 10 }),
    ])
    const livree = await placeOrder(me, delivered.id, 2, { key: `cle-${randomUUID()}` })
    await setState(livree.id, 'livree')
    const enAttente = await placeOrder(me, waiting.id, 3)
    const enAttentePaiement = await placeOrder(me, unpaid.id, 4, { online: true })
    const echec = await placeOrder(me, failed.id, 5, { online: true })
    await setState(echec.id, 'echec_paiement')
    const annulee = await placeOrder(me, waiting.id, 1)
    expect((await call('POST', `/api/commande/${annulee.numerocommande}/annulation`, me)).statusCode).toBe(200)
    expect((await addToCart(me, inCart.id, 2)).statusCode).toBe(200)
    expect([await stockOf(delivered.id), await stockOf(waiting.id), await stockOf(unpaid.id), await stockOf(failed.id)]).toEqual([8, 7, 6, 5])
    const uid = (await clientRow(me.userId)).firebaseUid
    const bystander = await fullCustomer()

    const res = await call('DELETE', '/api/profile', me)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: MESSAGES.accountDeleted })

    // The client row stays, emptied, under a uid no sign-in can match.
    const row = await clientRow(me.userId)
    expect(row).toMatchObject({
      email: null,
      login: null,
      name: null,
      prenom: null,
      civilite: null,
      telephone: null,
      ville: null,
      pays: null,
      adresseliv: null,
      image: null,
      googleImg: null,
    })
    expect(row.firebaseUid).toMatch(new RegExp(`^deleted:${me.userId}:[0-9a-f]{24}$`))
    for (const table of [adresses, favoris, paniers, idempotencyKeys, apiTokens]) expect(await countWhere(table, me.userId)).toBe(0)
    expect(await ctx.db.select().from(panierProduits).where(eq(panierProduits.produitId, inCart.id))).toEqual([])

    // Every order is kept, with its amounts and lines, and without the personal fields.
    const orders = await ctx.db.select().from(commandes).where(eq(commandes.clientId, me.userId))
    expect(orders).toHaveLength(5)
    const byId = new Map(orders.map((o) => [o.id, o]))
    for (const before of [livree, enAttente, enAttentePaiement, echec, annulee]) {
      const after = byId.get(before.id)!
      expect(after).toMatchObject({
        numerocommande: before.numerocommande,
        montantcommande: before.montantcommande,
        montantliv: before.montantliv,
        remise: before.remise,
        tel: null,
        adresseliv: null,
        repere: null,
        latitude: null,
        longitude: null,
      })
    }
    expect(Object.fromEntries([livree, enAttente, enAttentePaiement, echec, annulee].map((o) => [o.numerocommande, byId.get(o.id)!.etat]))).toEqual({
      [livree.numerocommande]: 'livree',
      [enAttente.numerocommande]: 'annulee',
      [enAttentePaiement.numerocommande]: 'annulee',
      [echec.numerocommande]: 'annulee',
      [annulee.numerocommande]: 'annulee',
    })
    const lines = await ctx.db.select().from(detailCommandes).where(inArray(detailCommandes.commandeId, [...byId.keys()]))
    expect(lines).toHaveLength(5)
    // Stock back for the three waiting orders only (the cancelled one had it back already).
    expect([await stockOf(delivered.id), await stockOf(waiting.id), await stockOf(unpaid.id), await stockOf(failed.id)]).toEqual([8, 10, 10, 10])
    // The loyalty ledger stays with the orders it accounts for.
    expect(await ctx.db.select().from(pointsFidelite).where(eq(pointsFidelite.clientId, me.userId))).toHaveLength(1)

    // The token is dead, and so is the Firebase account.
    expect((await call('GET', '/api/profile', me)).statusCode).toBe(401)
    expect((await call('DELETE', '/api/profile', me)).statusCode).toBe(401)
    await expect(firebaseAdmin().getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    const relogin = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: me.idToken } })
    expect(relogin.statusCode).toBe(401)

    // Another customer keeps everything.
    expect((await call('GET', '/api/profile', bystander)).json().utilisateur).toMatchObject({ prenom: 'Awa', telephone: '+221 77 123 45 67' })
    expect(await countWhere(adresses, bystander.userId)).toBe(1)
    expect(await countWhere(favoris, bystander.userId)).toBe(1)
  })

  it.each(['payee', 'confirmee', 'en_preparation', 'en_livraison', 'prete_retrait'])(
    'refuses with 409 while an order is %s, and changes nothing',
    async (etat) => {
      const me = await fullCustomer()
      const product = await makeProduct(ctx.db, { quantite: 10 })
      const busy = await placeOrder(me, product.id, 1, { online: true })
      await setState(busy.id, etat)
      const waiting = await placeOrder(me, product.id, 2)
      const before = { client: await clientRow(me.userId), orders: await ctx.db.select().from(commandes).where(eq(commandes.clientId, me.userId)) }

      const res = await call('DELETE', '/api/profile', me)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ message: MESSAGES.accountOrdersInProgress })

      expect(await clientRow(me.userId)).toEqual(before.client)
      expect(await ctx.db.select().from(commandes).where(eq(commandes.clientId, me.userId))).toEqual(before.orders)
      expect((await ctx.db.select().from(commandes).where(eq(commandes.id, waiting.id)))[0]!.etat).toBe('en_attente')
      expect(await stockOf(product.id)).toBe(7)
      expect(await countWhere(adresses, me.userId)).toBe(1)
      expect(await countWhere(favoris, me.userId)).toBe(1)
      expect((await call('GET', '/api/profile', me)).statusCode).toBe(200)
      await expect(firebaseAdmin().getUser(before.client.firebaseUid)).resolves.toMatchObject({ uid: before.client.firebaseUid })
    },
  )

  it("scrubs the payer's phone and every other personal detail from the stored provider events; others' events stay", async () => {
    const [me, other] = await Promise.all([fullCustomer(), fullCustomer()])
    const p = await makeProduct(ctx.db, { quantite: 10 })
    const mine = await placeOrder(me, p.id, 1, { online: true })
    const theirs = await placeOrder(other, p.id, 1, { online: true })
    const ipn = (ref: string) => ({
      type_event: 'sale_complete',
      ref_command: ref,
      item_price: '2500',
      currency: 'XOF',
      client_phone: '221771234567',
      payment_method: 'Orange Money',
      custom_field: Buffer.from('{"commande":"x"}').toString('base64'),
    })
    const wave = {
      id: 'AE_scrub_1',
      type: 'checkout.session.completed',
      data: { id: 'cos-scrub-1', amount: '2500', currency: 'XOF', payment_status: 'succeeded', client_reference: 'TRG', customer_msisdn: '+221771234567', customer_name: 'Awa Diop' },
    }
    await ctx.db.insert(paymentEvents).values([
      { provider: 'paytech', eventId: `sale_complete:${mine.numerocommande}-A`, commandeId: mine.id, payload: ipn(`${mine.numerocommande}-A`) },
      { provider: 'wave', eventId: 'AE_scrub_1', commandeId: mine.id, payload: wave },
      { provider: 'paytech', eventId: `sale_complete:${theirs.numerocommande}-B`, commandeId: theirs.id, payload: ipn(`${theirs.numerocommande}-B`) },
    ])

    expect((await call('DELETE', '/api/profile', me)).statusCode).toBe(200)

    const events = await ctx.db.select().from(paymentEvents).where(inArray(paymentEvents.commandeId, [mine.id, theirs.id]))
    const of = (eventId: string) => events.find((e) => e.eventId === eventId)!.payload
    expect(of(`sale_complete:${mine.numerocommande}-A`)).toEqual({ type_event: 'sale_complete', ref_command: `${mine.numerocommande}-A`, item_price: '2500', currency: 'XOF', scrubbed: true })
    expect(of('AE_scrub_1')).toEqual({
      id: 'AE_scrub_1',
      type: 'checkout.session.completed',
      data: { id: 'cos-scrub-1', amount: '2500', currency: 'XOF', payment_status: 'succeeded' },
      scrubbed: true,
    })
    expect(JSON.stringify(events.filter((e) => e.commandeId === mine.id))).not.toMatch(/77\s?123|Awa/)
    expect(of(`sale_complete:${theirs.numerocommande}-B`)).toEqual(ipn(`${theirs.numerocommande}-B`))
  })

  it('orders placed while the account is being deleted: each commits before (then is cancelled and emptied) or is refused; none keeps a phone', async () => {
    for (let round = 0; round < 6; round++) {
      const me = await fullCustomer()
      const p = await makeProduct(ctx.db, { quantite: 10 })
      expect((await addToCart(me, p.id, 2)).statusCode).toBe(200)
      const place = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/commande',
          headers: me.auth,
          payload: { modelivraison: modes.domicile, modepaiement: modes.cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' },
        })
      const calls = [place, place, place]
      // The deletion goes in at a different place each round.
      calls.splice(round % 4, 0, () => call('DELETE', '/api/profile', me))
      const answers = await Promise.all(calls.map((f) => f()))
      const deletion = answers[round % 4]!
      expect(deletion.statusCode).toBe(200)
      const placements = answers.filter((_, i) => i !== round % 4).map((a) => a.statusCode)
      // Committed before the deletion (201), refused once it was (401), or the cart already taken by a sibling (409).
      expect(placements.every((code) => [201, 401, 409].includes(code)), String(placements)).toBe(true)
      const orders = await ctx.db.select().from(commandes).where(eq(commandes.clientId, me.userId))
      expect(orders.length).toBeLessThanOrEqual(1)
      for (const order of orders) expect(order).toMatchObject({ etat: 'annulee', tel: null, adresseliv: null, latitude: null, longitude: null })
      expect(await stockOf(p.id)).toBe(10)
    }
  }, 120_000)

  it('the same Firebase account signing up again gets a new, empty client', async () => {
    const me = await fullCustomer()
    const product = await makeProduct(ctx.db)
    await placeOrder(me, product.id, 1)
    const uid = (await clientRow(me.userId)).firebaseUid
    expect((await call('DELETE', '/api/profile', me)).statusCode).toBe(200)

    // Firebase gives the same uid back (the account recreated with it).
    await firebaseAdmin().createUser({ uid, email: me.email, password: 'motdepasse-123' })
    const signInRes = await fetch(
      `http://${testConfig().firebaseEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: me.email, password: 'motdepasse-123', returnSecureToken: true }) },
    )
    const { idToken } = (await signInRes.json()) as { idToken: string }
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
    expect(res.statusCode).toBe(200)
    const fresh = res.json() as { token: string; utilisateur: { id: number } }
    expect(fresh.utilisateur.id).not.toBe(me.userId)
    const auth = { authorization: `Bearer ${fresh.token}` }
    const profile = await ctx.app.inject({ url: '/api/profile', headers: auth })
    expect(profile.json().utilisateur).toMatchObject({ email: me.email, telephone: null, ville: null, pays: null, civilite: null, points: 0 })
    expect((await ctx.app.inject({ url: '/api/adresses', headers: auth })).json()).toEqual({ adresses: [] })
    const orders = await gql(ctx.app, '{ commandespaginated(page: 1, count: 5) { metadata { total } } }', {}, auth)
    expect(orders.data!.commandespaginated.metadata.total).toBe(0)
    const favourites = await gql(ctx.app, `{ favoriespaginated(page: 1, count: 5, userId: ${fresh.utilisateur.id}) { metadata { total } } }`, {}, auth)
    expect(favourites.data!.favoriespaginated.metadata.total).toBe(0)
    // The old row is still the anonymised one.
    expect((await clientRow(me.userId)).firebaseUid).toMatch(/^deleted:/)
  })

  it('401 without a token', async () => {
    expect((await call('DELETE', '/api/profile')).statusCode).toBe(401)
  })
})

describe('deleting the Firebase account', () => {
  it('a failure there is logged and does not undo the deletion; a later sign-in is a new client', async () => {
    const config = testConfig()
    const real = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
    const deleteUser = vi.fn(async () => {
      throw new Error('Firebase unreachable')
    })
    const failing = await createTestApp({ verifier: { verify: (t) => real.verify(t), deleteUser, revokeSessions: (uid) => real.revokeSessions(uid), customToken: (uid) => real.customToken(uid) } })
    try {
      const user = await createEmulatorUser()
      const login = () => failing.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: user.idToken } })
      const first = (await login()).json() as { token: string; utilisateur: { id: number } }
      const res = await failing.app.inject({ method: 'DELETE', url: '/api/profile', headers: { authorization: `Bearer ${first.token}` } })
      expect(res.statusCode).toBe(200)
      expect(deleteUser).toHaveBeenCalledWith(user.uid)
      const [row] = await failing.db.select().from(clients).where(eq(clients.id, first.utilisateur.id))
      expect(row!.firebaseUid).toMatch(/^deleted:/)
      // The Firebase account survived, so it can sign in: as a new client.
      const second = await login()
      expect(second.statusCode).toBe(200)
      expect(second.json().utilisateur.id).not.toBe(first.utilisateur.id)
    } finally {
      await failing.close()
    }
  })

  it('deleting an account already gone is not an error', async () => {
    const config = testConfig()
    const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
    const user = await createEmulatorUser()
    await verifier.deleteUser(user.uid)
    await expect(verifier.deleteUser(user.uid)).resolves.toBeUndefined()
    await expect(firebaseAdmin().getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
  })
})

// ---------- loyalty ----------

describe('GET /api/fidelite', () => {
  const tiers = { bronze: 0, argent: 0, or: 0 }
  beforeAll(async () => {
    const rows = await ctx.db
      .insert(privileges)
      .values([
        { designation: 'Bronze', point: 100, couleur: '#CD7F32' },
        { designation: 'Argent', point: 500, couleur: '#C0C0C0' },
        { designation: 'Or', point: 1500, couleur: '#D4AF37' },
      ])
      .returning()
    ;[tiers.bronze, tiers.argent, tiers.or] = rows.map((r) => r.id) as [number, number, number]
    const [remise] = await ctx.db.select().from(typerecompenses).where(eq(typerecompenses.code, 'REMISE_POURCENT'))
    await ctx.db.insert(privilegeRecompenses).values({ privilegeId: tiers.argent, typerecompenseId: remise!.id, valeur: 5 })
  })

  it('a new customer: no points, no tier yet, the first tier next, no history', async () => {
    const me = await signIn(ctx.app)
    const res = await call('GET', '/api/fidelite', me)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ points: 0, privilege: null, prochain: { id: tiers.bronze, designation: 'Bronze', point: 100 }, historique: [] })
  })

  it('balance from the ledger, the tier reached, the next one, and the history newest first', async () => {
    const me = await signIn(ctx.app)
    const other = await signIn(ctx.app)
    const product = await makeProduct(ctx.db)
    const order = await placeOrder(me, product.id, 1)
    await ctx.db.insert(pointsFidelite).values([
      { clientId: me.userId, points: 400, motif: 'Bienvenue', createdAt: new Date('2026-01-10T09:00:00Z') },
      { clientId: me.userId, commandeId: order.id, points: 300, motif: 'Commande livrée', createdAt: new Date('2026-03-05T23:30:00Z') },
      { clientId: me.userId, points: -50, motif: 'Remboursement', createdAt: new Date('2026-02-01T12:15:00Z') },
      { clientId: other.userId, points: 5000, motif: 'Bienvenue' },
    ])
    const res = await call('GET', '/api/fidelite', me)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.points).toBe(650)
    expect(body.privilege).toMatchObject({
      id: tiers.argent,
      designation: 'Argent',
      couleur: '#C0C0C0',
      point: 500,
      privilegerecompenses: [{ valeur: 5, typerecompense: { code: 'REMISE_POURCENT' } }],
    })
    expect(body.prochain).toMatchObject({ id: tiers.or, designation: 'Or', point: 1500 })
    expect(body.historique).toEqual([
      { id: expect.any(Number), points: 300, motif: 'Commande livrée', numerocommande: order.numerocommande, date: '2026-03-05T23:30:00.000Z', date_fr: '5 mars 2026 à 23:30' },
      { id: expect.any(Number), points: -50, motif: 'Remboursement', numerocommande: null, date: '2026-02-01T12:15:00.000Z', date_fr: '1 février 2026 à 12:15' },
      { id: expect.any(Number), points: 400, motif: 'Bienvenue', numerocommande: null, date: '2026-01-10T09:00:00.000Z', date_fr: '10 janvier 2026 à 09:00' },
    ])
    // The header's balance (GET /api/profile) is the same sum.
    expect((await call('GET', '/api/profile', me)).json().utilisateur.points).toBe(650)
  })

  it('exactly on a threshold reaches it; past the top tier there is no next one', async () => {
    const me = await signIn(ctx.app)
    await ctx.db.insert(pointsFidelite).values({ clientId: me.userId, points: 1500, motif: 'Bienvenue' })
    const body = (await call('GET', '/api/fidelite', me)).json()
    expect(body).toMatchObject({ points: 1500, privilege: { id: tiers.or }, prochain: null })
  })

  it('401 without a token', async () => {
    expect((await call('GET', '/api/fidelite')).statusCode).toBe(401)
  })
})
