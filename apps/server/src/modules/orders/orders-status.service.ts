// The back office moves orders along the shared state machine (DESIGN §5): anything else is
// refused. Cancelling gives the stock back (and flags a paid order for a refund); delivering
// dates the order and credits the customer's loyalty points, in the same transaction.
import type { FastifyBaseLogger } from 'fastify'
import { UNPAID_ORDER_TTL_MINUTES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { canTransition, isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@teranga/shared/order-status'
import { conflict, forbidden, notFound } from '../../lib/errors.ts'
import type { Viewer } from '../../lib/subject.ts'
import type { OrderStatusTransaction, StateChanges } from './orders-writes.repository.ts'
import type { OrdersService } from './orders.service.ts'

const label = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].text : etat)

interface Deps {
  transaction: OrderStatusTransaction
  orders: OrdersService
  log: FastifyBaseLogger
  now?: () => Date
}

export function createOrderStatusService({ transaction, orders, log, now = () => new Date() }: Deps) {
  return {
    async change(viewer: Viewer, numero: string, to: OrderStatus) {
      if (!viewer.isadmin) throw forbidden(MESSAGES.adminOnly)
      const outcome = await transaction(async (repos) => {
        const order = await repos.orders.lockOrder({ numero })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        const from = order.etat
        if (!isOrderStatus(from) || !canTransition(from, to)) throw conflict(MESSAGES.orderTransitionRefused(label(from), label(to)))
        const at = now()
        const changes: StateChanges =
          to === 'livree' ? { dateliv: at } : to === 'en_attente_paiement' ? { expiresAt: new Date(at.getTime() + UNPAID_ORDER_TTL_MINUTES * 60_000) } : {}
        // The row is locked, so this cannot miss; the guard stays for the day it is not.
        if (!(await repos.orders.moveState(order.id, from, to, changes))) throw conflict(MESSAGES.orderTransitionRefused(label(from), label(to)))
        let refunds = 0
        let points = 0
        if (to === 'annulee') {
          await repos.orders.giveStockBack(order.id)
          refunds = await repos.orders.owePaidAttempts(order.id)
        }
        if (to === 'livree') points = await repos.loyalty.creditDelivered(order)
        return { orderId: order.id, from, refunds, points }
      })
      log.info({ numero, from: outcome.from, to, points: outcome.points }, 'order state changed by the back office')
      if (outcome.refunds > 0) log.warn({ numero, attempts: outcome.refunds }, 'paid order cancelled: refund needed')
      const found = await orders.one(numero, viewer.id)
      if (!found) throw notFound(MESSAGES.orderNotFound)
      return found.commande
    },
  }
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>
