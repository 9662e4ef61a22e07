// The owner's sales report (issue 26 §1, ADR 059) on a month of orders built through the API:
// its total is the sales of the period (paid online or delivered in cash, on that day) less the
// refunds made in it, to the franc; every grouping's lines add up to that total; the dashboard's
// « Ventes aujourd'hui », « Ventes sur 7 jours » and 30-day curve say the same; the CSV holds the
// same lines. Sad paths: 401, 403 (a gestionnaire, a courier's role is the central test's), 400
// naming `du`, `au`, `par`, `format`.
import { parse } from 'csv-parse/sync'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_CSV_COLUMNS, REPORT_GROUPINGS, REPORT_OUTSIDE_GOODS_KEY, REPORTS_MESSAGES, type SalesReport, type SalesSummary } from '@teranga/shared/backoffice-reports'
import { MESSAGES } from '@teranga/shared/server-messages'
import { PAYMENT_RECEIVED_STATUSES } from '@teranga/shared/payment-labels'
import { addDays } from '@teranga/shared/shop-day'
import { commandes, paiements, remboursements } from '../src/db/schema.ts'
import { buildMonthOfOrders, startShop, type MonthOfOrders, type Shop } from './fixtures/month-of-orders.ts'
import { grantRole, makeProduct } from './factories.ts'
import { signIn } from './helpers.ts'

let shop: Shop
let month: MonthOfOrders

beforeAll(async () => {
  shop = await startShop()
  month = await buildMonthOfOrders(shop)
}, 180_000)
afterAll(() => shop?.close())

const report = async (query: string, by = shop.admin) => shop.app.inject({ url: `/api/rapport/ventes?${query}`, headers: by.auth })
const ok = async (query: string): Promise<SalesReport> => {
  const res = await report(query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const MONEY = ['montant_articles', 'remises', 'livraison', 'rembourse', 'net'] as const

describe('GET /api/rapport/ventes', () => {
  it('totals the month’s sales less its refunds, to the franc, and answers no-store', async () => {
    const res = await report(`du=${month.du}&au=${month.au}&par=jour`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const r = res.json() as SalesReport
    const want = await month.expected(month.du, month.au)
    expect(want.commandes).toBeGreaterThan(10)
    expect(want.rembourse).toBeGreaterThan(0)
    expect(r.total.commandes).toBe(want.commandes)
    expect(r.total.rembourse).toBe(want.rembourse)
    expect(r.total.net).toBe(want.net)
    expect(r.total.montant_articles - r.total.remises + r.total.livraison).toBe(want.ventes)
    // Every day of the period has its line, in order; each day's net is its sales less its refunds.
    expect(r.lignes).toHaveLength(30)
    expect(r.lignes[0]!.cle).toBe(month.du)
    expect(r.lignes.at(-1)!.cle).toBe(month.au)
    for (const line of r.lignes) {
      const day = want.perDay.get(line.cle) ?? { commandes: 0, net: 0 }
      expect({ jour: line.cle, commandes: line.commandes, net: line.net }).toEqual({ jour: line.cle, ...day })
    }
    expect(r.lignes.at(-1)!.libelle).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/)
  })

  it('every grouping’s lines add up to the same total', async () => {
    const base = await ok(`du=${month.du}&au=${month.au}&par=jour`)
    for (const par of REPORT_GROUPINGS) {
      const r = await ok(`du=${month.du}&au=${month.au}&par=${par}`)
      expect(r.par).toBe(par)
      for (const field of [...MONEY, 'articles'] as const) {
        expect(r.lignes.reduce((sum, l) => sum + l[field], 0), `${par} ${field}`).toBe(r.total[field])
        expect(r.total[field], `${par} ${field}`).toBe(base.total[field])
      }
      expect(r.total.commandes, par).toBe(base.total.commandes)
      if (par !== 'produit' && par !== 'categorie') expect(r.lignes.reduce((sum, l) => sum + l.commandes, 0), par).toBe(r.total.commandes)
      for (const l of r.lignes) expect(l.net, `${par} ${l.cle}`).toBe(l.montant_articles - l.remises + l.livraison - l.rembourse)
    }
  })

  it('groups by the order’s payment mode, courier, code and zone, and by product with each line’s share of the discounts', async () => {
    const byMode = await ok(`du=${month.du}&au=${month.au}&par=modepaiement`)
    expect(byMode.lignes.map((l) => l.cle).sort()).toEqual(['CASH', 'FREE', 'OM', 'WAVE'])
    const byCourier = await ok(`du=${month.du}&au=${month.au}&par=livreur`)
    expect(byCourier.lignes.map((l) => l.libelle).sort()).toEqual(['Awa Diop', 'Ibrahima Fall', 'Sans livreur'])
    const byCode = await ok(`du=${month.du}&au=${month.au}&par=codepromo`)
    expect(byCode.lignes.map((l) => l.libelle).sort()).toEqual(['MOIS10', 'MOIS1500', 'Sans code'])
    expect(byCode.lignes.find((l) => l.cle === '')!.remises).toBeGreaterThan(0) // the loyalty tier's, without a code
    const byZone = await ok(`du=${month.du}&au=${month.au}&par=zone`)
    expect(byZone.lignes.map((l) => l.libelle)).toContain('Sans zone (retrait)')

    const byProduct = await ok(`du=${month.du}&au=${month.au}&par=produit`)
    const outside = byProduct.lignes.find((l) => l.cle === REPORT_OUTSIDE_GOODS_KEY)!
    expect(outside).toMatchObject({ libelle: 'Livraison et hors articles', commandes: 0, articles: 0, montant_articles: 0 })
    expect(outside.livraison).toBe(byProduct.total.livraison)
    // The free delivery and the refund of an amount belong to no product.
    expect(outside.remises).toBeGreaterThan(0)
    expect(outside.rembourse).toBeGreaterThanOrEqual(700)
    for (const p of month.products) {
      const line = byProduct.lignes.find((l) => l.cle === String(p.id))!
      expect(line.articles).toBeGreaterThan(0)
      expect(line.livraison).toBe(0)
    }
    const byCategory = await ok(`du=${month.du}&au=${month.au}&par=categorie`)
    expect(byCategory.lignes.filter((l) => l.cle !== REPORT_OUTSIDE_GOODS_KEY).map((l) => l.libelle).sort()).toEqual(['Frais (rapport)', 'Épicerie (rapport)'])
  })

  it('counts a sale on the day it was paid or delivered, and a refund on its own day', async () => {
    const story = (text: string) => month.orders.find((o) => o.story.startsWith(text))!
    // Sold 40 days ago, refunded within the month: the refund alone counts, on its day.
    const old = story('vendue il y a 40 jours')
    const refundDay = old.refunds[0]!.day
    const that = await ok(`du=${refundDay}&au=${refundDay}&par=jour`)
    expect(that.total.rembourse).toBe((await month.expected(refundDay, refundDay)).rembourse)
    expect(that.total.rembourse).toBeGreaterThanOrEqual(old.refunds[0]!.montant)
    // Paid online, then delivered days later: counted once, on the day paid.
    const om = story('OM payée puis livrée')
    const paid = await ok(`du=${om.saleDay}&au=${om.saleDay}&par=modepaiement`)
    expect(paid.lignes.find((l) => l.cle === 'OM')?.commandes).toBe(1)
    // The day before the month began: the 40-day-old sale lies outside.
    const before = await ok(`du=${addDays(month.du, -30)}&au=${addDays(month.du, -1)}&par=jour`)
    const want = await month.expected(addDays(month.du, -30), addDays(month.du, -1))
    expect(before.total).toMatchObject({ commandes: want.commandes, net: want.net })
  })

  it('gives the same lines and total as CSV', async () => {
    const json = await ok(`du=${month.du}&au=${month.au}&par=modepaiement`)
    const res = await report(`du=${month.du}&au=${month.au}&par=modepaiement&format=csv`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ventes-${month.du}-${month.au}-modepaiement.csv"`)
    expect(res.headers['cache-control']).toBe('no-store')
    const rows = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'))
    expect(rows[0]).toEqual([...REPORT_CSV_COLUMNS])
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(json.lignes.map((l) => l.cle))
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['total', 'Total'])
    expect(Number(rows.at(-1)![REPORT_CSV_COLUMNS.indexOf('net')])).toBe(json.total.net)
  })

  it('refuses a visitor (401) and any staff but an admin (403, French)', async () => {
    const visitor = await shop.app.inject({ url: `/api/rapport/ventes?du=${month.du}&au=${month.au}` })
    expect(visitor.statusCode).toBe(401)
    const manager = await report(`du=${month.du}&au=${month.au}`, shop.manager)
    expect(manager.statusCode).toBe(403)
    expect(manager.json().message).toMatch(/administrateur/i)
    // Even a bad query tells a gestionnaire nothing but the refusal.
    expect((await report('du=nope', shop.manager)).statusCode).toBe(403)
    const customer = await signIn(shop.app)
    expect((await report(`du=${month.du}&au=${month.au}`, customer)).statusCode).toBe(403)
  })

  it('answers 400 naming the field for a bad day, a reversed or too long period, an unknown grouping or format', async () => {
    const cases: Array<[string, string, string]> = [
      ['au=2026-11-01', 'du', REPORTS_MESSAGES.duInvalid],
      ['du=2026-02-30&au=2026-03-01', 'du', REPORTS_MESSAGES.duInvalid],
      // The day after 9999-12-31 has no YYYY-MM-DD form: a loop over its days would never end.
      ['du=9999-12-31&au=9999-12-31', 'du', REPORTS_MESSAGES.duInvalid],
      ['du=2101-01-01&au=2101-01-02', 'du', REPORTS_MESSAGES.duInvalid],
      ['du=2026-11-01&au=1er-nov', 'au', REPORTS_MESSAGES.auInvalid],
      ['du=2026-11-02&au=2026-11-01', 'au', REPORTS_MESSAGES.auBeforeDu],
      ['du=2025-01-01&au=2026-01-02', 'du', REPORTS_MESSAGES.periodTooLong],
      ['du=2026-11-01&au=2026-11-02&par=client', 'par', REPORTS_MESSAGES.parInvalid],
      ['du=2026-11-01&au=2026-11-02&format=xlsx', 'format', REPORTS_MESSAGES.formatInvalid],
    ]
    for (const [query, field, message] of cases) {
      const res = await report(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.body, query).toContain(field)
      expect(res.body, query).toContain(message.slice(0, 30))
    }
    // 366 days, both counted, is the longest period taken.
    const longest = await report('du=2025-01-01&au=2026-01-01&par=mois')
    expect(longest.statusCode, longest.body).toBe(200)
    expect((longest.json() as SalesReport).lignes.every((l) => /^\d{4}-\d{2}$/.test(l.cle))).toBe(true)
  })
})

describe('GET /api/rapport/synthese', () => {
  it('reads the same sales: the average basket, new and returning customers, best sellers, the modes’ shares, slow movers', async () => {
    const never = await makeProduct(shop.db, { designation: 'Bissap séché (jamais vendu)', quantite: 100_000 })
    const res = await shop.app.inject({ url: `/api/rapport/synthese?du=${month.du}&au=${month.au}`, headers: shop.admin.auth })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const s = res.json() as SalesSummary
    const want = await month.expected(month.du, month.au)
    expect(s.commandes).toBe(want.commandes)
    expect(s.panier_moyen).toBe(Math.round(want.ventes / want.commandes))
    // The loyal customer's two sales are both in the month: everyone bought for the first time.
    expect(s.clients.habitues).toBe(0)
    expect(s.clients.nouveaux).toBe(want.commandes - 1)
    const byProduct = await ok(`du=${month.du}&au=${month.au}&par=produit`)
    const top = byProduct.lignes.filter((l) => l.cle !== REPORT_OUTSIDE_GOODS_KEY).sort((a, b) => b.articles - a.articles)[0]!
    expect(s.meilleures_ventes[0]).toMatchObject({ id: Number(top.cle), articles: top.articles, net: top.net })
    expect(s.modes.reduce((sum, m) => sum + m.commandes, 0)).toBe(want.commandes)
    expect(s.modes.find((m) => m.code === 'CASH')!.part).toBeGreaterThan(0)
    expect(s.invendus[0]).toMatchObject({ id: never.id, quantite: 100_000 })
    for (const p of month.products) expect(s.invendus.map((i) => i.id)).not.toContain(p.id)

    // From the loyal customer's second sale on, they had bought before.
    const later = month.orders.find((o) => o.story.startsWith('fidélité 5 %'))!.saleDay!
    const since = (await shop.app.inject({ url: `/api/rapport/synthese?du=${later}&au=${month.au}`, headers: shop.admin.auth })).json() as SalesSummary
    expect(since.clients.habitues).toBe(1)

    const manager = await shop.app.inject({ url: `/api/rapport/synthese?du=${month.du}&au=${month.au}`, headers: shop.manager.auth })
    expect(manager.statusCode).toBe(403)
    const bad = await shop.app.inject({ url: `/api/rapport/synthese?du=${month.au}&au=${month.du}`, headers: shop.admin.auth })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(REPORTS_MESSAGES.auBeforeDu)
  })

  it('is limited per admin (five statements at once on the pool each): the 31st in a minute is a French 429, another admin is still served', async () => {
    const owner = await signIn(shop.app)
    await grantRole(shop.db, owner.userId, 'admin')
    const summary = (by: { auth: Record<string, string> }) => shop.app.inject({ url: `/api/rapport/synthese?du=${month.au}&au=${month.au}`, headers: by.auth })
    for (let i = 0; i < 30; i++) expect((await summary(owner)).statusCode).toBe(200)
    const limited = await summary(owner)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Per admin, not for the whole shop; a refusal (403) comes before the count.
    expect((await summary(shop.admin)).statusCode).toBe(200)
    expect((await summary(shop.manager)).statusCode).toBe(403)
  })
})

describe('the dashboard agrees with the report to the franc', () => {
  it('« Ventes aujourd’hui », « Ventes sur 7 jours » and the 30-day curve are the report’s net on those days', async () => {
    const res = await shop.app.inject({ url: '/api/admin/tableau', headers: shop.manager.auth })
    expect(res.statusCode, res.body).toBe(200)
    const tableau = res.json() as { ventes: { aujourdhui: number; sept_jours: number }; courbe: Array<{ jour: string; montant: number; commandes: number }> }
    const r = await ok(`du=${month.du}&au=${month.au}&par=jour`)
    expect(tableau.courbe).toEqual(r.lignes.map((l) => ({ jour: l.cle, montant: l.net, commandes: l.commandes })))
    const today = await ok(`du=${month.au}&au=${month.au}`)
    expect(tableau.ventes.aujourdhui).toBe(today.total.net)
    const week = await ok(`du=${addDays(month.au, -6)}&au=${month.au}`)
    expect(tableau.ventes.sept_jours).toBe(week.total.net)
    expect(tableau.ventes.sept_jours).toBe((await month.expected(addDays(month.au, -6), month.au)).net)
    expect(tableau.courbe.reduce((sum, d) => sum + d.montant, 0)).toBe((await month.expected(month.du, month.au)).net)
  })
})

describe('an order paid online and prepared short', () => {
  it('counts what was paid less the preparation’s refund once: the refund is in its lowered total, not taken off again', async () => {
    const o = month.orders.find((x) => x.story.startsWith('Wave payée, préparée'))!
    const [refund] = await shop.db.select().from(remboursements).where(eq(remboursements.commandeId, o.id))
    expect(refund).toMatchObject({ preparation: true })
    expect(refund!.montant).toBeGreaterThan(0)
    const [paid] = await shop.db.select({ montant: paiements.montant }).from(paiements).where(and(eq(paiements.commandeId, o.id), inArray(paiements.statut, [...PAYMENT_RECEIVED_STATUSES])))
    const [order] = await shop.db.select({ total: commandes.montantTotal }).from(commandes).where(eq(commandes.id, o.id))
    expect(paid!.montant - refund!.montant).toBe(order!.total)
    // The day it was sold says the lowered total (the fixture's sum of the day's current totals)…
    const day = await ok(`du=${o.saleDay}&au=${o.saleDay}&par=jour`)
    expect(day.total.net).toBe((await month.expected(o.saleDay!, o.saleDay!)).net)
    // …and no period takes its preparation's refund off: over all time, the refunds are the other ones.
    const all = await ok(`du=${addDays(month.au, -365)}&au=${month.au}&par=mois`)
    expect(all.total.rembourse).toBe(month.orders.flatMap((x) => x.refunds).reduce((sum, r) => sum + r.montant, 0))
  })
})

describe('the accountant’s export agrees with the report to the franc', () => {
  /** The orders export (one row per line, ADR 060) as objects keyed by its French headers. */
  async function exportRows(): Promise<Array<Record<string, string>>> {
    const res = await shop.app.inject({ url: '/api/commande/export.csv', headers: shop.admin.auth })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = parse(res.body.slice(1), { delimiter: ';' }) as string[][]
    return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])))
  }
  const amount = (v: string | undefined) => (v ? Number(v) : 0)
  const soldIn = (row: Record<string, string>, du: string, au: string) => {
    const day = row['Vendue le (Dakar)']!.slice(0, 10)
    return day !== '' && day >= du && day <= au
  }

  it('the rows sold in a period add up to the report’s sales of that period, day by day, and its refunds over all time', async () => {
    const rows = await exportRows()
    const ours = new Set(month.orders.map((o) => o.numero))
    // Each order of the month says the sale day the fixture gave it (or none).
    for (const o of month.orders) {
      const mine = rows.filter((r) => r['Commande'] === o.numero)
      expect(mine.length, o.story).toBeGreaterThan(0)
      expect(new Set(mine.map((r) => r['Vendue le (Dakar)']!.slice(0, 10))), o.story).toEqual(new Set([o.saleDay ?? '']))
    }
    const sales = (du: string, au: string) => {
      const sold = rows.filter((r) => ours.has(r['Commande']!) && soldIn(r, du, au))
      return {
        commandes: new Set(sold.map((r) => r['Commande'])).size,
        francs: sold.reduce((sum, r) => sum + amount(r['Montant ligne']) - amount(r['Part des remises']) + amount(r['Livraison']), 0),
      }
    }
    const r = await ok(`du=${month.du}&au=${month.au}&par=jour`)
    expect(sales(month.du, month.au)).toEqual({ commandes: r.total.commandes, francs: r.total.montant_articles - r.total.remises + r.total.livraison })
    expect(sales(month.du, month.au).francs).toBe((await month.expected(month.du, month.au)).ventes)
    for (const line of r.lignes) {
      const day = sales(line.cle, line.cle)
      expect({ jour: line.cle, ...day }).toEqual({ jour: line.cle, commandes: line.commandes, francs: line.montant_articles - line.remises + line.livraison })
    }
    // Refunds count on their own day in the report and on their order's rows in the export: over
    // a period holding every sale and every refund of these orders, both give back the same francs.
    const all = await ok(`du=${addDays(month.au, -365)}&au=${month.au}&par=mois`)
    const sold = rows.filter((row) => ours.has(row['Commande']!) && soldIn(row, addDays(month.au, -365), month.au))
    expect(all.total.rembourse).toBeGreaterThan(0)
    expect(sold.reduce((sum, row) => sum + amount(row['Remboursé']), 0)).toBe(all.total.rembourse)
    expect(sold.reduce((sum, row) => sum + amount(row['Montant ligne']) - amount(row['Part des remises']) + amount(row['Livraison']) - amount(row['Remboursé']), 0)).toBe(all.total.net)
  })
})
