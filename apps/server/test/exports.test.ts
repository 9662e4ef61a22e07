// The back office's exports (issue 26 §2, ADR 060): orders by line, customers, products, the
// cash page and the audit log, as CSV (UTF-8 BOM, `;`, Dakar's ISO times) and as .xlsx read back
// with exceljs; the list's filters; who may download; the money of each order's lines adding up
// to its total to the franc; 100,000 orders streamed from a cursor without holding them.
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import http from 'node:http'
import { Readable } from 'node:stream'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { CASH_MESSAGES } from '@teranga/shared/backoffice-cash'
import { COURIER_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { MESSAGES } from '@teranga/shared/server-messages'
import { adresses, clients, commandes, modelivraisons, modepaiements, pointsFidelite, privilegeRecompenses, privileges, remboursements, typerecompenses } from '../src/db/schema.ts'
import { grantRole, makeProduct } from './factories.ts'
import { createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
let courier: SignedIn
const ids = { domicile: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
  courier = await signIn(shop.app)
  await grantRole(shop.db, courier.userId, 'livreur')
  ids.domicile = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  for (const mode of await shop.db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => shop?.close())

const ORDER_HEADERS = [
  'Commande', 'Date (Dakar)', 'Client', 'Téléphone', 'Zone', 'Mode de livraison', 'Mode de paiement', 'État',
  'Produit', 'Variante', 'Code', 'Quantité', 'Prix unitaire', 'Montant ligne', 'Part des remises', 'Livraison', 'Remboursé', 'Vendue le (Dakar)',
]
const DAKAR_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

const get = (url: string, who?: SignedIn) => shop.app.inject({ url, headers: who?.auth ?? {} })

/** A CSV answer's rows (header first), checked for the BOM, `;` and CRLF. */
function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true)
  expect(body.endsWith('\r\n')).toBe(true)
  return parse(body.slice(1), { delimiter: ';', relax_column_count: false }) as string[][]
}

async function xlsxRows(raw: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(raw as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const rows: unknown[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

let codeSeq = 0
async function newCode(valeur: number) {
  const code = `EXPORT${++codeSeq}${Math.random().toString(36).slice(2, 6).toUpperCase()}`
  const res = await shop.app.inject({ method: 'POST', url: '/api/codepromo', headers: admin.auth, payload: { code, type: 'pourcentage', valeur } })
  expect(res.statusCode, res.body).toBe(201)
  return code
}

async function place(buyer: SignedIn, lines: Array<{ prix: number; quantite: number; designation?: string }>, options: { code?: string; tel?: string; mode?: string } = {}) {
  const products: number[] = []
  for (const line of lines) {
    const produit = await makeProduct(shop.db, { prix: line.prix, quantite: 50, ...(line.designation ? { designation: line.designation } : {}) })
    products.push(produit.id)
    const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: produit.id, quantite: line.quantite, action: 0 } })
    expect(added.statusCode, added.body).toBe(200)
  }
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: {
      modelivraison: ids.domicile,
      modepaiement: ids.modes[options.mode ?? 'CASH'],
      adresseliv: 'Rue 10, villa 24, Mermoz',
      zone: 'Mermoz',
      tel: options.tel ?? '+221 77 123 45 67',
      ...(options.code ? { codepromo: options.code } : {}),
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string }
  return { id: commande.id, numero: commande.numerocommande, products }
}

async function deliver(numero: string) {
  for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
    const res = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat } })
    expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
  }
}
const refund = async (numero: string, payload: Record<string, unknown> = {}) => {
  const res = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: manager.auth, payload: { motif: 'Article manquant', ...payload } })
  expect(res.statusCode, res.body).toBe(200)
}

const EXPORTS = ['/api/commande/export', '/api/client/export', '/api/produit/export', '/api/caisse/export', '/api/audit/export']

describe('who may download', () => {
  it('a visitor 401, a customer and a courier 403 (French) on every export; the customers and the audit log for admins only', async () => {
    for (const base of EXPORTS) {
      for (const format of ['csv', 'xlsx']) {
        const url = `${base}.${format}`
        expect((await get(url)).statusCode, url).toBe(401)
        const asCustomer = await get(url, customer)
        expect(asCustomer.statusCode, url).toBe(403)
        expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
        const asCourier = await get(url, courier)
        expect(asCourier.statusCode, url).toBe(403)
        expect(asCourier.json().message).toBe(COURIER_MESSAGES.notForCourier)
        const asManager = await get(url, manager)
        expect(asManager.statusCode, url).toBe(base === '/api/client/export' || base === '/api/audit/export' ? 403 : 200)
        const asAdmin = await get(url, admin)
        expect(asAdmin.statusCode, url).toBe(200)
        expect(asAdmin.headers['cache-control']).toBe('no-store')
        expect(asAdmin.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="[a-z0-9-]+\\.${format}"$`))
      }
    }
  })
})

describe('GET /api/commande/export.csv|xlsx: one row per order line', () => {
  it('BOM, `;`, the contract headers, Dakar ISO times, the list’s filters; the .xlsx holds the same rows with numbers and dates', async () => {
    const buyer = await signIn(shop.app)
    await shop.db.update(clients).set({ prenom: 'Awa', name: 'Ndiaye; Fall' }).where(eq(clients.id, buyer.userId))
    const a = await place(buyer, [{ prix: 2500, quantite: 2, designation: 'Thiéboudienne « maison »' }, { prix: 1000, quantite: 3, designation: '=SUM(A1)' }], { tel: '+221 70 444 55 66' })
    const b = await place(buyer, [{ prix: 4000, quantite: 1 }], { tel: '+221 70 444 55 66' })
    const cancel = await shop.app.inject({ method: 'POST', url: `/api/commande/${b.numero}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Client injoignable' } })
    expect(cancel.statusCode, cancel.body).toBe(200)

    const res = await get('/api/commande/export.csv?q=704445566', manager)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="commandes.csv"')
    const rows = csvRows(res.body)
    expect(rows[0]).toEqual(ORDER_HEADERS)
    // Newest order first, an order's lines in order.
    expect(rows.slice(1).map((r) => [r[0], r[8], r[11], r[12], r[13], r[15]])).toEqual([
      [b.numero, expect.any(String), '1', '4000', '4000', '1000'],
      [a.numero, 'Thiéboudienne « maison »', '2', '2500', '5000', '1000'],
      // A cell Excel would run as a formula starts with a quote.
      [a.numero, "'=SUM(A1)", '3', '1000', '3000', '0'],
    ])
    const [placedAt] = (await shop.db.select({ d: commandes.datecomm }).from(commandes).where(eq(commandes.id, a.id)))
    for (const row of rows.slice(1)) {
      expect(row[1]).toMatch(DAKAR_TIME)
      expect(row[2]).toBe('Awa Ndiaye; Fall')
      // A cell starting with `+` is quoted (it would run as a formula in Excel), phones too (ADR 060).
      expect(row[3]).toBe("'+221 70 444 55 66")
      expect(row[4]).toBe('Mermoz')
    }
    // Dakar is UTC all year: the wall time is the UTC time.
    expect(rows[2]![1]).toBe(placedAt!.d.toISOString().slice(0, 19).replace('T', ' '))
    expect(rows[1]![7]).toBe('Annulée')
    expect(rows[2]![7]).toBe('En attente de confirmation')
    // The field with `;` is quoted in the file itself.
    expect(res.body).toContain('"Awa Ndiaye; Fall"')

    // The list's filters: a state.
    const pending = csvRows((await get('/api/commande/export.csv?q=704445566&etat=en_attente', manager)).body)
    expect(pending.slice(1).map((r) => r[0])).toEqual([a.numero, a.numero])
    // Bad input is a 400 naming the field, not a 500.
    const bad = await get('/api/commande/export.csv?etat=perdue', manager)
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('etat')
    const badDay = await get('/api/commande/export.xlsx?du=2026-13-01', manager)
    expect(badDay.statusCode).toBe(400)
    expect(JSON.stringify(badDay.json())).toContain('du')

    const xlsx = await get('/api/commande/export.xlsx?q=704445566', manager)
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const sheet = await xlsxRows(xlsx.rawPayload)
    expect(sheet[0]).toEqual(ORDER_HEADERS)
    expect(sheet).toHaveLength(rows.length)
    const first = sheet[2]!
    expect(first[0]).toBe(a.numero)
    // A real date, Dakar's wall time.
    expect(first[1]).toBeInstanceOf(Date)
    expect((first[1] as Date).toISOString().slice(0, 19)).toBe(placedAt!.d.toISOString().slice(0, 19))
    expect(first.slice(11, 17)).toEqual([2, 2500, 5000, 0, 1000, 0])
    expect(sheet[3]![8]).toBe('=SUM(A1)')
  })

  it('each order’s lines − their discounts + the delivery = the order’s total, to the franc; refunded adds up to what came back (codes, loyalty, partial refunds)', async () => {
    // A 7 % tier with half the delivery free, and codes that leave remainders.
    const [tier] = await shop.db.insert(privileges).values({ designation: 'Export-7', point: 800000, couleur: '#aaa' }).returning()
    const types = await shop.db.select().from(typerecompenses)
    await shop.db.insert(privilegeRecompenses).values([
      { privilegeId: tier!.id, typerecompenseId: types.find((t) => t.code === 'REMISE_POURCENT')!.id, valeur: 7 },
      { privilegeId: tier!.id, typerecompenseId: types.find((t) => t.code === 'LIVRAISON_GRATUITE')!.id, valeur: 50 },
    ])
    const loyal = await signIn(shop.app)
    await shop.db.insert(pointsFidelite).values({ clientId: loyal.userId, points: 800000, motif: 'test' })
    const plain = await signIn(shop.app)
    const tel = '+221 76 321 00 99'
    const lines = [
      { prix: 333, quantite: 3 },
      { prix: 1001, quantite: 1 },
      { prix: 2999, quantite: 2 },
    ]
    const orders = [
      await place(loyal, lines, { code: await newCode(13), tel }),
      await place(plain, lines, { code: await newCode(11), tel }),
      await place(loyal, [{ prix: 777, quantite: 7 }], { tel }),
      await place(plain, [{ prix: 5000, quantite: 1 }, { prix: 199, quantite: 3 }], { tel }),
    ]
    for (const o of orders) await deliver(o.numero)
    // Partial refunds: by lines (one unit, then a whole line), by an amount, and « the rest ».
    await refund(orders[0]!.numero, { lignes: [{ produit: orders[0]!.products[0], quantite: 1, restock: false }] })
    await refund(orders[0]!.numero, { lignes: [{ produit: orders[0]!.products[2], quantite: 2, restock: true }] })
    await refund(orders[1]!.numero, { montant: 1234 })
    await refund(orders[1]!.numero, { lignes: [{ produit: orders[1]!.products[1], quantite: 1, restock: false }] })
    await refund(orders[3]!.numero)

    const rows = csvRows((await get('/api/commande/export.csv?q=763210099', manager)).body).slice(1)
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(orders.map((o) => o.numero)))
    for (const o of orders) {
      const mine = rows.filter((r) => r[0] === o.numero).map((r) => r.slice(11).map(Number))
      const [stored] = await shop.db.select().from(commandes).where(eq(commandes.id, o.id))
      const sum = (i: number) => mine.reduce((s, r) => s + r[i]!, 0)
      // Quantité, Prix unitaire, Montant ligne, Part des remises, Livraison, Remboursé.
      expect(sum(2) - sum(3) + sum(4), o.numero).toBe(stored!.montantTotal)
      expect(sum(2), o.numero).toBe(stored!.montantcommande)
      for (const r of mine) expect(r[2]).toBe(r[0]! * r[1]!)
      const refunded = (await shop.db.select().from(remboursements).where(eq(remboursements.commandeId, o.id))).filter((r) => r.statut === 'effectue').reduce((s, r) => s + r.montant, 0)
      expect(sum(5), o.numero).toBe(refunded)
    }
    // The discounts are really there: the code and the tier on order 0, its delivery half free.
    const first = rows.filter((r) => r[0] === orders[0]!.numero)
    expect(first.every((r) => Number(r[14]) > 0)).toBe(true)
    expect(first.map((r) => Number(r[15]))).toEqual([500, 0, 0])
    // Order 3 refunded in full: every row gives back what it was paid, the delivery on the first.
    const last = rows.filter((r) => r[0] === orders[3]!.numero)
    expect(last.map((r) => Number(r[16]))).toEqual([5000 + 1000, 597])
    // A refund by line gives back that line: order 0's third line, both units.
    const [detail] = [(await get(`/api/admin/commande/${orders[0]!.numero}`, manager)).json() as { lignes: Array<{ paye: number }> }]
    expect(Number(first[2]![16])).toBe(detail.lignes[2]!.paye)
  })
})

describe('GET /api/client/export.csv|xlsx', () => {
  it('no address unless asked, never a token; ?adresses=1 adds the default address; the list’s search', async () => {
    const buyer = await signIn(shop.app)
    await shop.db.update(clients).set({ prenom: 'Khadija', name: 'Exportée', telephone: '+221 77 900 11 22' }).where(eq(clients.id, buyer.userId))
    await shop.db.insert(adresses).values([
      { clientId: buyer.userId, adresse: 'Villa 12, Sacré-Cœur 3', repere: 'Face à la mosquée', parDefaut: true },
      { clientId: buyer.userId, adresse: 'Bureau, Plateau', parDefaut: false },
    ])
    const plain = await get('/api/client/export.csv?q=Exportée', admin)
    expect(plain.statusCode, plain.body).toBe(200)
    const rows = csvRows(plain.body)
    expect(rows[0]).toEqual(['Identifiant', 'Prénom', 'Nom', 'E-mail', 'Téléphone', 'Inscrit le', 'Commandes', 'Points', 'Privilège'])
    expect(rows.slice(1)).toHaveLength(1)
    expect(rows[1]!.slice(0, 5)).toEqual([String(buyer.userId), 'Khadija', 'Exportée', expect.any(String), "'+221 77 900 11 22"])
    expect(rows[1]![5]).toMatch(DAKAR_TIME)
    expect(plain.body).not.toContain('Sacré-Cœur')
    // No token of the session, no sign-in identifier.
    const token = buyer.auth.authorization.replace('Bearer ', '')
    const [row] = await shop.db.select({ uid: clients.firebaseUid }).from(clients).where(eq(clients.id, buyer.userId))
    for (const secret of [token, row!.uid]) expect(plain.body).not.toContain(secret)

    const withAddresses = csvRows((await get('/api/client/export.csv?q=Exportée&adresses=1', admin)).body)
    expect(withAddresses[0]!.slice(-3)).toEqual(['Adresse', 'Zone', 'Point de repère'])
    expect(withAddresses[1]!.slice(-3)).toEqual(['Villa 12, Sacré-Cœur 3', '', 'Face à la mosquée'])

    const sheet = await xlsxRows((await get('/api/client/export.xlsx?q=Exportée&adresses=1', admin)).rawPayload)
    expect(sheet).toHaveLength(2)
    expect(sheet[1]![0]).toBe(buyer.userId)
    expect(sheet[1]![5]).toBeInstanceOf(Date)
    expect(sheet[1]![9]).toBe('Villa 12, Sacré-Cœur 3')
    const noAddressSheet = await xlsxRows((await get('/api/client/export.xlsx?q=Exportée', admin)).rawPayload)
    expect(noAddressSheet[0]).toHaveLength(9)

    const bad = await get('/api/client/export.csv?adresses=oui', admin)
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('adresses')
  })
})

describe('GET /api/produit/export.csv|xlsx', () => {
  it('one row per variant in the import’s columns, stock, threshold and price; the .xlsx with numbers', async () => {
    const produit = await makeProduct(shop.db, { designation: 'Bissap séché export', prix: 1500, quantite: 42 })
    const csv = await get('/api/produit/export.csv', manager)
    expect(csv.statusCode).toBe(200)
    const rows = csvRows(csv.body)
    expect(rows[0]!.slice(0, 8)).toEqual(['code', 'designation', 'prix', 'quantite', 'unite', 'souscategorie_id', 'description', 'seuil'])
    const mine = rows.find((r) => r[1] === 'Bissap séché export')!
    expect(mine.slice(2, 4)).toEqual(['1500', '42'])
    expect(mine[8]).toBe(produit.code)
    const sheet = await xlsxRows((await get('/api/produit/export.xlsx', manager)).rawPayload)
    expect(sheet).toHaveLength(rows.length)
    const line = sheet.find((r) => r[1] === 'Bissap séché export')!
    expect(line.slice(2, 4)).toEqual([1500, 42])
  })
})

describe('GET /api/caisse/export.csv|xlsx?du=&au=', () => {
  it('each courier’s days with the page’s figures; a bad or inverted range is a 400 naming the field', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/livreur', headers: admin.auth, payload: { nom: 'Modou Export', telephone: '77 555 12 34' } })
    expect(created.statusCode, created.body).toBe(201)
    const livreur = created.json().id as number
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    for (const [date, montant] of [[yesterday, 3000], [today, 1500]] as const) {
      const res = await shop.app.inject({ method: 'POST', url: '/api/caisse/remise', headers: manager.auth, payload: { livreur, date, montant } })
      expect(res.statusCode, res.body).toBe(201)
    }
    const rows = csvRows((await get(`/api/caisse/export.csv?du=${yesterday}&au=${today}`, manager)).body)
    expect(rows[0]).toEqual(['Date', 'Livreur', 'Commandes', 'À encaisser', 'Encaissé', 'Remis', 'Écart', 'Écart d’encaissement'])
    expect(rows.slice(1).filter((r) => r[1] === 'Modou Export')).toEqual([
      [yesterday, 'Modou Export', '0', '0', '0', '3000', '-3000', '0'],
      [today, 'Modou Export', '0', '0', '0', '1500', '-1500', '0'],
    ])
    // Today alone by default.
    expect(csvRows((await get('/api/caisse/export.csv', manager)).body).slice(1).filter((r) => r[1] === 'Modou Export')).toHaveLength(1)
    const sheet = await xlsxRows((await get(`/api/caisse/export.xlsx?du=${yesterday}&au=${today}`, manager)).rawPayload)
    const mine = sheet.filter((r) => r[1] === 'Modou Export')
    expect(mine[0]![0]).toBeInstanceOf(Date)
    expect(mine[0]!.slice(2)).toEqual([0, 0, 0, 3000, -3000, 0])

    const inverted = await get(`/api/caisse/export.csv?du=${today}&au=${yesterday}`, manager)
    expect(inverted.statusCode).toBe(400)
    expect(JSON.stringify(inverted.json())).toContain(CASH_MESSAGES.rangeInverted)
    expect(JSON.stringify(inverted.json())).toContain('"au"')
    const bad = await get('/api/caisse/export.csv?du=2026-02-30', manager)
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('du')
    const long = await get('/api/caisse/export.csv?du=2020-01-01&au=2026-01-01', manager)
    expect(long.statusCode).toBe(400)
    expect(JSON.stringify(long.json())).toContain(CASH_MESSAGES.rangeTooLong)
    // The defaults checked as the days given: `du` alone ends today, `au` alone is one day.
    const sinceLongAgo = await get('/api/caisse/export.csv?du=2020-01-01', manager)
    expect(sinceLongAgo.statusCode).toBe(400)
    expect(sinceLongAgo.json().errors).toEqual({ du: [CASH_MESSAGES.rangeTooLong] })
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const fromTomorrow = await get(`/api/caisse/export.csv?du=${tomorrow}`, manager)
    expect(fromTomorrow.statusCode).toBe(400)
    expect(fromTomorrow.json().errors).toEqual({ au: [CASH_MESSAGES.rangeInverted] })
    // 366 days, both ends included, at most.
    const tooMany = await get('/api/caisse/export.csv?du=2025-11-28&au=2026-11-29', manager)
    expect(tooMany.statusCode).toBe(400)
    const year = await get('/api/caisse/export.csv?du=2025-11-29&au=2026-11-29', manager)
    expect(year.statusCode, year.body).toBe(200)
    expect(csvRows((await get(`/api/caisse/export.csv?au=${yesterday}`, manager)).body).slice(1).filter((r) => r[1] === 'Modou Export')).toEqual([
      [yesterday, 'Modou Export', '0', '0', '0', '3000', '-3000', '0'],
    ])
  })
})

describe('GET /api/audit/export.csv|xlsx', () => {
  it('the list’s filters, newest first, Dakar times', async () => {
    const { numero } = await place(customer, [{ prix: 1000, quantite: 1 }])
    await deliver(numero)
    const rows = csvRows((await get(`/api/audit/export.csv?resource=commande&resource_id=${numero}`, admin)).body)
    expect(rows[0]).toEqual(['Date (Dakar)', 'Action', 'Ressource', 'Identifiant', 'Membre de l’équipe', 'Avant', 'Après'])
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual(
      ['livree', 'en_livraison', 'en_preparation', 'confirmee'].map(() => ['commande.etat', 'commande', numero]),
    )
    expect(rows.slice(1).map((r) => JSON.parse(r[6]!).etat)).toEqual(['livree', 'en_livraison', 'en_preparation', 'confirmee'])
    for (const r of rows.slice(1)) expect(r[0]).toMatch(DAKAR_TIME)
    const all = csvRows((await get('/api/audit/export.csv', admin)).body)
    expect(all.length).toBeGreaterThan(rows.length)
    const sheet = await xlsxRows((await get(`/api/audit/export.xlsx?resource=commande&resource_id=${numero}`, admin)).rawPayload)
    expect(sheet).toHaveLength(5)
    expect(sheet[1]![0]).toBeInstanceOf(Date)
  })
})

describe('100,000 orders streamed', () => {
  it('the CSV and the .xlsx stream from a cursor in batches: every row, the first and the last, the heap far below the data', { timeout: 120_000 }, async () => {
    const t0 = performance.now()
    const buyer = await signIn(shop.app)
    await shop.db.update(clients).set({ prenom: 'Masse', name: 'Volume' }).where(eq(clients.id, buyer.userId))
    const produit = await makeProduct(shop.db, { designation: 'Sac de riz en masse', prix: 1000, quantite: 10 })
    // Cheap: generate_series into the tables (this test only), one line per order, the bulk's own zone.
    await shop.db.execute(sql`insert into commandes (numerocommande, client_id, etat, datecomm, montantcommande, montantliv, remise, modepaiement_id, modelivraison_id, zone)
      select 'MASSE-' || lpad(g::text, 6, '0'), ${buyer.userId}, 'livree', timestamptz '2025-01-01 00:00:00+00' + g * interval '1 minute', 1000 * (1 + g % 5), 1000, 0,
             ${ids.modes.CASH}, ${ids.domicile}, 'Masse'
      from generate_series(1, 100000) g`)
    await shop.db.execute(sql`insert into detail_commandes (commande_id, produit_id, variante_id, quantite, prix)
      select c.id, ${produit.id}, (select id from variantes where produit_id = ${produit.id} limit 1), 1 + (c.montantcommande / 1000 - 1), 1000
      from commandes c where c.zone = 'Masse'`)

    console.log(`inserts ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (shop.app.server.address() as AddressInfo).port
    expect(address).toContain('127.0.0.1')

    /** Downloads `path`, keeping only the line count, the first and last lines, and the heap's peak while it streams. */
    const download = (path: string, keep: 'csv' | 'bytes') =>
      new Promise<{ lines: number; first: string; last: string; bytes: number; peak: number; raw: Buffer[] }>((resolve, reject) => {
        const out = { lines: 0, first: '', last: '', bytes: 0, peak: 0, raw: [] as Buffer[] }
        let tail = ''
        let chunks = 0
        const req = http.get({ host: '127.0.0.1', port, path, headers: manager.auth }, (res) => {
          expect(res.statusCode).toBe(200)
          res.on('data', (chunk: Buffer) => {
            out.bytes += chunk.length
            // What the heap holds after a collection, every 32 chunks: retained, not garbage not yet swept.
            if (++chunks % 32 === 0) {
              gc()
              out.peak = Math.max(out.peak, process.memoryUsage().heapUsed)
            }
            if (keep === 'bytes') return void out.raw.push(chunk)
            const parts = (tail + chunk.toString('utf8')).split('\r\n')
            tail = parts.pop()!
            for (const line of parts) {
              if (out.lines === 1) out.first = line
              out.last = line
              out.lines++
            }
          })
          res.on('end', () => resolve(out))
          res.on('error', reject)
        })
        req.on('error', reject)
      })

    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage().heapUsed
    const readsBefore = shop.database.cursorReads.count
    const started = performance.now()
    const csv = await download('/api/commande/export.csv?zone=Masse', 'csv')
    const seconds = (performance.now() - started) / 1000
    const reads = shop.database.cursorReads.count - readsBefore
    const growth = Math.max(0, csv.peak - before)
    console.log(`100k orders CSV: ${csv.bytes} bytes in ${seconds.toFixed(1)} s, ${reads} cursor reads, heap growth at peak ${(growth / 1e6).toFixed(1)} MB`)
    expect(csv.lines).toBe(100_001)
    // Newest first: the last generated order first, the first one last.
    expect(csv.first.startsWith('MASSE-100000;2025-03-11 10:40:00;Masse Volume;')).toBe(true)
    expect(csv.last.startsWith('MASSE-000001;2025-01-01 00:01:00;Masse Volume;')).toBe(true)
    // « Vendue le » empty: these rows were written without an order history, so the report
    // would not count them either (ADR 059).
    expect(csv.last).toMatch(/;Masse;[^;]+;[^;]+;Livrée;Sac de riz en masse;;[^;]+;2;1000;2000;0;1000;0;$/)
    // Read in batches of 2 000 lines from the cursor, not in one statement.
    expect(reads).toBeGreaterThanOrEqual(50)
    // Far below the file itself (~15 MB here) and the rows as objects (several times more).
    expect(growth).toBeLessThan(csv.bytes / 2)

    const readsXlsx = shop.database.cursorReads.count
    // A download abandoned midway hands its cursor's connection back to the pool.
    for (const format of ['csv', 'xlsx']) {
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: `/api/commande/export.${format}?zone=Masse`, headers: manager.auth }, (res) => {
          res.once('data', () => {
            req.destroy()
            resolve()
          })
        })
        req.on('error', (error) => (req.destroyed ? resolve() : reject(error)))
      })
      await expect.poll(() => { const pool = shop.database.poolStats(); return pool.total - pool.idle }, { timeout: 10_000 }).toBe(0)
    }

    let t = performance.now()
    const xlsx = await download('/api/commande/export.xlsx?zone=Masse', 'bytes')
    console.log(`xlsx download ${((performance.now() - t) / 1000).toFixed(1)} s, ${xlsx.bytes} bytes`)
    t = performance.now()
    expect(shop.database.cursorReads.count - readsXlsx).toBeGreaterThanOrEqual(50)
    // Read back as it was written, a row at a time (exceljs's streaming reader).
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(xlsx.raw), { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' })
    let count = 0
    let second: unknown[] = []
    let lastRow: unknown[] = []
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        count++
        if (count === 2) second = (row.values as unknown[]).slice(1)
        lastRow = (row.values as unknown[]).slice(1)
      }
    }
    expect(count).toBe(100_001)
    expect(second[0]).toBe('MASSE-100000')
    expect(lastRow[0]).toBe('MASSE-000001')
    expect(lastRow.slice(11)).toEqual([2, 1000, 2000, 0, 1000, 0])
    console.log(`xlsx load ${((performance.now() - t) / 1000).toFixed(1)} s`)
  })
})

describe('exports at once and their time limit (ADR 060)', () => {
  /** `count` orders of one line each in `zone`, written in two statements (as the 100,000 above): enough for a CSV of ~1 MB. */
  async function ordersIn(context: TestContext, zone: string, count: number) {
    const buyer = await signIn(context.app)
    const produit = await makeProduct(context.db, { designation: 'Export lent', prix: 500, quantite: 10 })
    const [mode] = await context.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH'))
    const [livraison] = await context.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE'))
    await context.db.execute(sql`insert into commandes (numerocommande, client_id, etat, datecomm, montantcommande, montantliv, remise, modepaiement_id, modelivraison_id, zone)
      select ${zone} || '-' || lpad(g::text, 6, '0'), ${buyer.userId}, 'livree', timestamptz '2025-06-01 00:00:00+00' + g * interval '1 minute', 1500, 1000, 0, ${mode!.id}, ${livraison!.id}, ${zone}
      from generate_series(1, ${count}) g`)
    await context.db.execute(sql`insert into detail_commandes (commande_id, produit_id, variante_id, quantite, prix)
      select c.id, ${produit.id}, (select id from variantes where produit_id = ${produit.id} limit 1), 1, 500
      from commandes c where c.zone = ${zone}`)
  }
  const busyConnections = (context: TestContext) => {
    const pool = context.database.poolStats()
    return pool.total - pool.idle
  }
  async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  it('a third export while two slow readers hold theirs is a French 503 with retry-after, on every export; once they are read, a new one is served', { timeout: 60_000 }, async () => {
    await ordersIn(shop, 'Lente', 6000)
    expect(shop.app.exportSlots.atOnce).toBe(2)
    // Two CSV downloads nobody reads (a CSV does not shrink as the .xlsx's zip does: a batch of
    // 2,000 lines is far more than the stream's buffers): each holds its stream, its cursor and
    // a connection of the pool.
    const first = await shop.app.inject({ url: '/api/commande/export.csv?zone=Lente', headers: manager.auth, payloadAsStream: true })
    const second = await shop.app.inject({ url: '/api/commande/export.csv?zone=Lente', headers: admin.auth, payloadAsStream: true })
    const streams = [first.stream(), second.stream()]
    // A failure below must not leave the cursors open (the app could not close).
    onTestFailed(() => streams.forEach((stream) => stream.destroy()))
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(shop.app.exportSlots.open).toBe(2)
    await expect.poll(() => busyConnections(shop), { timeout: 10_000 }).toBe(2)

    for (const path of EXPORTS) {
      for (const format of ['csv', 'xlsx']) {
        const refused = await get(`${path}.${format}`, admin)
        expect(refused.statusCode, `${path}.${format}`).toBe(503)
        expect(refused.json()).toEqual({ message: 'Un export est déjà en cours : réessayez dans une minute.' })
        expect(refused.headers['retry-after']).toBe('60')
        expect(refused.headers['cache-control']).toBe('no-store')
      }
    }
    // Refused before any read: no third connection was taken.
    expect(busyConnections(shop)).toBe(2)
    // The rest of the shop is served meanwhile.
    expect((await get('/api/commande?zone=Lente', manager)).statusCode).toBe(200)

    // Read to the end, whole: every line, and the slots and connections handed back.
    for (const body of await Promise.all(streams.map(readAll))) expect(csvRows(body.toString('utf8'))).toHaveLength(6001)
    await expect.poll(() => shop.app.exportSlots.open, { timeout: 10_000 }).toBe(0)
    await expect.poll(() => busyConnections(shop), { timeout: 10_000 }).toBe(0)

    const again = await get('/api/commande/export.csv?zone=Lente', manager)
    expect(again.statusCode, again.body).toBe(200)
    expect(csvRows(again.body)).toHaveLength(6001)
    expect(shop.app.exportSlots.open).toBe(0)
  })

  it('an export past its time limit ends with an error and hands its cursor back; the next one is served', { timeout: 60_000 }, async () => {
    const other = await createTestApp({ exports: { atOnce: 1, timeLimitMs: 500 } })
    try {
      const staff = await signInStaff(other)
      await ordersIn(other, 'Coupee', 6000)
      for (const format of ['csv', 'xlsx']) {
        const stalled = await other.app.inject({ url: `/api/commande/export.${format}?zone=Coupee`, headers: staff.manager.auth, payloadAsStream: true })
        const stream = stalled.stream()
        onTestFailed(() => void stream.destroy())
        expect(stalled.statusCode).toBe(200)
        expect(other.app.exportSlots.open).toBe(1)
        // The one slot is taken: a second export waits its turn.
        expect((await other.app.inject({ url: '/api/client/export.csv', headers: staff.admin.auth })).statusCode).toBe(503)
        // Nobody reads: cut after 500 ms, its cursor closed and its connection back in the pool.
        await expect.poll(() => other.app.exportSlots.open, { timeout: 10_000 }).toBe(0)
        await expect.poll(() => busyConnections(other), { timeout: 10_000 }).toBe(0)
        // The client sees a download that broke, not a file that looks whole.
        await expect(readAll(stream)).rejects.toThrow()
        const next = await other.app.inject({ url: '/api/client/export.csv', headers: staff.admin.auth })
        expect(next.statusCode, next.body).toBe(200)
        expect(csvRows(next.body).length).toBeGreaterThan(1)
      }
    } finally {
      await other.close()
    }
  })
})
