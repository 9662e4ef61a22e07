// The order lifecycle (DESIGN §5), the one owner of an order's state. Every move — placement,
// the customer's cancellation, payments, account deletion, the expiry sweep, the back office —
// goes through `move`, which checks the shared machine, writes the state and the order's history
// (every line an event the database announces at commit, order-events.ts, ADR 031), gives the
// stock back, and calls the registered participants (payments, loyalty, promotions, messages:
// ADR 049) in the same transaction; it knows none of them by name.
import type { FastifyBaseLogger } from 'fastify'
import { MESSAGES } from '@teranga/shared/server-messages'
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
import type { LoyaltyReward } from '@teranga/shared/order-amounts'
import { SLOT_MESSAGES } from '@teranga/shared/delivery-slots'
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import type { Executor } from '../../db/client.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import type { OrderActorRef } from './order-events.ts'
import type { CodeLine, CommittedChange, MoveEffects, NoticedOrder, OrderMove, OrderNotice, OrderParticipants, SlotRequest, SlotTaken } from './order-participants.service.ts'
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
  | ({ moved: true; order: OrderRow; from: OrderStatus } & MoveEffects)
  | { moved: false; refusal: MoveRefusal }

/** The lifecycle bound to one open transaction. */
export interface LifecycleScope {
  /** The transaction, for the caller's own repositories (payments, account). */
  tx: Executor
  orders: OrderWritesRepository
  /** The loyalty rewards checkout applies for a balance of `points` (none when no module gives rewards). */
  rewardsAt(points: number): Promise<LoyaltyReward[]>
  /** Checks a discount code on the lines and takes one use of it, in this transaction; throws the French 409 naming `codepromo`. */
  redeemCode(request: { code: string; clientId: number; lines: readonly CodeLine[]; at: Date; tel: string | null }): Promise<{ codeId: number; remise: number }>
  /** Takes a new order's lines from stock (the stock module's), all or nothing; false when a line cannot be taken. */
  takeStock(commandeId: number, lines: ReadonlyArray<{ varianteId: number; quantite: number }>): Promise<boolean>
  /** Checks and holds a new order's delivery slot (the delivery module's, ADR 054); null when it has none (or no module offers slots). */
  takeSlot(request: SlotRequest): Promise<SlotTaken | null>
  /** Records a newly inserted order's lines and first state (one statement): its `placed` event at commit. */
  placed(order: NewOrder, lines: Array<{ produitId: number; varianteId: number; quantite: number; prix: number; remplacer?: boolean }>, actor: OrderActorRef): Promise<void>
  /** Moves `order` (as last read, ideally locked) to `to`, with every side effect of the move (and `extra`, what the courier collected). */
  move(order: OrderRow, to: OrderStatus, actor: OrderActorRef, reason?: string | null, extra?: Pick<StateChanges, 'montantEncaisse' | 'encaisseLe'>): Promise<MoveOutcome>
  /** Cancels a waiting order; after a failed payment, through waiting for payment first (the machine's only way). */
  cancel(order: OrderRow, actor: OrderActorRef, reason: string): Promise<MoveOutcome>
  /**
   * An event that is not a move (a refund done, a payment that moves nothing), told to the
   * participants in this transaction (the customer's message, ADR 034; the points a refund takes back).
   */
  tell(order: OrderRow, event: Exclude<OrderNotice, 'placed' | { to: OrderStatus }>): Promise<MoveEffects>
  /**
   * An online payment approved after the customer chose to pay on delivery (issue 23 §2): the
   * order is an online one of `modepaiementId` again (the courier collects nothing); waiting for
   * confirmation it moves to payee, further on it keeps its state; the customer is told either way.
   */
  paidAfterCash(order: OrderRow, payment: { modepaiementId: number; attemptId: number }, actor: OrderActorRef): Promise<void>
  /**
   * The customer pays their unpaid online order (waiting, or after a failed or abandoned
   * payment, not expired; `order` locked by the caller) another way (issue 19 §4), without a new
   * order: another online mode only changes the order's mode (the caller, the payments module,
   * opens the attempt in the same transaction, so that the mode cannot change between the two);
   * cash, for a home delivery only, makes it a cash order waiting for confirmation. A French 409
   * when paying again makes no sense. Answers the order as it now is.
   */
  changePaymentMode(order: OrderRow, payment: { id: number; code: string }, actor: OrderActorRef): Promise<{ way: 'online' | 'cash'; order: OrderRow }>
}

const label = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].text : etat)

interface Deps {
  db: Executor
  orders: OrdersService
  /** What other modules do on each step (ADR 049), registered at the app's setup. */
  participants: OrderParticipants
  log: FastifyBaseLogger
  now?: () => Date
}

/** Sums what the participants answered. */
function summed(answers: ReadonlyArray<Partial<MoveEffects> | void>): MoveEffects {
  const total = { refunds: 0, points: 0 }
  for (const answer of answers) {
    total.refunds += answer?.refunds ?? 0
    total.points += answer?.points ?? 0
  }
  return total
}

export function createOrderLifecycle({ db, orders, participants, log, now = () => new Date() }: Deps) {
  /** Tells every participant, one after the other (each may read what the one before wrote). */
  async function notify(tx: Executor, order: NoticedOrder, notice: OrderNotice): Promise<MoveEffects> {
    const answers: Array<Partial<MoveEffects> | void> = []
    for (const participant of participants.all) if (participant.noticed) answers.push(await participant.noticed(tx, order, notice))
    return summed(answers)
  }

  function scope(tx: Executor, counted: CommittedChange[]): LifecycleScope {
    const writes = createOrderWritesRepository(tx, { pointsOf: participants.provider('rewards')?.pointsOf, slotsOffered: participants.provider('slots')?.offered })

    async function move(
      order: OrderRow,
      to: OrderStatus,
      actor: OrderActorRef,
      reason: string | null = null,
      extra: Pick<StateChanges, 'montantEncaisse' | 'encaisseLe'> = {},
    ): Promise<MoveOutcome> {
      // Money received or refused is the payment provider's word alone (DESIGN §5), whoever else asks.
      if (isProviderOnly(to) && actor.kind !== 'provider') return { moved: false, refusal: 'transition' }
      const from = order.etat
      // Choosing to pay on delivery is the customer's word alone (issue 19 §4).
      if (isCustomerOnlyMove(from, to) && actor.kind !== 'client') return { moved: false, refusal: 'transition' }
      if (!isOrderStatus(from) || !canTransition(from, to, order.deliveryCode)) return { moved: false, refusal: 'transition' }
      const step: OrderMove = { tx, order, from, to, actor, reason }
      // A participant may refuse first (a refund of an order no money came for).
      for (const participant of participants.all) {
        const refusal = participant.refuses && (await participant.refuses(step))
        if (refusal) return { moved: false, refusal }
      }
      const at = now()
      const changes: StateChanges = {
        ...(to === 'livree' ? { dateliv: at } : to === 'en_attente_paiement' ? { expiresAt: unpaidDeadline(at) } : to === 'en_attente' ? { expiresAt: null } : {}),
        ...extra,
      }
      if (!(await writes.moveState(order, from, to, changes, { at, actorKind: actor.kind, actorId: actor.id, reason }))) {
        return { moved: false, refusal: 'stale' }
      }
      const answers: Array<Partial<MoveEffects> | void> = []
      for (const participant of participants.all) if (participant.moved) answers.push(await participant.moved(step))
      await notify(tx, order, { to })
      counted.push({ from, to })
      return { moved: true, order: { ...order, ...changes, etat: to, updatedAt: at }, from, ...summed(answers) }
    }

    return {
      tx,
      orders: writes,
      rewardsAt: async (points) => (await participants.provider('rewards')?.rewardsAt(tx, points)) ?? [],
      async redeemCode(request) {
        const codes = participants.provider('codes')
        if (!codes) throw conflict(PROMO_MESSAGES.unknown, { codepromo: [PROMO_MESSAGES.unknown] })
        return codes.redeem(tx, request)
      },
      async takeStock(commandeId, lines) {
        const stock = participants.provider('stock')
        if (!stock) throw new Error('order participants: no stock ledger is registered')
        return stock.take(tx, commandeId, lines)
      },
      async takeSlot(request) {
        const slots = participants.provider('slots')
        if (slots) return slots.take(tx, request)
        if (request.choice) throw badInput(SLOT_MESSAGES.unknown, { creneau: [SLOT_MESSAGES.unknown] })
        return null
      },
      async placed(order, lines, actor) {
        const etat = order.etat as OrderStatus
        const at = order.datecomm
        await writes.insertLinesAndHistory(
          lines.map((line) => ({ commandeId: order.id, produitId: line.produitId, varianteId: line.varianteId, quantite: line.quantite, prix: line.prix, remplacer: line.remplacer ?? true })),
          order.id,
          etat,
          { at, actorKind: actor.kind, actorId: actor.id, reason: null },
        )
        await notify(tx, order, 'placed')
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
      tell: (order, event) => notify(tx, order, event),
      async paidAfterCash(order, { modepaiementId, attemptId }, actor) {
        await writes.setPaymentMode(order.id, modepaiementId)
        if (order.etat === 'en_attente' && (await move(order, 'payee', actor, 'paiement en ligne reçu après le choix du paiement à la livraison')).moved) return
        // Further on, the state stays: the customer is told of the payment itself.
        await notify(tx, order, { payment: { attemptId } })
      },
      async changePaymentMode(order, payment, actor) {
        if (!isPayable(order, now())) throw conflict(MESSAGES.orderNotRepayable)
        if (isOnlinePayment(payment.code)) {
          if (order.modepaiementId !== payment.id) await writes.setPaymentMode(order.id, payment.id)
          return { way: 'online', order: { ...order, modepaiementId: payment.id } }
        }
        if (isDepotPickup(order.deliveryCode)) throw conflict(MESSAGES.orderCashNotAllowed, { modepaiement: [MESSAGES.orderCashNotAllowed] })
        let current = order
        if (current.etat === 'echec_paiement') {
          const back = await move(current, 'en_attente_paiement', actor, 'paiement à la livraison choisi')
          if (!back.moved) throw conflict(MESSAGES.orderNotRepayable)
          current = back.order
        }
        const moved = await move(current, 'en_attente', actor, 'paiement à la livraison choisi')
        if (!moved.moved) throw conflict(MESSAGES.orderNotRepayable)
        await writes.setPaymentMode(order.id, payment.id)
        return { way: 'cash', order: { ...moved.order, modepaiementId: payment.id } }
      },
    }
  }

  /** Runs `fn` in one transaction; its events are announced at the commit, none after a rollback. */
  async function run<T>(fn: (scope: LifecycleScope) => Promise<T>): Promise<T> {
    const counted: CommittedChange[] = []
    const result = await db.transaction((tx) => fn(scope(tx, counted)))
    // Here, where they committed (every instance hears every instance's events from the database).
    for (const change of counted) {
      for (const participant of participants.all) {
        try {
          participant.committed?.(change)
        } catch (err) {
          log.error({ err, participant: participant.name, change }, 'an order participant failed after the commit')
        }
      }
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
        const order = await writes.lockOrder({ numero, clientId })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        if (!(CUSTOMER_CANCELLABLE as readonly string[]).includes(order.etat)) throw conflict(MESSAGES.orderNotCancellable)
        const outcome = await move(order, 'annulee', actors.client(clientId), 'annulée par le client')
        if (!outcome.moved) throw conflict(MESSAGES.orderNotCancellable)
      })
      return answer(numero, clientId)
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
     * A courier's move (issue 25 §3, ADR 056): « Livrée » or « Échec de livraison » of an order
     * out for delivery. `mayMove` (the dispatch module's, in this transaction, the order locked)
     * refuses an order not handed to this courier; what they collected goes with « Livrée ».
     */
    async changeByCourier(
      courier: { staffId: number },
      numero: string,
      to: 'livree' | 'echec_livraison',
      options: { reason: string | null; collected: (order: OrderRow) => number | null; mayMove: (tx: Executor, order: OrderRow) => Promise<void> },
    ) {
      await run(async ({ tx, orders: writes, move }) => {
        const order = await writes.lockOrder({ numero })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        await options.mayMove(tx, order)
        if (order.etat !== 'en_livraison') throw conflict(MESSAGES.orderTransitionRefused(label(order.etat), label(to)), { etat: [MESSAGES.orderTransitionRefused(label(order.etat), label(to))] })
        const collected = to === 'livree' ? options.collected(order) : null
        const extra = collected === null ? {} : { montantEncaisse: collected, encaisseLe: now() }
        const moved = await move(order, to, actors.staff(courier.staffId), options.reason, extra)
        if (!moved.moved) throw conflict(MESSAGES.orderTransitionRefused(label(order.etat), label(to)))
      })
      log.info({ numero, to }, 'order state changed by its courier')
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
