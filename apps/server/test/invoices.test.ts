// Invoices and credit notes (issue 26 §3, ADR 061) through the real app: numbers from gap-free
// yearly sequences assigned in the transaction that makes an order paid or delivered (even N at
// once), once; a new year starting at 1; credit notes on refunds; the PDFs (A4, fonts embedded,
// under 100 KB for 10 lines, their text read back), VAT lines only with a rate; who may download; the « Facturation »
// settings; orders paid while the previous release served numbered at their first read; the
// migration's numbering of the orders before it.
import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COURIER_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { INVOICE_MESSAGES, vatOf } from '@teranga/shared/invoices'
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrix } from '@teranga/shared/money'
import { auditLog, avoirs, commandes, factures, numerosDocuments } from '../src/db/schema.ts'
import { createInvoicesRepository } from '../src/modules/invoices/invoices.repository.ts'
import { PDF_PER_MINUTE } from '../src/modules/invoices/invoices.routes.ts'
import { createInvoicesService } from '../src/modules/invoices/invoices.service.ts'
import { actors, createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { grantRole, makeProduct, placeHomeOrder } from './factories.ts'
import { pdfText } from './pdf-text.ts'
import { createTestApp, gql, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
let other: SignedIn
let courier: SignedIn
const year = new Date().getUTCFullYear()

beforeAll(async () => {
  shop = await createTestApp({ orderRateLimit: 10_000 })
  ;({ admin, manager, customer } = await signInStaff(shop))
  ;[other, courier] = await Promise.all([signIn(shop.app), signIn(shop.app)])
  await grantRole(shop.db, courier.userId, 'livreur')
})
afterAll(() => shop?.close())

/** The app's order lifecycle, with the app's participants (the invoices' among them). */
const lifecycle = () => createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log })
/** What a document prints, read as the routes read it. */
const invoices = () => createInvoicesService({ db: shop.db, audit: { record: async () => {} } })

/** A cash order of `lines` products (each `prix`, 2 units), placed by `who`. */
async function placeCash(who: SignedIn = customer, { lines = 1, prix = 2500 } = {}) {
  const items: Array<[number, number]> = []
  for (let i = 0; i < lines; i++) items.push([(await makeProduct(shop.db, { prix, quantite: 50, designation: `Produit é${i} — thé à la menthe` })).id, 2])
  const res = await placeHomeOrder(shop.app, shop.db, who, items)
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string; montanttotal: number }
  return { id: commande.id, numero: commande.numerocommande, total: commande.montanttotal }
}
const setEtat = async (numero: string, etat: string) => {
  const res = await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat } })
  expect(res.statusCode, `${etat}: ${res.body}`).toBe(200)
}
const outForDelivery = async (numero: string) => {
  for (const etat of ['confirmee', 'en_preparation', 'en_livraison']) await setEtat(numero, etat)
}
/** The payment provider's word, through the order lifecycle (as the payments module moves it). */
async function paidOnline(numero: string) {
  await lifecycle().run(async (scope) => {
    const order = await scope.orders.lockOrder({ numero })
    const moved = await scope.move(order!, 'payee', actors.provider('wave'))
    expect(moved.moved).toBe(true)
  })
}
const invoiceOf = async (id: number) => (await shop.db.select().from(factures).where(eq(factures.commandeId, id)))[0]
const download = (numero: string, who?: SignedIn, file = 'facture.pdf') => shop.app.inject({ url: `/api/commande/${numero}/${file}`, headers: who?.auth ?? {} })
const sequencesOf = async (annee: number) => (await shop.db.select().from(factures).where(eq(factures.annee, annee))).map((f) => f.sequence).sort((a, b) => a - b)
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe('numbering', () => {
  it('a cash order gets its invoice when delivered, not before; the number is F-year-six digits', async () => {
    const order = await placeCash()
    await outForDelivery(order.numero)
    expect(await invoiceOf(order.id)).toBeUndefined()
    const early = await download(order.numero, customer)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(INVOICE_MESSAGES.unavailable)
    await setEtat(order.numero, 'livree')
    const invoice = await invoiceOf(order.id)
    expect(invoice?.numero).toMatch(new RegExp(`^F-${year}-\\d{6}$`))
    expect(invoice!.numero).toBe(`F-${year}-${String(invoice!.sequence).padStart(6, '0')}`)
  })

  it('paid online then delivered keeps the number it got at payment', async () => {
    const order = await placeCash()
    // A cash order paid online after all (issue 23 §2) is the same move to payee.
    await paidOnline(order.numero)
    const first = await invoiceOf(order.id)
    expect(first).toBeDefined()
    const [counter] = await shop.db.select().from(numerosDocuments).where(sql`${numerosDocuments.type} = 'F' and ${numerosDocuments.annee} = ${year}`)
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) await setEtat(order.numero, etat)
    expect(await invoiceOf(order.id)).toEqual(first)
    const [after] = await shop.db.select().from(numerosDocuments).where(sql`${numerosDocuments.type} = 'F' and ${numerosDocuments.annee} = ${year}`)
    expect(after!.dernier).toBe(counter!.dernier)
    expect(await sequencesOf(year)).toEqual(oneToN((await sequencesOf(year)).length))
  })

  it('N orders delivered at once get N numbers in a row, no gap, none twice', async () => {
    const N = 8
    const orders = []
    for (let i = 0; i < N; i++) orders.push(await placeCash())
    for (const order of orders) await outForDelivery(order.numero)
    const before = (await sequencesOf(year)).length
    await Promise.all(orders.map((order) => setEtat(order.numero, 'livree')))
    const numbers = await Promise.all(orders.map(async (order) => (await invoiceOf(order.id))!.sequence))
    expect([...numbers].sort((a, b) => a - b)).toEqual(oneToN(before + N).slice(before))
    expect(await sequencesOf(year)).toEqual(oneToN(before + N))
  })

  it('a move that rolls back gives its number back', async () => {
    const order = await placeCash()
    await outForDelivery(order.numero)
    const before = await sequencesOf(year)
    await expect(
      lifecycle().run(async (scope) => {
        const locked = await scope.orders.lockOrder({ numero: order.numero })
        expect((await scope.move(locked!, 'livree', actors.staff(manager.userId))).moved).toBe(true)
        throw new Error('rolled back after the number')
      }),
    ).rejects.toThrow('rolled back after the number')
    expect(await invoiceOf(order.id)).toBeUndefined()
    await setEtat(order.numero, 'livree')
    expect((await invoiceOf(order.id))!.sequence).toBe(before.length + 1)
  })

  it('a new year starts again at 1, each kind on its own counter', async () => {
    const next = year + 1
    const [a, b] = [await placeCash(), await placeCash()]
    const at = new Date(Date.UTC(next, 0, 1, 0, 0, 5))
    const issued = await shop.db.transaction(async (tx) => {
      const repo = createInvoicesRepository(tx)
      return [await repo.issueInvoice(a.id, at), await repo.issueInvoice(b.id, at), await repo.issueInvoice(a.id, at)]
    })
    expect(issued).toEqual([`F-${next}-000001`, `F-${next}-000002`, null])
    // This year's sequence is untouched.
    expect(await sequencesOf(year)).toEqual(oneToN((await sequencesOf(year)).length))
  })
})

describe('the invoice PDF', () => {
  it('an A4 PDF with DejaVu embedded, under 100 KB for 10 lines; the customer, no-store', async () => {
    const order = await placeCash(customer, { lines: 10, prix: 1250 })
    await outForDelivery(order.numero)
    await setEtat(order.numero, 'livree')
    const res = await download(order.numero, customer)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['cache-control']).toBe('no-store')
    const invoice = await invoiceOf(order.id)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice!.numero}.pdf"`)
    const pdf = res.rawPayload
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.length).toBeLessThan(100 * 1024)
    const text = pdf.toString('latin1')
    // A4 is 595.28 × 841.89 points; the font embedded as a subset (a TrueType program, no standard font).
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/)
    expect(text).toContain('/FontFile2')
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/)
    // Read back through the fonts' ToUnicode maps: French, accents, no-break spaces in amounts.
    const shown = pdfText(pdf)
    expect(shown).toContain('FACTURE')
    expect(shown).toContain(`N° ${invoice!.numero}`)
    expect(shown).toContain('Produit é0 — thé à la menthe')
    expect(shown).toContain(formatPrix(1250))
    expect(shown).toContain(`Total TTC\n${formatPrix(order.total)}`)
    expect(shown).toContain('Payée')
    expect(shown).toContain('Prix toutes taxes comprises.')
    expect(shown).not.toContain('TVA')

    const doc = await invoices().invoiceDocument({ id: customer.userId, role: 'client' }, order.numero)
    expect(doc.lines).toHaveLength(10)
    expect(doc.lines[0]).toMatchObject({ quantite: 2, prix: 1250, total: 2500 })
    expect(doc.total).toBe(order.total)
    expect(doc.paiement).toEqual({ mode: expect.any(String), statut: 'Payée' })
    expect(doc.vat).toBe(false)
    expect(doc.totals.map((t) => t.label)).toEqual(['Sous-total', 'Livraison'])
    // Amounts print through the shared formatter: no-break spaces.
    expect(formatPrix(doc.total)).toContain('\u00a0')
  })

  it('VAT lines with a rate (HT, TVA 18 %, TTC unchanged), none without', async () => {
    const order = await placeCash(customer, { lines: 2, prix: 2950 })
    await outForDelivery(order.numero)
    await setEtat(order.numero, 'livree')
    const reader = { id: manager.userId, role: 'gestionnaire' }
    expect((await invoices().invoiceDocument(reader, order.numero)).vat).toBe(false)

    const put = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: { tva_taux: 18 } })
    expect(put.statusCode, put.body).toBe(200)
    const doc = await invoices().invoiceDocument(reader, order.numero)
    const vat = vatOf(order.total, 18)!
    expect(vat.ht + vat.tva).toBe(order.total)
    expect(vat.ht).toBe(Math.round((order.total * 100) / 118))
    expect(doc.vat).toBe(true)
    expect(doc.totals.slice(-2)).toEqual([
      { label: 'Total HT', montant: vat.ht },
      { label: 'TVA 18 %', montant: vat.tva },
    ])
    expect(doc.total).toBe(order.total)
    const res = await download(order.numero, manager)
    expect(res.statusCode).toBe(200)
    const shown = pdfText(res.rawPayload)
    expect(shown).toContain(`Total HT\n${formatPrix(vat.ht)}\nTVA 18 %\n${formatPrix(vat.tva)}\nTotal TTC\n${formatPrix(order.total)}`)
    expect(shown).not.toContain('Prix toutes taxes comprises.')

    expect((await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: { tva_taux: null } })).statusCode).toBe(200)
    expect((await invoices().invoiceDocument(reader, order.numero)).vat).toBe(false)
  })

  it('18 % of 11 800 FCFA: 10 000 HT and 1 800 TVA', () => {
    expect(vatOf(11_800, 18)).toEqual({ ht: 10_000, tva: 1_800, ttc: 11_800, rate: 18 })
    expect(vatOf(11_800, null)).toBeNull()
  })
})

describe('credit notes', () => {
  it('a partial refund issues a credit note that refers to the invoice; the customer downloads it; GraphQL and REST list both', async () => {
    const order = await placeCash(customer, { lines: 2, prix: 3000 })
    await outForDelivery(order.numero)
    await setEtat(order.numero, 'livree')
    const invoice = (await invoiceOf(order.id))!
    const refund = await shop.app.inject({ method: 'POST', url: `/api/commande/${order.numero}/remboursement`, headers: manager.auth, payload: { motif: 'Produit abîmé', montant: 1500 } })
    expect(refund.statusCode, refund.body).toBe(200)
    const notes = await shop.db.select().from(avoirs).where(eq(avoirs.commandeId, order.id))
    expect(notes).toHaveLength(1)
    expect(notes[0]!.numero).toMatch(new RegExp(`^A-${year}-\\d{6}$`))

    const doc = await invoices().creditNoteDocument({ id: customer.userId, role: 'client' }, order.numero, notes[0]!.numero)
    expect(doc).toMatchObject({ kind: 'avoir', facture: invoice.numero, total: 1500, motif: 'Produit abîmé' })
    const res = await download(order.numero, customer, `avoir/${notes[0]!.numero}.pdf`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(res.headers['cache-control']).toBe('no-store')
    const shown = pdfText(res.rawPayload)
    expect(shown).toContain('AVOIR')
    expect(shown).toContain(`N° ${notes[0]!.numero}`)
    expect(shown).toContain(`Facture d’origine : ${invoice.numero}`)
    expect(shown).toContain('Motif : Produit abîmé')
    expect(shown).toContain(`Total remboursé TTC\n${formatPrix(1500)}`)

    // A second refund, by lines: a second credit note.
    const detail = (await shop.app.inject({ url: `/api/admin/commande/${order.numero}`, headers: manager.auth })).json()
    const produit = detail.lignes?.[0]?.produit?.id ?? detail.detailcommandes?.[0]?.produit?.id
    const byLines = await shop.app.inject({ method: 'POST', url: `/api/commande/${order.numero}/remboursement`, headers: manager.auth, payload: { motif: 'Manquant', lignes: [{ produit, quantite: 1, restock: false }] } })
    expect(byLines.statusCode, byLines.body).toBe(200)
    const documents = await shop.app.inject({ url: `/api/commande/${order.numero}/documents`, headers: customer.auth })
    expect(documents.statusCode).toBe(200)
    expect(documents.json().facture).toBe(invoice.numero)
    expect(documents.json().avoirs).toHaveLength(2)
    expect(documents.json().avoirs[0]).toEqual({ numero: notes[0]!.numero, montant: 1500, montant_fr: formatPrix(1500) })
    const second = documents.json().avoirs[1].numero as string
    const lines = await invoices().creditNoteDocument({ id: admin.userId, role: 'admin' }, order.numero, second)
    expect(lines.lines).toHaveLength(1)
    expect(lines.lines[0]).toMatchObject({ quantite: 1, prix: 3000 })

    const read = await gql(shop.app, '{ commandespaginated(page: 1, count: 20) { data { numerocommande facture avoirs { numero montant montantformat } } } }', {}, customer.auth)
    expect(read.errors).toBeUndefined()
    const mine = read.data!.commandespaginated.data.find((c: { numerocommande: string }) => c.numerocommande === order.numero)
    expect(mine).toEqual({ numerocommande: order.numero, facture: invoice.numero, avoirs: [{ numero: notes[0]!.numero, montant: 1500, montantformat: formatPrix(1500) }, { numero: second, montant: expect.any(Number), montantformat: expect.any(String) }] })
  })
})

describe('who may download', () => {
  it('visitor 401, another customer 404, courier 403, staff 200; unknown credit note 404; bad number 400', async () => {
    const order = await placeCash()
    await outForDelivery(order.numero)
    await setEtat(order.numero, 'livree')
    expect((await download(order.numero)).statusCode).toBe(401)
    const theirs = await download(order.numero, other)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().message).toBe(MESSAGES.orderNotFound)
    const unknownOrder = await download('TER-INCONNU', customer)
    expect(unknownOrder.statusCode).toBe(404)
    const asCourier = await download(order.numero, courier)
    expect(asCourier.statusCode).toBe(403)
    expect(asCourier.json().message).toBe(COURIER_MESSAGES.notForCourier)
    for (const who of [admin, manager, customer]) expect((await download(order.numero, who)).statusCode).toBe(200)
    const note = await download(order.numero, customer, `avoir/A-${year}-999999.pdf`)
    expect(note.statusCode).toBe(404)
    expect(note.json().message).toBe(INVOICE_MESSAGES.creditNoteNotFound)
    const badNumber = await download(order.numero, customer, 'avoir/F-2026-000001.pdf')
    expect(badNumber.statusCode).toBe(400)
    // The shared schema's French refusal, naming the path's field.
    expect(badNumber.json().errors).toEqual({ avoir: [INVOICE_MESSAGES.creditNoteNumberInvalid] })
    expect((await shop.app.inject({ url: `/api/commande/${order.numero}/documents`, headers: other.auth })).statusCode).toBe(404)
  })

  it('an account draws at most PDF_PER_MINUTE PDFs a minute (a PDF costs a core 13–30 ms; an account is free): then a French 429, others still served', async () => {
    const hammer = await signIn(shop.app)
    const order = await placeCash(hammer)
    await outForDelivery(order.numero)
    await setEtat(order.numero, 'livree')
    for (let i = 0; i < PDF_PER_MINUTE; i++) expect((await download(order.numero, hammer)).statusCode).toBe(200)
    const refused = await download(order.numero, hammer)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(MESSAGES.tooManyRequests)
    expect((await download(order.numero, admin)).statusCode).toBe(200)
  })
})

describe('the « Facturation » settings', () => {
  it('admins only; French refusals naming the field; saved and audited', async () => {
    expect((await shop.app.inject({ url: '/api/facturation' })).statusCode).toBe(401)
    for (const [who, message] of [[customer, MESSAGES.staffOnly], [manager, MESSAGES.adminOnly]] as const) {
      const res = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: who.auth, payload: { nom: 'X' } })
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(message)
    }
    const bad = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: { ninea: '12', tva_taux: 0, telephone: 'abc', rccm: '!!' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ ninea: [INVOICE_MESSAGES.nineaInvalid], tva_taux: [INVOICE_MESSAGES.tvaInvalid], telephone: [INVOICE_MESSAGES.telephoneInvalid], rccm: [INVOICE_MESSAGES.rccmInvalid] })
    // Past the columns' lengths (the database's check would answer a 500): a 400 naming each field.
    const padded = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: { ninea: `0123456${' '.repeat(40)}2G3` } })
    expect(padded.statusCode, padded.body).toBe(400)
    expect(padded.json().errors).toEqual({ ninea: [INVOICE_MESSAGES.nineaInvalid] })
    const overlong = { nom: 'N'.repeat(151), adresse: 'A'.repeat(301), rccm: `SN${'-'.repeat(60)}`, telephone: `+221${' 7'.repeat(14)}`, pied: 'P'.repeat(501) }
    const tooLong = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: overlong })
    expect(tooLong.statusCode, tooLong.body).toBe(400)
    expect(tooLong.json().errors).toEqual({ nom: [INVOICE_MESSAGES.nomTooLong], adresse: [INVOICE_MESSAGES.adresseTooLong], rccm: [INVOICE_MESSAGES.rccmInvalid], telephone: [INVOICE_MESSAGES.telephoneInvalid], pied: [INVOICE_MESSAGES.piedTooLong] })
    // Each at its column's length is taken (the database's check lets it through too).
    const atLimit = { nom: 'N'.repeat(150), adresse: 'A'.repeat(300), ninea: `0123456${' '.repeat(30)}2G3`, rccm: `SN${'-'.repeat(57)}1`, telephone: `+221${' 7'.repeat(8)}`, pied: 'P'.repeat(500) }
    const longest = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: atLimit })
    expect(longest.statusCode, longest.body).toBe(200)
    expect(longest.json()).toMatchObject(atLimit)
    const empty = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(SETTINGS_MESSAGES.nothingToChange)

    const identity = { nom: 'Teranga SARL', adresse: 'Route de Ngor, Dakar', ninea: '0123456 2G3', rccm: 'SN-DKR-2024-B-12345', telephone: '+221 33 820 00 00', pied: 'Merci de votre confiance — à bientôt !' }
    const saved = await shop.app.inject({ method: 'PUT', url: '/api/facturation', headers: admin.auth, payload: identity })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ ...identity, tva_taux: null })
    expect(saved.headers['cache-control']).toBe('no-store')
    expect((await shop.app.inject({ url: '/api/facturation', headers: admin.auth })).json()).toEqual({ ...identity, tva_taux: null })
    const [line] = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'facturation.modifier')).orderBy(sql`${auditLog.id} desc`).limit(1)
    expect(line).toMatchObject({ staffId: admin.userId, resource: 'facturation', after: { ...identity, tva_taux: null } })

    // The invoice prints it.
    const order = await placeCash()
    await outForDelivery(order.numero)
    await setEtat(order.numero, 'livree')
    const doc = await invoices().invoiceDocument({ id: admin.userId, role: 'admin' }, order.numero)
    expect(doc.settings).toMatchObject(identity)
    const pdf = await download(order.numero, customer)
    expect(pdf.statusCode).toBe(200)
    const shown = pdfText(pdf.rawPayload)
    for (const line of ['Teranga SARL', 'Route de Ngor, Dakar', 'NINEA : 0123456 2G3', 'RCCM : SN-DKR-2024-B-12345', 'Tél. : +221 33 820 00 00', 'Merci de votre confiance — à bientôt !']) expect(shown).toContain(line)
  })
})

describe('orders paid while the previous release served (ADR 030)', () => {
  it('get their invoice and credit notes at the first read, next in the sequence', async () => {
    const order = await placeCash()
    await outForDelivery(order.numero)
    // The previous release delivers it: the state moves, no number is assigned.
    await shop.db.update(commandes).set({ etat: 'livree', dateliv: new Date() }).where(eq(commandes.id, order.id))
    expect(await invoiceOf(order.id)).toBeUndefined()
    const before = await sequencesOf(year)
    const [first, second] = await Promise.all([download(order.numero, customer), shop.app.inject({ url: `/api/commande/${order.numero}/documents`, headers: manager.auth })])
    expect(first.statusCode, first.body).toBe(200)
    expect(second.statusCode, second.body).toBe(200)
    expect((await invoiceOf(order.id))!.sequence).toBe(before.length + 1)
    expect(await sequencesOf(year)).toEqual(oneToN(before.length + 1))
    // Numbered late, frozen all the same, in the transaction that numbered it.
    expect((await invoiceOf(order.id))!.contenu).toMatchObject({ total: order.total, paiement: { statut: 'Payée' } })
    // One numbered before migration 0045 (no frozen content) prints from the order as it is now.
    await shop.db.update(factures).set({ contenu: null }).where(eq(factures.commandeId, order.id))
    await shop.db.update(commandes).set({ montantliv: sql`${commandes.montantliv} + 100` }).where(eq(commandes.id, order.id))
    expect((await invoices().invoiceDocument({ id: customer.userId, role: 'client' }, order.numero)).total).toBe(order.total + 100)
    expect((await invoiceOf(order.id))!.contenu).toBeNull()
  })
})

describe('the migration', () => {
  it('numbers the orders paid or delivered before it by date, per year, and the counters go on from there', async () => {
    const statements = fs.readFileSync(new URL('../migrations/0043_factures.sql', import.meta.url), 'utf8').split('--> statement-breakpoint')
    const backfill = statements.slice(-3)
    expect(backfill.every((s) => /INSERT INTO "(factures|avoirs|numeros_documents)"/.test(s))).toBe(true)
    const [a, b] = [await placeCash(), await placeCash()]
    for (const o of [a, b]) await outForDelivery(o.numero)
    // As the release before: delivered (b first), no numbers; then this release migrates.
    await shop.db.update(commandes).set({ etat: 'livree', dateliv: new Date(Date.UTC(year, 0, 2)) }).where(eq(commandes.id, b.id))
    await shop.db.update(commandes).set({ etat: 'livree', dateliv: new Date(Date.UTC(year, 0, 3)) }).where(eq(commandes.id, a.id))
    await shop.db.execute(sql`delete from ${avoirs}`)
    await shop.db.execute(sql`delete from ${factures}`)
    await shop.db.execute(sql`delete from ${numerosDocuments}`)
    // The history says when each order of the file was first paid or delivered.
    await shop.db.execute(sql`update order_history set at = ${new Date(Date.UTC(year, 5, 1)).toISOString()}::timestamptz where to_etat in ('payee', 'livree')`)
    for (const statement of backfill) await shop.db.execute(sql.raw(statement))
    const numbered = await sequencesOf(year)
    expect(numbered).toEqual(oneToN(numbered.length))
    expect((await invoiceOf(b.id))!.sequence).toBe(1)
    expect((await invoiceOf(a.id))!.sequence).toBe(2)
    const [counter] = await shop.db.select().from(numerosDocuments).where(sql`${numerosDocuments.type} = 'F' and ${numerosDocuments.annee} = ${year}`)
    expect(counter!.dernier).toBe(numbered.length)
    const notes = (await shop.db.select().from(avoirs)).map((n) => n.sequence).sort((x, y) => x - y)
    expect(notes).toEqual(oneToN(notes.length))
    expect(notes.length).toBeGreaterThan(0)
    // The next invoice follows.
    const c = await placeCash()
    await outForDelivery(c.numero)
    await setEtat(c.numero, 'livree')
    expect((await invoiceOf(c.id))!.sequence).toBe(numbered.length + 1)
  })
})
