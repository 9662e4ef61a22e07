// The order events (DESIGN §5): one per committed change (never for a rollback), delivered on
// every instance from the database's NOTIFY (ADR 031): each line of an order's history tells
// its kind and ids at commit (migration 0019), and each instance reads the line again — the
// instance that made the change too, so there is one way in. Notifications and the live back
// office subscribe through `app.orderEvents`; a listener's failure is logged, not the caller's.
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

  const failed = (err: unknown, name: OrderEventName) => log.error({ err, event: name }, 'an order event listener failed')

  return {
    /** Whether anyone listens to `name` (an instance with no listener reads nothing). */
    heard: (name: OrderEventName) => listeners[name].size > 0,

    /** Subscribes; answers the function that unsubscribes. */
    on<K extends OrderEventName>(name: K, listener: OrderEventListener<K>): () => void {
      listeners[name].add(listener)
      return () => listeners[name].delete(listener)
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

/**
 * Turns the channel's notifications into events: the history lines they name are read in one
 * statement per batch, and delivered in the order the notifications came (commit order), one
 * batch at a time, so that an order's events never overtake each other.
 */
export function relayOrderEvents(deps: {
  events: OrderEvents
  read: (historyIds: number[]) => Promise<Array<PendingOrderEvent & { historyId: number }>>
  log: FastifyBaseLogger
}) {
  const queued: number[] = []
  let draining: Promise<void> | null = null

  async function drain() {
    while (queued.length > 0) {
      // A batch is one statement: a burst of orders is read in a few.
      const ids = queued.splice(0, 500)
      try {
        const read = await deps.read(ids)
        const byId = new Map(read.map((e) => [e.historyId, e]))
        deps.events.emit(ids.flatMap((id) => byId.get(id) ?? []))
      } catch (err) {
        deps.log.error({ err, count: ids.length }, 'order events could not be read; they are lost')
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
      if (!deps.events.heard(name)) return
      queued.push(id)
      draining ??= drain()
    },
    /** Resolves once every notification heard so far is delivered. */
    settled: async () => {
      while (draining) await draining
    },
  }
}
