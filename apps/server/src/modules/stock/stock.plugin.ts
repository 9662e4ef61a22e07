// The stock module (ADR 048): the stock ledger, the one writer of products' stock and its
// history. Other modules call `stockLedger(tx)` inside their own transaction; the order
// lifecycle reaches it only through what this plugin registers (ADR 049).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { orderStock, stockOnOrders } from './stock.order-participant.ts'

async function stock(app: FastifyInstance) {
  app.orderParticipants.add(stockOnOrders)
  app.orderParticipants.provide('stock', orderStock)
}

export default fp(stock, { name: 'stock' })
