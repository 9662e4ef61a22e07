// Property tests over money (issue 23 §2, ADR 041), on the real database through the real app
// (the Wave sandbox answers on loopback): generated carts (sale prices included), discount codes
// (a percentage or an amount, a few uses), loyalty tiers (a percentage off, free delivery), home
// delivery or pickup, cash or Wave, and sequences of payments, pay-agains (cash after Wave, a
// late approval), cancels, moves along the machine and partial refunds (lines, amounts, the
// rest). After every step: the total is never negative, refunds never exceed what was paid, in
// all or per line, the stock is conserved, points are never negative, and the code's uses never
// exceed its limit. Seeded (FC_SEED to replay another, FC_RUNS for more runs); a failure prints
// the counterexample and the seed, without shrinking (each run writes to the database).
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import {
  codesPromo,
  commandes,
  depots,
  modelivraisons,
  modepaiements,
  orderHistory,
  paiements,
  pointsFidelite,
  privilegeRecompenses,
  privileges,
  produits,
  remboursementLignes,
  remboursements,
  typerecompenses,
} from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { freshDatabase, signIn, signInStaff, testConfig, type SignedIn } from './helpers.ts'

const NUM_RUNS = Number(process.env.FC_RUNS ?? 25)
const SEED = Number(process.env.FC_SEED ?? 230231)
const STOCK = 40

let app: FastifyInstance
let db: Database['db']
let close: () => Promise<void>
let admin: SignedIn
let manager: SignedIn
const ids = { domicile: 0, retrait: 0, depot: 0, modes: {} as Record<string, number>, rewards: {} as Record<string, number> }

beforeAll(async () => {
  const { database, drop } = await freshDatabase()
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 10_000, orderRateLimit: 10_000, expireOrdersEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    await app.close()
    await database.close()
    await drop()
  }
  ;({ admin, manager } = await signInStaff({ app, db, database, close }))
  const delivery = await db.select().from(modelivraisons)
  ids.domicile = delivery.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = delivery.find((m) => m.code === 'RETRAIT')!.id
  for (const mode of await db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
  for (const type of await db.select().from(typerecompenses)) ids.rewards[type.code] = type.id
  const [depot] = await db.insert(depots).values({ designation: 'Dépôt des propriétés', adresse: 'Médina', latitude: 14.68, longitude: -17.45 }).returning({ id: depots.id })
  ids.depot = depot!.id
})
afterAll(() => close?.())

// ---------- what is generated ----------

const lineArb = fc.record({
  prix: fc.integer({ min: 1, max: 800 }).map((n) => n * 25),
  quantite: fc.integer({ min: 1, max: 4 }),
  /** A running sale: this fraction of the price, in percent. */
  sale: fc.option(fc.integer({ min: 10, max: 95 }), { nil: undefined }),
})
const codeArb = fc.option(
  fc.oneof(
    fc.record({ type: fc.constant('pourcentage' as const), valeur: fc.integer({ min: 1, max: 100 }), max: fc.integer({ min: 1, max: 2 }) }),
    fc.record({ type: fc.constant('montant' as const), valeur: fc.integer({ min: 1, max: 400 }).map((n) => n * 100), max: fc.integer({ min: 1, max: 2 }) }),
  ),
  { nil: undefined },
)
const tierArb = fc.option(fc.record({ percent: fc.integer({ min: 0, max: 40 }), freeDelivery: fc.constantFrom(0, 50, 100) }), { nil: undefined })
const stepArb = fc.oneof(
  fc.constant({ kind: 'pay' as const }),
  fc.constant({ kind: 'lateApproval' as const }),
  fc.constant({ kind: 'cashInstead' as const }),
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'advance' as const }),
  fc.constant({ kind: 'advance' as const }),
  fc.record({ kind: fc.constant('refundLine' as const), line: fc.nat(3), quantite: fc.integer({ min: 1, max: 3 }), restock: fc.boolean() }),
  fc.record({ kind: fc.constant('refundAmount' as const), montant: fc.integer({ min: 1, max: 30_000 }) }),
  fc.constant({ kind: 'refundRest' as const }),
)
const scenarioArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  code: codeArb,
  tier: tierArb,
  pickup: fc.boolean(),
  online: fc.boolean(),
  /** A second order of the same cart with the same code (its uses). */
  twice: fc.boolean(),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 7 }),
})
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never

// ---------- the shop, driven ----------

let seq = 0
const NEXT: Record<string, string> = { en_attente: 'confirmee', payee: 'confirmee', confirmee: 'en_preparation', en_livraison: 'livree', prete_retrait: 'livree' }

/** Every answer is one the shop means: never a 500. */
function ok<R extends { statusCode: number; body: string }>(res: R, what: string): R {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500)
  return res
}

async function press(url: string, decision: 'approve' | 'decline') {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }).toString(), redirect: 'manual' })
  expect(res.status).toBeLessThan(500)
}

async function setUp(s: Scenario) {
  const run = ++seq
  const customer = await signIn(app)
  if (s.tier) {
    // A tier of its own threshold, which only this run's customer reaches as its highest.
    const threshold = 1_000_000 + run * 1000
    const [tier] = await db.insert(privileges).values({ designation: `Propriété ${run}`, point: threshold, couleur: '#123456' }).returning()
    const rewards = [
      ...(s.tier.percent > 0 ? [{ privilegeId: tier!.id, typerecompenseId: ids.rewards.REMISE_POURCENT!, valeur: s.tier.percent }] : []),
      ...(s.tier.freeDelivery > 0 ? [{ privilegeId: tier!.id, typerecompenseId: ids.rewards.LIVRAISON_GRATUITE!, valeur: s.tier.freeDelivery }] : []),
    ]
    if (rewards.length > 0) await db.insert(privilegeRecompenses).values(rewards)
    await db.insert(pointsFidelite).values({ clientId: customer.userId, points: threshold, motif: 'test' })
  }
  const sub = await makeSubcategory(db)
  const products = []
  for (const line of s.lines) {
    const sale = line.sale ? { prixPromo: Math.max(1, Math.floor((line.prix * line.sale) / 100)), promoDebut: new Date(Date.now() - 3_600_000), promoFin: new Date(Date.now() + 3_600_000) } : {}
    products.push(await makeProduct(db, { prix: line.prix, quantite: STOCK, souscategorieId: sub.id, ...(sale.prixPromo !== undefined && sale.prixPromo < line.prix ? sale : {}) }))
  }
  let code: { id: number; code: string; max: number } | undefined
  if (s.code) {
    const name = `PROP${run}X${Math.random().toString(36).slice(2, 6).toUpperCase()}`
    const res = await app.inject({ method: 'POST', url: '/api/codepromo', headers: admin.auth, payload: { code: name, type: s.code.type, valeur: s.code.valeur, utilisations_max: s.code.max } })
    expect(res.statusCode, res.body).toBe(201)
    code = { id: res.json().id as number, code: name, max: s.code.max }
  }
  return { customer, products, code }
}

async function placeOrder(s: Scenario, customer: SignedIn, products: Array<{ id: number }>, code: string | undefined) {
  for (const [i, line] of s.lines.entries()) {
    ok(await app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: products[i]!.id, quantite: line.quantite, action: 1 } }), 'cart')
  }
  const where = s.pickup
    ? { modelivraison: ids.retrait, depot: ids.depot, tel: '+221 77 123 45 67' }
    : { modelivraison: ids.domicile, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' }
  const res = ok(
    await app.inject({
      method: 'POST',
      url: '/api/commande',
      headers: customer.auth,
      payload: { ...where, modepaiement: ids.modes[s.online ? 'WAVE' : 'CASH'], ...(code ? { codepromo: code } : {}) },
    }),
    'order',
  )
  return res.statusCode === 201 ? (res.json().commande as { id: number; numerocommande: string }) : undefined
}

type Step = Scenario['steps'][number]

async function play(step: Step, customer: SignedIn, order: { id: number; numerocommande: string }, products: Array<{ id: number }>) {
  const numero = order.numerocommande
  const url = `/api/commande/${numero}`
  const [row] = await db.select({ etat: commandes.etat }).from(commandes).where(eq(commandes.id, order.id))
  switch (step.kind) {
    case 'pay': {
      const res = ok(await app.inject({ method: 'POST', url: `${url}/paiement`, headers: customer.auth }), 'pay')
      if (res.statusCode === 200 && res.json().url) await press(res.json().url as string, 'approve')
      return
    }
    case 'lateApproval': {
      // Wave's page opened, then cash chosen, then the Wave page approved.
      const res = ok(await app.inject({ method: 'POST', url: `${url}/paiement`, headers: customer.auth, payload: { modepaiement: ids.modes.WAVE } }), 'pay wave')
      if (res.statusCode !== 200 || !res.json().url) return
      ok(await app.inject({ method: 'POST', url: `${url}/paiement`, headers: customer.auth, payload: { modepaiement: ids.modes.CASH } }), 'cash instead')
      await press(res.json().url as string, 'approve')
      return
    }
    case 'cashInstead':
      ok(await app.inject({ method: 'POST', url: `${url}/paiement`, headers: customer.auth, payload: { modepaiement: ids.modes.CASH } }), 'cash instead')
      return
    case 'cancel':
      if (row!.etat === 'en_attente' || row!.etat === 'en_attente_paiement') ok(await app.inject({ method: 'POST', url: `${url}/annulation`, headers: customer.auth }), 'cancel')
      else ok(await app.inject({ method: 'POST', url: `${url}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Rupture' } }), 'cancel by staff')
      return
    case 'advance': {
      const pickup = (await db.select({ code: modelivraisons.code }).from(commandes).innerJoin(modelivraisons, eq(modelivraisons.id, commandes.modelivraisonId)).where(eq(commandes.id, order.id)))[0]!.code === 'RETRAIT'
      const next = row!.etat === 'en_preparation' ? (pickup ? 'prete_retrait' : 'en_livraison') : NEXT[row!.etat]
      if (next) ok(await app.inject({ method: 'POST', url: `${url}/etat`, headers: manager.auth, payload: { etat: next } }), `advance to ${next}`)
      return
    }
    case 'refundLine': {
      const produit = products[step.line % products.length]!.id
      ok(await app.inject({ method: 'POST', url: `${url}/remboursement`, headers: manager.auth, payload: { motif: 'Article manquant', lignes: [{ produit, quantite: step.quantite, restock: step.restock }] } }), 'refund line')
      return
    }
    case 'refundAmount':
      ok(await app.inject({ method: 'POST', url: `${url}/remboursement`, headers: manager.auth, payload: { motif: 'Geste commercial', montant: step.montant } }), 'refund amount')
      return
    case 'refundRest':
      ok(await app.inject({ method: 'POST', url: `${url}/remboursement`, headers: manager.auth, payload: { motif: 'Tout rembourser' } }), 'refund rest')
      return
  }
}

// ---------- what must always hold ----------

async function checkInvariants(orders: Array<{ id: number; numerocommande: string }>, products: Array<{ id: number }>, lines: Scenario['lines'], customer: SignedIn, code: { id: number; max: number } | undefined) {
  const orderIds = orders.map((o) => o.id)
  const rows = orderIds.length ? await db.select().from(commandes).where(inArray(commandes.id, orderIds)) : []
  for (const order of rows) {
    const total = order.montantcommande + order.montantliv - order.remise
    expect(total, `${order.numerocommande}: total`).toBeGreaterThanOrEqual(0)
    expect(order.remise).toBeGreaterThanOrEqual(0)

    const attempts = await db.select().from(paiements).where(eq(paiements.commandeId, order.id))
    expect(attempts.filter((a) => a.statut === 'en_cours').length, `${order.numerocommande}: open attempts`).toBeLessThanOrEqual(1)
    const received = attempts.filter((a) => ['payee', 'a_rembourser', 'remboursee'].includes(a.statut))
    const reached = (await db.select({ to: orderHistory.toEtat }).from(orderHistory).where(eq(orderHistory.commandeId, order.id))).map((h) => h.to)
    const cashCollected = received.length === 0 && reached.includes('livree') ? total : 0
    const paid = Math.max(0, ...received.map((a) => a.montant), cashCollected)
    const refunds = await db.select().from(remboursements).where(and(eq(remboursements.commandeId, order.id), inArray(remboursements.statut, ['en_cours', 'effectue'])))
    const refunded = refunds.reduce((sum, r) => sum + r.montant, 0)
    expect(refunded, `${order.numerocommande}: refunded ${refunded} of ${paid} paid`).toBeLessThanOrEqual(paid)

    // Per line: what its refunds gave back never exceeds what was paid for it, nor its quantity.
    const detail = (await app.inject({ url: `/api/admin/commande/${order.numerocommande}`, headers: manager.auth })).json() as { lignes: Array<{ produit: { id: number }; quantite: number; paye: number }> }
    expect(detail.lignes.reduce((sum, l) => sum + l.paye, 0), `${order.numerocommande}: the lines add up to what was paid for the goods`).toBe(
      order.montantcommande - (order.remise - (order.remiseLivraison ?? 0)),
    )
    const refundLines = refunds.length ? await db.select().from(remboursementLignes).where(inArray(remboursementLignes.remboursementId, refunds.map((r) => r.id))) : []
    for (const line of detail.lignes) {
      const mine = refundLines.filter((l) => l.produitId === line.produit.id)
      expect(mine.reduce((sum, l) => sum + (l.montant ?? 0), 0), `${order.numerocommande}: line ${line.produit.id} refunded`).toBeLessThanOrEqual(line.paye)
      expect(mine.reduce((sum, l) => sum + l.quantite, 0)).toBeLessThanOrEqual(line.quantite)
    }
    if (order.etat === 'remboursee') expect(refunds.filter((r) => r.statut === 'effectue').reduce((sum, r) => sum + r.montant, 0)).toBe(paid)
  }

  // Stock: what was sold left the shelf; what a cancel or a refund put back came back; nothing else moved.
  for (const [i, product] of products.entries()) {
    let expected = STOCK
    for (const order of rows) {
      const reached = (await db.select({ to: orderHistory.toEtat }).from(orderHistory).where(eq(orderHistory.commandeId, order.id))).map((h) => h.to)
      // A cancelled order leaves the shelf as it found it, whatever its refunds put back before.
      if (reached.includes('annulee')) continue
      expected -= lines[i]!.quantite
      const restocked = await db
        .select({ n: sql<number>`coalesce(sum(${remboursementLignes.quantite}), 0)::int` })
        .from(remboursementLignes)
        .innerJoin(remboursements, eq(remboursements.id, remboursementLignes.remboursementId))
        .where(and(eq(remboursements.commandeId, order.id), eq(remboursements.statut, 'effectue'), eq(remboursementLignes.produitId, product.id), eq(remboursementLignes.restock, true)))
      expected += restocked[0]!.n
    }
    const [now] = await db.select({ quantite: produits.quantite }).from(produits).where(eq(produits.id, product.id))
    expect(now!.quantite, `stock of product ${product.id}`).toBe(expected)
  }

  // Points: the balance, and each order's own movements, never below 0.
  const [balance] = await db.select({ n: sql<number>`coalesce(sum(${pointsFidelite.points}), 0)::int` }).from(pointsFidelite).where(eq(pointsFidelite.clientId, customer.userId))
  expect(balance!.n).toBeGreaterThanOrEqual(0)
  for (const id of orderIds) {
    const [own] = await db.select({ n: sql<number>`coalesce(sum(${pointsFidelite.points}), 0)::int` }).from(pointsFidelite).where(eq(pointsFidelite.commandeId, id))
    expect(own!.n, `points of order ${id}`).toBeGreaterThanOrEqual(0)
  }

  if (code) {
    const [row] = await db.select({ utilisations: codesPromo.utilisations }).from(codesPromo).where(eq(codesPromo.id, code.id))
    expect(row!.utilisations).toBeGreaterThanOrEqual(0)
    expect(row!.utilisations).toBeLessThanOrEqual(code.max)
  }
}

describe('money over generated orders (issue 23 §2)', () => {
  it(`holds its invariants over ${NUM_RUNS} generated scenarios (seed ${SEED})`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const { customer, products, code } = await setUp(s)
        const orders: Array<{ id: number; numerocommande: string }> = []
        for (let n = 0; n < (s.twice ? 2 : 1); n++) {
          const placed = await placeOrder(s, customer, products, code?.code)
          if (placed) orders.push(placed)
        }
        await checkInvariants(orders, products, s.lines, customer, code)
        for (const step of s.steps) {
          for (const order of orders) await play(step, customer, order, products)
          await checkInvariants(orders, products, s.lines, customer, code)
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true, verbose: 1 },
    )
  })
})
