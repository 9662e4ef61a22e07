// Refunds in the back office (issue 10, issue 16 §2, DESIGN §5–§7, ADR 025) through the real app
// listening on loopback: the Wave and PayTech adapters ask the server's sandbox to give the money
// back, cash is recorded by hand; in full or in parts (by lines, each back to stock or not, or by
// an amount) up to what was paid, when the order moves to remboursee through the lifecycle;
// points taken back in proportion; a provider's failure changes nothing; the provider is asked
// with the order's row unlocked.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { LOYALTY_MOTIF_REFUNDED } from '@teranga/shared/loyalty'
import { MESSAGES } from '@teranga/shared/server-messages'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { auditLog, commandes, modelivraisons, modepaiements, mouvementsStock, orderHistory, paiements, pointsFidelite, produits, remboursements } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { grantRole, makeProduct } from './factories.ts'
import { freshDatabase, signIn, testConfig, type SignedIn } from './helpers.ts'

let app: FastifyInstance
let config: Config
let db: Database['db']
let close: () => Promise<void>
let waveProxy: Server
/** Run by the Wave proxy when the shop asks for a refund, before the sandbox is; a status answers instead of the sandbox. */
let onWaveRefund: (() => Promise<number | void>) | null = null
let manager: SignedIn
let customer: SignedIn
const ids = { domicile: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  // The shop reaches the Wave sandbox through a pass-through proxy, where a test can act while the shop waits for a refund.
  waveProxy = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const status = request.url?.endsWith('/refund') && onWaveRefund ? await onWaveRefund() : undefined
    if (status) return void response.writeHead(status, { 'content-type': 'application/json' }).end('{"code":"unavailable"}')
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type', 'idempotency-key']) if (typeof request.headers[name] === 'string') headers[name] = request.headers[name]
    const answer = await fetch(`http://127.0.0.1:${port}/sandbox/wave${request.url}`, { method: request.method!, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) })
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => waveProxy.listen(0, '127.0.0.1', resolve))
  config.payments.wave.apiUrl = `http://127.0.0.1:${(waveProxy.address() as AddressInfo).port}`
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, orderRateLimit: 1000, expireOrdersEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    waveProxy.close()
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
  const placed = await placeLines(mode, [{ prix, quantite }])
  return { id: placed.id, numero: placed.numero }
}

/** An order of several products (each made with a stock of 10), and those products' ids. */
async function placeLines(mode: 'CASH' | 'WAVE' | 'OM', lines: Array<{ prix: number; quantite: number }>) {
  const products: number[] = []
  for (const line of lines) {
    const produit = await makeProduct(db, { prix: line.prix, quantite: 10 })
    products.push(produit.id)
    await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: produit.id, quantite: line.quantite, action: 0 } })
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: customer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string }
  return { id: commande.id, numero: commande.numerocommande, products }
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

  it('the provider refuses: 502 with a French message, the order and its payment unchanged, nothing refunded', async () => {
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
    // The attempt is kept as failed, and counts for nothing.
    expect((await refundsOf(id)).map((r) => r.statut)).toEqual(['echoue'])
    const detail = (await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail).toMatchObject({ etat: 'annulee', rembourse: 0, remboursements: [], remboursable: true })
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

const detailOf = async (numero: string) => (await app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
const stockOf = async (produitId: number) => (await db.select().from(produits).where(eq(produits.id, produitId)))[0]!.quantite
const refundMoves = (orderId: number) => db.select().from(mouvementsStock).where(and(eq(mouvementsStock.commandeId, orderId), eq(mouvementsStock.raison, 'remboursement')))
const takenBack = async (orderId: number) =>
  (await db.select().from(pointsFidelite).where(and(eq(pointsFidelite.commandeId, orderId), eq(pointsFidelite.motif, LOYALTY_MOTIF_REFUNDED)))).reduce((sum, p) => sum - p.points, 0)

/** Runs `probe` while the shop waits for Wave's answer to a refund (a status: Wave answers that instead). */
async function duringWaveRefund<T>(probe: () => Promise<number | void>, run: () => Promise<T>): Promise<T> {
  onWaveRefund = probe
  try {
    return await run()
  } finally {
    onWaveRefund = null
  }
}

describe('refunds in parts (issue 16 §2)', () => {
  it('by lines: one back to stock (a stock movement of the order), one not; the detail lists each with its lines, the order stays livree', async () => {
    const { id, numero, products } = await placeLines('WAVE', [
      { prix: 5000, quantite: 2 },
      { prix: 3000, quantite: 1 },
    ])
    const [a, b] = products as [number, number]
    await payOnline(numero)
    await deliver(numero, 'payee')
    const [stockA, stockB] = [await stockOf(a), await stockOf(b)]

    const first = await refund(numero, { motif: 'Un article abîmé', lignes: [{ produit: a, quantite: 1, restock: true }] })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ etat: 'livree', rembourse: 5000, remboursable: true, paiement: { statut: 'payee' } })
    expect(first.json().remboursements).toEqual([
      expect.objectContaining({ montant: 5000, provider: 'wave', statut: 'effectue', motif: 'Un article abîmé', lignes: [expect.objectContaining({ produit: expect.objectContaining({ id: a }), quantite: 1, prix: 5000, restock: true })] }),
    ])
    expect(await stockOf(a)).toBe(stockA + 1)
    expect((await refundMoves(id)).map((m) => ({ produitId: m.produitId, delta: m.delta, staffId: m.staffId }))).toEqual([{ produitId: a, delta: 1, staffId: manager.userId }])

    const second = await refund(numero, { motif: 'Article jamais reçu', lignes: [{ produit: b, quantite: 1, restock: false }] })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json()).toMatchObject({ etat: 'livree', rembourse: 8000 })
    expect(second.json().remboursements).toHaveLength(2)
    expect(await stockOf(b)).toBe(stockB)
    expect(await refundMoves(id)).toHaveLength(1)
    expect(await refundsOf(id)).toHaveLength(2)
    // The customer reads on their order what was given back, and for which lines.
    const mine = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: customer.auth,
      // The storefront's « Mes achats » query, whole: its cost stays within the server's bound.
      payload: {
        query: `query Commandes($page: Int, $count: Int) { commandespaginated(page: $page, count: $count) {
          metadata { total per_page current_page last_page }
          data { id numerocommande etat etat_text etat_badge created_at_fr montantcommande montantliv remise montanttotal montanttotalformat
            adresseliv modepaiement { id designation code } modelivraison { id code designation } depot { id designation }
            detailcommandes { id quantite prix produit { id designation image imagesrcset } }
            rembourse rembourseformat remboursements { id montant montantformat date_fr lignes { designation quantite total totalformat } } } } }`,
        variables: { page: 1, count: 5 },
      },
    })
    expect(mine.statusCode, mine.body).toBe(200)
    const order = (mine.json().data.commandespaginated.data as Array<{ numerocommande: string }>).find((o) => o.numerocommande === numero)
    expect(order).toMatchObject({ rembourse: 8000, remboursements: [{ montant: 5000, lignes: [{ quantite: 1, total: 5000 }] }, { montant: 3000, lignes: [{ quantite: 1, total: 3000 }] }] })
  })

  it('by amount, several times up to the total: then, and only then, remboursee; points taken back in proportion, cumulatively', async () => {
    const before = await profilePoints()
    const { id, numero } = await place('CASH', { prix: 10_000, quantite: 1 })
    await deliver(numero, 'en_attente')
    expect(await profilePoints()).toBe(before + 10)
    const total = (await detailOf(numero)).total as number

    const third = Math.floor(total / 3)
    const first = await refund(numero, { motif: 'Geste commercial', montant: third })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ etat: 'livree', rembourse: third, remboursable: true })
    expect(await takenBack(id)).toBe(Math.floor((10 * third) / total))

    const second = await refund(numero, { motif: 'Geste commercial', montant: third })
    expect(second.statusCode, second.body).toBe(200)
    expect(await takenBack(id)).toBe(Math.floor((10 * 2 * third) / total))
    expect(await etatOf(numero)).toBe('livree')

    // Neither lines nor amount: what remains.
    const rest = await refund(numero, { motif: 'Le reste' })
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json()).toMatchObject({ etat: 'remboursee', rembourse: total, remboursable: false })
    expect((await refundsOf(id)).map((r) => r.montant)).toEqual([third, third, total - 2 * third])
    expect(await takenBack(id)).toBe(10)
    expect(await profilePoints()).toBe(before)
    // One ledger line per refund that took something, never two for the same refund.
    const lines = await db.select().from(pointsFidelite).where(and(eq(pointsFidelite.commandeId, id), eq(pointsFidelite.motif, LOYALTY_MOTIF_REFUNDED)))
    expect(new Set(lines.map((l) => l.remboursementId)).size).toBe(lines.length)
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'commande.remboursement'), eq(auditLog.resourceId, numero)))
    expect(audits).toHaveLength(3)

    const again = await refund(numero, { motif: 'Encore', montant: 1 })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(ORDERS_MESSAGES.alreadyRefunded)
  })

  it('more than remains is refused with 409 naming the field, and nothing changes', async () => {
    const { id, numero, products } = await placeLines('WAVE', [{ prix: 4000, quantite: 2 }])
    await payOnline(numero)
    await deliver(numero, 'payee')
    const paid = (await detailOf(numero)).paiement.montant as number
    const over = await refund(numero, { motif: 'Trop', montant: paid + 1 })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toBe(ORDERS_MESSAGES.refundTooMuch(paid))
    expect(over.json().errors.montant).toEqual([ORDERS_MESSAGES.refundTooMuch(paid)])

    expect((await refund(numero, { motif: 'Presque tout', montant: paid - 3000 })).statusCode).toBe(200)
    // Both lines (8 000 FCFA) no longer fit in the 3 000 FCFA left.
    const lines = await refund(numero, { motif: 'Les lignes', lignes: [{ produit: products[0], quantite: 2, restock: true }] })
    expect(lines.statusCode).toBe(409)
    expect(lines.json().errors.lignes).toEqual([ORDERS_MESSAGES.refundTooMuch(3000)])
    expect((await refundsOf(id)).map((r) => r.montant)).toEqual([paid - 3000])
    expect(await refundMoves(id)).toHaveLength(0)
  })

  it('bad lines are a 400 naming the field: a product not in the order, more than is left of a line, restock after a cancel, lines and amount together', async () => {
    const other = await makeProduct(db)
    const { numero, products } = await placeLines('WAVE', [{ prix: 2000, quantite: 2 }])
    const [a] = products as [number]
    await payOnline(numero)
    await deliver(numero, 'payee')

    const unknown = await refund(numero, { motif: 'x', lignes: [{ produit: other.id, quantite: 1, restock: false }] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors['lignes.0.produit']).toEqual([ORDERS_MESSAGES.refundLineUnknown])
    const tooMany = await refund(numero, { motif: 'x', lignes: [{ produit: a, quantite: 3, restock: false }] })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors['lignes.0.quantite']).toEqual([ORDERS_MESSAGES.refundLineTooMany(2)])
    expect((await refund(numero, { motif: 'x', lignes: [{ produit: a, quantite: 2, restock: false }] })).statusCode).toBe(200)
    const none = await refund(numero, { motif: 'x', lignes: [{ produit: a, quantite: 1, restock: false }] })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors['lignes.0.quantite']).toEqual([ORDERS_MESSAGES.refundLineTooMany(0)])

    const both = await refund(numero, { motif: 'x', lignes: [{ produit: a, quantite: 1, restock: false }], montant: 100 })
    expect(both.statusCode).toBe(400)
    expect(both.json().errors.montant).toEqual([ORDERS_MESSAGES.refundLinesOrAmount])
    for (const [payload, field] of [
      [{ motif: 'x', lignes: [] }, 'lignes'],
      [{ motif: 'x', lignes: [{ produit: a, quantite: 0, restock: true }] }, 'lignes.0.quantite'],
      [{ motif: 'x', lignes: [{ produit: a, quantite: 1 }] }, 'lignes.0.restock'],
      [{ motif: 'x', lignes: [{ produit: '0x10', quantite: 1, restock: true }] }, 'lignes.0.produit'],
      [{ motif: 'x', montant: 0 }, 'montant'],
      [{ motif: 'x', montant: 10.5 }, 'montant'],
    ] as const) {
      const res = await refund(numero, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field)
    }

    const cancelled = await placeLines('WAVE', [{ prix: 2000, quantite: 1 }])
    await payOnline(cancelled.numero)
    await setEtat(cancelled.numero, 'annulee', 'Rupture')
    const restock = await refund(cancelled.numero, { motif: 'x', lignes: [{ produit: cancelled.products[0], quantite: 1, restock: true }] })
    expect(restock.statusCode).toBe(400)
    expect(restock.json().errors['lignes.0.restock']).toEqual([ORDERS_MESSAGES.refundRestockCancelled])
  })

  it('customers get 403 and visitors 401, whatever the body', async () => {
    const { numero, products } = await placeLines('WAVE', [{ prix: 2000, quantite: 1 }])
    const body = { motif: 'x', lignes: [{ produit: products[0], quantite: 1, restock: true }] }
    expect((await refund(numero, body, customer)).statusCode).toBe(403)
    expect((await app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, payload: body })).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, payload: { montant: 'beaucoup' } })).statusCode).toBe(401)
  })

  it('two refunds racing for the remainder: exactly one succeeds; two that both fit both succeed', async () => {
    const race = await placeLines('WAVE', [{ prix: 3000, quantite: 2 }])
    await payOnline(race.numero)
    await deliver(race.numero, 'payee')
    const answers = await Promise.all([refund(race.numero, { motif: 'Premier' }), refund(race.numero, { motif: 'Second' })])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const rows = await refundsOf(race.id)
    expect(rows.map((r) => r.statut)).toEqual(['effectue'])
    expect(await etatOf(race.numero)).toBe('remboursee')

    const fit = await placeLines('OM', [{ prix: 3000, quantite: 2 }])
    await payOnline(fit.numero)
    await deliver(fit.numero, 'payee')
    const paid = (await detailOf(fit.numero)).paiement.montant as number
    const halves = await Promise.all([refund(fit.numero, { motif: 'Moitié', montant: paid / 2 }), refund(fit.numero, { motif: 'Moitié', montant: paid / 2 })])
    expect(halves.map((a) => a.statusCode)).toEqual([200, 200])
    expect((await refundsOf(fit.id)).map((r) => r.montant)).toEqual([paid / 2, paid / 2])
    expect(await etatOf(fit.numero)).toBe('remboursee')
  })

  it('the provider is asked with the order row unlocked and the refund recorded pending; it counts against what remains meanwhile', async () => {
    const { id, numero } = await placeLines('WAVE', [{ prix: 2500, quantite: 2 }])
    await payOnline(numero)
    await deliver(numero, 'payee')
    const seen: Array<{ statut: string; locks: number; second: number }> = []
    const res = await duringWaveRefund(
      async () => {
        // Another connection locks and updates the order row without waiting: `nowait` fails at once if the refund held it.
        await db.transaction(async (tx) => {
          await tx.execute(sql`select id from commandes where id = ${id} for update nowait`)
          await tx.execute(sql`update commandes set updated_at = now() where id = ${id}`)
        })
        // This database's only: the test files' databases are clones of one template, their tables have the same oids.
        const locks = await db.execute(sql`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'commandes' and l.mode = 'RowShareLock' and l.pid <> pg_backend_pid()
            and l.database = (select oid from pg_database where datname = current_database())`)
        const [row] = await refundsOf(id)
        // Meanwhile, a second refund finds nothing left.
        const second = await refund(numero, { motif: 'Pendant ce temps' })
        seen.push({ statut: row!.statut, locks: (locks as unknown as { rows: Array<{ n: number }> }).rows[0]!.n, second: second.statusCode })
      },
      () => refund(numero, { motif: 'Colis perdu' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(seen).toEqual([{ statut: 'en_cours', locks: 0, second: 409 }])
    expect(res.json()).toMatchObject({ etat: 'remboursee', rembourse: res.json().paiement.montant })
    expect((await refundsOf(id)).map((r) => r.statut)).toEqual(['effectue'])
  })

  it('a provider failure on a partial refund gives back nothing: no stock, no points, the remainder intact', async () => {
    const before = await profilePoints()
    const { id, numero, products } = await placeLines('WAVE', [{ prix: 6000, quantite: 2 }])
    await payOnline(numero)
    await deliver(numero, 'payee')
    const stock = await stockOf(products[0]!)
    const failing = await duringWaveRefund(
      async () => 503,
      () => refund(numero, { motif: 'Abîmé', lignes: [{ produit: products[0], quantite: 1, restock: true }] }),
    )
    expect(failing.statusCode).toBe(502)
    expect(failing.json().message).toBe(ORDERS_MESSAGES.refundProviderFailed)
    expect(await stockOf(products[0]!)).toBe(stock)
    expect(await profilePoints()).toBe(before + 12)
    expect(await takenBack(id)).toBe(0)
    expect(await detailOf(numero)).toMatchObject({ etat: 'livree', rembourse: 0, remboursable: true, paiement: { statut: 'payee' } })
    // The same line can be refunded once the provider answers again.
    const retry = await refund(numero, { motif: 'Abîmé', lignes: [{ produit: products[0], quantite: 1, restock: true }] })
    expect(retry.statusCode, retry.body).toBe(200)
    expect(await stockOf(products[0]!)).toBe(stock + 1)
    expect(await takenBack(id)).toBe(Math.floor((12 * 6000) / (await detailOf(numero)).paiement.montant))
  })
})
