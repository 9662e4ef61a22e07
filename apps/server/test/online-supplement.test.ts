// A dearer substitute on an order paid online (issue 25 §2, ADR 058) through the real app
// listening on loopback (the Wave sandbox's page is reached over HTTP): the preparation caps the
// substitute and its message carries the acceptance link; accepted, the supplement is what the
// courier collects (« Mes livraisons », the slip's amount, « Livrée » prefilled and bounded), the
// tracking page and the « en route » message say « Supplément de X FCFA à payer à la livraison »,
// the cash page counts it; accepting twice or after delivery is refused, and a later refund
// never gives back more than was paid online.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COURIER_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { formatPrix, formatPrixSms } from '@teranga/shared/money'
import { PREPARATION_MESSAGES as P, supplementDue, supplementDueText } from '@teranga/shared/preparation'
import { buildApp } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import { commandes, messageOutbox, modelivraisons, modepaiements, paiements, remboursements } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { customerText, preparedText } from '../src/modules/messages/message-texts.ts'
import { grantRole, makeProduct } from './factories.ts'
import { emulatorPhoneSignIn, freshDatabase, signIn, testConfig, uniqueSenegalMobile, type SignedIn } from './helpers.ts'

let app: FastifyInstance
let db: Database['db']
let close: () => Promise<void>
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const ids = { domicile: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, orderRateLimit: 1000, expireOrdersEveryMs: 0, messagesEveryMs: 0, sweepMediaEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    await app.close()
    await database.close()
    await drop()
  }
  ;[admin, manager, customer] = await Promise.all([signIn(app), signIn(app), signIn(app)])
  await grantRole(db, admin.userId, 'admin')
  await grantRole(db, manager.userId, 'gestionnaire')
  ids.domicile = (await db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  for (const mode of await db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => close?.())

/** A courier of the list, invited by phone and signed in with that number. */
async function courierSession(nom: string) {
  const created = await app.inject({ method: 'POST', url: '/api/livreur', headers: admin.auth, payload: { nom, telephone: '77 555 12 34' } })
  expect(created.statusCode, created.body).toBe(201)
  const livreur = created.json().id as number
  const phone = uniqueSenegalMobile()
  expect((await app.inject({ method: 'POST', url: '/api/invitation', headers: admin.auth, payload: { telephone: phone, role: 'livreur', livreur } })).statusCode).toBe(201)
  const res = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: (await emulatorPhoneSignIn(phone)).idToken } })
  expect(res.statusCode, res.body).toBe(200)
  return { livreur, auth: { authorization: `Bearer ${res.json().token as string}` } }
}

const setEtat = async (numero: string, etat: string) => {
  const res = await app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat } })
  expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
}

/** A Wave order of one unit of a product at 1 000 FCFA, paid through the sandbox, being prepared. */
async function paidWaveOrder() {
  const butter = await makeProduct(db, { prix: 1000, quantite: 20, designation: 'Beurre 250 g' })
  const dearer = await makeProduct(db, { prix: 1800, quantite: 20, designation: 'Beurre 500 g' })
  expect((await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: butter.id, quantite: 1, action: 0 } })).statusCode).toBe(200)
  const placed = await app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes.WAVE, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const { id, numerocommande: numero } = placed.json().commande as { id: number; numerocommande: string }
  const started = await app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: customer.auth })
  expect(started.statusCode, started.body).toBe(200)
  const paid = await fetch(started.json().url as string, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=approve', redirect: 'manual' })
  expect(paid.status).toBe(303)
  await setEtat(numero, 'confirmee')
  await setEtat(numero, 'en_preparation')
  // The butter is missing: the dearer one replaces it, capped at 1 000 FCFA (800 FCFA more).
  const prepared = await app.inject({ method: 'POST', url: `/api/commande/${numero}/preparation`, headers: manager.auth, payload: { lignes: [{ produit: butter.id, quantite_preparee: 0, remplacement: { produit: dearer.id, quantite: 1 } }] } })
  expect(prepared.statusCode, prepared.body).toBe(200)
  expect(prepared.json()).toMatchObject({ supplement: 800, supplement_accepte: false, a_encaisser: null, rembourse: 0 })
  return { id, numero }
}

const messagesOf = async (id: number) => (await db.select().from(messageOutbox).where(and(eq(messageOutbox.commandeId, id), eq(messageOutbox.audience, 'client')))).map((m) => m.body)
const orderRow = async (id: number) => (await db.select().from(commandes).where(eq(commandes.id, id)))[0]!
const paidOnline = async (id: number) => (await db.select().from(paiements).where(eq(paiements.commandeId, id)))[0]!.montant
const keysOf = (message: string) => ({ k: /k=([\w-]{22})/.exec(message)![1]!, s: /&s=([\w-]{22})/.exec(message)![1]! })
const accept = (numero: string, k: string) => app.inject({ method: 'POST', url: `/api/suivi/${numero}/supplement`, payload: { k } })

describe('a dearer substitute on an order paid online', () => {
  it('is offered by link; accepted, the courier collects the supplement, the tracking page, messages, slip and cash page say so', async () => {
    const courier = await courierSession('Fatou Ndiaye')
    const { id, numero } = await paidWaveOrder()
    const paid = await paidOnline(id)
    const total = (await orderRow(id)).montantTotal
    expect(total).toBe(paid)

    const [message] = (await messagesOf(id)).filter((m) => m.includes('préparée'))
    expect(message).toContain(`Accepter ${formatPrixSms(800)} de plus (à payer à la livraison) pour le produit de remplacement : `)
    const { k, s } = keysOf(message!)
    // Before accepting: nothing to pay at delivery.
    const before = await app.inject({ url: `/api/suivi/${numero}?k=${k}` })
    expect(before.json().commande).toMatchObject({ supplement_a_payer: null, montanttotal: total })

    const accepted = await accept(numero, s)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json().commande).toMatchObject({ supplement_a_payer: 800, montanttotal: total + 800 })
    expect((await orderRow(id)).montantTotal).toBe(total + 800)
    // Twice: refused, nothing more added.
    const twice = await accept(numero, s)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(P.supplementNone)
    expect((await orderRow(id)).montantTotal).toBe(total + 800)

    // The tracking page (GraphQL, as the storefront reads it) says what is left to pay.
    const suivi = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ suivi(numero: "${numero}", k: "${k}") { montanttotal supplement_a_payer } }` } })
    expect(suivi.json().data.suivi).toEqual({ montanttotal: total + 800, supplement_a_payer: 800 })
    expect(supplementDueText(800)).toBe(`Supplément de ${formatPrix(800)} à payer à la livraison`)

    // The back office's detail (and so the slip): 800 to collect.
    const detail = (await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail).toMatchObject({ supplement_accepte: true, a_encaisser: 800 })

    // Out for delivery: « Mes livraisons » shows 800 to collect, the message says so.
    const assigned = await app.inject({ method: 'PUT', url: `/api/commande/${numero}/livreur`, headers: manager.auth, payload: { livreur: courier.livreur } })
    expect(assigned.statusCode, assigned.body).toBe(200)
    await setEtat(numero, 'en_livraison')
    const mine = await app.inject({ url: '/api/livraisons', headers: courier.auth })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.headers['cache-control']).toBe('no-store')
    expect((mine.json().commandes as Array<{ numero: string }>).find((o) => o.numero === numero)).toMatchObject({ a_encaisser: 800, paiement_a_la_livraison: true, montant_total: total + 800 })
    const onTheWay = (await messagesOf(id)).filter((m) => m.includes('en route'))
    expect(onTheWay).toHaveLength(1)
    expect(onTheWay[0]).toContain(supplementDueText(800, formatPrixSms))

    // « Livrée »: more than twice the supplement is a typo (400 naming the field); prefilled, 800.
    const tooMuch = await app.inject({ method: 'POST', url: `/api/livraisons/${numero}/livree`, headers: courier.auth, payload: { montant_encaisse: 1601 } })
    expect(tooMuch.statusCode).toBe(400)
    expect(Object.keys(tooMuch.json().errors)).toEqual(['montant_encaisse'])
    expect(tooMuch.json().message).toBe(COURIER_MESSAGES.amountTooHigh(formatPrix(1600)))
    const delivered = await app.inject({ method: 'POST', url: `/api/livraisons/${numero}/livree`, headers: courier.auth, payload: {} })
    expect(delivered.statusCode, delivered.body).toBe(204)
    expect(await orderRow(id)).toMatchObject({ etat: 'livree', montantEncaisse: 800 })
    // Delivered: the supplement was collected, nothing is due any more (tracking, GraphQL, back office).
    const afterDelivery = await app.inject({ url: `/api/suivi/${numero}?k=${k}` })
    expect(afterDelivery.json().commande).toMatchObject({ etat: 'livree', supplement_a_payer: null })
    const suiviDelivered = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ suivi(numero: "${numero}", k: "${k}") { supplement_a_payer retrait } }` } })
    expect(suiviDelivered.json().data.suivi).toEqual({ supplement_a_payer: null, retrait: false })
    expect((await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()).toMatchObject({ supplement_accepte: true, a_encaisser: null })

    // The cash page: one order, 800 to collect, 800 collected.
    const caisse = ((await app.inject({ url: '/api/caisse', headers: manager.auth })).json() as Array<{ livreur: { id: number } }>).find((row) => row.livreur.id === courier.livreur)
    expect(caisse).toMatchObject({ commandes: 1, a_encaisser: 800, encaisse: 800, remis: 0, ecart_encaissement: 0 })

    // After delivery: refused again.
    expect((await accept(numero, s)).statusCode).toBe(409)

    // A refund of everything later gives back what was paid online, never the cash supplement too.
    const refund = await app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: manager.auth, payload: { motif: 'Produit abîmé' } })
    expect(refund.statusCode, refund.body).toBeLessThan(300)
    const refunded = (await db.select().from(remboursements).where(eq(remboursements.commandeId, id))).reduce((sum, r) => sum + r.montant, 0)
    expect(refunded).toBe(paid)
    const again = await app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: manager.auth, payload: { motif: 'Encore', montant: 100 } })
    expect(again.statusCode).toBe(409)
  })

  it('not accepted: the cap stays, nothing to collect; accepting once delivered is refused', async () => {
    const courier = await courierSession('Moussa Fall')
    const { id, numero } = await paidWaveOrder()
    const [message] = (await messagesOf(id)).filter((m) => m.includes('préparée'))
    const { s } = keysOf(message!)
    expect((await app.inject({ method: 'PUT', url: `/api/commande/${numero}/livreur`, headers: manager.auth, payload: { livreur: courier.livreur } })).statusCode).toBe(200)
    await setEtat(numero, 'en_livraison')
    const mine = (await app.inject({ url: '/api/livraisons', headers: courier.auth })).json().commandes as Array<{ numero: string }>
    expect(mine.find((o) => o.numero === numero)).toMatchObject({ a_encaisser: 0, paiement_a_la_livraison: false })
    expect((await messagesOf(id)).filter((m) => m.includes('en route')).some((m) => m.includes('Supplément'))).toBe(false)
    // An amount entered for an order with nothing to collect is not recorded.
    expect((await app.inject({ method: 'POST', url: `/api/livraisons/${numero}/livree`, headers: courier.auth, payload: { montant_encaisse: 800 } })).statusCode).toBe(204)
    expect(await orderRow(id)).toMatchObject({ etat: 'livree', montantEncaisse: null })
    const late = await accept(numero, s)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(P.supplementTooLate)
    const caisse = ((await app.inject({ url: '/api/caisse', headers: manager.auth })).json() as Array<{ livreur: { id: number } }>).find((row) => row.livreur.id === courier.livreur)
    expect(caisse).toBeUndefined()
  })
})

describe('what is still due, written once (supplementDue), and where it is paid', () => {
  it('nothing once delivered, cancelled or refunded, nor on a cash order; « au retrait » for a pickup', () => {
    const accepted = { supplement: 800, supplementAccepted: true }
    expect(supplementDue({ cash: false, etat: 'en_livraison', ...accepted })).toBe(800)
    expect(supplementDue({ cash: false, etat: 'prete_retrait', ...accepted })).toBe(800)
    for (const etat of ['livree', 'annulee', 'remboursee']) expect(supplementDue({ cash: false, etat, ...accepted })).toBe(0)
    expect(supplementDue({ cash: true, etat: 'en_livraison', ...accepted })).toBe(0)
    expect(supplementDue({ cash: false, etat: 'en_livraison', supplement: 800, supplementAccepted: false })).toBe(0)
    expect(supplementDueText(800, formatPrixSms, true)).toBe('Supplément de 800 FCFA à payer au retrait')
    const about = { numero: 'T-000900', total: 5800, link: 'https://teranga.sn/suivi/T-000900', due: 800, pickup: true }
    expect(customerText('prete_retrait', about)).toBe('Teranga : commande T-000900 (5 800 FCFA) disponible au retrait. Supplément de 800 FCFA à payer au retrait. Suivi : https://teranga.sn/suivi/T-000900')
    expect(customerText('en_attente', { ...about, due: null })).toBe('Teranga : commande T-000900 (5 800 FCFA) à payer au retrait. https://teranga.sn/suivi/T-000900')
    const prepared = { changes: [{ kind: 'manquant' as const, quantite: 1, designation: 'Huile 1 L' }], supplement: 800 }
    expect(preparedText(about, { ...prepared, aEncaisser: null }, null, 'https://teranga.sn/s')).toContain('Accepter 800 FCFA de plus (à payer au retrait) pour')
    expect(preparedText(about, { ...prepared, aEncaisser: 4000, supplement: null }, null, null)).toContain('1 × Huile 1 L manquant, 4 000 FCFA à payer au retrait.')
    expect(preparedText({ ...about, pickup: false }, { ...prepared, aEncaisser: 4000, supplement: null }, null, null)).toContain('4 000 FCFA à payer à la livraison.')
  })
})

