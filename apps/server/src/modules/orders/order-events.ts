// The order events (DESIGN §5): one per committed change (never for a rollback), delivered on
// every instance from the database's NOTIFY (ADR 031): each line of an order's history tells
// its kind and ids at commit (migration 0019), and each instance reads the line again — the
// instance that made the change too, so there is one way in. When the notifications connection
// was lost, the history lines committed meanwhile are read again once it listens (ADR 066), so
// a listener hears every event once, in order. Notifications and the live back office subscribe
// through `app.orderEvents`; a listener's failure is logged, not the caller's.
import type { FastifyBaseLogger } from 'fastify'
import type { OrderActorKind, OrderStatus } from '@teranga/shared/order-status'

export interface OrderActorRef {
  kind: OrderActorKind
  /** The client's or staff member's id, the provider's name; null for the system. */
  id: string | null
}

export interface OrderPlacedEvent {
  orderId: number
  numero: string
  clientId: number
  etat: OrderStatus
  at: Date
  actor: OrderActorRef
}

export interface OrderStateChangedEvent {
  orderId: number
  numero: string
  clientId: number
  from: OrderStatus
  to: OrderStatus
  at: Date
  actor: OrderActorRef
  reason: string | null
}

export interface OrderEventMap {
  placed: OrderPlacedEvent
  stateChanged: OrderStateChangedEvent
}

export type OrderEventName = keyof OrderEventMap
export type OrderEventListener<K extends OrderEventName> = (event: OrderEventMap[K]) => void | Promise<void>

/** One event as read from the database, with its name. */
export type PendingOrderEvent = { [K in OrderEventName]: { name: K; event: OrderEventMap[K] } }[OrderEventName]

/** The channel the order history's trigger notifies on: `placed|state:<order id>:<history line id>`. */
export const ORDER_EVENTS_CHANNEL = 'teranga_orders'

export function createOrderEvents(log: FastifyBaseLogger) {
  const listeners: { [K in OrderEventName]: Set<OrderEventListener<K>> } = { placed: new Set(), stateChanged: new Set() }
  const missedListeners = new Set<() => void>()

  const failed = (err: unknown, name: OrderEventName) => log.error({ err, event: name }, 'an order event listener failed')

  return {
    /** Whether anyone listens to `name` (an instance with no listener reads nothing). */
    heard: (name: OrderEventName) => listeners[name].size > 0,

    /** Subscribes; answers the function that unsubscribes. */
    on<K extends OrderEventName>(name: K, listener: OrderEventListener<K>): () => void {
      listeners[name].add(listener)
      return () => listeners[name].delete(listener)
    },

    /**
     * Subscribes to the news that events were missed (a loss longer than the catch-up's bound, or
     * lines that could not be read): a listener reads its state again. Answers the unsubscriber.
     */
    onMissed(listener: () => void): () => void {
      missedListeners.add(listener)
      return () => missedListeners.delete(listener)
    },

    /** Tells that events were missed (the relay's alone). */
    missed() {
      for (const listener of missedListeners) {
        try {
          listener()
        } catch (err) {
          log.error({ err }, 'an order events listener failed on missed events')
        }
      }
    },

    /** Delivers committed events in the order they happened. */
    emit(events: readonly PendingOrderEvent[]) {
      for (const { name, event } of events) {
        for (const listener of listeners[name] as Set<OrderEventListener<typeof name>>) {
          try {
            const done = listener(event as never)
            if (done instanceof Promise) done.catch((err: unknown) => failed(err, name))
          } catch (err) {
            failed(err, name)
          }
        }
      }
    },
  }
}

export type OrderEvents = ReturnType<typeof createOrderEvents>

const KIND_NAMES = { placed: 'placed', state: 'stateChanged' } as const satisfies Record<string, OrderEventName>

/** How far back a reconnected instance reads the order history again (ADR 066). */
export interface CatchUpBounds {
  /**
   * History ids read again below the highest delivered one: a transaction that took an id before
   * others and committed after them, while the connection was down, is found in that margin, or
   * by its transaction when the notifications give a snapshot it was open in (ADR 073).
   */
  marginIds: number
  /** Past this many missed events, none is delivered: listeners are told (`missed`) and read their lists. */
  maxEvents: number
  /** A connection down longer than this is not caught up either: listeners are told (`missed`). */
  maxOutageMs: number
  /**
   * Ids delivered within this long before a loss are remembered, below the margin too: the
   * lines of the transactions open before it, read again, include those heard since (ADR 073).
   * More than two heartbeats and a heartbeat's timeout (20 s, 20 s, 5 s). Nothing is forgotten
   * from a loss until its catch-up ran.
   */
  rememberMs: number
}

export const CATCH_UP_BOUNDS: CatchUpBounds = { marginIds: 10_000, maxEvents: 5_000, maxOutageMs: 10 * 60_000, rememberMs: 2 * 60_000 }

/** History lines read in one statement. */
const BATCH = 500

/**
 * The older of two snapshots (`pg_snapshot` text, `xmin:xmax:xip,…`; xmax never goes back): what
 * it shows open includes what the newer one does. Unknown (null) if either is.
 */
const olderSnapshot = (a: string | null, b: string | null) => (a === null || b === null ? null : BigInt(a.split(':')[1]!) <= BigInt(b.split(':')[1]!) ? a : b)

type ReadEvent = PendingOrderEvent & { historyId: number }

/**
 * Turns the channel's notifications into events: the history lines they name are read in one
 * statement per batch, and delivered in the order the notifications came (commit order), one
 * batch at a time, so that an order's events never overtake each other. After the connection
 * was lost, the lines committed meanwhile are read by id and delivered before anything heard
 * since; each id is delivered once (a set of the recent ones).
 */
export function relayOrderEvents(deps: {
  events: OrderEvents
  read: (historyIds: number[]) => Promise<ReadEvent[]>
  /**
   * The ids of the history lines above `after`, and of those above `above` written by a
   * transaction that snapshot `notIn` shows open or not begun (when given), ascending, at most `limit`.
   */
  idsAfter: (after: number, limit: number, written?: { notIn: string; above: number }) => Promise<number[]>
  /** The highest history id (0 for none). */
  newest: () => Promise<number>
  log: FastifyBaseLogger
  bounds?: Partial<CatchUpBounds> | undefined
}) {
  const bounds = { ...CATCH_UP_BOUNDS, ...deps.bounds }
  const queued: number[] = []
  let draining: Promise<void> | null = null
  /**
   * A catch-up to run before the queue: when the connection listens again, since when it was
   * down, and a snapshot in which every transaction it may not have heard was open (null: unknown).
   */
  let catchUp: { lostAt: Date | null; heardUpTo: string | null } | null = null
  /** From a loss (the notifications' reset) until its catch-up ran: nothing remembered is forgotten meanwhile. */
  let holding = false
  /** Ids at or below it are never read again: they predate this instance, or a loss past the bounds. */
  let floor: number | null = null
  /** The newest id when the catch-up last gave up (listeners read their lists then): the transactions' lines are read above it. */
  let skippedTo = 0
  /** The highest id heard or delivered. */
  let last = 0
  /** The ids heard or delivered above `last - marginIds` or within `rememberMs` (older ones are pruned). */
  const seen = new Set<number>()
  /** The same ids in the order they were heard, with when: what pruning looks at. */
  const heardAt: Array<{ id: number; at: number }> = []
  let oldest = 0

  const listened = () => deps.events.heard('placed') || deps.events.heard('stateChanged')

  function mark(id: number) {
    const now = Date.now()
    seen.add(id)
    heardAt.push({ id, at: now })
    if (id > last) last = id
    // Forgotten once both below the margin and older than rememberMs; what the margin still holds stays.
    while (!holding && oldest < heardAt.length && heardAt[oldest]!.at < now - bounds.rememberMs && heardAt[oldest]!.id <= last - bounds.marginIds) {
      seen.delete(heardAt[oldest]!.id)
      oldest++
    }
    if (oldest > 1024 && oldest * 2 > heardAt.length) {
      heardAt.splice(0, oldest)
      oldest = 0
    }
  }

  /** Reads and delivers these ids (ascending within a batch's order kept), skipping those already delivered. */
  async function deliver(ids: number[]) {
    const fresh = ids.filter((id) => !seen.has(id))
    if (fresh.length === 0) return
    for (const id of fresh) mark(id)
    const read = await deps.read(fresh)
    const byId = new Map(read.map((e) => [e.historyId, e]))
    deps.events.emit(fresh.flatMap((id) => byId.get(id) ?? []))
  }

  /** Everything past the bounds is skipped: listeners read their lists again. */
  async function skipToNewest(why: string, extra: Record<string, unknown> = {}) {
    const newest = await deps.newest()
    floor = Math.max(floor ?? 0, newest)
    skippedTo = Math.max(skippedTo, newest)
    if (newest > last) last = newest
    deps.log.warn({ ...extra, newest }, `order events: ${why}; listeners read their lists again`)
    deps.events.missed()
  }

  async function runCatchUp({ lostAt, heardUpTo }: { lostAt: Date | null; heardUpTo: string | null }) {
    // The first connection (and only it): what came before this instance is not its listeners' news.
    if (lostAt === null || !listened()) {
      const newest = await deps.newest()
      floor = Math.max(floor ?? 0, newest)
      if (newest > last) last = newest
      return
    }
    // The history could not be read when this instance first listened: where its listeners'
    // news starts is unknown, so they read their lists again rather than miss this outage's events.
    if (floor === null) return skipToNewest('the history could not be read when this instance first listened')
    const outageMs = Date.now() - lostAt.getTime()
    if (outageMs > bounds.maxOutageMs) return skipToNewest('the notifications connection was down past the catch-up bound', { outageMs })
    const from = Math.max(floor, last - bounds.marginIds)
    // Ids only (the primary key's index, and the transaction ids' for the lines of transactions
    // still open at the snapshot, however far below: ADR 073), then the missed lines read as a
    // notification's are.
    // Every id returned is either remembered (delivered) or missed: past this many, more were
    // missed than the bound.
    const limit = seen.size + bounds.maxEvents + 1
    const ids = await deps.idsAfter(from, limit, heardUpTo === null ? undefined : { notIn: heardUpTo, above: skippedTo })
    const missed = ids.filter((id) => !seen.has(id))
    if (ids.length >= limit || missed.length > bounds.maxEvents) {
      return skipToNewest('more events were missed than the catch-up delivers', { missed: missed.length })
    }
    if (missed.length > 0) deps.log.info({ count: missed.length }, 'order events: caught up after the notifications connection came back')
    for (let i = 0; i < missed.length; i += BATCH) await deliver(missed.slice(i, i + BATCH))
  }

  async function drain() {
    while (catchUp || queued.length > 0) {
      if (catchUp) {
        const job = catchUp
        catchUp = null
        try {
          await runCatchUp(job)
        } catch (err) {
          deps.log.error({ err }, 'order events: the catch-up could not read the history; listeners read their lists again')
          deps.events.missed()
        }
        // Another loss meanwhile keeps what is remembered for its own catch-up.
        if (!catchUp) holding = false
        continue
      }
      // A batch is one statement: a burst of orders is read in a few.
      const ids = queued.splice(0, BATCH)
      try {
        await deliver(ids)
      } catch (err) {
        deps.log.error({ err, count: ids.length }, 'order events could not be read; they are lost')
        deps.events.missed()
      }
    }
    draining = null
  }

  return {
    /** The handler of ORDER_EVENTS_CHANNEL. */
    notified(payload: string) {
      const [kind, , historyId] = payload.split(':')
      const name = KIND_NAMES[kind as keyof typeof KIND_NAMES]
      const id = Number(historyId)
      if (!name || !Number.isSafeInteger(id)) return deps.log.warn({ payload }, 'unexpected order event notification')
      // Nobody listens to it here: known as heard, nothing read.
      if (!deps.events.heard(name)) return void mark(id)
      queued.push(id)
      draining ??= drain()
    },
    /** The notifications' `onReset` (a loss, or a connection opened): what is remembered is kept until the catch-up ran. */
    lost() {
      holding = true
    },
    /** The notifications' `onListening`: the lines committed while the connection was down are read before anything heard since. */
    listening(lostAt: Date | null, heardUpTo: string | null = null) {
      // A catch-up not run yet covers both losses: from the first, and from the older snapshot.
      catchUp = catchUp ? { lostAt: catchUp.lostAt ?? lostAt, heardUpTo: olderSnapshot(catchUp.heardUpTo, heardUpTo) } : { lostAt, heardUpTo }
      draining ??= drain()
    },
    /** Resolves once every notification heard so far is delivered. */
    settled: async () => {
      while (draining) await draining
    },
  }
}
