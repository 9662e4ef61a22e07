// What the stock does on an order's steps (ADR 048, ADR 049), registered with the order
// lifecycle: a new order's lines taken from stock, all or nothing; a cancelled order's goods put
// back (every state that leads to « annulée » holds the stock, and it is reached once).
import type { OrderParticipant, OrderStock } from '../orders/order-participants.service.ts'
import { stockLedger } from './stock-ledger.service.ts'

export const stockOnOrders: OrderParticipant = {
  name: 'stock',
  async moved({ tx, order, to, actor, reason }) {
    if (to !== 'annulee') return
    await stockLedger(tx).giveBack(order.id, { raison: 'annulation', motif: reason, staffId: actor.kind === 'staff' ? Number(actor.id) : null })
  },
}

export const orderStock: OrderStock = {
  take: (tx, commandeId, lines) => stockLedger(tx).take(commandeId, lines),
  prepared: (tx, commandeId, change) => stockLedger(tx).prepared(commandeId, change),
}
