// A product's stock history (DESIGN §5: every change of its stock is a line): the sale of an
// order, its cancellation by the customer, the staff or the expiry sweep, goods put back by a
// refund, a staff movement, an import and a creation each add exactly one line per product,
// with the stock after it, the reason's French label, and who (a staff member) or which order
// made it; a change refused adds none.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STOCK_REASONS, type StockHistoryLine } from '@teranga/shared/backoffice-catalogue'
import { MESSAGES } from '@teranga/shared/server-messages'
import { commandes, modelivraisons, modepaiements, produits } from '../src/db/schema.ts'
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { stockLedger } from '../src/modules/stock/stock-ledger.service.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
const ids = { domicile: 0, cash: 0, wave: 0 }

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager } = await signInStaff(shop))
  ids.domicile = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  const modes = await shop.db.select().from(modepaiements)
  ids.cash = modes.find((m) => m.code === 'CASH')!.id
  ids.wave = modes.find((m) => m.code === 'WAVE')!.id
})
afterAll(() => shop?.close())

const lifecycle = (now?: () => Date) =>
  createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log, ...(now ? { now } : {}) })

/** The customer's order of `lines` (product id and quantity), placed through the API. */
async function order(buyer: SignedIn, lines: Array<[number, number]>, { online = false } = {}) {
  for (const [produit, quantite] of lines) {
    const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit, quantite, action: 0 } })
    expect(added.statusCode, added.body).toBe(200)
  }
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: online ? ids.wave : ids.cash, adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '771234567' },
  })
  return res
}

async function placed(buyer: SignedIn, lines: Array<[number, number]>, options: { online?: boolean } = {}) {
  const res = await order(buyer, lines, options)
  expect(res.statusCode, res.body).toBe(201)
  const { id, numerocommande } = res.json().commande as { id: number; numerocommande: string }
  return { id, numero: numerocommande }
}

async function historyOf(produitId: number, who: SignedIn = manager): Promise<StockHistoryLine[]> {
  const res = await shop.app.inject({ url: `/api/produit/${produitId}/mouvements?count=50`, headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  const page = res.json() as { metadata: { total: number }; data: StockHistoryLine[] }
  expect(page.metadata.total).toBe(page.data.length)
  return page.data
}
const stockOf = async (id: number) => (await shop.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q
const staffOf = (who: SignedIn) => expect.objectContaining({ id: who.userId, email: who.email })

describe("an order's lines", () => {
  it('placing an order adds one sale line per product, naming the order, with the stock after it', async () => {
    const customer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const huile = await makeProduct(shop.db, { quantite: 4 })
    const { numero } = await placed(customer, [
      [riz.id, 2],
      [huile.id, 3],
    ])
    const [rizLine, ...rizRest] = await historyOf(riz.id)
    expect(rizRest).toEqual([])
    expect(rizLine).toMatchObject({ delta: -2, quantite_apres: 8, raison: 'vente', raison_text: STOCK_REASONS.vente, motif: null, staff: null, commande: { numero } })
    expect(rizLine!.date_fr).toMatch(/\d{4} à \d{2}:\d{2}$/)
    expect(await historyOf(huile.id)).toEqual([expect.objectContaining({ delta: -3, quantite_apres: 1, raison: 'vente', commande: { numero } })])
  })

  it('an order refused for stock adds no line', async () => {
    const customer = await signIn(shop.app)
    const rare = await makeProduct(shop.db, { quantite: 1 })
    await shop.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: rare.id, quantite: 1, action: 0 } })
    await shop.db.update(produits).set({ quantite: 0 }).where(eq(produits.id, rare.id))
    const res = await order(customer, [])
    expect(res.statusCode).toBe(409)
    expect(await historyOf(rare.id)).toEqual([])
  })

  it("the customer's cancellation puts the goods back with one line per product, naming the order and why", async () => {
    const customer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const huile = await makeProduct(shop.db, { quantite: 5 })
    const { numero } = await placed(customer, [
      [riz.id, 2],
      [huile.id, 1],
    ])
    const res = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/annulation`, headers: customer.auth })
    expect(res.statusCode, res.body).toBe(200)
    const [back, sale] = await historyOf(riz.id)
    expect(back).toMatchObject({ delta: 2, quantite_apres: 10, raison: 'annulation', raison_text: STOCK_REASONS.annulation, motif: 'annulée par le client', staff: null, commande: { numero } })
    expect(sale).toMatchObject({ raison: 'vente', delta: -2 })
    expect((await historyOf(huile.id)).map((l) => [l.raison, l.delta, l.quantite_apres])).toEqual([
      ['annulation', 1, 5],
      ['vente', -1, 4],
    ])
    // Asked again, nothing more moves.
    expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/annulation`, headers: customer.auth })).statusCode).toBe(409)
    expect(await historyOf(riz.id)).toHaveLength(2)
  })

  it("a staff member's cancellation names them and their motif", async () => {
    const customer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const { numero } = await placed(customer, [[riz.id, 3]])
    const res = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Client injoignable' } })
    expect(res.statusCode, res.body).toBe(200)
    const [back] = await historyOf(riz.id)
    expect(back).toMatchObject({ delta: 3, quantite_apres: 10, raison: 'annulation', motif: 'Client injoignable', staff: staffOf(manager), commande: { numero } })
    expect(await stockOf(riz.id)).toBe(10)
  })

  it('the expiry sweep of an unpaid online order adds one line, by no one but the order', async () => {
    const customer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const { numero } = await placed(customer, [[riz.id, 4]], { online: true })
    expect(await lifecycle().expireUnpaid(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1)
    const [back] = await historyOf(riz.id)
    expect(back).toMatchObject({ delta: 4, quantite_apres: 10, raison: 'annulation', motif: 'délai de paiement dépassé', staff: null, commande: { numero } })
  })

  it('goods a refund puts back add one line per product, with the staff member and the order; the order keeps its other goods out', async () => {
    const customer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const huile = await makeProduct(shop.db, { quantite: 10 })
    const { id, numero } = await placed(customer, [
      [riz.id, 3],
      [huile.id, 2],
    ])
    // What the refund chose to put back: 2 of the 3 bags of rice (the oil stays with the customer).
    await shop.db.transaction((tx) => stockLedger(tx).giveBack(id, { raison: 'remboursement', motif: 'Sacs abîmés', staffId: admin.userId }, [{ varianteId: riz.varianteId, quantite: 2 }]))
    const [back] = await historyOf(riz.id)
    expect(back).toMatchObject({ delta: 2, quantite_apres: 9, raison: 'remboursement', raison_text: STOCK_REASONS.remboursement, motif: 'Sacs abîmés', staff: staffOf(admin), commande: { numero } })
    expect(await historyOf(riz.id)).toHaveLength(2)
    expect((await historyOf(huile.id)).map((l) => l.raison)).toEqual(['vente'])
    expect(await stockOf(huile.id)).toBe(8)
  })

  it("keeps the order's lines when the order is gone, without its number", async () => {
    const customer = await signIn(shop.app)
    const riz = await makeProduct(shop.db, { quantite: 10 })
    const { id } = await placed(customer, [[riz.id, 1]])
    await shop.db.delete(commandes).where(eq(commandes.id, id))
    expect(await historyOf(riz.id)).toEqual([expect.objectContaining({ raison: 'vente', delta: -1, quantite_apres: 9, commande: null })])
  })
})

describe('the back office', () => {
  it('a staff movement adds one line with its motif and the staff member; a refused one adds none', async () => {
    const riz = await makeProduct(shop.db, { quantite: 4 })
    const res = await shop.app.inject({ method: 'POST', url: `/api/produit/${riz.id}/mouvements`, headers: manager.auth, payload: { delta: 6, motif: 'Livraison du grossiste' } })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ delta: 6, quantite_apres: 10, raison: 'manuel', raison_text: STOCK_REASONS.manuel, motif: 'Livraison du grossiste', commande: null })
    const refused = await shop.app.inject({ method: 'POST', url: `/api/produit/${riz.id}/mouvements`, headers: manager.auth, payload: { delta: -11, motif: 'Perte' } })
    expect(refused.statusCode).toBe(409)
    expect(await historyOf(riz.id)).toEqual([expect.objectContaining({ delta: 6, quantite_apres: 10, raison: 'manuel', staff: staffOf(manager), commande: null })])
  })

  it('creating a product records the stock it starts with', async () => {
    const sub = await makeSubcategory(shop.db)
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/produit',
      headers: admin.auth,
      payload: { designation: 'Bissap séché', prix: 1200, qte: 15, unite: 'sachet', categorie_id: sub.id },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(await historyOf(res.json().id)).toEqual([
      expect.objectContaining({ delta: 15, quantite_apres: 15, raison: 'creation', raison_text: STOCK_REASONS.creation, motif: null, staff: staffOf(admin), commande: null }),
    ])
  })

  it('an import adds one line per product whose stock it changes, by the staff member; a dry run or an unchanged stock none', async () => {
    const sub = await makeSubcategory(shop.db)
    const changed = await makeProduct(shop.db, { code: 'HIST-1', quantite: 10, souscategorieId: sub.id })
    const same = await makeProduct(shop.db, { code: 'HIST-2', quantite: 5, souscategorieId: sub.id })
    const csv = [
      'code;designation;prix;quantite;unite;souscategorie_id;description;seuil',
      `HIST-1;Riz brisé;2000;7;kg;${sub.id};;`,
      `HIST-2;Huile;1500;5;litre;${sub.id};;`,
      `HIST-3;Arachides;750;20;sachet;${sub.id};;`,
    ].join('\n')
    const importCsv = (dry: string) => shop.app.inject({ method: 'POST', url: `/api/produit/import?dry_run=${dry}`, headers: { ...admin.auth, 'content-type': 'text/csv' }, payload: csv })
    expect((await importCsv('1')).json()).toMatchObject({ dry_run: true, crees: 1, modifies: 2 })
    expect(await historyOf(changed.id)).toEqual([])
    expect((await importCsv('0')).json()).toMatchObject({ dry_run: false, crees: 1, modifies: 2, erreurs: [] })
    expect(await historyOf(changed.id)).toEqual([
      expect.objectContaining({ delta: -3, quantite_apres: 7, raison: 'import', raison_text: STOCK_REASONS.import, motif: null, staff: staffOf(admin), commande: null }),
    ])
    expect(await historyOf(same.id)).toEqual([])
    const [created] = await shop.db.select({ id: produits.id }).from(produits).where(eq(produits.code, 'HIST-3'))
    expect(await historyOf(created!.id)).toEqual([expect.objectContaining({ delta: 20, quantite_apres: 20, raison: 'import', staff: staffOf(admin) })])
  })

  it('the history is the staff’s: visitors 401, customers 403, an unknown product 404', async () => {
    const riz = await makeProduct(shop.db)
    const customer = await signIn(shop.app)
    expect((await shop.app.inject({ url: `/api/produit/${riz.id}/mouvements` })).statusCode).toBe(401)
    const asCustomer = await shop.app.inject({ url: `/api/produit/${riz.id}/mouvements`, headers: customer.auth })
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    expect((await shop.app.inject({ url: '/api/produit/99999999/mouvements', headers: manager.auth })).statusCode).toBe(404)
  })
})

it('every line of a busy product adds up to its stock', async () => {
  const customer = await signIn(shop.app)
  const riz = await makeProduct(shop.db, { quantite: 20 })
  const first = await placed(customer, [[riz.id, 5]])
  await placed(customer, [[riz.id, 2]])
  await shop.app.inject({ method: 'POST', url: `/api/produit/${riz.id}/mouvements`, headers: manager.auth, payload: { delta: -1, motif: 'Casse' } })
  await shop.app.inject({ method: 'POST', url: `/api/commande/${first.numero}/annulation`, headers: customer.auth })
  const lines = await historyOf(riz.id)
  expect(lines.map((l) => l.raison)).toEqual(['annulation', 'manuel', 'vente', 'vente'])
  expect(20 + lines.reduce((sum, l) => sum + l.delta, 0)).toBe(await stockOf(riz.id))
  expect(lines[0]!.quantite_apres).toBe(await stockOf(riz.id))
})
