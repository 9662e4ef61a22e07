// What the messages module does on an order's steps (ADR 049), registered with the order
// lifecycle: each event's messages written to the outbox in the order's transaction (the worker
// sends them after the commit, ADR 034), and the tracking links' key the order pages check.
import type { OrderParticipant, TrackingKeys } from '../orders/order-participants.service.ts'
import type { OrderMessages } from './messages.service.ts'

export const messagesOnOrders = (messages: Pick<OrderMessages, 'enqueue'>): OrderParticipant => ({
  name: 'messages',
  async noticed(tx, order, notice) {
    await messages.enqueue(tx, order, notice)
  },
})

export const trackingKeys = (messages: Pick<OrderMessages, 'trackingKeyMatches' | 'supplementKeyMatches'>): TrackingKeys => ({
  keyMatches: (numero, key) => messages.trackingKeyMatches(numero, key),
  supplementKeyMatches: (numero, key) => messages.supplementKeyMatches(numero, key),
})
