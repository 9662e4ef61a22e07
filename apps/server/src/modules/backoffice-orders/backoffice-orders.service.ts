// The back office's orders: reads for staff, state moves through the order lifecycle (the one
// owner of an order's state, ADR 013) and refunds through the payment providers, every write
// audited in its own transaction.
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'drizzle-orm'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { ORDERS_MESSAGES as M } from '@teranga/shared/backoffice-orders'
import type { OrderStatus } from '@teranga/shared/order-status'
import type { Executor } from '../../db/client.ts'
import { AppError, conflict, notFound } from '../../lib/errors.ts'
import { toPage, type PageArgs } from '../../lib/pagination.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import type { DispatchService } from '../dispatch/dispatch.service.ts'
import { actors, type OrderLifecycle } from '../orders/order-lifecycle.service.ts'
import { ProviderError, type PaymentProvider, type ProviderName } from '../payments/payments.service.ts'
import { formatDetail, formatSummary, isRefundable, orderTotal, type OrderDetail } from './backoffice-orders.format.ts'
import { createBackofficeOrdersRepository, rowsOf, type OrderFilter, type OrderSort } from './backoffice-orders.repository.ts'

interface Deps {
  db: Executor
  lifecycle: OrderLifecycle
  audit: Audit
  providers: () => Readonly<Record<ProviderName, PaymentProvider>>
  log: FastifyBaseLogger
  /** The couriers and notes of the orders shown (the dispatch module). */
  dispatch: Pick<DispatchService, 'forOrders'>
  now?: () => Date
}

export function createBackofficeOrdersService({ db, lifecycle, audit, providers, log, dispatch, now = () => new Date() }: Deps) {
  const repo = createBackofficeOrdersRepository(db)

  async function details(numeros: string[], executor: Executor = db): Promise<OrderDetail[]> {
    const r = createBackofficeOrdersRepository(executor)
    const orders = await r.byNumbers(numeros)
    const ids = orders.map((o) => o.id)
    const [lines, history, payments, refunded, dispatched] = await Promise.all([r.lines(ids), r.history(ids), r.payments(ids), r.refunded(ids), dispatch.forOrders(ids, executor)])
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
    // In the order asked for.
    return numeros.flatMap((n) => byNumber.get(n) ?? [])
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

    /** Up to `limit` summaries, for the CSV export. */
    async exportRows(filter: OrderFilter, limit: number) {
      const { data } = await repo.page(filter, 'datecomm', 'desc', limit, 0)
      return data
    },

    detail: (numero: string) => detail(numero),
    details: (numeros: string[]) => details(numeros),

    async dashboard() {
      const { counts, expiring, lowStock, sales, curve } = await repo.dashboard(now())
      const count = (etat: string) => counts.find((c) => c.etat === etat)?.n ?? 0
      return {
        a_traiter: {
          en_attente: count('en_attente'),
          payee: count('payee'),
          confirmee: count('confirmee'),
          en_preparation: count('en_preparation'),
          prete_retrait: count('prete_retrait'),
          en_livraison: count('en_livraison'),
        },
        expirent_bientot: expiring.map(formatSummary),
        stock_bas: lowStock,
        ventes: { aujourdhui: sales.aujourdhui, aujourdhui_fr: formatPrix(sales.aujourdhui), sept_jours: sales.sept_jours, sept_jours_fr: formatPrix(sales.sept_jours) },
        courbe: curve,
      }
    },

    /** A staff member moves an order along the shared machine (not to remboursee: the refund does that). */
    async changeState(staff: { id: number }, numero: string, to: OrderStatus, motif: string | null) {
      if (to === 'remboursee') throw conflict(M.refundIsAnAction)
      await lifecycle.changeByStaff(staff, numero, to, motif, async (tx, moved) => {
        await audit.record(tx, {
          staffId: staff.id,
          action: 'commande.etat',
          resource: 'commande',
          resourceId: numero,
          before: { etat: moved.from },
          after: { etat: to, motif },
        })
      })
      return detail(numero)
    },

    /**
     * Refunds a paid order: online through its provider's refund API (called inside the
     * transaction, under the order's lock, so a provider that fails rolls everything back and
     * leaves the order as it was; the price is a lock held for up to the provider's timeout),
     * cash recorded by hand; then the order
     * moves to remboursee through the lifecycle, with the refund row and the audit line in the
     * same transaction. The refund row's unique order makes a second refund impossible.
     */
    async refund(staff: { id: number }, numero: string, motif: string) {
      const current = await detail(numero)
      if (current.etat === 'remboursee' || (await repo.refunded([await orderId(numero)])).size > 0) throw conflict(M.alreadyRefunded)
      const payments = await repo.payments([await orderId(numero)])
      const payment = payments[0]
      const cash = current.modepaiement.code === 'CASH'
      if (!isRefundable(current.etat, payment, cash, false)) {
        // A cancelled order that money never came for: nothing to give back.
        throw conflict(current.etat === 'annulee' && !payment?.statut.match(/^(payee|a_rembourser|remboursee)$/) ? MESSAGES.orderRefundUnpaid : M.notRefundable)
      }
      const online = payment && (payment.statut === 'payee' || payment.statut === 'a_rembourser') ? payment : undefined

      // Only one refund at a time per order: an advisory lock held for the provider call and the write.
      return lifecycle.run(async (scope) => {
        const { tx } = scope
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${numero}`}))`)
        const order = await scope.orders.lockOrder({ numero })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        const already = await rowsOf(tx, sql`select 1 from remboursements where commande_id = ${order.id}`)
        if (already.length > 0 || order.etat === 'remboursee') throw conflict(M.alreadyRefunded)

        let provider = 'cash'
        let providerRef: string | null = null
        let montant = orderTotal(order)
        if (online && !cash) {
          const [attempt] = await rowsOf<{ provider: ProviderName; provider_ref: string | null; provider_token: string | null; montant: number }>(
            tx,
            sql`select provider, provider_ref, provider_token, montant from paiements where commande_id = ${order.id} and statut in ('payee', 'a_rembourser') order by id desc limit 1`,
          )
          if (!attempt?.provider_ref) throw conflict(M.notRefundable)
          provider = attempt.provider
          montant = attempt.montant
          try {
            const done = await providers()[attempt.provider].refund({ providerRef: attempt.provider_ref, providerToken: attempt.provider_token, amount: montant, reason: motif })
            providerRef = done.refundRef
          } catch (error) {
            if (error instanceof ProviderError) {
              log.error({ err: error, numero, provider }, 'refund refused by the provider')
              throw new AppError(502, 'BAD_GATEWAY', M.refundProviderFailed)
            }
            throw error
          }
          await tx.execute(sql`update paiements set statut = 'a_rembourser', updated_at = now() where commande_id = ${order.id} and statut = 'payee'`)
        }
        const moved = await scope.move(order, 'remboursee', actors.staff(staff.id), motif)
        if (!moved.moved) {
          // The money went back but the order could not move: never leave that silent.
          if (providerRef) log.error({ numero, providerRef }, 'refund done at the provider but the order could not move to remboursee')
          throw conflict(M.notRefundable)
        }
        await tx.execute(
          sql`insert into remboursements (commande_id, montant, provider, provider_ref, motif, staff_id) values (${order.id}, ${montant}, ${provider}, ${providerRef}, ${motif}, ${staff.id})`,
        )
        await audit.record(tx, {
          staffId: staff.id,
          action: 'commande.remboursement',
          resource: 'commande',
          resourceId: numero,
          before: { etat: order.etat },
          after: { etat: 'remboursee', montant, provider, providerRef, motif, points: moved.points },
        })
        return null
      }).then(() => detail(numero))
    },
  }

  async function orderId(numero: string): Promise<number> {
    const [found] = await rowsOf<{ id: number }>(db, sql`select id from commandes where numerocommande = ${numero}`)
    if (!found) throw notFound(MESSAGES.orderNotFound)
    return found.id
  }
}

export type BackofficeOrdersService = ReturnType<typeof createBackofficeOrdersService>
