// The owner's sales reports (issue 26 §1, ADR 059): a period's sales and refunds grouped by
// day, week, month, product, category, payment mode, zone, courier or code, with their total;
// the dashboard's sales figures read `daily` so that both say the same francs.
import {
  REPORT_OUTSIDE_GOODS_KEY,
  REPORT_OUTSIDE_GOODS_LABEL,
  REPORT_SLOW_DAYS,
  REPORT_SLOW_MOVERS,
  REPORT_TOP,
  type ReportFigures,
  type ReportGrouping,
  type ReportLine,
  type SalesReport,
  type SalesSummary,
} from '@teranga/shared/backoffice-reports'
import { goodsPaid, productShares } from '@teranga/shared/order-amounts'
import { addDays } from '@teranga/shared/shop-day'
import type { Executor } from '../../db/client.ts'
import { createReportsRepository, type RefundLineRow, type SaleLineRow } from './reports.repository.ts'

export { saleMoment } from './reports.repository.ts'

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']

/** « 2 novembre 2026 » from `2026-11-02`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return `${d} ${MONTHS[m! - 1]} ${y}`
}

const EMPTY_LABEL: Partial<Record<ReportGrouping, string>> = {
  zone: 'Sans zone (retrait)',
  livreur: 'Sans livreur',
  codepromo: 'Sans code',
  produit: 'Produit supprimé',
  categorie: 'Sans catégorie',
}

function labelOf(par: ReportGrouping, cle: string, libelle: string): string {
  if (par === 'jour') return dayLabel(cle)
  if (par === 'semaine') return `Semaine du ${dayLabel(cle)}`
  if (par === 'mois') {
    const [y, m] = cle.split('-').map(Number)
    return `${MONTHS[m! - 1]} ${y}`
  }
  return libelle || EMPTY_LABEL[par] || cle
}

const zero = (): Omit<ReportFigures, 'net'> => ({ commandes: 0, articles: 0, montant_articles: 0, remises: 0, livraison: 0, rembourse: 0 })
const withNet = (f: Omit<ReportFigures, 'net'>): ReportFigures => ({ ...f, net: f.montant_articles - f.remises + f.livraison - f.rembourse })

/**
 * The product or category lines: each sold line takes its share of what was paid for the goods
 * (ADR 041 `productShares`, by product, of `goodsPaid`), its discount being its price × quantity
 * less that share; each refund line what it gave back. What is left of an order or a refund (the
 * delivery, its free part, a refund of the rest) goes to the « hors articles » line, so that the
 * lines add up to the total.
 */
function goodsLines(sales: SaleLineRow[], refunds: RefundLineRow[], by: 'produit' | 'categorie') {
  const lines = new Map<string, { libelle: string; figures: Omit<ReportFigures, 'net'>; orders: Set<number> }>()
  const line = (cle: string, libelle: string) => {
    let found = lines.get(cle)
    if (!found) lines.set(cle, (found = { libelle, figures: zero(), orders: new Set() }))
    return found
  }
  const keyOf = (r: { produit_id: number | null; designation: string | null; categorie_id: number | null; categorie: string | null }) =>
    by === 'produit' ? { cle: String(r.produit_id), libelle: r.designation ?? '' } : { cle: r.categorie_id == null ? '' : String(r.categorie_id), libelle: r.categorie ?? '' }
  const outside = () => line(REPORT_OUTSIDE_GOODS_KEY, REPORT_OUTSIDE_GOODS_LABEL)

  const orders = new Map<number, SaleLineRow[]>()
  for (const row of sales) orders.set(row.commande_id, [...(orders.get(row.commande_id) ?? []), row])
  for (const [orderId, rows] of orders) {
    const order = rows[0]!
    const goods = rows.filter((r) => r.produit_id != null) as Array<SaleLineRow & { produit_id: number; prix: number; quantite: number }>
    const shares = productShares(
      goods.map((r) => ({ produit: r.produit_id, prix: r.prix, quantite: r.quantite })),
      goodsPaid({ montantcommande: order.montantcommande, remise: order.remise, remiseLivraison: order.remise_livraison }),
    )
    let atPrices = 0
    let onGoods = 0
    const byProduct = new Map<number, { row: SaleLineRow; atPrices: number; articles: number }>()
    for (const r of goods) {
      const p = byProduct.get(r.produit_id) ?? { row: r, atPrices: 0, articles: 0 }
      p.atPrices += r.prix * r.quantite
      p.articles += r.quantite
      byProduct.set(r.produit_id, p)
    }
    for (const [produit, p] of byProduct) {
      const { cle, libelle } = keyOf(p.row)
      const l = line(cle, libelle)
      const discount = p.atPrices - (shares.get(produit) ?? 0)
      l.figures.articles += p.articles
      l.figures.montant_articles += p.atPrices
      l.figures.remises += discount
      l.orders.add(orderId)
      atPrices += p.atPrices
      onGoods += discount
    }
    const rest = outside()
    rest.figures.montant_articles += order.montantcommande - atPrices
    rest.figures.remises += order.remise - onGoods
    rest.figures.livraison += order.montantliv
  }

  const byRefund = new Map<number, RefundLineRow[]>()
  for (const row of refunds) byRefund.set(row.remboursement_id, [...(byRefund.get(row.remboursement_id) ?? []), row])
  for (const rows of byRefund.values()) {
    let onLines = 0
    for (const r of rows) {
      if (r.produit_id == null) continue
      const { cle, libelle } = keyOf(r)
      line(cle, libelle).figures.rembourse += Number(r.ligne_montant ?? 0)
      onLines += Number(r.ligne_montant ?? 0)
    }
    const rest = Number(rows[0]!.montant) - onLines
    if (rest !== 0) outside().figures.rembourse += rest
  }

  for (const l of lines.values()) l.figures.commandes = l.orders.size
  const outsideLine = lines.get(REPORT_OUTSIDE_GOODS_KEY)
  if (outsideLine) outsideLine.figures.commandes = 0
  return { lines: [...lines].map(([cle, l]) => ({ cle, libelle: l.libelle, ...l.figures })), orders: orders.size }
}

export function createReportsService({ db }: { db: Executor }) {
  const repo = createReportsRepository(db)

  async function sales(du: string, au: string, par: ReportGrouping): Promise<SalesReport> {
    let rows: Array<{ cle: string; libelle: string } & Omit<ReportFigures, 'net'>>
    let orders: number | null = null
    if (par === 'produit' || par === 'categorie') {
      const { sales: sold, refunds } = await repo.lines(du, au)
      const built = goodsLines(sold, refunds, par)
      rows = built.lines
      orders = built.orders
    } else {
      rows = await repo.byOrder(du, au, par)
      if (par === 'jour') {
        // Every day of the period, those without a sale too: a chart's axis has no holes.
        const found = new Map(rows.map((r) => [r.cle, r]))
        rows = []
        for (let day = du; day <= au; day = addDays(day, 1)) rows.push(found.get(day) ?? { cle: day, libelle: '', ...zero() })
      }
    }
    const lignes: ReportLine[] = rows.map((r) => ({ ...withNet(r), cle: r.cle, libelle: labelOf(par, r.cle, r.libelle) }))
    if (!['jour', 'semaine', 'mois'].includes(par)) lignes.sort((a, b) => b.net - a.net || a.libelle.localeCompare(b.libelle, 'fr'))
    const sum = zero()
    for (const l of lignes) for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += l[k]
    // A product or category line counts the orders that hold it: the total counts each order once.
    if (orders !== null) sum.commandes = orders
    return { du, au, par, lignes, total: withNet(sum) }
  }

  return {
    sales,
    /** The summary beside the report: read from the same sales (the product and payment-mode reports), plus the customers and slow movers. */
    async summary(du: string, au: string): Promise<SalesSummary> {
      const [byProduct, byMode, clients, invendus] = await Promise.all([
        sales(du, au, 'produit'),
        sales(du, au, 'modepaiement'),
        repo.customers(du, au),
        repo.slowMovers(addDays(au, -(REPORT_SLOW_DAYS - 1)), au, REPORT_SLOW_MOVERS),
      ])
      const commandes = byMode.total.commandes
      const paid = byMode.total.montant_articles - byMode.total.remises + byMode.total.livraison
      const meilleures_ventes = byProduct.lignes
        .filter((l) => l.cle !== REPORT_OUTSIDE_GOODS_KEY && l.articles > 0)
        .sort((a, b) => b.articles - a.articles || b.net - a.net)
        .slice(0, REPORT_TOP)
        .map((l) => ({ id: Number(l.cle), designation: l.libelle, articles: l.articles, net: l.net }))
      const modes = byMode.lignes.map((l) => ({
        code: l.cle,
        designation: l.libelle,
        commandes: l.commandes,
        net: l.net,
        // The share of the sales (orders), in whole percent.
        part: commandes ? Math.round((l.commandes / commandes) * 100) : 0,
      }))
      return { du, au, commandes, panier_moyen: commandes ? Math.round(paid / commandes) : 0, clients, meilleures_ventes, modes, invendus: invendus.map((r) => ({ ...r, quantite: Number(r.quantite) })) }
    },
    /** Each day's net sales and number of sales, `du`..`au`: the dashboard's « Ventes » and curve. */
    async daily(du: string, au: string) {
      const report = await sales(du, au, 'jour')
      return report.lignes.map((l) => ({ jour: l.cle, montant: l.net, commandes: l.commandes }))
    },
  }
}

export type ReportsService = ReturnType<typeof createReportsService>
