// The courier's phone (issue 25 §3, ADR 056): the `livreur` role opens « Mes livraisons » and
// nothing else (every other route of the API refuses it, walked one by one); invitations by
// phone go out through the outbox and are accepted by a sign-in that proved the number; a
// courier delivers (with what they collected) or fails (with a reason) only their own orders
// out for delivery; a failed delivery goes out again or is cancelled (stock back, online payment
// refunded through the sandbox); the tracking page names the courier while on the way.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COURIER_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { STAFF_MESSAGES } from '@teranga/shared/backoffice-staff'
import { MESSAGES } from '@teranga/shared/server-messages'
import { buildApp } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import { commandes, livreurs, messageOutbox, modelivraisons, modepaiements, orderHistory, paiements, produits } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { grantRole, makeProduct } from './factories.ts'
import { createEmulatorUser, emulatorPhoneSignIn, freshDatabase, signIn, testConfig, uniqueSenegalMobile, type SignedIn } from './helpers.ts'

let app: FastifyInstance
let db: Database['db']
let close: () => Promise<void>
let publicUrl: string
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const ids = { domicile: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  publicUrl = `http://127.0.0.1:${port}`
  // Listening: the payment sandbox's page is reached over HTTP, as a shopper's browser does.
  const config = testConfig({ PUBLIC_URL: publicUrl })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, orderRateLimit: 1000, expireOrdersEveryMs: 0, messagesEveryMs: 0, sweepMediaEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    await app.close()
    await database.close()
    await drop()
  }
  ;[admin, manager, customer] = await Promise.all([signIn(app), signIn(app), signIn(app, { prenom: 'Aminata' })])
  await grantRole(db, admin.userId, 'admin')
  await grantRole(db, manager.userId, 'gestionnaire')
  ids.domicile = (await db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  for (const mode of await db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => close?.())

const newCourier = async (nom: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/livreur', headers: admin.auth, payload: { nom, telephone: '77 555 12 34' } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as number
}
const invite = (payload: Record<string, unknown>, by: SignedIn = admin) => app.inject({ method: 'POST', url: '/api/invitation', headers: by.auth, payload })

async function signInWith(idToken: string) {
  const res = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken } })
  expect(res.statusCode, res.body).toBe(200)
  const { token, utilisateur } = res.json() as { token: string; utilisateur: { id: number } }
  return { userId: utilisateur.id, auth: { authorization: `Bearer ${token}` } }
}

/** A courier of the list, invited by phone and signed in with that number: their session. */
async function courierSession(nom: string) {
  const livreur = await newCourier(nom)
  const phone = uniqueSenegalMobile()
  const res = await invite({ telephone: phone, role: 'livreur', livreur })
  expect(res.statusCode, res.body).toBe(201)
  const session = await signInWith((await emulatorPhoneSignIn(phone)).idToken)
  return { livreur, phone, ...session }
}

async function placeOrder(mode: 'CASH' | 'WAVE', quantite = 2) {
  const produit = await makeProduct(db, { prix: 2000, quantite: 10 })
  await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite, action: 0 } })
  const res = await app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 10, villa 24, Mermoz, derrière la pharmacie', repere: '  Portail bleu, face à la boulangerie ', zone: 'Mermoz', tel: '+221 77 123 45 67' },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string; montanttotal: number }
  return { id: commande.id, numero: commande.numerocommande, total: commande.montanttotal, produit: produit.id }
}

async function payOnline(numero: string) {
  const started = await app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: customer.auth })
  expect(started.statusCode, started.body).toBe(200)
  const res = await fetch(started.json().url as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve' }).toString(),
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
}

const setEtat = async (numero: string, etat: string, motif?: string) => {
  const res = await app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat, ...(motif ? { motif } : {}) } })
  expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
}
const assign = async (numero: string, livreur: number) => {
  const res = await app.inject({ method: 'PUT', url: `/api/commande/${numero}/livreur`, headers: manager.auth, payload: { livreur } })
  expect(res.statusCode, res.body).toBe(200)
}
/** Placed (paid online first for WAVE), handed to `livreur` and out for delivery. */
async function outForDelivery(mode: 'CASH' | 'WAVE', livreur: number) {
  const order = await placeOrder(mode)
  if (mode === 'WAVE') await payOnline(order.numero)
  else await setEtat(order.numero, 'confirmee')
  if (mode === 'WAVE') await setEtat(order.numero, 'confirmee')
  await setEtat(order.numero, 'en_preparation')
  await assign(order.numero, livreur)
  await setEtat(order.numero, 'en_livraison')
  return order
}
const orderRow = async (id: number) => (await db.select().from(commandes).where(eq(commandes.id, id)))[0]!
const deliverAs = (who: { auth: Record<string, string> }, numero: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/api/livraisons/${numero}/livree`, headers: who.auth, payload })
const failAs = (who: { auth: Record<string, string> }, numero: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/livraisons/${numero}/echec`, headers: who.auth, payload })

/** Every route the app registered, as `printRoutes` draws its tree: method and full path. */
function registeredRoutes(): Array<{ method: string; url: string }> {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n').filter(Boolean)
  const stack: string[] = []
  const routes: Array<{ method: string; url: string }> = []
  for (const line of lines) {
    const match = /^([│ ]*)(?:[├└]── )?(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = Math.floor([...match[1]!].length / 4)
    stack.length = depth
    stack.push(match[2]!)
    if (!match[3]) continue
    const url = stack.join('')
    for (const method of match[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url })
  }
  return routes
}

describe('the livreur role: « Mes livraisons » and nothing else', () => {
  it('every route of the API and GraphQL refuses a courier (403, French) but their own, who-am-I and logout', async () => {
    const courier = await courierSession('Ibrahima Fall')
    const routes = registeredRoutes().filter((r) => r.url.startsWith('/api/') || r.url === '/graphql')
    // The tree was read: the shop has well over a hundred routes, these among them.
    expect(routes.length).toBeGreaterThan(100)
    expect(routes).toContainEqual({ method: 'GET', url: '/api/livraisons' })
    expect(routes).toContainEqual({ method: 'POST', url: '/api/commande/:numero/etat' })
    const allowed = new Set(['GET /api/livraisons', 'POST /api/livraisons/:numero/livree', 'POST /api/livraisons/:numero/echec', 'GET /api/admin/moi', 'POST /api/logout'])
    // Routes that read no token at all (sign-in, the providers' webhooks): a courier's is ignored there.
    const tokenless = (r: { url: string }) => r.url === '/api/sociallogin' || r.url.includes('webhook')
    let refused = 0
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      if (allowed.has(key) || tokenless(route)) continue
      const url = route.url.replace(/:numero/g, 'T-000001').replace(/:[a-zA-Z_]+/g, '1').replace(/\*/g, 'x')
      const res = await app.inject({ method: route.method as 'GET', url, headers: courier.auth, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} })
      expect(res.statusCode, key).toBe(403)
      // GraphQL answers its errors its own way, with the same French message.
      const body = res.json() as { message?: string; errors?: Array<{ message: string }> }
      expect(body.message ?? body.errors?.[0]?.message, key).toBe(COURIER_MESSAGES.notForCourier)
      refused++
    }
    expect(refused).toBeGreaterThan(100)
    // Who am I: the admin app reads the role, then shows « Mes livraisons » alone.
    const me = await app.inject({ url: '/api/admin/moi', headers: courier.auth })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json().role).toBe('livreur')
    expect(me.headers['cache-control']).toBe('no-store')
    // And the other way: the courier's routes are theirs alone.
    for (const [who, message] of [[manager, COURIER_MESSAGES.livreurOnly], [admin, COURIER_MESSAGES.livreurOnly], [customer, MESSAGES.staffOnly]] as const) {
      const res = await app.inject({ url: '/api/livraisons', headers: who.auth })
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(message)
    }
    expect((await app.inject({ url: '/api/livraisons' })).statusCode).toBe(401)
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: courier.auth })
    expect(out.statusCode, out.body).toBe(200)
  })
})

describe('invitations by phone', () => {
  it('refuse what is not a phone, both contacts, a courier missing or out of place (400 naming the field)', async () => {
    const livreur = await newCourier('Cheikh Diop')
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ telephone: '12', role: 'livreur', livreur }, 'telephone', 'Ce numéro sénégalais'],
      [{ telephone: '77 12 ab', role: 'livreur', livreur }, 'telephone', 'Le numéro de téléphone ne doit contenir'],
      // A NUL byte is refused for every field before the schema (plugins/input-text.ts).
      [{ telephone: '77 12\u0000', role: 'livreur', livreur }, 'telephone', 'Ce champ contient des caractères non autorisés.'],
      [{ telephone: '7'.repeat(60), role: 'livreur', livreur }, 'telephone', STAFF_MESSAGES.contactRequired],
      [{ email: 'a@exemple.sn', telephone: '771234567', role: 'gestionnaire' }, 'telephone', STAFF_MESSAGES.contactBoth],
      [{ role: 'gestionnaire' }, 'email', STAFF_MESSAGES.contactRequired],
      [{ telephone: '771234567', role: 'livreur' }, 'livreur', STAFF_MESSAGES.courierRequired],
      [{ telephone: '771234567', role: 'gestionnaire', livreur }, 'livreur', STAFF_MESSAGES.courierOnlyForLivreur],
      [{ telephone: '771234567', role: 'chauffeur' }, 'role', STAFF_MESSAGES.roleInvalid],
    ]
    for (const [payload, field, message] of cases) {
      const res = await invite(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errors[field]?.[0], JSON.stringify(payload)).toContain(message)
    }
    const unknown = await invite({ telephone: '771234567', role: 'livreur', livreur: 999_999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.livreur).toEqual([STAFF_MESSAGES.courierRequired])
    expect((await invite({ telephone: '771234567', role: 'livreur', livreur }, manager)).statusCode).toBe(403)
  })

  it('is sent by SMS through the outbox with the link, accepted by a sign-in that proved the number, never by a typed one', async () => {
    const livreur = await newCourier('Moussa Sarr')
    const phone = uniqueSenegalMobile()
    const typed = `${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`
    const res = await invite({ telephone: typed, role: 'livreur', livreur })
    expect(res.statusCode, res.body).toBe(201)
    const invitation = res.json()
    expect(invitation).toMatchObject({ email: null, telephone: phone, role: 'livreur', livreur, etat: 'en_attente', lien: `${publicUrl}/admin/` })
    const [sent] = await db.select().from(messageOutbox).where(eq(messageOutbox.invitationId, invitation.id))
    expect(sent).toMatchObject({ channel: 'sms', recipient: phone, audience: 'staff', status: 'pending' })
    expect(sent!.body).toContain(`${publicUrl}/admin/`)
    expect(sent!.body).toContain('Livreur')
    // A second invitation for the number, or for the courier, is refused.
    const again = await invite({ telephone: phone, role: 'livreur', livreur: await newCourier('Autre') })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors.telephone).toEqual([STAFF_MESSAGES.alreadyInvitedPhone])
    const sameCourier = await invite({ telephone: uniqueSenegalMobile(), role: 'livreur', livreur })
    expect(sameCourier.statusCode).toBe(409)
    expect(sameCourier.json().errors.livreur).toEqual([STAFF_MESSAGES.courierAlreadyLinked])

    // The shared link given to someone else: an e-mail account that typed the number as its own
    // contact number proves nothing, and stays a customer.
    const stranger = await createEmulatorUser()
    const typedIn = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: stranger.idToken, telephone1: phone } })
    expect(typedIn.statusCode, typedIn.body).toBe(200)
    const strangerAuth = { authorization: `Bearer ${typedIn.json().token}` }
    expect((await app.inject({ url: '/api/admin/moi', headers: strangerAuth })).statusCode).toBe(403)
    // Another number proved by SMS: nothing either.
    const other = await signInWith((await emulatorPhoneSignIn(uniqueSenegalMobile())).idToken)
    expect((await app.inject({ url: '/api/admin/moi', headers: other.auth })).statusCode).toBe(403)

    // The number proved by Firebase's phone sign-in: the role, and the courier linked.
    const courier = await signInWith((await emulatorPhoneSignIn(phone)).idToken)
    const me = await app.inject({ url: '/api/admin/moi', headers: courier.auth })
    expect(me.json()).toMatchObject({ id: courier.userId, role: 'livreur' })
    expect((await db.select().from(livreurs).where(eq(livreurs.id, livreur)))[0]!.clientId).toBe(courier.userId)
    // The role itself is not given by a role change: it comes with a courier, which an invitation names.
    const changed = await app.inject({ method: 'PUT', url: `/api/staff/${manager.userId}`, headers: admin.auth, payload: { role: 'livreur' } })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().errors.role).toEqual([STAFF_MESSAGES.courierByInvitation])
    const listed = (await app.inject({ url: '/api/invitation', headers: admin.auth })).json() as Array<{ id: number; etat: string }>
    expect(listed.find((i) => i.id === invitation.id)?.etat).toBe('acceptee')
  })

  it('an e-mail invitation carries the link to share too', async () => {
    const res = await invite({ email: `equipe-${Date.now()}@exemple.sn`, role: 'gestionnaire' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ telephone: null, livreur: null, lien: `${publicUrl}/admin/` })
  })
})

describe('« Mes livraisons » and the courier’s moves', () => {
  it('lists only the courier’s orders of the day in slot order, with what to collect; delivered and failed with their checks', async () => {
    const moussa = await courierSession('Moussa Ndiaye')
    const awa = await courierSession('Awa Ba')
    const late = await outForDelivery('CASH', moussa.livreur)
    const early = await outForDelivery('CASH', moussa.livreur)
    const unslotted = await outForDelivery('CASH', moussa.livreur)
    const online = await outForDelivery('WAVE', moussa.livreur)
    const awas = await outForDelivery('CASH', awa.livreur)
    const today = new Date().toISOString().slice(0, 10)
    await db.update(commandes).set({ creneauDate: today, creneauDebut: '16:00', creneauFin: '18:00' }).where(eq(commandes.id, late.id))
    await db.update(commandes).set({ creneauDate: today, creneauDebut: '09:00', creneauFin: '11:00' }).where(eq(commandes.id, early.id))
    await db.update(commandes).set({ creneauDate: today, creneauDebut: '12:00', creneauFin: '14:00' }).where(eq(commandes.id, online.id))
    await db.update(commandes).set({ latitude: 14.7167, longitude: -17.4677 }).where(eq(commandes.id, early.id))
    // An order placed before the landmark existed has none.
    await db.update(commandes).set({ repere: null }).where(eq(commandes.id, unslotted.id))

    const res = await app.inject({ url: '/api/livraisons', headers: moussa.auth })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json() as { livreur: { nom: string }; commandes: Array<Record<string, unknown>> }
    expect(body.livreur.nom).toBe('Moussa Ndiaye')
    expect(body.commandes.map((c) => c.numero)).toEqual([early.numero, online.numero, late.numero, unslotted.numero])
    expect(body.commandes[0]).toMatchObject({
      prenom: 'Aminata',
      adresse: 'Rue 10, villa 24, Mermoz, derrière la pharmacie',
      repere: 'Portail bleu, face à la boulangerie',
      telephone: '+221 77 123 45 67',
      appel: 'tel:+221771234567',
      whatsapp: 'https://wa.me/221771234567',
      carte: 'https://www.google.com/maps/search/?api=1&query=14.7167,-17.4677',
      creneau: '09:00–11:00',
      a_encaisser: early.total,
      paiement_a_la_livraison: true,
      etat: 'en_livraison',
      etat_texte: 'En cours de livraison',
    })
    expect(body.commandes[1]).toMatchObject({ a_encaisser: 0, paiement_a_la_livraison: false, montant_total: online.total })
    expect(body.commandes[3]).toMatchObject({ creneau: null, carte: null, repere: null })
    const awaList = (await app.inject({ url: '/api/livraisons', headers: awa.auth })).json() as { commandes: Array<{ numero: string }> }
    expect(awaList.commandes.map((c) => c.numero)).toEqual([awas.numero])

    // Another courier's order, an unknown one: 403, 404; bad input: 400 naming the field.
    const notTheirs = await deliverAs(moussa, awas.numero)
    expect(notTheirs.statusCode).toBe(403)
    expect(notTheirs.json().message).toBe(COURIER_MESSAGES.notYourOrder)
    expect((await failAs(moussa, awas.numero, { raison: 'client_absent' })).statusCode).toBe(403)
    const unknown = await deliverAs(moussa, 'T-999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(MESSAGES.orderNotFound)
    const tooMuch = await deliverAs(moussa, early.numero, { montant_encaisse: early.total * 2 + 1 })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().errors.montant_encaisse[0]).toContain('dépasse')
    for (const [payload, field] of [[{ montant_encaisse: -1 }, 'montant_encaisse'], [{ montant_encaisse: 12.5 }, 'montant_encaisse'], [{ montant_encaisse: '5000' }, 'montant_encaisse']] as const) {
      const res = await deliverAs(moussa, early.numero, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errors[field]).toEqual([COURIER_MESSAGES.amountInvalid])
    }
    for (const [payload, field, message] of [
      [{ raison: 'panne' }, 'raison', COURIER_MESSAGES.reasonInvalid],
      [{ raison: 'autre' }, 'precision', COURIER_MESSAGES.detailRequired],
      [{ raison: 'autre', precision: 'x'.repeat(301) }, 'precision', COURIER_MESSAGES.detailTooLong],
      [{ raison: 'autre', precision: 'a\u0000b' }, 'precision', 'Ce champ contient des caractères non autorisés.'],
    ] as const) {
      const res = await failAs(moussa, late.numero, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errors[field]?.[0], JSON.stringify(payload)).toBeDefined()
      expect(JSON.stringify(res.json().errors)).toContain(message.slice(0, 20))
    }

    // Delivered: a cash order's amount as entered (prefilled with the total when none is sent).
    const delivered = await deliverAs(moussa, early.numero, { montant_encaisse: early.total - 500 })
    expect(delivered.statusCode, delivered.body).toBe(204)
    const row = await orderRow(early.id)
    expect(row).toMatchObject({ etat: 'livree', montantEncaisse: early.total - 500 })
    expect(row.encaisseLe).toBeInstanceOf(Date)
    expect((await deliverAs(moussa, unslotted.numero)).statusCode).toBe(204)
    expect((await orderRow(unslotted.id)).montantEncaisse).toBe(unslotted.total)
    // Paid online: nothing collected.
    expect((await deliverAs(moussa, online.numero, { montant_encaisse: 999 })).statusCode).toBe(204)
    expect((await orderRow(online.id)).montantEncaisse).toBeNull()
    // Not out for delivery any more: 409.
    const twice = await deliverAs(moussa, early.numero)
    expect(twice.statusCode).toBe(409)

    // Failed, with the reason in the order's history.
    const failed = await failAs(moussa, late.numero, { raison: 'autre', precision: 'Portail fermé, voisin absent' })
    expect(failed.statusCode, failed.body).toBe(204)
    expect((await orderRow(late.id)).etat).toBe('echec_livraison')
    const [history] = await db.select().from(orderHistory).where(and(eq(orderHistory.commandeId, late.id), eq(orderHistory.toEtat, 'echec_livraison')))
    expect(history).toMatchObject({ fromEtat: 'en_livraison', actorKind: 'staff', actorId: String(moussa.userId), reason: 'Échec de livraison : Autre : Portail fermé, voisin absent' })
    expect((await failAs(moussa, late.numero, { raison: 'client_absent' })).statusCode).toBe(409)
    // The customer hears of it by SMS.
    const told = await db.select().from(messageOutbox).where(and(eq(messageOutbox.commandeId, late.id), eq(messageOutbox.historyId, history!.id)))
    expect(told.map((m) => m.body)).toEqual([expect.stringContaining('non livrée, nous vous rappelons')])

    // The day's list keeps what was done today, with its state.
    const after = (await app.inject({ url: '/api/livraisons', headers: moussa.auth })).json() as { commandes: Array<{ numero: string; etat: string; montant_encaisse: number | null }> }
    expect(after.commandes.find((c) => c.numero === late.numero)?.etat).toBe('echec_livraison')
    expect(after.commandes.find((c) => c.numero === early.numero)).toMatchObject({ etat: 'livree', montant_encaisse: early.total - 500 })
  })

  it('a failed delivery goes out again, or is cancelled: stock back, the online payment refunded through the sandbox', async () => {
    const courier = await courierSession('Modou Faye')
    // Out again: the staff send it, the courier delivers.
    const cash = await outForDelivery('CASH', courier.livreur)
    expect((await failAs(courier, cash.numero, { raison: 'client_absent' })).statusCode).toBe(204)
    await setEtat(cash.numero, 'en_livraison')
    expect((await deliverAs(courier, cash.numero)).statusCode).toBe(204)
    expect((await orderRow(cash.id)).etat).toBe('livree')

    // Cancelled: a Wave order paid online.
    const paid = await outForDelivery('WAVE', courier.livreur)
    const stockBefore = (await db.select().from(produits).where(eq(produits.id, paid.produit)))[0]!.quantite
    expect((await failAs(courier, paid.numero, { raison: 'refusee' })).statusCode).toBe(204)
    // The staff may not mark it delivered from there: only out again, cancelled or refunded.
    const refused = await app.inject({ method: 'POST', url: `/api/commande/${paid.numero}/etat`, headers: manager.auth, payload: { etat: 'livree' } })
    expect(refused.statusCode).toBe(409)
    // Cancelled: the stock comes back and the online payment goes back at once, through the
    // provider's sandbox, without the staff's « Rembourser ».
    const cancelled = await app.inject({ method: 'POST', url: `/api/commande/${paid.numero}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Livraison refusée par le client' } })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ etat: 'remboursee', paiement: { statut: 'remboursee' } })
    expect((await db.select().from(produits).where(eq(produits.id, paid.produit)))[0]!.quantite).toBe(stockBefore + 2)
    const [given] = await db.select().from(paiements).where(eq(paiements.commandeId, paid.id))
    expect(given!.statut).toBe('remboursee')
    // Nothing is left to refund.
    const again = await app.inject({ method: 'POST', url: `/api/commande/${paid.numero}/remboursement`, headers: manager.auth, payload: { motif: 'Livraison refusée' } })
    expect(again.statusCode).toBe(409)

    // A cash order cancelled after a failed delivery: no money came, nothing to refund.
    const unpaid = await outForDelivery('CASH', courier.livreur)
    expect((await failAs(courier, unpaid.numero, { raison: 'adresse_introuvable' })).statusCode).toBe(204)
    const cashCancelled = await app.inject({ method: 'POST', url: `/api/commande/${unpaid.numero}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Adresse introuvable' } })
    expect(cashCancelled.statusCode, cashCancelled.body).toBe(200)
    expect(cashCancelled.json()).toMatchObject({ etat: 'annulee' })
  })
})

describe('the cash page reads what the courier entered', () => {
  it('« Caisse » sums the cash orders the courier marked « Livrée », with what they collected, until handed back', async () => {
    const courier = await courierSession('Ousmane Sarr')
    const full = await outForDelivery('CASH', courier.livreur)
    const short = await outForDelivery('CASH', courier.livreur)
    const paid = await outForDelivery('WAVE', courier.livreur)
    expect((await deliverAs(courier, full.numero)).statusCode).toBe(204)
    expect((await deliverAs(courier, short.numero, { montant_encaisse: short.total - 500 })).statusCode).toBe(204)
    expect((await deliverAs(courier, paid.numero)).statusCode).toBe(204)
    const day = async () =>
      ((await app.inject({ url: '/api/caisse', headers: manager.auth })).json() as Array<{ livreur: { id: number } }>).find((row) => row.livreur.id === courier.livreur)
    // The online order is not cash: two orders, the prefilled total for one, 500 short on the other.
    const collected = full.total + short.total - 500
    expect(await day()).toMatchObject({ commandes: 2, a_encaisser: full.total + short.total, encaisse: collected, remis: 0, ecart: collected, ecart_encaissement: 500 })
    const handed = await app.inject({ method: 'POST', url: '/api/caisse/remise', headers: manager.auth, payload: { livreur: courier.livreur, date: new Date().toISOString().slice(0, 10), montant: collected } })
    expect(handed.statusCode, handed.body).toBe(201)
    expect(await day()).toMatchObject({ remis: collected, ecart: 0 })
    // The courier sees neither the page nor its hand-backs.
    expect((await app.inject({ url: '/api/caisse', headers: courier.auth })).statusCode).toBe(403)
  })
})

describe('the tracking page names the courier while on the way', () => {
  it('« livreur { prenom } » in en_livraison only, never their phone', async () => {
    const courier = await courierSession('Moussa Diallo')
    const order = await outForDelivery('CASH', courier.livreur)
    const k = new URL(app.messaging.messages!.trackingLink(order.numero)).searchParams.get('k')!
    const ask = async () => {
      const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query($n: String!, $k: String!) { suivi(numero: $n, k: $k) { etat livreur { prenom } } }', variables: { n: order.numero, k } } })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data.suivi as { etat: string; livreur: { prenom: string } | null }
    }
    expect(await ask()).toEqual({ etat: 'en_livraison', livreur: { prenom: 'Moussa' } })
    expect((await deliverAs(courier, order.numero)).statusCode).toBe(204)
    expect(await ask()).toEqual({ etat: 'livree', livreur: null })
  })
})
