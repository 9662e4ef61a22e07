// The back office's orders: reads for staff, state moves through the order lifecycle (the one
// owner of an order's state, ADR 013) and refunds (the payments module's, ADR 025), every write
// audited in its own transaction.
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrix } from '@teranga/shared/money'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { ORDERS_MESSAGES as M, type Dashboard, type OrderDetail, type RefundBody } from '@teranga/shared/backoffice-orders'
import { TO_ACT_ON_STATUSES, type OrderStatus } from '@teranga/shared/order-status'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Executor } from '../../db/client.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { toPage, type PageArgs } from '../../lib/pagination.ts'
import type { DispatchService } from '../dispatch/dispatch.service.ts'
import type { OrderLifecycle } from '../orders/order-lifecycle.service.ts'
import type { OrderPreparationService } from '../orders/orders-preparation.service.ts'
import type { PreparationBody } from '@teranga/shared/preparation'
import { paymentLedger } from '../payments/payment-ledger.service.ts'
import type { RefundsService } from '../payments/refunds.service.ts'
import type { ReportsService } from '../reports/reports.service.ts'
import { formatDetail, formatSummary, orderExportRows } from './backoffice-orders.format.ts'
import { createBackofficeOrdersRepository, exportLinesQuery, type ExportLineRow, type OrderFilter, type OrderSort } from './backoffice-orders.repository.ts'

/** How many order lines the export reads from its cursor at a time. */
export const EXPORT_BATCH = 2000

/** The dashboard's curve: the last 30 days, today included. */
const DASHBOARD_CURVE_DAYS = 30

interface Deps {
  db: Executor
  /** The database's cursor, for the exports (ADR 060). */
  cursor?: Database['cursor']
  lifecycle: OrderLifecycle
  audit: Audit
  /** Refunds (the payments module's). */
  refunds: Pick<RefundsService, 'refund' | 'ofOrders'>
  /** The couriers and notes of the orders shown (the dispatch module). */
  dispatch: Pick<DispatchService, 'forOrders'>
  /** Preparation (the orders module's, ADR 055). */
  preparation: Pick<OrderPreparationService, 'prepare'>
  /** The sales of a period, as the sales report counts them (the reports module, ADR 059). */
  reports: Pick<ReportsService, 'daily'>
  /** Where a refund that failed after a cancel is told (the order then shows what is owed back). */
  log?: Pick<FastifyBaseLogger, 'warn'>
  now?: () => Date
}

export function createBackofficeOrdersService({ db, cursor, lifecycle, audit, refunds, dispatch, preparation, reports, log, now = () => new Date() }: Deps) {
  const repo = createBackofficeOrdersRepository(db)

  async function details(numeros: string[], executor: Executor = db): Promise<OrderDetail[]> {
    const r = createBackofficeOrdersRepository(executor)
    const orders = await r.byNumbers(numeros)
    const ids = orders.map((o) => o.id)
    const [lines, history, payments, refunded, dispatched] = await Promise.all([r.lines(ids), r.history(ids), paymentLedger(executor).shownAttempts(ids), r.refunded(ids), dispatch.forOrders(ids, executor)])
    const byNumber = new Map(
      orders.map((o) => [
        o.numerocommande,
        formatDetail(
          o,
          lines.filter((l) => l.commande_id === o.id),
          history.filter((h) => h.commande_id === o.id),
          payments.find((p) => p.commande_id === o.id),
          refunded.has(o.id),
          dispatched.get(o.id)!,
        ),
      ]),
    )
    const given = await refunds.ofOrders(ids, executor)
    const idOf = new Map(orders.map((o) => [o.numerocommande, o.id]))
    // In the order asked for.
    return numeros.flatMap((n) => {
      const found = byNumber.get(n)
      return found ? [{ ...found, ...given.get(idOf.get(n)!)! }] : []
    })
  }

  async function detail(numero: string, executor: Executor = db): Promise<OrderDetail> {
    const [found] = await details([numero], executor)
    if (!found) throw notFound(MESSAGES.orderNotFound)
    return found
  }

  return {
    async list(filter: OrderFilter, sort: OrderSort, dir: 'asc' | 'desc', page: PageArgs) {
      const { data, total } = await repo.page(filter, sort, dir, page.count, page.offset)
      return toPage(data.map(formatSummary), total, page)
    },

    /**
     * The accountant's export (ADR 060): the filtered orders' lines, newest order first, read
     * from a cursor in batches and given back as batches of rows, an order's rows together (an
     * order whose lines straddle two batches waits for the next one).
     */
    async *exportLines(filter: OrderFilter) {
      if (!cursor) throw new Error('the exports need the database cursor')
      let order: ExportLineRow[] = []
      for await (const batch of cursor<ExportLineRow>(exportLinesQuery(filter), EXPORT_BATCH)) {
        const out: Array<Array<string | number | null>> = []
        for (const row of batch) {
          if (order.length > 0 && order[0]!.id !== row.id) {
            out.push(...orderExportRows(order))
            order = []
          }
          order.push(row)
        }
        yield out
      }
      if (order.length > 0) yield orderExportRows(order)
    },

    detail: (numero: string) => detail(numero),
    details: (numeros: string[]) => details(numeros),

    async dashboard(): Promise<Dashboard> {
      const today = shopDay(now())
      // The sales are the report's (ADR 059): net of the refunds, on the day paid or delivered.
      const [{ counts, expiring, lowStock }, curve] = await Promise.all([repo.dashboard(now()), reports.daily(addDays(today, -(DASHBOARD_CURVE_DAYS - 1)), today)])
      const sales = { aujourdhui: curve.at(-1)?.montant ?? 0, sept_jours: curve.slice(-7).reduce((sum, d) => sum + d.montant, 0) }
      const count = (etat: string) => counts.find((c) => c.etat === etat)?.n ?? 0
      return {
        a_traiter: Object.fromEntries(TO_ACT_ON_STATUSES.map((etat) => [etat, count(etat)])) as Dashboard['a_traiter'],
        expirent_bientot: expiring.map(formatSummary),
        stock_bas: lowStock,
        ventes: { aujourdhui: sales.aujourdhui, aujourdhui_fr: formatPrix(sales.aujourdhui), sept_jours: sales.sept_jours, sept_jours_fr: formatPrix(sales.sept_jours) },
        courbe: curve,
      }
    },

    /** A staff member moves an order along the shared machine (not to remboursee: the refund does that). */
    async changeState(staff: { id: number }, numero: string, to: OrderStatus, motif: string | null) {
      if (to === 'remboursee') throw conflict(M.refundIsAnAction)
      let failedDeliveryPaidOnline = false
      await lifecycle.changeByStaff(staff, numero, to, motif, async (tx, moved) => {
        failedDeliveryPaidOnline = moved.from === 'echec_livraison' && to === 'annulee' && moved.refunds > 0
        await audit.record(tx, {
          staffId: staff.id,
          action: 'commande.etat',
          resource: 'commande',
          resourceId: numero,
          before: { etat: moved.from },
          after: { etat: to, motif },
        })
      })
      // A failed delivery cancelled (issue 25 §3): what was paid online goes back at once, through
      // the provider, as the staff's refund of the rest would. Should the provider refuse, the
      // order stays cancelled with its payment owed back, as the page shows, for the staff to retry.
      if (failedDeliveryPaidOnline) {
        await refunds.refund(staff, numero, { motif: motif ?? M.failedDeliveryRefund }).catch((err: unknown) => {
          log?.warn({ numero, err: err instanceof Error ? err.message : String(err) }, 'failed delivery cancelled: the automatic refund did not go through')
        })
      }
      return detail(numero)
    },

    /**
     * Records what was prepared of an order « en préparation » (issue 25 §2, ADR 055): the
     * orders module's preparation, audited in its transaction; then answers its detail.
     */
    async prepare(staff: { id: number }, numero: string, body: PreparationBody) {
      await preparation.prepare(staff, numero, body, async (tx, summary) => {
        await audit.record(tx, { staffId: staff.id, action: 'commande.preparation', resource: 'commande', resourceId: numero, before: null, after: summary })
      })
      return detail(numero)
    },

    /** Refunds a paid order in full or in part (the payments module's refunds, ADR 025), then answers its detail. */
    async refund(staff: { id: number }, numero: string, body: RefundBody) {
      await refunds.refund(staff, numero, body)
      return detail(numero)
    },
  }
}

export type BackofficeOrdersService = ReturnType<typeof createBackofficeOrdersService>
