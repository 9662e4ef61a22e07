// The order lifecycle (DESIGN §5), the one owner of an order's state. Every move — placement,
// the customer's cancellation, payments, account deletion, the expiry sweep, the back office —
// goes through `move`, which checks the shared machine, applies the side effects in the same
// transaction (stock back, refund marker, points, expiry) and writes the order's history, whose
// every line is an event the database announces at commit (order-events.ts, ADR 031).
import type { FastifyBaseLogger } from 'fastify'
import { MESSAGES } from '@teranga/shared/messages'
import {
  canTransition,
  CUSTOMER_CANCELLABLE,
  isCustomerOnlyMove,
  isDepotPickup,
  isOrderStatus,
  isPayable,
  isOtherDeliveryMove,
  isProviderOnly,
  ORDER_STATUSES,
  UNPAID_STATUSES,
  unpaidDeadline,
  type OrderStatus,
} from '@teranga/shared/order-status'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { isOnlinePayment } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import type { Metrics } from '../../lib/metrics.ts'
import { createLoyaltyService, type LoyaltyService } from '../loyalty/loyalty.service.ts'
import { paymentLedger } from '../payments/payment-ledger.service.ts'
import { promoCodes } from '../promotions/promotions.service.ts'
import { stockLedger } from '../stock/stock-ledger.service.ts'
import type { OrderEventToTell, OrderMessages } from '../messages/messages.service.ts'
import type { OrderActorRef } from './order-events.ts'
import { createOrderWritesRepository, type OrderRow, type OrderWritesRepository, type StateChanges } from './orders-writes.repository.ts'
import type { OrdersService } from './orders.service.ts'

export type { OrderRow } from './orders-writes.repository.ts'

/** A new order as inserted: the lifecycle only records its first state. */
type NewOrder = Omit<OrderRow, 'deliveryCode'>

/** Who moves an order, as its history and events name them. */
export const actors = {
  client: (id: number): OrderActorRef => ({ kind: 'client', id: String(id) }),
  staff: (id: number): OrderActorRef => ({ kind: 'staff', id: String(id) }),
  provider: (name: string): OrderActorRef => ({ kind: 'provider', id: name }),
  system: { kind: 'system', id: null } as OrderActorRef,
}

/**
 * Why a move did not happen: not in the machine (for this order's delivery mode), a refund of
 * an order never paid, or the order had moved on.
 */
export type MoveRefusal = 'transition' | 'unpaid' | 'stale'

export type MoveOutcome =
  | { moved: true; order: OrderRow; from: OrderStatus; refunds: number; points: number }
  | { moved: false; refusal: MoveRefusal }

/** The lifecycle bound to one open transaction. */
export interface LifecycleScope {
  /** The transaction, for the caller's own repositories (payments, account). */
  tx: Executor
  orders: OrderWritesRepository
  loyalty: LoyaltyService
  /** The discount codes, in this transaction: a code checked and its use taken with the order. */
  promotions: ReturnType<typeof promoCodes>
  /** Records a newly inserted order's lines and first state (one statement): its `placed` event at commit. */
  placed(order: NewOrder, lines: Array<{ produitId: number; quantite: number; prix: number }>, actor: OrderActorRef): Promise<void>
  /** Moves `order` (as last read, ideally locked) to `to`, with every side effect of the move. */
  move(order: OrderRow, to: OrderStatus, actor: OrderActorRef, reason?: string | null): Promise<MoveOutcome>
  /** Cancels a waiting order; after a failed payment, through waiting for payment first (the machine's only way). */
  cancel(order: OrderRow, actor: OrderActorRef, reason: string): Promise<MoveOutcome>
  /** Tells the customer of an event that is not a move (a refund done, a payment that moves nothing), in this transaction (ADR 034). */
  tell(order: OrderRow, event: Exclude<OrderEventToTell, 'placed' | { to: string }>): Promise<void>
  /**
   * An online payment approved after the customer chose to pay on delivery (issue 23 §2): the
   * order is an online one of `modepaiementId` again (the courier collects nothing); waiting for
   * confirmation it moves to payee, further on it keeps its state; the customer is told either way.
   */
  paidAfterCash(order: OrderRow, payment: { modepaiementId: number; attemptId: number }, actor: OrderActorRef): Promise<void>
}

const label = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].text : etat)

interface Deps {
  db: Executor
  orders: OrdersService
  log: FastifyBaseLogger
  /** Counts the committed changes (GET /metrics). */
  metrics?: Pick<Metrics, 'orderPlaced' | 'orderMoved'> | undefined
  /** The customer's and staff's messages of each event, written in the change's transaction (ADR 034). */
  messages?: Pick<OrderMessages, 'enqueue'> | undefined
  now?: () => Date
}

/** What a transaction placed and moved, counted once it has committed. */
type Counted = Array<{ placed: string } | { from: string; to: string }>

export function createOrderLifecycle({ db, orders, log, metrics, messages, now = () => new Date() }: Deps) {
  function scope(tx: Executor, counted: Counted): LifecycleScope {
    const writes = createOrderWritesRepository(tx)
    const loyalty = createLoyaltyService(tx)
    // The order's payment attempts, the payments module's table, in the same transaction.
    const payments = paymentLedger(tx)
    const promotions = promoCodes(tx)
    // The stock ledger (modules/stock), the one writer of stock, in the same transaction.
    const stock = stockLedger(tx)

    async function move(order: OrderRow, to: OrderStatus, actor: OrderActorRef, reason: string | null = null): Promise<MoveOutcome> {
      // Money received or refused is the payment provider's word alone (DESIGN §5), whoever else asks.
      if (isProviderOnly(to) && actor.kind !== 'provider') return { moved: false, refusal: 'transition' }
      const from = order.etat
      // Choosing to pay on delivery is the customer's word alone (issue 19 §4).
      if (isCustomerOnlyMove(from, to) && actor.kind !== 'client') return { moved: false, refusal: 'transition' }
      if (!isOrderStatus(from) || !canTransition(from, to, order.deliveryCode)) return { moved: false, refusal: 'transition' }
      // An order is refunded only if money came for it: online, or cash collected at delivery.
      if (to === 'remboursee' && from !== 'livree' && !(await payments.wasPaid(order.id))) return { moved: false, refusal: 'unpaid' }
      const at = now()
      const changes: StateChanges =
        to === 'livree' ? { dateliv: at } : to === 'en_attente_paiement' ? { expiresAt: unpaidDeadline(at) } : to === 'en_attente' ? { expiresAt: null } : {}
      if (!(await writes.moveState(order, from, to, changes, { at, actorKind: actor.kind, actorId: actor.id, reason }))) {
        return { moved: false, refusal: 'stale' }
      }
      let refunds = 0
      let points = 0
      if (to === 'annulee') {
        // Every state that leads to annulee holds the stock, and annulee is reached once.
        await stock.giveBack(order.id, { raison: 'annulation', motif: reason, staffId: actor.kind === 'staff' ? Number(actor.id) : null })
        refunds = await payments.owePaid(order.id)
        // A cancelled order's discount code is free for another order (ADR 036).
        if (order.codepromoId) await promotions.giveUseBack(order.codepromoId)
      } else if (to === 'livree') {
        points = await loyalty.creditDelivered(order)
      } else if (to === 'remboursee') {
        if (from === 'livree') points = -(await loyalty.debitRefunded(order))
        await payments.markRefunded(order.id)
      }
      await messages?.enqueue(tx, order, { to })
      counted.push({ from, to })
      return { moved: true, order: { ...order, ...changes, etat: to, updatedAt: at }, from, refunds, points }
    }

    return {
      tx,
      orders: writes,
      loyalty,
      promotions,
      async placed(order, lines, actor) {
        const etat = order.etat as OrderStatus
        const at = order.datecomm
        await writes.insertLinesAndHistory(
          lines.map((line) => ({ commandeId: order.id, produitId: line.produitId, quantite: line.quantite, prix: line.prix })),
          order.id,
          etat,
          { at, actorKind: actor.kind, actorId: actor.id, reason: null },
        )
        await messages?.enqueue(tx, order, 'placed')
        counted.push({ placed: etat })
      },
      move,
      async cancel(order, actor, reason) {
        let current = order
        if (current.etat === 'echec_paiement') {
          const back = await move(current, 'en_attente_paiement', actor, reason)
          if (!back.moved) return back
          current = back.order
        }
        return move(current, 'annulee', actor, reason)
      },
      tell: async (order, event) => messages?.enqueue(tx, order, event),
      async paidAfterCash(order, { modepaiementId, attemptId }, actor) {
        await writes.setPaymentMode(order.id, modepaiementId)
        if (order.etat === 'en_attente' && (await move(order, 'payee', actor, 'paiement en ligne reçu après le choix du paiement à la livraison')).moved) return
        // Further on, the state stays: the customer is told of the payment itself.
        await messages?.enqueue(tx, order, { payment: { attemptId } })
      },
    }
  }

  /** Runs `fn` in one transaction; its events are announced at the commit, none after a rollback. */
  async function run<T>(fn: (scope: LifecycleScope) => Promise<T>): Promise<T> {
    const counted: Counted = []
    const result = await db.transaction((tx) => fn(scope(tx, counted)))
    // Here, where they committed: every instance hears every instance's events.
    for (const change of counted) {
      if ('placed' in change) metrics?.orderPlaced(change.placed)
      else metrics?.orderMoved(change.from, change.to)
    }
    return result
  }

  async function answer(numero: string, viewerId: number) {
    const found = await orders.one(numero, viewerId)
    if (!found) throw notFound(MESSAGES.orderNotFound)
    return found.commande
  }

  return {
    run,

    /** Cancellation by the customer while the order waits (DESIGN §5); the stock goes back. */
    async cancelByClient(clientId: number, numero: string) {
      await run(async ({ orders: writes, move }) => {
        const order = await writes.lockOrder({ numero })
        if (!order || order.clientId !== clientId) throw notFound(MESSAGES.orderNotFound)
        if (!(CUSTOMER_CANCELLABLE as readonly string[]).includes(order.etat)) throw conflict(MESSAGES.orderNotCancellable)
        const outcome = await move(order, 'annulee', actors.client(clientId), 'annulée par le client')
        if (!outcome.moved) throw conflict(MESSAGES.orderNotCancellable)
      })
      return answer(numero, clientId)
    },

    /**
     * The customer pays their unpaid online order (waiting, or after a failed or abandoned
     * payment, not expired) another way (issue 19 §4), without a new order: another online mode
     * only changes the order's mode (the payments module then opens the attempt); cash, for a
     * home delivery only, makes it a cash order waiting for confirmation. 404 for anyone else's
     * order, 409 in French when paying again makes no sense.
     */
    async changePaymentMode(clientId: number, numero: string, payment: { id: number; code: string }): Promise<'online' | 'cash'> {
      return run(async ({ orders: writes, move }) => {
        const order = await writes.lockOrder({ numero })
        if (!order || order.clientId !== clientId) throw notFound(MESSAGES.orderNotFound)
        if (!isPayable(order, now())) throw conflict(MESSAGES.orderNotRepayable)
        if (isOnlinePayment(payment.code)) {
          if (order.modepaiementId !== payment.id) await writes.setPaymentMode(order.id, payment.id)
          return 'online'
        }
        if (isDepotPickup(order.deliveryCode)) throw conflict(MESSAGES.orderCashNotAllowed, { modepaiement: [MESSAGES.orderCashNotAllowed] })
        const by = actors.client(clientId)
        let current = order
        if (current.etat === 'echec_paiement') {
          const back = await move(current, 'en_attente_paiement', by, 'paiement à la livraison choisi')
          if (!back.moved) throw conflict(MESSAGES.orderNotRepayable)
          current = back.order
        }
        const moved = await move(current, 'en_attente', by, 'paiement à la livraison choisi')
        if (!moved.moved) throw conflict(MESSAGES.orderNotRepayable)
        await writes.setPaymentMode(order.id, payment.id)
        return 'cash'
      })
    },

    /** The back office (a staff member, checked by the route) moves an order along the shared machine; anything else is refused. */
    async changeByStaff(
      staff: { id: number },
      numero: string,
      to: OrderStatus,
      reason: string | null = null,
      /** Runs in the move's transaction once it is done (the back office's audit line). */
      afterMove?: (tx: Executor, moved: Extract<MoveOutcome, { moved: true }>) => Promise<void>,
    ) {
      const outcome = await run(async ({ tx, orders: writes, move }) => {
        const order = await writes.lockOrder({ numero })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        if (isProviderOnly(to)) throw conflict(ORDERS_MESSAGES.providerOnly, { etat: [ORDERS_MESSAGES.providerOnly] })
        const moved = await move(order, to, actors.staff(staff.id), reason)
        if (!moved.moved) {
          const message =
            moved.refusal === 'unpaid'
              ? MESSAGES.orderRefundUnpaid
              : isOrderStatus(order.etat) && isOtherDeliveryMove(order.etat, to, order.deliveryCode)
                ? MESSAGES.orderMoveNotForDelivery(label(to), isDepotPickup(order.deliveryCode))
                : MESSAGES.orderTransitionRefused(label(order.etat), label(to))
          throw conflict(message, { etat: [message] })
        }
        if (afterMove) await afterMove(tx, moved)
        return moved
      })
      log.info({ numero, from: outcome.from, to, points: outcome.points }, 'order state changed by the back office')
      if (outcome.refunds > 0) log.warn({ numero, attempts: outcome.refunds }, 'paid order cancelled: refund needed')
      return answer(numero, staff.id)
    },

    /**
     * Unpaid online orders past their 30 minutes, waiting or after a failed payment (which
     * still holds the stock), are cancelled and their stock given back.
     */
    async expireUnpaid(at: Date = now()): Promise<number> {
      let expired = 0
      const writes = createOrderWritesRepository(db)
      for (const { id } of await writes.unpaidBefore(at)) {
        const moved = await run(async ({ orders: locked, cancel }) => {
          // Looked at again under the lock: a payment or a retry (which restarts the expiry) may have come first.
          const order = await locked.lockOrder({ id })
          if (!order?.expiresAt || order.expiresAt >= at || !(UNPAID_STATUSES as readonly string[]).includes(order.etat)) return false
          return (await cancel(order, actors.system, 'délai de paiement dépassé')).moved
        })
        if (moved) expired++
      }
      return expired
    },
  }
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>
