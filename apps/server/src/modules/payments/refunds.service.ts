// Refunds from the back office (issue 16 §2, ADR 025), money going out, the payments module's:
// a paid order given back in parts, by lines or by an amount, up to what was paid; the provider
// is asked outside the order's lock. The order moves, and its points and messages follow,
// through the order lifecycle (ADR 049).
import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrix } from '@teranga/shared/money'
import { ORDERS_MESSAGES as M, type OrderDetail, type RefundBody } from '@teranga/shared/backoffice-orders'
import type { Executor } from '../../db/client.ts'
import { badGateway, badInput, conflict, notFound, type FieldErrors } from '../../lib/errors.ts'
import { dateFr } from '../../lib/format.ts'
import type { Metrics } from '../../lib/metrics.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { actors, type LifecycleScope, type OrderLifecycle, type OrderRow } from '../orders/order-lifecycle.service.ts'
import type { PreparedNotice } from '../orders/order-participants.service.ts'
import { stockLedger } from '../stock/stock-ledger.service.ts'
import { goodsPaid, lineRefund, orderTotal, variantShares } from '@teranga/shared/order-amounts'
import { paymentLedger } from './payment-ledger.service.ts'
import { ProviderError, type PaymentProvider, type ProviderName } from './payment-provider.ts'
import { createRefundsRepository, type RefundableLine, type RefundRow } from './refunds.repository.ts'

/** What refunds need. */
/**
 * Whether the refund `r` (a `remboursements` row) takes money off a sales figure — the sales
 * report, the dashboard and the accountant's export (ADR 059, 060) say it once: one under way or
 * done (as the « nothing left to refund » rule counts them), and not a preparation's, whose
 * money the order's lowered lines and total already leave out.
 */
export const refundCounts = (r: SQL): SQL => sql`(${r}.statut in ('en_cours', 'effectue') and not ${r}.preparation)`

export interface RefundsDeps {
  db: Executor
  lifecycle: OrderLifecycle
  audit: Audit
  providers: () => Readonly<Record<ProviderName, PaymentProvider>>
  log: FastifyBaseLogger
  /** Counts the refunds done and refused (GET /metrics). */
  metrics?: Pick<Metrics, 'refund'> | undefined
}

/** What an order's refunds add to its staff detail. */
export type OrderRefunds = Pick<OrderDetail, 'rembourse' | 'rembourse_fr' | 'remboursements'>

/** The refunds of each order, as its detail shows them (only those done count in `rembourse`). */
export function refundsView(rows: RefundRow[]): OrderRefunds {
  const done = rows.filter((r) => r.statut === 'effectue')
  const rembourse = done.reduce((sum, r) => sum + r.montant, 0)
  return {
    rembourse,
    rembourse_fr: formatPrix(rembourse),
    remboursements: rows
      .filter((r) => r.statut !== 'echoue')
      .map((r) => ({
        id: r.id,
        montant: r.montant,
        montant_fr: formatPrix(r.montant),
        provider: r.provider,
        statut: r.statut,
        motif: r.motif,
        par: r.par,
        date: r.created_at.toISOString(),
        date_fr: dateFr.format(r.created_at),
        lignes: r.lignes.map((l) => ({
          produit: { id: l.produit_id, designation: l.designation },
          variante: l.variante,
          quantite: l.quantite,
          prix: l.prix,
          total: l.montant ?? l.prix * l.quantite,
          total_fr: formatPrix(l.montant ?? l.prix * l.quantite),
          restock: l.restock,
        })),
      })),
  }
}

/** A refund asked of a provider: recorded pending, then confirmed or marked failed. */
interface Pending {
  id: number
  montant: number
  provider: ProviderName
  providerRef: string
  providerToken: string | null
  idempotencyKey: string
}

export function createRefundsService({ db, lifecycle, audit, providers, log, metrics }: RefundsDeps) {
  /**
   * Under the order's lock: checks the request against what remains (pending refunds count, so
   * two staff members cannot both take the same remainder) and records the refund. A cash
   * refund is confirmed at once in the same transaction; an online one stays pending.
   */
  async function record(scope: LifecycleScope, staff: { id: number }, numero: string, body: RefundBody, preparation = false): Promise<Pending | null> {
    const { tx } = scope
    const repo = createRefundsRepository(tx)
    const order = await scope.orders.lockOrder({ numero })
    if (!order) throw notFound(MESSAGES.orderNotFound)
    if (order.etat === 'remboursee') throw conflict(M.alreadyRefunded)
    const cash = (await repo.paymentCode(order.id)) === 'CASH'
    const attempt = cash ? undefined : await paymentLedger(tx).receivedAttempt(order.id)
    // Any paid order, from its payment on (issue 23 §2): online once the provider received the
    // money, whatever the order's state; cash once collected, at delivery.
    const paidBy = attempt ? attempt.montant : order.etat === 'livree' && cash ? orderTotal(order) : 0
    if (paidBy === 0) throw conflict(order.etat === 'annulee' ? MESSAGES.orderRefundUnpaid : M.notRefundable)
    if (attempt && !attempt.providerRef) throw conflict(M.notRefundable)

    const remaining = paidBy - (await repo.counted(order.id))
    if (remaining <= 0) throw conflict(M.alreadyRefunded)

    let montant = body.montant ?? remaining
    let lines: Array<{ produitId: number; varianteId: number | null; quantite: number; prix: number; montant: number; restock: boolean }> = []
    if (body.lignes) {
      const left = await repo.linesLeft(order.id)
      const errors: FieldErrors = {}
      const seen = new Set<number>()
      // Each wanted line's order line (ADR 053 §4): the variant named, else the product's one line.
      const chosen = body.lignes.map((wanted, i) => {
        const ofProduct = [...left].filter(([, l]) => l.produitId === wanted.produit)
        let found: [number, RefundableLine] | undefined
        if (ofProduct.length === 0) errors[`lignes.${i}.produit`] = [M.refundLineUnknown]
        else if (wanted.variante !== undefined) {
          found = ofProduct.find(([, l]) => l.varianteId === wanted.variante)
          if (!found) errors[`lignes.${i}.variante`] = [M.refundLineUnknown]
        } else if (ofProduct.length > 1) errors[`lignes.${i}.variante`] = [MESSAGES.varianteRequired]
        else found = ofProduct[0]
        if (!found) return undefined
        const [key, line] = found
        if (seen.has(key)) errors[`lignes.${i}.variante`] = [M.refundLinesInvalid]
        else if (wanted.quantite > line.reste) errors[`lignes.${i}.quantite`] = [M.refundLineTooMany(line.reste)]
        else if (wanted.restock && order.etat === 'annulee') errors[`lignes.${i}.restock`] = [M.refundRestockCancelled]
        seen.add(key)
        return { key, line, wanted }
      })
      if (Object.keys(errors).length > 0) throw badInput(Object.values(errors)[0]![0], errors)
      // What was paid for each line, the code's and the loyalty reward's shares taken off (ADR 041).
      const shares = variantShares(
        [...left].map(([key, l]) => ({ variante: key, prix: l.montant, quantite: 1 })),
        goodsPaid(order),
      )
      lines = chosen.map((c) => {
        const { key, line, wanted } = c!
        const amount = lineRefund(shares.get(key) ?? 0, line.quantite, line.quantite - line.reste, wanted.quantite)
        return { produitId: line.produitId, varianteId: line.varianteId, quantite: wanted.quantite, prix: line.prix, montant: amount, restock: wanted.restock }
      })
      montant = lines.reduce((sum, l) => sum + l.montant, 0)
      // Lines the discounts paid for entirely: nothing of the customer's money to give back.
      if (montant === 0) throw conflict(M.refundLinesNothingPaid, { lignes: [M.refundLinesNothingPaid] })
    }
    if (montant > remaining) throw conflict(M.refundTooMuch(remaining), { [body.lignes ? 'lignes' : 'montant']: [M.refundTooMuch(remaining)] })

    const idempotencyKey = `rf-${randomUUID()}`
    const id = await repo.insert({ commandeId: order.id, montant, provider: attempt ? attempt.provider : 'cash', motif: body.motif, staffId: staff.id, idempotencyKey, preparation }, lines)
    if (!attempt) {
      await confirm(scope, staff, order, id, null)
      return null
    }
    return { id, montant, provider: attempt.provider, providerRef: attempt.providerRef!, providerToken: attempt.providerToken, idempotencyKey }
  }

  /**
   * Marks a pending refund done (once: a refund no longer pending is left as it is), puts back
   * in stock the lines that asked for it, tells the lifecycle's participants (the points taken
   * back in proportion, the customer's message), and moves the order to remboursee through the
   * lifecycle once everything paid has been given back.
   */
  async function confirm(scope: LifecycleScope, staff: { id: number }, order: OrderRow, refundId: number, providerRef: string | null, prepared?: PreparedNotice) {
    const repo = createRefundsRepository(scope.tx)
    const done = await repo.markDone(refundId, providerRef)
    if (!done) return
    // Each line's variant: the one its order line sold (ADR 053 §4).
    const back = done.restock.map((l) => ({ varianteId: l.variante_id, quantite: l.quantite }))
    // Cancelled while the provider was asked: the cancel already put every unit back.
    if (back.length > 0 && order.etat !== 'annulee') await stockLedger(scope.tx).giveBack(order.id, { raison: 'remboursement', motif: done.motif, staffId: staff.id }, back)
    const cash = (await repo.paymentCode(order.id)) === 'CASH'
    const attempt = cash ? undefined : await paymentLedger(scope.tx).receivedAttempt(order.id)
    const paidBy = attempt ? attempt.montant : orderTotal(order)
    const refunded = await repo.done(order.id)
    // The customer is told what came back and where (issue 23 §4) at the refund's commit, and
    // loses their points in proportion (the effect counts them as a change of the balance).
    const told = await scope.tell(order, { refund: { id: refundId, montant: done.montant, provider: done.provider, refunded, paid: paidBy, prepared } })
    let points = -told.points
    let etat = order.etat
    if (refunded >= paidBy) {
      // The move marks the payment given back (the payments module, in this transaction).
      const moved = await scope.move(order, 'remboursee', actors.staff(staff.id), done.motif)
      if (moved.moved) {
        points -= moved.points
        etat = 'remboursee'
      } else log.error({ numero: order.numerocommande, refundId }, 'everything paid was refunded but the order could not move to remboursee')
    }
    await audit.record(scope.tx, {
      staffId: staff.id,
      action: 'commande.remboursement',
      resource: 'commande',
      resourceId: order.numerocommande,
      before: { etat: order.etat },
      after: { etat, montant: done.montant, provider: done.provider, providerRef, motif: done.motif, lignes: done.lignes, points: -points },
    })
  }

  return {
    /**
     * Refunds `numero` (ADR 025): a first short transaction under the order's lock records the
     * refund pending; the provider is asked with no lock held (it may take up to its timeout);
     * a second transaction confirms it. A provider that refuses leaves the refund failed and
     * nothing given back.
     */
    async refund(staff: { id: number }, numero: string, body: RefundBody, options: { prepared?: PreparedNotice } = {}): Promise<void> {
      const pending = await lifecycle.run((scope) => record(scope, staff, numero, body, options.prepared !== undefined))
      // Money given back by hand: recorded done at once.
      if (!pending) return void metrics?.refund('cash', 'effectue')
      let refundRef: string
      try {
        ;({ refundRef } = await providers()[pending.provider].refund({
          providerRef: pending.providerRef,
          providerToken: pending.providerToken,
          amount: pending.montant,
          reason: body.motif,
          idempotencyKey: pending.idempotencyKey,
        }))
      } catch (error) {
        await createRefundsRepository(db).markFailed(pending.id)
        metrics?.refund(pending.provider, 'echoue')
        if (error instanceof ProviderError) {
          log.error({ err: error, numero, provider: pending.provider }, 'refund refused by the provider')
          throw badGateway(M.refundProviderFailed)
        }
        throw error
      }
      await lifecycle.run(async (scope) => {
        const order = await scope.orders.lockOrder({ numero })
        if (!order) {
          log.error({ numero, refundRef }, 'refund done at the provider for an order that is gone')
          return
        }
        await confirm(scope, staff, order, pending.id, refundRef, options.prepared)
      })
      metrics?.refund(pending.provider, 'effectue')
    },

    /** Each order's refunds, for its detail. */
    async ofOrders(orderIds: number[], executor: Executor = db): Promise<Map<number, OrderRefunds>> {
      const rows = await createRefundsRepository(executor).ofOrders(orderIds)
      return new Map(orderIds.map((id) => [id, refundsView(rows.filter((r) => r.commande_id === id))]))
    },
  }
}

export type RefundsService = ReturnType<typeof createRefundsService>
