// The order events (DESIGN §5): one per committed change, delivered in-process after the
// transaction that made it has committed (never for a rollback). Notifications and the live
// back office subscribe through `app.orderEvents`; a listener's failure is logged, not the caller's.
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

/** One queued event, emitted once its transaction has committed. */
export type PendingOrderEvent = { [K in OrderEventName]: { name: K; event: OrderEventMap[K] } }[OrderEventName]

export function createOrderEvents(log: FastifyBaseLogger) {
  const listeners: { [K in OrderEventName]: Set<OrderEventListener<K>> } = { placed: new Set(), stateChanged: new Set() }

  const failed = (err: unknown, name: OrderEventName) => log.error({ err, event: name }, 'an order event listener failed')

  return {
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
