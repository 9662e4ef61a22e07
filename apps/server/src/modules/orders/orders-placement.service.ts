// Placing, cancelling and expiring orders (DESIGN §5). An order is one transaction: the
// cart's lines at today's database prices, each product's stock taken only if it is there,
// amounts from the shared computation, then the order, its lines and the emptied cart. An
// Idempotency-Key makes a retried submission answer the first order instead of a second one.
import { createHash, randomInt } from 'node:crypto'
import { isOnlinePayment, UNPAID_ORDER_TTL_MINUTES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { orderAmounts } from '@teranga/shared/order-amounts'
import { canTransition, CUSTOMER_CANCELLABLE, isOrderStatus } from '@teranga/shared/order-status'
import type { OrderInput } from '@teranga/shared/schemas'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { UNPAID_STATES, type OrderTransaction, type OrderWritesRepository } from './orders-writes.repository.ts'
import type { OrdersService } from './orders.service.ts'

const NUMERO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `TRG-221122-K7MQ2X`: the date in Dakar and six characters nobody misreads on the phone. */
function newNumero(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '')
  const suffix = Array.from({ length: 6 }, () => NUMERO_ALPHABET[randomInt(NUMERO_ALPHABET.length)]).join('')
  return `TRG-${day}-${suffix}`
}

const hashOf = (input: OrderInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex')

interface Deps {
  transaction: OrderTransaction
  writes: OrderWritesRepository
  orders: OrdersService
  now?: () => Date
}

export function createOrderPlacementService({ transaction, writes, orders, now = () => new Date() }: Deps) {
  async function answer(numero: string, clientId: number) {
    const found = await orders.one(numero, clientId)
    if (!found) throw notFound(MESSAGES.orderNotFound)
    return found.commande
  }

  async function replay(clientId: number, key: string, requestHash: string) {
    const existing = await writes.idempotencyKey(clientId, key)
    if (!existing) return undefined
    if (existing.requestHash !== requestHash) throw conflict(MESSAGES.idempotencyKeyReused)
    const { numerocommande } = existing.response as { numerocommande: string }
    return { status: 200 as const, commande: await answer(numerocommande, clientId) }
  }

  return {
    async place(clientId: number, input: OrderInput, idempotencyKey?: string) {
      const requestHash = hashOf(input)
      if (idempotencyKey) {
        const previous = await replay(clientId, idempotencyKey, requestHash)
        if (previous) return previous
      }
      let numero: string
      try {
        numero = await transaction(async (repo) => {
          const delivery = await repo.deliveryMode(input.modelivraison)
          if (!delivery) throw badInput(MESSAGES.orderDeliveryModeUnknown, { modelivraison: [MESSAGES.orderDeliveryModeUnknown] })
          const payment = await repo.paymentMode(input.modepaiement)
          if (!payment) throw badInput(MESSAGES.orderPaymentModeUnknown, { modepaiement: [MESSAGES.orderPaymentModeUnknown] })

          let fee = 0
          let place: { adresseliv: string | null; zone: string | null; depotId: number | null }
          if (delivery.code === 'RETRAIT') {
            const depot = input.depot ? await repo.depot(input.depot) : undefined
            if (!depot) throw badInput(MESSAGES.orderDepotRequired, { depot: [MESSAGES.orderDepotRequired] })
            place = { adresseliv: depot.adresse, zone: null, depotId: depot.id }
          } else {
            const adresse = input.adresseliv?.trim()
            if (!adresse || adresse.length < 3) throw badInput(MESSAGES.orderAddressRequired, { adresseliv: [MESSAGES.orderAddressRequired] })
            const zone = input.zone ? await repo.zone(input.zone) : undefined
            if (!zone) throw badInput(MESSAGES.orderZoneUnknown, { zone: [MESSAGES.orderZoneUnknown] })
            fee = zone.frais
            place = { adresseliv: adresse, zone: zone.designation, depotId: null }
          }

          const lines = await repo.cartLines(clientId)
          if (lines.length === 0) throw conflict(MESSAGES.orderCartEmpty)
          // Product order: two orders sharing products lock them in the same order (no deadlock).
          for (const line of lines) {
            if (!(await repo.takeStock(line.produitId, line.quantite))) {
              const left = await repo.stock(line.produitId)
              const message = MESSAGES.insufficientStock(line.designation, left)
              throw conflict(message, { panier: [message] }).withDetails({ produit: line.produitId, disponible: left, demande: line.quantite })
            }
          }

          const amounts = orderAmounts(lines, fee, await repo.rewards(clientId))
          const online = isOnlinePayment(payment.code)
          const at = now()
          const order = await repo.insertOrder({
            numerocommande: newNumero(at),
            clientId,
            etat: online ? 'en_attente_paiement' : 'en_attente',
            datecomm: at,
            montantcommande: amounts.montantcommande,
            montantliv: amounts.montantliv,
            remise: amounts.remise,
            tel: input.tel,
            ...place,
            latitude: input.latitude ?? null,
            longitude: input.longitude ?? null,
            modepaiementId: payment.id,
            modelivraisonId: delivery.id,
            expiresAt: online ? new Date(at.getTime() + UNPAID_ORDER_TTL_MINUTES * 60_000) : null,
          })
          await repo.insertLines(lines.map((line) => ({ commandeId: order.id, produitId: line.produitId, quantite: line.quantite, prix: line.prix })))
          await repo.emptyCart(clientId)
          if (idempotencyKey) {
            await repo.saveIdempotencyKey({ clientId, key: idempotencyKey, requestHash, statusCode: 201, response: { numerocommande: order.numerocommande } })
          }
          return order.numerocommande
        })
      } catch (error) {
        // The same key submitted twice at once: whichever way this one failed (the key's
        // unique index, or a cart the first one had already emptied), the first one's order
        // is the answer.
        if (idempotencyKey) {
          const previous = await replay(clientId, idempotencyKey, requestHash)
          if (previous) return previous
        }
        throw error
      }
      return { status: 201 as const, commande: await answer(numero, clientId) }
    },

    /** The customer's own order; another customer's is "not found", not "forbidden". */
    async get(viewer: { id: number; isadmin: boolean }, numero: string) {
      const found = await orders.one(numero, viewer.id)
      if (!found || (found.clientId !== viewer.id && !viewer.isadmin)) throw notFound(MESSAGES.orderNotFound)
      return found.commande
    },

    /** Cancellation by the customer while the order waits (DESIGN §5); the stock goes back. */
    async cancel(clientId: number, numero: string) {
      const order = await writes.orderByNumero(numero)
      if (!order || order.clientId !== clientId) throw notFound(MESSAGES.orderNotFound)
      const etat = order.etat
      if (!isOrderStatus(etat) || !CUSTOMER_CANCELLABLE.includes(etat) || !canTransition(etat, 'annulee')) {
        throw conflict(MESSAGES.orderNotCancellable)
      }
      const moved = await transaction(async (repo) => {
        if (!(await repo.moveState(order.id, etat, 'annulee'))) return false
        await repo.giveStockBack(order.id)
        return true
      })
      // Paid, confirmed or cancelled meanwhile: the state machine decided first.
      if (!moved) throw conflict(MESSAGES.orderNotCancellable)
      return answer(numero, clientId)
    },

    /**
     * Unpaid online orders past their 30 minutes, waiting or after a failed payment (which
     * still holds the stock), are cancelled and their stock given back.
     */
    async expireUnpaid(at: Date = now()): Promise<number> {
      let expired = 0
      for (const { id } of await writes.unpaidBefore(at)) {
        const moved = await transaction(async (repo) => {
          // Looked at again under the lock: a payment or a retry (which restarts the expiry) may have come first.
          const order = await repo.lockOrder({ id })
          if (!order?.expiresAt || order.expiresAt >= at || !(UNPAID_STATES as readonly string[]).includes(order.etat)) return false
          // echec_paiement → en_attente_paiement → annulee: two moves the shared machine allows.
          if (order.etat === 'echec_paiement' && !(await repo.moveState(id, 'echec_paiement', 'en_attente_paiement'))) return false
          if (!(await repo.moveState(id, 'en_attente_paiement', 'annulee'))) return false
          await repo.giveStockBack(id)
          return true
        })
        if (moved) expired++
      }
      return expired
    },
  }
}

export type OrderPlacementService = ReturnType<typeof createOrderPlacementService>
