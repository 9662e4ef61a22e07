// Rules written once (issue 24 §1, ADR 050): the order's total is stored on the order by the
// database (migration 0032), whoever writes its amounts; and « counts as a sale » is one rule
// (paid online, or paid on delivery and delivered; neither cancelled nor refunded) that the
// dashboard's sales, the best sellers, a customer's purchases and a code's sales all read.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPrix } from '@teranga/shared/money'
import { orderTotal } from '@teranga/shared/order-amounts'
import { ORDER_STATUS_VALUES, type OrderStatus } from '@teranga/shared/order-status'
import { intArray } from '../src/db/sql.ts'
import { codesPromo, commandes, detailCommandes, modelivraisons, modepaiements, paiements } from '../src/db/schema.ts'
import { makeProduct, makeSubcategory, placeHomeOrder } from './factories.ts'
import { anotherInstance, createTestApp, gql, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let manager: SignedIn
let admin: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ manager, admin } = await signInStaff(shop))
})
afterAll(() => shop?.close())

describe('the order total stored on the order', () => {
  it('is written at placement as the answer says, and follows any later write of its amounts', async () => {
    const customer = await signIn(shop.app)
    const produit = await makeProduct(shop.db, { prix: 4000, quantite: 10 })
    const code = await shop.app.inject({ method: 'POST', url: '/api/codepromo', headers: admin.auth, payload: { code: 'TOTAL1500', type: 'montant', valeur: 1500 } })
    expect(code.statusCode, code.body).toBe(201)
    const placed = await placeHomeOrder(shop.app, shop.db, customer, [[produit.id, 3]], { codepromo: 'TOTAL1500' })
    expect(placed.statusCode, placed.body).toBe(201)
    const commande = placed.json().commande as { id: number; numerocommande: string; montanttotal: number; remise: number }
    expect(commande.remise).toBe(1500)

    const [row] = await shop.db.select().from(commandes).where(eq(commandes.id, commande.id))
    expect(row!.montantTotal).toBe(commande.montanttotal)
    expect(row!.montantTotal).toBe(orderTotal(row!))

    // A write that names only the amounts (as the previous release's code does) keeps it right.
    await shop.db.execute(sql`update commandes set remise = 2000 where id = ${commande.id}`)
    const [after] = await shop.db.select().from(commandes).where(eq(commandes.id, commande.id))
    expect(after!.montantTotal).toBe(12000 + after!.montantliv - 2000)

    // The back office's list, its detail and the customer's page read the same stored total.
    const list = (await shop.app.inject({ url: `/api/commande?q=${commande.numerocommande}`, headers: manager.auth })).json()
    expect(list.data[0]).toMatchObject({ numero: commande.numerocommande, total: after!.montantTotal, total_fr: formatPrix(after!.montantTotal) })
    const detail = (await shop.app.inject({ url: `/api/admin/commande/${commande.numerocommande}`, headers: manager.auth })).json()
    expect(detail.total).toBe(after!.montantTotal)
    const client = (await shop.app.inject({ url: `/api/client/${customer.userId}`, headers: manager.auth })).json()
    expect(client.commandes[0]).toMatchObject({ numerocommande: commande.numerocommande, total: after!.montantTotal })
  })

  it('cannot be written by hand', async () => {
    await expect(shop.db.execute(sql`update commandes set montant_total = 1`)).rejects.toThrow()
  })
})

type Payment = 'cash' | 'online-paid' | 'online-unpaid'

/**
 * The one rule, written out for the test: paid (an attempt brought the money, or paid on delivery
 * and delivered) and neither cancelled nor refunded.
 */
const isASale = (etat: OrderStatus, payment: Payment) =>
  etat !== 'annulee' && etat !== 'remboursee' && (payment === 'online-paid' || (payment === 'cash' && etat === 'livree'))

describe('« counts as a sale », one rule', () => {
  it('the best sellers, the customer’s purchases and the code’s sales count the same orders', async () => {
    const customer = await signIn(shop.app)
    const sub = (await makeSubcategory(shop.db)).id
    const [cash] = await shop.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH'))
    const [wave] = await shop.db.select().from(modepaiements).where(eq(modepaiements.code, 'WAVE'))
    const [home] = await shop.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE'))
    const [code] = await shop.db.insert(codesPromo).values({ code: 'UNEREGLE', type: 'montant', valeur: 100 }).returning()

    // Every state, paid on delivery, paid online, and online with an attempt that brought nothing;
    // each order a product of its own, so that the best sellers tell them apart.
    const orders: Array<{ etat: OrderStatus; payment: Payment; produit: number; total: number; sale: boolean }> = []
    let n = 0
    for (const etat of ORDER_STATUS_VALUES) {
      for (const payment of ['cash', 'online-paid', 'online-unpaid'] as const) {
        n++
        const produit = await makeProduct(shop.db, { souscategorieId: sub, prix: 1000 * n })
        const [row] = await shop.db
          .insert(commandes)
          .values({
            numerocommande: `REGLE-${n}-${etat}`,
            clientId: customer.userId,
            etat,
            montantcommande: 1000 * n,
            montantliv: 500,
            remise: 100,
            remiseCode: 100,
            codepromoId: code!.id,
            modepaiementId: payment === 'cash' ? cash!.id : wave!.id,
            modelivraisonId: home!.id,
          })
          .returning()
        await shop.db.insert(detailCommandes).values({ commandeId: row!.id, produitId: produit.id, quantite: n, prix: 1000 })
        if (payment !== 'cash') {
          // The attempt as the payments module leaves it: paid, owed back once cancelled, given back once refunded.
          const statut = payment === 'online-unpaid' ? (etat === 'echec_paiement' ? 'echouee' : 'en_cours') : etat === 'annulee' ? 'a_rembourser' : etat === 'remboursee' ? 'remboursee' : 'payee'
          await shop.db.insert(paiements).values({ commandeId: row!.id, provider: 'wave', providerRef: `regle-${n}`, montant: row!.montantTotal, statut })
        }
        orders.push({ etat, payment, produit: produit.id, total: row!.montantTotal, sale: isASale(etat, payment) })
      }
    }
    const sales = orders.filter((o) => o.sale)
    const salesTotal = sales.reduce((sum, o) => sum + o.total, 0)
    expect(sales.length).toBeGreaterThan(0)
    expect(sales.length).toBeLessThan(orders.length)

    // The dashboard's sales are no longer this rule's: they are the sales report's, counted on the
    // day paid or delivered, less the day's refunds (ADR 059, test/reports.test.ts).

    // The best sellers, rebuilt as an instance starts: exactly the products of the orders that are sales, by units.
    const restarted = await anotherInstance(shop)
    await restarted.ready()
    await restarted.close()
    const best = await gql<{ produitspaginated: { data: Array<{ id: number }> } }>(
      shop.app,
      `query ($sub: Int) { produitspaginated(categorie_id: $sub, tri: "meilleures_ventes", count: 100) { data { id } } }`,
      { sub },
    )
    expect(best.errors).toBeUndefined()
    const ranked = best.data!.produitspaginated.data.map((p) => p.id)
    const sold = sales.map((o) => o.produit).reverse() // the later an order, the more units its product sold
    expect(ranked.slice(0, sold.length)).toEqual(sold)
    const units = await shop.db.execute(sql`select count(*)::int as n from ventes_recentes where produit_id = any(${intArray(orders.map((o) => o.produit))})`)
    expect((units as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(sales.length)

    // The customer's purchases.
    const client = (await shop.app.inject({ url: `/api/client/${customer.userId}`, headers: manager.auth })).json()
    expect(client).toMatchObject({ achats: salesTotal, achats_fr: formatPrix(salesTotal), nb_commandes: orders.length })

    // The code's sales: the same orders; its discounts, what it gave those orders.
    const codeItem = (await shop.app.inject({ url: `/api/codepromo/${code!.id}`, headers: manager.auth })).json()
    expect(codeItem).toMatchObject({ ventes: salesTotal, remises: 100 * sales.length })
    const codePage = (await shop.app.inject({ url: '/api/codepromo?q=UNEREGLE', headers: manager.auth })).json()
    expect(codePage.data[0]).toMatchObject({ id: code!.id, ventes: salesTotal, remises: 100 * sales.length })
  })
})

describe('no second copy', () => {
  /** The server's own files (the schema declares the column, and the previous release's index, once). */
  const sources = () => {
    const root = fileURLToPath(new URL('../src', import.meta.url))
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && file !== path.join('db', 'schema.ts'))
      .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }))
  }

  it('no module spells the order total or a list of states that are not sales again', () => {
    const copies = sources().flatMap(({ file, text }) => [
      ...(/montantcommande\b[^\n]{0,40}\+[^\n]{0,40}montantliv/.test(text) ? [`${file}: the order total (read commandes.montant_total)`] : []),
      ...(/etat\s+not\s+in\s*\(\s*'annulee'/.test(text) ? [`${file}: the states of a sale (use paymentsOfOrder.countsAsSale)`] : []),
    ])
    expect(copies).toEqual([])
  })
})
