// Going live (issue 17): the whole shop killed with SIGKILL in the middle of a busy moment — 20
// customers filling their carts and placing orders, 2 staff members moving orders along their
// lifecycle, cancelling and refunding — then restarted. Whatever was acknowledged is there
// (orders with their lines, amounts, stock history and first state; moves; refunds; loyalty
// points; cart lines), nothing is half-written, and the next orders go through. Requests in
// flight at the kill may have been kept or not: only acknowledged ones are owed.
// An order takes the whole cart, so the cart lines owed are those acknowledged since the
// customer's last order request; the orders are cash on delivery, which a delivery pays, so the
// refunds are real ones (recorded by hand) without a payment provider.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, gt, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { ORDER_RATE_LIMIT_PER_MINUTE } from '@teranga/shared/constants'
import { LOYALTY_MOTIF_DELIVERED, pointsEarned } from '@teranga/shared/loyalty'
import { ORDER_STATUSES, type OrderStatus } from '@teranga/shared/order-status'
import { openDatabase, type Database } from '../src/db/client.ts'
import { runningEmbeddedUrl } from '../src/db/embedded-postgres.ts'
import {
  commandes,
  detailCommandes,
  modelivraisons,
  modepaiements,
  mouvementsStock,
  orderHistory,
  panierProduits,
  paniers,
  pointsFidelite,
  produits,
  remboursementLignes,
  remboursements,
} from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { grantRole, makeProduct, makeSubcategory } from './factories.ts'
import { createEmulatorUser } from './helpers.ts'
import { killEverything, shopProcesses, start, stop, waitForHealth } from './shop-process.ts'

const CUSTOMERS = 20
const STAFF = 2
/** Order requests per customer before the kill: with the one after the restart, within the shop's limit a minute. */
const ORDERS_BEFORE_KILL = ORDER_RATE_LIMIT_PER_MINUTE - 1
/** The load runs at least this long before the kill… */
const LOAD_MS = 3_000
/** …and at most this long, whatever the staff have managed by then. */
const LOAD_BOUND_MS = 40_000

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1))

interface Answer {
  status: number
  body: any // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Every state an order may reach from `etat` (itself included), along the shared machine. */
function reachableFrom(etat: OrderStatus): Set<string> {
  const seen = new Set<string>([etat])
  const queue: OrderStatus[] = [etat]
  while (queue.length) {
    for (const next of ORDER_STATUSES[queue.shift()!].next) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  }
  return seen
}

interface Customer {
  userId: number
  auth: { authorization: string }
  /** Lines acknowledged since the last order request was sent: what the cart must hold. */
  pending: Map<number, number>
  /** A cart add that got no answer: it may or may not be in the cart. */
  addInFlight: { produit: number; quantite: number } | null
  /** An order request that got no answer: it may have been placed or not. */
  orderInFlight: { key: string; body: Record<string, unknown>; lines: Map<number, number> } | null
  orderRequests: number
}

interface PlacedOrder {
  numero: string
  clientId: number
  lines: Array<[number, number, number]>
  montantcommande: number
  montantliv: number
  remise: number
  etat: string
  /** The staff member who works this order, its place in their queue, and whether a request about it went unanswered. */
  staff: number
  rank: number
  uncertain: boolean
  refunded: number
}

describe('kill -9 in the middle of a busy moment', () => {
  it('keeps every acknowledged order, move, refund, loyalty entry and cart line, and takes the next orders', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-crash-'))
    dirs.push(dataDir)
    const port = await freePort()
    const env = { DATA_DIR: dataDir, PORT: String(port), FIREBASE_PROJECT_ID: 'demo-teranga-test', FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'), LOG_LEVEL: 'warn' }
    const base = `http://127.0.0.1:${port}`

    /** One request; `null` when no answer came (the shop died under it, or was dead already). */
    async function call(method: string, url: string, headers: Record<string, string>, payload?: unknown): Promise<Answer | null> {
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        })
        const text = await res.text()
        return { status: res.status, body: text ? JSON.parse(text) : null }
      } catch {
        return null
      }
    }

    async function signIn() {
      const user = await createEmulatorUser()
      const res = await call('POST', '/api/sociallogin', {}, { idToken: user.idToken })
      expect(res?.status).toBe(200)
      return { userId: res!.body.utilisateur.id as number, auth: { authorization: `Bearer ${res!.body.token as string}` } }
    }

    const first = start(env)
    await waitForHealth(port, first.child, first.output)
    const open = async () => openDatabase({ databaseUrl: (await runningEmbeddedUrl(dataDir))!, poolSize: 2 })
    let database: Database = await open()

    // A shelf of its own: 8 products with plenty of stock, each 1 000 FCFA or more (points at delivery).
    const shelf = await makeSubcategory(database.db)
    const products: number[] = []
    for (let i = 0; i < 8; i++) products.push((await makeProduct(database.db, { souscategorieId: shelf.id, prix: 1000 + 350 * i, quantite: 5000 })).id)
    const domicile = (await database.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE')))[0]!.id
    const cash = (await database.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH')))[0]!.id
    const orderBody = (i: number) => ({ modelivraison: domicile, modepaiement: cash, adresseliv: `Rue ${i + 1}, villa 24, Mermoz`, zone: 'Mermoz', tel: '+221 77 123 45 67' })

    const customers: Customer[] = []
    for (let i = 0; i < CUSTOMERS; i++) customers.push({ ...(await signIn()), pending: new Map(), addInFlight: null, orderInFlight: null, orderRequests: 0 })
    const staff: Array<{ userId: number; auth: { authorization: string } }> = []
    for (let i = 0; i < STAFF; i++) {
      const member = await signIn()
      // The role as the shop's own grant gives it, on the database the shop is running on.
      await grantRole(database.db, member.userId, 'gestionnaire')
      staff.push(member)
    }

    // Before the load: each product's stock and the last line of any stock history.
    const stockBefore = new Map((await database.db.select({ id: produits.id, q: produits.quantite }).from(produits).where(inArray(produits.id, products))).map((p) => [p.id, p.q]))
    const lastMovement = (await database.db.select({ id: mouvementsStock.id }).from(mouvementsStock)).reduce((max, m) => Math.max(max, m.id), 0)
    await database.close()

    // ---------- the load ----------
    const orders: PlacedOrder[] = []
    const moves: Array<{ numero: string; vers: string }> = []
    const refunds: Array<{ numero: string; id: number; montant: number; restocked: Map<number, number> }> = []
    const unexpected: string[] = []
    const counts = { cartAdds: 0, livree: 0, annulee: 0, ordersInFlight: 0, staffInFlight: 0 }
    let killed = false

    async function customerLoop(i: number) {
      const c = customers[i]!
      while (!killed) {
        for (let n = between(1, 2); n > 0 && !killed; n--) {
          const line = { produit: pick(products), quantite: between(1, 3) }
          const res = await call('POST', '/api/panier', c.auth, { user: c.userId, ...line, action: 0 })
          if (!res) return void (c.addInFlight = line)
          if (res.status !== 200) return void unexpected.push(`panier ${res.status} ${JSON.stringify(res.body)}`)
          c.pending.set(line.produit, (c.pending.get(line.produit) ?? 0) + line.quantite)
          counts.cartAdds++
        }
        // The customer looks at the cart for a moment; past their orders, they go on filling it.
        await sleep(between(150, 400))
        if (killed || c.orderRequests >= ORDERS_BEFORE_KILL) continue
        const attempt = { key: randomUUID(), body: orderBody(i), lines: new Map(c.pending) }
        c.orderRequests++
        c.pending = new Map()
        counts.ordersInFlight++
        const res = await call('POST', '/api/commande', { ...c.auth, 'idempotency-key': attempt.key }, attempt.body)
        counts.ordersInFlight--
        if (!res) return void (c.orderInFlight = attempt)
        if (res.status !== 201) return void unexpected.push(`commande ${res.status} ${JSON.stringify(res.body)}`)
        const commande = res.body.commande
        orders.push({
          numero: commande.numerocommande,
          clientId: c.userId,
          lines: commande.detailcommandes.map((l: { produit: { id: number }; quantite: number; prix: number }) => [l.produit.id, l.quantite, l.prix]),
          montantcommande: commande.montantcommande,
          montantliv: commande.montantliv,
          remise: commande.remise,
          etat: commande.etat,
          staff: orders.length % STAFF,
          rank: Math.floor(orders.length / STAFF),
          uncertain: false,
          refunded: 0,
        })
      }
    }

    /**
     * What the staff member does next to `order`, by its state and its place in their queue: one
     * in four is cancelled (the first one at once); of those delivered, one in three is refunded in two parts (a unit of
     * the first line back on the shelf, then the rest), one in three all at once, the others kept.
     */
    function nextAction(order: PlacedOrder): { etat: string; motif?: string } | { refund: Record<string, unknown> } | null {
      switch (order.etat) {
        case 'en_attente':
          return order.rank % 4 === 0 ? { etat: 'annulee', motif: 'Client injoignable' } : { etat: 'confirmee' }
        case 'confirmee':
          return { etat: 'en_preparation' }
        case 'en_preparation':
          return { etat: 'en_livraison' }
        case 'en_livraison':
          return { etat: 'livree' }
        case 'livree':
          if (order.rank % 3 === 0 && order.refunded === 0) return { refund: { motif: 'Article abîmé', lignes: [{ produit: order.lines[0]![0], quantite: 1, restock: true }] } }
          if (order.rank % 3 === 0) return { refund: { motif: 'Reste du paiement rendu' } }
          if (order.rank % 3 === 1) return { refund: { motif: 'Commande retournée' } }
          return null
        default:
          return null
      }
    }

    async function staffLoop(s: number) {
      const member = staff[s]!
      const done = new Set<string>()
      while (!killed) {
        const mine = orders.filter((o) => o.staff === s && !o.uncertain && !done.has(o.numero))
        if (mine.length === 0) {
          await sleep(20)
          continue
        }
        // Mostly the oldest order of the queue, all the way through; sometimes any other.
        const order = Math.random() < 0.6 ? mine[0]! : pick(mine)
        const action = nextAction(order)
        if (!action) {
          done.add(order.numero)
          continue
        }
        counts.staffInFlight++
        const res =
          'refund' in action
            ? await call('POST', `/api/commande/${order.numero}/remboursement`, member.auth, action.refund)
            : await call('POST', `/api/commande/${order.numero}/etat`, member.auth, action)
        counts.staffInFlight--
        if (!res) return void (order.uncertain = true)
        if (res.status !== 200) return void unexpected.push(`${order.numero} ${JSON.stringify(action)}: ${res.status} ${JSON.stringify(res.body)}`)
        if ('refund' in action) {
          const newest = (res.body.remboursements as Array<{ id: number; montant: number; lignes: Array<{ produit: { id: number }; quantite: number; restock: boolean }> }>).reduce((a, b) => (b.id > a.id ? b : a))
          const restocked = new Map(newest.lignes.filter((l) => l.restock).map((l) => [l.produit.id, l.quantite]))
          refunds.push({ numero: order.numero, id: newest.id, montant: newest.montant, restocked })
          order.refunded += newest.montant
        } else {
          moves.push({ numero: order.numero, vers: action.etat })
          if (action.etat === 'livree') counts.livree++
          if (action.etat === 'annulee') counts.annulee++
        }
        order.etat = res.body.etat
        await sleep(between(5, 30))
      }
    }

    const started = Date.now()
    const actors = [...customers.map((_, i) => customerLoop(i)), ...staff.map((_, s) => staffLoop(s))]
    // The kill comes once the load has run a while, the staff have delivered, cancelled and
    // refunded something, and orders and staff requests are in flight; or at the bound, whatever happened.
    // The processes are read first (a walk through /proc), then the kill waits for such a moment again.
    const ready = () => counts.livree > 0 && counts.annulee > 0 && refunds.length > 0 && counts.ordersInFlight > 0 && counts.staffInFlight > 0
    const waitForTheMoment = async () => {
      while (Date.now() - started < LOAD_BOUND_MS && unexpected.length === 0 && !(Date.now() - started >= LOAD_MS && ready())) await sleep(2)
    }
    await waitForTheMoment()
    const processes = await shopProcesses(first.child, dataDir)
    await waitForTheMoment()
    const loadMs = Date.now() - started
    // From here no actor sends anything new: what gets no answer was in flight at the kill.
    killed = true
    await killEverything(first.child, dataDir, processes)
    await Promise.all(actors)
    const inFlightAtKill = customers.filter((c) => c.addInFlight || c.orderInFlight).length + orders.filter((o) => o.uncertain).length
    expect(unexpected).toEqual([])
    expect(refunds.length, 'the staff refunded something before the kill').toBeGreaterThan(0)
    expect(counts.livree).toBeGreaterThan(0)
    expect(counts.annulee).toBeGreaterThan(0)

    // ---------- the restart ----------
    const second = start(env)
    await waitForHealth(port, second.child, second.output)
    database = await open()
    const db = database.db
    const customerIds = customers.map((c) => c.userId)

    const allOrders = await db.select().from(commandes).where(inArray(commandes.clientId, customerIds))
    const orderIds = allOrders.map((o) => o.id)
    const byNumero = new Map(allOrders.map((o) => [o.numerocommande, o]))
    const allLines = await db.select().from(detailCommandes).where(inArray(detailCommandes.commandeId, orderIds))
    const allHistory = await db.select().from(orderHistory).where(inArray(orderHistory.commandeId, orderIds)).orderBy(orderHistory.id)
    const movements = await db.select().from(mouvementsStock).where(gt(mouvementsStock.id, lastMovement)).orderBy(mouvementsStock.id)
    const ledger = await db.select().from(pointsFidelite).where(inArray(pointsFidelite.clientId, customerIds))
    const refundRows = await db.select().from(remboursements).where(inArray(remboursements.commandeId, orderIds))
    const refundLines = refundRows.length ? await db.select().from(remboursementLignes).where(inArray(remboursementLignes.remboursementId, refundRows.map((r) => r.id))) : []
    const of = <T extends { commandeId: number | null }>(rows: T[], id: number) => rows.filter((r) => r.commandeId === id)

    // No order half-written: each has its lines, their amount, their sales in the stock history,
    // and a history that starts with its first state and leads, move by move, to its state now.
    for (const order of allOrders) {
      const lines = of(allLines, order.id)
      expect(lines.length, order.numerocommande).toBeGreaterThan(0)
      expect(order.montantcommande).toBe(lines.reduce((sum, l) => sum + l.prix * l.quantite, 0))
      const sales = of(movements, order.id).filter((m) => m.raison === 'vente')
      expect(sales.map((m) => [m.produitId, -m.delta]).sort()).toEqual(lines.map((l) => [l.produitId, l.quantite]).sort())
      const history = of(allHistory, order.id)
      expect(history[0]).toMatchObject({ fromEtat: null, toEtat: 'en_attente', actorKind: 'client' })
      for (let h = 1; h < history.length; h++) expect(history[h]!.fromEtat).toBe(history[h - 1]!.toEtat)
      expect(history.at(-1)!.toEtat).toBe(order.etat)
      // A cancel gives every line back; a delivery credits its points once.
      const reached = new Set(history.map((h) => h.toEtat))
      if (reached.has('annulee')) {
        const back = of(movements, order.id).filter((m) => m.raison === 'annulation')
        expect(back.map((m) => [m.produitId, m.delta]).sort()).toEqual(lines.map((l) => [l.produitId, l.quantite]).sort())
      }
      const earned = of(ledger, order.id).filter((p) => p.motif === LOYALTY_MOTIF_DELIVERED)
      expect(earned.map((p) => p.points), order.numerocommande).toEqual(reached.has('livree') ? [pointsEarned(order.montantcommande)] : [])
      // Everything refunded: the points it earned are all taken back.
      if (order.etat === 'remboursee') expect(of(ledger, order.id).reduce((sum, p) => sum + p.points, 0)).toBe(0)
    }

    // Every order answered 201 is there, as it was answered, and readable by its customer.
    for (const placed of orders) {
      const row = byNumero.get(placed.numero)
      expect(row, placed.numero).toBeDefined()
      expect(row).toMatchObject({ clientId: placed.clientId, montantcommande: placed.montantcommande, montantliv: placed.montantliv, remise: placed.remise })
      expect(of(allLines, row!.id).map((l) => [l.produitId, l.quantite, l.prix]).sort()).toEqual([...placed.lines].sort())
      const owner = customers.find((c) => c.userId === placed.clientId)!
      const answer = await call('GET', `/api/commande/${placed.numero}`, owner.auth)
      expect(answer?.status).toBe(200)
      expect(answer!.body.commande.montanttotal).toBe(placed.montantcommande + placed.montantliv - placed.remise)
    }

    // Every acknowledged move is in its order's history, and the order is there or further on.
    for (const move of moves) {
      const row = byNumero.get(move.numero)!
      expect(of(allHistory, row.id).some((h) => h.toEtat === move.vers && h.actorKind === 'staff'), `${move.numero} → ${move.vers}`).toBe(true)
      expect(reachableFrom(move.vers as OrderStatus).has(row.etat), `${move.numero} ${move.vers} then ${row.etat}`).toBe(true)
    }

    // Every acknowledged refund is there, done, and the goods it put back are in the stock history.
    for (const refund of refunds) {
      const row = refundRows.find((r) => r.id === refund.id)
      expect(row, `refund ${refund.id} of ${refund.numero}`).toMatchObject({ commandeId: byNumero.get(refund.numero)!.id, montant: refund.montant, statut: 'effectue', provider: 'cash' })
      const lines = refundLines.filter((l) => l.remboursementId === refund.id && l.restock)
      expect(new Map(lines.map((l) => [l.produitId, l.quantite]))).toEqual(refund.restocked)
    }
    for (const order of allOrders) {
      const restocked = refundLines.filter((l) => l.restock && refundRows.some((r) => r.id === l.remboursementId && r.commandeId === order.id && r.statut === 'effectue'))
      const back = of(movements, order.id).filter((m) => m.raison === 'remboursement')
      expect(back.reduce((sum, m) => sum + m.delta, 0)).toBe(restocked.reduce((sum, l) => sum + l.quantite, 0))
    }

    // Each product's stock is its stock before plus every line of its history since.
    const stockNow = await db.select({ id: produits.id, q: produits.quantite }).from(produits).where(inArray(produits.id, products))
    for (const { id, q } of stockNow) {
      const since = movements.filter((m) => m.produitId === id)
      expect(q, `stock of ${id}`).toBe(stockBefore.get(id)! + since.reduce((sum, m) => sum + m.delta, 0))
      if (since.length) expect(since.at(-1)!.quantiteApres).toBe(q)
    }

    // Each customer's points balance is the sum of their ledger.
    for (const c of customers) {
      const profile = await call('GET', '/api/profile', c.auth)
      expect(profile?.status).toBe(200)
      expect(profile!.body.utilisateur.points).toBe(ledger.filter((p) => p.clientId === c.userId).reduce((sum, p) => sum + p.points, 0))
    }

    // Every acknowledged cart line not ordered since is still in the cart: exactly those lines,
    // give or take an add that got no answer; a cart an unanswered order took is either ordered
    // (then the order holds those lines) or still whole.
    const carts = await db
      .select({ clientId: paniers.clientId, produit: panierProduits.produitId, quantite: panierProduits.quantite })
      .from(panierProduits)
      .innerJoin(paniers, eq(paniers.id, panierProduits.panierId))
      .where(inArray(paniers.clientId, customerIds))
    const cartLines = new Map<number, Map<number, number>>()
    for (const line of carts) cartLines.set(line.clientId, (cartLines.get(line.clientId) ?? new Map()).set(line.produit, line.quantite))
    let linesKept = 0
    for (const c of customers) {
      const cart = cartLines.get(c.userId) ?? new Map<number, number>()
      if (c.orderInFlight) {
        const whole = c.orderInFlight.lines
        const placed = allOrders.filter((o) => o.clientId === c.userId && !orders.some((p) => p.numero === o.numerocommande))
        expect(placed.length).toBeLessThanOrEqual(1)
        if (placed.length) {
          expect(cart.size).toBe(0)
          expect(new Map(of(allLines, placed[0]!.id).map((l) => [l.produitId, l.quantite]))).toEqual(whole)
        } else {
          expect(cart).toEqual(whole)
          linesKept += cart.size
        }
        continue
      }
      expect(allOrders.filter((o) => o.clientId === c.userId).length).toBe(orders.filter((o) => o.clientId === c.userId).length)
      const expected = new Map(c.pending)
      const add = c.addInFlight
      if (add && cart.get(add.produit) !== expected.get(add.produit)) expected.set(add.produit, (expected.get(add.produit) ?? 0) + add.quantite)
      expect(cart, `cart of ${c.userId}`).toEqual(expected)
      c.pending = cart
      linesKept += cart.size
    }

    // The next orders go through: an unanswered order sent again with its key is answered with
    // the order it placed, or placed now; every other customer orders what their cart holds.
    let after = 0
    for (const c of customers) {
      let res: Answer | null
      let wanted: Map<number, number>
      if (c.orderInFlight) {
        res = await call('POST', '/api/commande', { ...c.auth, 'idempotency-key': c.orderInFlight.key }, c.orderInFlight.body)
        wanted = c.orderInFlight.lines
        expect([200, 201]).toContain(res?.status)
      } else {
        if (c.pending.size === 0) {
          const added = await call('POST', '/api/panier', c.auth, { user: c.userId, produit: products[0], quantite: 1, action: 0 })
          expect(added?.status).toBe(200)
          c.pending.set(products[0]!, 1)
        }
        res = await call('POST', '/api/commande', { ...c.auth, 'idempotency-key': randomUUID() }, orderBody(0))
        wanted = c.pending
        expect(res?.status).toBe(201)
      }
      const lines = res!.body.commande.detailcommandes as Array<{ produit: { id: number }; quantite: number }>
      expect(new Map(lines.map((l) => [l.produit.id, l.quantite]))).toEqual(wanted)
      after++
    }
    const emptied = await db.select().from(panierProduits).innerJoin(paniers, eq(paniers.id, panierProduits.panierId)).where(inArray(paniers.clientId, customerIds))
    expect(emptied).toEqual([])

    console.info(
      `crash test: ${loadMs} ms of load; acknowledged before the kill: ${counts.cartAdds} cart adds, ${orders.length} orders, ${moves.length} moves (${counts.livree} delivered, ${counts.annulee} cancelled), ${refunds.length} refunds; ${inFlightAtKill} requests unanswered at the kill: ${customers.filter((c) => c.orderInFlight).length} orders (${allOrders.length - orders.length} of them kept), ${customers.filter((c) => c.addInFlight).length} cart adds, ${orders.filter((o) => o.uncertain).length} staff requests; ${linesKept} cart lines kept; ${after} orders after the restart`,
    )
    await database.close()
    expect(await stop(second.child)).toBe(0)
  }, 240_000)
})
