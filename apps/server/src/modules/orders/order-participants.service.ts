// The order lifecycle's participants (ADR 049): what other modules do when an order is placed or
// moves, registered with the lifecycle at the app's setup, so that orders knows none of them by name.
import type { SQL } from 'drizzle-orm'
import type { OrderStatus } from '@teranga/shared/order-status'
import type { LoyaltyReward } from '@teranga/shared/order-amounts'
import type { PreparedChange } from '@teranga/shared/preparation'
import type { Executor } from '../../db/client.ts'
import type { OrderActorRef } from './order-events.ts'
import type { OrderRow } from './orders-writes.repository.ts'

/** Why a participant refuses a move before anything is written: a refund of an order never paid. */
export type ParticipantRefusal = 'unpaid'

/** What the participants did on a step, summed over them: the paid attempts now owed back, the change in the customer's points. */
export interface MoveEffects {
  refunds: number
  points: number
}

/** One move, as the participants see it: in its transaction, the order as it was before. */
export interface OrderMove {
  tx: Executor
  order: OrderRow
  from: OrderStatus
  to: OrderStatus
  actor: OrderActorRef
  reason: string | null
}

/** A refund done (the payments module's): what came back, through which provider, and the order's totals since. */
export interface RefundNotice {
  id: number
  montant: number
  provider: string
  /** FCFA given back for the order so far, this refund included. */
  refunded: number
  /** FCFA the order was paid. */
  paid: number
  /** A preparation's refund (ADR 055): the shopper is told of the preparation with it, in one message. */
  prepared?: PreparedNotice | undefined
}

/** An order prepared (issue 25 §2, ADR 055): what changed, and the money, as the shopper is told. */
export interface PreparedNotice {
  changes: PreparedChange[]
  /** Given back to a shopper who paid online, and through which provider; null when nothing is. */
  refund: { montant: number; provider: string } | null
  /** What the courier collects (a cash order's new total); null for an order paid online. */
  aEncaisser: number | null
  /** What dearer substitutes would add if the shopper accepts (null: none offered). */
  supplement: number | null
}

/**
 * What happened to an order, in its transaction: it was placed, it moved (told once every
 * participant's `moved` is done), a refund was done, or a payment came that moves nothing.
 */
export type OrderNotice = 'placed' | { to: OrderStatus } | { refund: RefundNotice } | { payment: { attemptId: number } } | { prepared: PreparedNotice }

/** The order a notice is about (a new order has no delivery code read yet). */
export type NoticedOrder = Omit<OrderRow, 'deliveryCode'>

/** A change as counted once its transaction committed. */
export type CommittedChange = { placed: OrderStatus } | { from: OrderStatus; to: OrderStatus }

export interface OrderParticipant {
  /** Who, for the logs. */
  name: string
  /** Before the move is written, in its transaction: a refusal stops it, nothing written. */
  refuses?(move: OrderMove): Promise<ParticipantRefusal | undefined>
  /** In the move's transaction, once its state is written: the side effects (an error rolls the move back). */
  moved?(move: OrderMove): Promise<Partial<MoveEffects> | void>
  /** In the order's transaction, after every participant's `moved` for a move (an error rolls it back). */
  noticed?(tx: Executor, order: NoticedOrder, notice: OrderNotice): Promise<Partial<MoveEffects> | void>
  /** After the transaction committed, each change once; a failure is logged, the change stays. */
  committed?(change: CommittedChange): void
}

/** What placing an order asks of the customer's points (the loyalty module's). */
export interface CustomerRewards {
  /** The balance of the customer whose id is `clientId` (a column of the caller's statement), in SQL. */
  pointsOf(clientId: SQL): SQL<number>
  /** The rewards checkout applies for a balance of `points`. */
  rewardsAt(tx: Executor, points: number): Promise<LoyaltyReward[]>
}

/** A cart line as a discount code's rules read it. */
export interface CodeLine {
  prix: number
  quantite: number
  souscategorieId: number
}

/** What orders ask of discount codes (the promotions module's). */
export interface DiscountCodes {
  /** Checks `code` on the lines and takes one use of it; throws the French 409 naming `codepromo` when it does not apply. */
  redeem(tx: Executor, request: { code: string; clientId: number; lines: readonly CodeLine[]; at: Date; tel: string | null }): Promise<{ codeId: number; remise: number }>
  /** The code text of an order's `codepromo_id` column, in SQL (the order's reads). */
  codeOfOrder(codepromoId: unknown): SQL<string | null>
}

/** Whether a tracking link's key is the order's (the messages module's, ADR 034). */
export interface TrackingKeys {
  keyMatches(numero: string, key: string | undefined): boolean
  /** Whether a dearer substitute's acceptance link's key is the order's (ADR 055); none matches without it. */
  supplementKeyMatches?(numero: string, key: string | undefined): boolean
}

/** An order line as the stock sees it: a quantity of one variant (ADR 053). */
export interface StockLineTaken {
  varianteId: number
  quantite: number
}

/** What placing an order asks of the stock (the stock ledger's, ADR 048). */
export interface OrderStock {
  /** Takes the order's lines from stock, all or nothing, in the order's transaction; false when a line cannot be taken. */
  take(tx: Executor, commandeId: number, lines: readonly StockLineTaken[]): Promise<boolean>
  /**
   * A preparation (ADR 055): the missing units given back, the substitutes taken, all or
   * nothing; false when a substitute could not be taken (the caller rolls back).
   */
  prepared(tx: Executor, commandeId: number, change: { back: readonly StockLineTaken[]; taken: readonly StockLineTaken[]; staffId: number }): Promise<boolean>
}

/** What a preparation asks of the money paid online (the payments module's, ADR 055). */
export interface OrderRefunds {
  /** The order's online payment received, and what its refunds took so far (pending ones too); null when none came. */
  paidOnline(tx: Executor, commandeId: number): Promise<{ paid: number; refunded: number; provider: string } | null>
  /**
   * Gives `montant` back through the provider now, after the preparation committed, as a staff
   * refund (recorded, confirmed, the order's points in proportion); the shopper's message is
   * the preparation's (`prepared`), told with it.
   */
  refund(staff: { id: number }, numero: string, refund: { montant: number; motif: string; prepared: PreparedNotice }): Promise<void>
}

/** A new order's slot request (issue 25 §1): home delivery to a zone, or pickup at a depot. */
export interface SlotRequest {
  /** The body's `creneau`, if any. */
  choice: { id: number; date: string } | null
  /** The pickup depot; null for home delivery. */
  depotId: number | null
  /** The delivery zone's id; null for pickup. */
  zoneId: number | null
  /** Whether an active slot of that kind serves it, as placement read it with the order's references (`offered`); unknown: asked. */
  offered?: boolean
  at: Date
}

/** The slot an order holds, as its columns store it. */
export interface SlotTaken {
  creneauId: number
  creneauDate: string
  creneauDebut: string
  creneauFin: string
}

/** What placing an order asks of delivery slots (the delivery module's, ADR 054). */
export interface OrderSlots {
  /**
   * Checks the order's slot choice (or that none is needed) and holds its place, in the order's
   * transaction, the slot's row locked until commit; throws the French 400/409 naming `creneau`.
   * Null when the order has no slot.
   */
  take(tx: Executor, request: SlotRequest): Promise<SlotTaken | null>
  /**
   * Whether an active slot serves pickup at the depot `depotId`, or (`depotId` null) home
   * delivery to the zone `zoneId`, as SQL: placement reads it with the order's references, so an
   * order that names no slot costs no statement of its own (ADR 054).
   */
  offered(depotId: SQL, zoneId: SQL): SQL<boolean>
}

/** The single providers placement and the order reads ask, each given by one module. */
export interface OrderProviders {
  rewards: CustomerRewards
  codes: DiscountCodes
  tracking: TrackingKeys
  stock: OrderStock
  refunds: OrderRefunds
  slots: OrderSlots
}

/**
 * The registry. Participants are called in the order they registered (the app's plugin order);
 * registering is closed once the app is ready.
 */
export function createOrderParticipants() {
  const participants: OrderParticipant[] = []
  const provided: Partial<OrderProviders> = {}
  let sealed = false
  const open = (what: string) => {
    if (sealed) throw new Error(`order participants are sealed: ${what} registered too late`)
  }

  return {
    add(participant: OrderParticipant) {
      open(participant.name)
      participants.push(participant)
    },
    provide<K extends keyof OrderProviders>(name: K, provider: OrderProviders[K]) {
      open(name)
      if (provided[name]) throw new Error(`order participants: ${name} is already provided`)
      provided[name] = provider
    },
    /** The provider of `name`, if a module gave one. */
    provider: <K extends keyof OrderProviders>(name: K): OrderProviders[K] | undefined => provided[name],
    seal() {
      sealed = true
    },
    get all(): readonly OrderParticipant[] {
      return participants
    },
  }
}

export type OrderParticipants = ReturnType<typeof createOrderParticipants>
