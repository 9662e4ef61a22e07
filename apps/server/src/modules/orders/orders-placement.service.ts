// Placing orders (DESIGN §5). An order is one transaction of the order lifecycle: the customer's
// row locked (account deletion waits, and so do their other orders), the cart's lines at today's
// database prices, amounts from the shared computation, the order and the emptied cart; then
// each variant's stock taken only if it is still there, and the order's lines, its first state
// in the history and its messages (ADR 069: the products' rows are held from the take to the
// commit only, so orders sharing a product wait on each other that long, not for a whole order).
// Stock taken meanwhile by another order, or an order number already given, starts it over; a
// cart found changed when it starts over (an article withdrawn) sends the customer back to it.
// An Idempotency-Key makes a retried submission answer the first order instead of a second one.
// Three deadlocks (or numbers drawn twice) in a row: a French 503 with `retry-after`, nothing kept.
import { createHash, randomInt } from 'node:crypto'
import { ADD_TO_CART_MAX, isOnlinePayment, MAX_UNPAID_ONLINE_ORDERS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { PLACEMENT_MESSAGES } from '@teranga/shared/placement-messages'
import { orderAmounts } from '@teranga/shared/order-amounts'
import { isDepotPickup, unpaidDeadline } from '@teranga/shared/order-status'
import type { OrderInput } from '@teranga/shared/schemas'
import { databaseError, uniqueViolation } from '../../db/sql.ts'
import { AppError, badInput, conflict, notFound, unauthenticated } from '../../lib/errors.ts'
import { clientCart } from '../cart/cart.service.ts'
import { actors, type OrderLifecycle } from './order-lifecycle.service.ts'
import type { OrderWritesRepository } from './orders-writes.repository.ts'
import type { OrdersService } from './orders.service.ts'

const NUMERO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `TRG-221122-K7MQ2X`: the date in Dakar and six characters nobody misreads on the phone. */
function newNumero(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '')
  const suffix = Array.from({ length: 6 }, () => NUMERO_ALPHABET[randomInt(NUMERO_ALPHABET.length)]).join('')
  return `TRG-${day}-${suffix}`
}

const hashOf = (input: OrderInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex')

/** How many times an order is tried, from its first statement, before the customer is asked to check their cart. */
const ATTEMPTS = 3

/** The cart's stock was read, then another order took it before this one's take: start over. */
class StockMoved extends Error {}

/**
 * Every attempt ended by PostgreSQL (a deadlock) or by a number already given: nothing was kept,
 * the cart is as it was, and the same submission (its Idempotency-Key) can be sent again shortly.
 */
export class PlacementBusy extends AppError {
  readonly retryAfterSeconds = 2
  constructor() {
    super(503, 'TOO_MANY_REQUESTS', PLACEMENT_MESSAGES.busy)
  }
}

/**
 * What a new attempt settles: the stock moved; an order number drawn twice the same day (one in
 * a billion per pair); a deadlock (none is known: every writer locks a product before its
 * variants; an order PostgreSQL ends to break one is tried again, not answered with a 500).
 */
function worthAnotherTry(error: unknown) {
  if (error instanceof StockMoved) return true
  return uniqueViolation(error) === 'commandes_numero_key' || databaseError(error)?.code === '40P01'
}

/** What an attempt ordered, to tell whether the cart changed before the next one. */
const cartSeen = (lines: ReadonlyArray<{ varianteId: number; quantite: number }>) => lines.map((line) => `${line.varianteId}×${line.quantite}`).join(' ')

/** The tombstone account deletion leaves in `firebase_uid` (see the account repository). */
const isDeleted = (firebaseUid: string) => firebaseUid.startsWith('deleted:')

interface Deps {
  lifecycle: OrderLifecycle
  writes: OrderWritesRepository
  orders: OrdersService
  now?: () => Date
}

export function createOrderPlacementService({ lifecycle, writes, orders, now = () => new Date() }: Deps) {
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

  /**
   * One attempt at placing the order, in one transaction of the lifecycle: its number. `tried.cart`
   * is what the attempt before read of the cart (none at the first), and becomes this one's.
   */
  function placeOnce(clientId: number, input: OrderInput, requestHash: string, idempotencyKey: string | undefined, tried: { cart?: string }) {
    return lifecycle.run(async ({ tx, orders: repo, rewardsAt, redeemCode, takeStock, takeSlot, placed }) => {
      const at = now()
      // First: deletion of this account either committed before (and we see it) or waits for
      // this order. What the order names is read in the same statement.
      const customer = await repo.lockCustomer(clientId, {
        modelivraison: input.modelivraison,
        modepaiement: input.modepaiement,
        depot: input.depot ?? null,
        zone: input.zone || null,
      })
      if (!customer || isDeleted(customer.firebaseUid)) throw unauthenticated(MESSAGES.invalidToken)
      const { delivery, payment, depot, zone, slots_depot, slots_zone } = customer
      if (!delivery) throw badInput(MESSAGES.orderDeliveryModeUnknown, { modelivraison: [MESSAGES.orderDeliveryModeUnknown] })
      if (!payment) throw badInput(MESSAGES.orderPaymentModeUnknown, { modepaiement: [MESSAGES.orderPaymentModeUnknown] })

      let fee = 0
      let place: { adresseliv: string | null; zone: string | null; depotId: number | null; repere: string | null }
      let zoneId: number | null = null
      if (isDepotPickup(delivery.code)) {
        if (!depot) throw badInput(MESSAGES.orderDepotRequired, { depot: [MESSAGES.orderDepotRequired] })
        // A pickup has no courier to guide: a landmark sent with it is not kept.
        place = { adresseliv: depot.adresse, zone: null, depotId: depot.id, repere: null }
      } else {
        const adresse = input.adresseliv?.trim()
        if (!adresse || adresse.length < 3) throw badInput(MESSAGES.orderAddressRequired, { adresseliv: [MESSAGES.orderAddressRequired] })
        if (!zone) throw badInput(MESSAGES.orderZoneUnknown, { zone: [MESSAGES.orderZoneUnknown] })
        fee = zone.frais
        zoneId = zone.id
        place = { adresseliv: adresse, zone: zone.designation, depotId: null, repere: input.repere || null }
      }
      // The delivery slot (issue 25 §1): checked, and its place held, from here to the commit.
      const slot = await takeSlot({ choice: input.creneau ?? null, depotId: place.depotId, zoneId, offered: place.depotId === null ? slots_zone : slots_depot, at })

      const online = isOnlinePayment(payment.code)

      // The lines as they stand, nothing locked (ADR 069): the take below checks the stock
      // again under its lock. The customer's points and unpaid orders come with the lines, read
      // after the customer's lock was granted, so an order of theirs that committed meanwhile
      // counts (ADR 068).
      const lines = await repo.cartLines(clientId, at)
      if (lines.length === 0) throw conflict(MESSAGES.orderCartEmpty)
      // Started over, on a cart that is no longer the one the customer confirmed (an article
      // withdrawn by the shop, a line changed in another tab): they check it first.
      if (tried.cart !== undefined && cartSeen(lines) !== tried.cart) throw conflict(PLACEMENT_MESSAGES.cartChanged, { panier: [PLACEMENT_MESSAGES.cartChanged] })
      tried.cart = cartSeen(lines)
      const { points, unpaid } = lines[0]!
      // Each unpaid online order holds its stock for 30 minutes: a few at once, not the whole shelf.
      if (online && unpaid >= MAX_UNPAID_ONLINE_ORDERS) throw conflict(MESSAGES.orderUnpaidLimit(MAX_UNPAID_ONLINE_ORDERS))
      const tooLarge = lines.find((line) => line.quantite > ADD_TO_CART_MAX)
      if (tooLarge) {
        const message = MESSAGES.orderLineTooLarge(tooLarge.designation, ADD_TO_CART_MAX)
        throw conflict(message, { panier: [message] })
      }
      const short = lines.find((line) => line.stock < line.quantite)
      if (short) {
        const message = MESSAGES.insufficientStock(short.designation, short.stock)
        throw conflict(message, { panier: [message] }).withDetails({ produit: short.produitId, variante: short.varianteId, disponible: short.stock, demande: short.quantite })
      }

      // « Ne pas remplacer » (issue 25 §2): variants of this cart only.
      const noReplace = new Set(input.ne_pas_remplacer ?? [])
      if ([...noReplace].some((id) => !lines.some((line) => line.varianteId === id))) {
        throw badInput(MESSAGES.orderNoReplaceInvalid, { ne_pas_remplacer: [MESSAGES.orderNoReplaceInvalid] })
      }

      // The discount code (DESIGN §5): checked on these lines at these prices, its use taken
      // here, so that concurrent orders never take more uses than it has (two statements).
      const code = input.codepromo ? await redeemCode({ code: input.codepromo, clientId, lines, at, tel: input.tel }) : null
      const amounts = orderAmounts(lines, fee, points > 0 ? await rewardsAt(points) : [], code?.remise ?? 0)
      // Nothing to pay (a 100 % code on a pickup, issue 23 §2): no provider is asked for
      // 0 FCFA; the order waits for the shop's confirmation whatever mode was chosen.
      const toPay = online && amounts.total > 0
      const numerocommande = newNumero(at)
      // The idempotency key is claimed with the order itself, in its statement (ADR 068).
      const key = idempotencyKey ? { clientId, key: idempotencyKey, requestHash, statusCode: 201, response: { numerocommande } } : undefined
      const order = await repo.insertOrder({
        numerocommande,
        clientId,
        etat: toPay ? 'en_attente_paiement' : 'en_attente',
        datecomm: at,
        montantcommande: amounts.montantcommande,
        montantliv: amounts.montantliv,
        remise: amounts.remise,
        codepromoId: code?.codeId ?? null,
        remiseCode: amounts.remiseCode,
        remiseLivraison: amounts.remiseLivraison,
        tel: input.tel,
        ...place,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        modepaiementId: payment.id,
        modelivraisonId: delivery.id,
        expiresAt: toPay ? unpaidDeadline(at) : null,
        notePreparation: input.note || null,
        ...slot,
      }, key)
      await clientCart(tx).empty(clientId)
      // As late as it can be, so that the products' rows are held from here to the commit
      // only (ADR 069); after the order, so each line of the stock history names it. Not all
      // there any more: another order took it since the lines were read (or the shop deleted
      // a variant), and this one starts over. The order's lines come after: their foreign
      // keys then share rows this transaction already holds.
      if (!(await takeStock(order.id, lines))) throw new StockMoved()
      await placed(
        order,
        lines.map((line) => ({ ...line, remplacer: !noReplace.has(line.varianteId) })),
        actors.client(clientId),
      )
      return order.numerocommande
    })
  }

  return {
    async place(clientId: number, input: OrderInput, idempotencyKey?: string) {
      const requestHash = hashOf(input)
      // The key is claimed in the order's own statement (its unique index): a request sent
      // again fails there, or earlier on the cart its first sending emptied, and is then
      // answered from the key below. The first sending costs no statement to look it up.
      const tried: { cart?: string } = {}
      for (let attempt = 1; ; attempt++) {
        let numero: string
        try {
          numero = await placeOnce(clientId, input, requestHash, idempotencyKey, tried)
        } catch (error) {
          if (attempt < ATTEMPTS && worthAnotherTry(error)) continue
          // The same key submitted again, or twice at once: whichever way this one failed (the
          // key's unique index, or a cart the first one had already emptied), the first one's
          // order is the answer.
          if (idempotencyKey) {
            const previous = await replay(clientId, idempotencyKey, requestHash)
            if (previous) return previous
          }
          if (error instanceof StockMoved) throw conflict(PLACEMENT_MESSAGES.cartChanged, { panier: [PLACEMENT_MESSAGES.cartChanged] })
          if (worthAnotherTry(error)) throw new PlacementBusy()
          throw error
        }
        return { status: 201 as const, commande: await answer(numero, clientId) }
      }
    },

    /** An order as its tracking link shows it, whoever asks (the route checked the link's key). */
    async track(numero: string) {
      return (await orders.one(numero, 0))?.commande
    },

    /** The customer's own order; another customer's is "not found", not "forbidden". */
    async get(viewer: { id: number; isadmin: boolean }, numero: string) {
      const found = await orders.one(numero, viewer.id)
      if (!found || (found.clientId !== viewer.id && !viewer.isadmin)) throw notFound(MESSAGES.orderNotFound)
      return found.commande
    },
  }
}

export type OrderPlacementService = ReturnType<typeof createOrderPlacementService>
