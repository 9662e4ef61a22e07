// Refunds in the back office (issue 10, DESIGN §5–§7) through the real app listening on
// loopback: the Wave and PayTech adapters ask the server's sandbox to give the money back, cash
// is recorded by hand; the order then moves to remboursee through the lifecycle (points taken
// back after delivery), once: a second refund is refused, a provider's failure changes nothing.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { LOYALTY_MOTIF_REFUNDED } from '@teranga/shared/loyalty'
import { MESSAGES } from '@teranga/shared/messages'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { auditLog, commandes, modelivraisons, modepaiements, orderHistory, paiements, pointsFidelite, remboursements } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { grantRole, makeProduct } from './factories.ts'
import { freshDatabase, signIn, testConfig, type SignedIn } from './helpers.ts'

let app: FastifyInstance
let config: Config
let db: Database['db']
let close: () => Promise<void>
let manager: SignedIn
let customer: SignedIn
const ids = { domicile: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    await app.close()
    await database.close()
    await drop()
  }
  ;[manager, customer] = await Promise.all([signIn(app), signIn(app)])
  await grantRole(db, manager.userId, 'gestionnaire')
  ids.domicile = (await db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  for (const mode of await db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => close?.())

async function place(mode: 'CASH' | 'WAVE' | 'OM', { prix = 4700, quantite = 3 } = {}) {
  const produit = await makeProduct(db, { prix, quantite: 10 })
  await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite, action: 0 } })
  const res = await app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string }
  return { id: commande.id, numero: commande.numerocommande }
}

/** The customer pays on the sandbox's page: the order becomes payee. */
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
  expect(await etatOf(numero)).toBe('payee')
}

const etatOf = async (numero: string) => (await db.select().from(commandes).where(eq(commandes.numerocommande, numero)))[0]!.etat
const setEtat = async (numero: string, etat: string, motif?: string) => {
  const res = await app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat, ...(motif ? { motif } : {}) } })
  expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
}
const deliver = async (numero: string, from: 'en_attente' | 'payee') => {
  for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) await setEtat(numero, etat)
  expect(from).toBeTruthy()
}
const refund = (numero: string, payload: Record<string, unknown> = { motif: 'Produit défectueux' }, who: SignedIn = manager) =>
  app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: who.auth, payload })
const refundsOf = (orderId: number) => db.select().from(remboursements).where(eq(remboursements.commandeId, orderId))
const profilePoints = async () => (await app.inject({ url: '/api/profile', headers: customer.auth })).json().utilisateur.points as number

describe('POST /api/commande/:numero/remboursement', () => {
  it('Wave, after delivery: the sandbox gives the money back, the order is remboursee, points taken back, audited; a second refund is 409', async () => {
    const before = await profilePoints()
    const { id, numero } = await place('WAVE', { prix: 4700, quantite: 3 })
    await payOnline(numero)
    await deliver(numero, 'payee')
    expect(await profilePoints()).toBe(before + 14)
    const detail = (await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail).toMatchObject({ remboursable: true, paiement: { provider: 'wave', statut: 'payee' } })

    const res = await refund(numero)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ numero, etat: 'remboursee', etat_text: 'Remboursée', remboursable: false, paiement: { statut: 'remboursee' } })
    expect(await profilePoints()).toBe(before)
    const ledger = await db.select().from(pointsFidelite).where(and(eq(pointsFidelite.commandeId, id), eq(pointsFidelite.motif, LOYALTY_MOTIF_REFUNDED)))
    expect(ledger.map((p) => p.points)).toEqual([-14])
    const [row] = await refundsOf(id)
    expect(row).toMatchObject({ provider: 'wave', motif: 'Produit défectueux', staffId: manager.userId })
    expect(row!.providerRef).toMatch(/^rf-/)
    expect(row!.montant).toBe((await db.select().from(paiements).where(eq(paiements.commandeId, id)))[0]!.montant)
    const [history] = await db.select().from(orderHistory).where(and(eq(orderHistory.commandeId, id), eq(orderHistory.toEtat, 'remboursee')))
    expect(history).toMatchObject({ fromEtat: 'livree', actorKind: 'staff', actorId: String(manager.userId), reason: 'Produit défectueux' })
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'commande.remboursement'), eq(auditLog.resourceId, numero)))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ staffId: manager.userId, before: { etat: 'livree' } })

    const again = await refund(numero)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(ORDERS_MESSAGES.alreadyRefunded)
    expect(await refundsOf(id)).toHaveLength(1)
    expect(await profilePoints()).toBe(before)
  })

  it('PayTech (Orange Money), cancelled after payment: refunded through the sandbox', async () => {
    const { id, numero } = await place('OM', { prix: 3000, quantite: 1 })
    await payOnline(numero)
    await setEtat(numero, 'annulee', 'Rupture chez le fournisseur')
    const detail = (await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail).toMatchObject({ etat: 'annulee', a_rembourser: true, remboursable: true })
    const res = await refund(numero, { motif: 'Rupture chez le fournisseur' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ etat: 'remboursee', a_rembourser: false })
    const [row] = await refundsOf(id)
    expect(row).toMatchObject({ provider: 'paytech', montant: 4000 })
    expect((await db.select().from(paiements).where(eq(paiements.commandeId, id)))[0]!.statut).toBe('remboursee')
  })

  it('cash after delivery: recorded by hand with the reason, points taken back', async () => {
    const before = await profilePoints()
    const { id, numero } = await place('CASH', { prix: 5000, quantite: 2 })
    await deliver(numero, 'en_attente')
    expect(await profilePoints()).toBe(before + 10)
    const res = await refund(numero, { motif: 'Colis abîmé, rendu au livreur' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().etat).toBe('remboursee')
    expect(await profilePoints()).toBe(before)
    const [row] = await refundsOf(id)
    expect(row).toMatchObject({ provider: 'cash', providerRef: null, montant: res.json().total, motif: 'Colis abîmé, rendu au livreur' })
  })

  it('two refunds clicked at once: one succeeds, one 409, one refund row', async () => {
    const { id, numero } = await place('WAVE', { prix: 2000, quantite: 1 })
    await payOnline(numero)
    await setEtat(numero, 'annulee', 'Doublon')
    const answers = await Promise.all([refund(numero), refund(numero)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(await refundsOf(id)).toHaveLength(1)
  })

  it('the provider refuses: 502 with a French message, the order and its payment unchanged, nothing recorded', async () => {
    const { id, numero } = await place('WAVE', { prix: 2000, quantite: 1 })
    await payOnline(numero)
    await setEtat(numero, 'annulee', 'Client absent')
    // The session was already refunded at Wave (by hand on its dashboard): Wave refuses a second one.
    const [attempt] = await db.select().from(paiements).where(eq(paiements.commandeId, id))
    const direct = await fetch(`${config.payments.wave.apiUrl}/v1/checkout/sessions/${attempt!.providerRef}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.payments.wave.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(direct.status).toBe(200)
    const res = await refund(numero)
    expect(res.statusCode).toBe(502)
    expect(res.json().message).toBe(ORDERS_MESSAGES.refundProviderFailed)
    expect(await etatOf(numero)).toBe('annulee')
    expect((await db.select().from(paiements).where(eq(paiements.commandeId, id)))[0]!.statut).toBe('a_rembourser')
    expect(await refundsOf(id)).toHaveLength(0)
  })

  it('refused for orders not paid or not finished; motif required; staff only', async () => {
    const waiting = await place('CASH')
    const notYet = await refund(waiting.numero)
    expect(notYet.statusCode).toBe(409)
    expect(notYet.json().message).toBe(ORDERS_MESSAGES.notRefundable)
    await setEtat(waiting.numero, 'annulee', 'Annulée au téléphone')
    const unpaid = await refund(waiting.numero)
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().message).toBe(MESSAGES.orderRefundUnpaid)
    const noMotif = await refund(waiting.numero, {})
    expect(noMotif.statusCode).toBe(400)
    expect(noMotif.json().errors.motif).toEqual([ORDERS_MESSAGES.motifRequired])
    expect((await refund(waiting.numero, { motif: 'x'.repeat(501) })).statusCode).toBe(400)
    expect((await refund('TRG-000000-ABSENT')).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: `/api/commande/${waiting.numero}/remboursement`, payload: { motif: 'a' } })).statusCode).toBe(401)
    const asCustomer = await refund(waiting.numero, { motif: 'a' }, customer)
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
  })
})
