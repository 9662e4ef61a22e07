// The courier's phone (issue 25 §3, ADR 056): « Mes livraisons » of the courier an account signs
// in as, and their two moves, « Livrée » (with what they collected for a cash order) and « Échec
// de livraison » (with the reason), made by the order lifecycle on orders handed to them only.
import {
  COURIER_MESSAGES,
  failureReasonText,
  maxCollected,
  type CourierDeliveries,
  type CourierDelivery,
  type DeliveredInput,
  type DeliveryFailureInput,
} from '@teranga/shared/backoffice-dispatch'
import { isOnlinePayment } from '@teranga/shared/constants'
import { orderSlot } from '@teranga/shared/delivery-slots'
import { whatsappLink } from '@teranga/shared/phone'
import { isOrderStatus, ORDER_STATUSES } from '@teranga/shared/order-status'
import { formatPrix } from '@teranga/shared/money'
import { amountToCollect } from '@teranga/shared/preparation'
import { shopDay } from '@teranga/shared/shop-day'
import type { Executor } from '../../db/client.ts'
import { badInput, forbidden } from '../../lib/errors.ts'
import type { OrderLifecycle } from '../orders/order-lifecycle.service.ts'
import { createCourierRepository, type CourierOrderRow } from './courier.repository.ts'

function toDelivery(row: CourierOrderRow): CourierDelivery {
  const cash = !isOnlinePayment(row.paiement)
  const phone = row.telephone?.trim() || null
  const slot = orderSlot({ creneauDate: row.creneau_date, creneauDebut: row.creneau_debut, creneauFin: row.creneau_fin })
  const due = amountToCollect({ cash, total: row.montant_total, supplement: row.supplement, supplementAccepted: row.supplement_accepte })
  return {
    numero: row.numero,
    etat: row.etat,
    etat_texte: isOrderStatus(row.etat) ? ORDER_STATUSES[row.etat].text : row.etat,
    prenom: row.prenom,
    adresse: row.adresse,
    repere: row.repere,
    telephone: phone,
    appel: phone ? `tel:${phone.replace(/[^0-9+]/g, '')}` : null,
    whatsapp: whatsappLink(phone),
    carte: row.latitude !== null && row.longitude !== null ? `https://www.google.com/maps/search/?api=1&query=${row.latitude},${row.longitude}` : null,
    // Today's slot by its times; another day's (an order failed earlier, sent out again) with its day.
    creneau: slot ? (slot.date === shopDay(new Date()) ? `${slot.debut}–${slot.fin}` : slot.libelle) : null,
    a_encaisser: due,
    montant_total: row.montant_total,
    // Paid online with an accepted supplement: the courier collects that much (ADR 058).
    paiement_a_la_livraison: cash || due > 0,
    montant_encaisse: row.montant_encaisse,
  }
}

export function createCourierService(deps: { db: Executor; lifecycle: () => OrderLifecycle }) {
  const { db } = deps

  /** The courier the signed-in account is, or a French 403. */
  async function courierOf(clientId: number) {
    const courier = await createCourierRepository(db).courierOfAccount(clientId)
    if (!courier) throw forbidden(COURIER_MESSAGES.noCourierLinked)
    return courier
  }

  /** The check the lifecycle runs under the order's lock: handed to this courier, else 403. */
  const handedTo = (livreurId: number) => async (tx: Executor, order: { id: number }) => {
    if ((await createCourierRepository(tx).courierOfOrder(order.id)) !== livreurId) throw forbidden(COURIER_MESSAGES.notYourOrder)
  }

  return {
    /** The first word of the name of the courier the order `orderId` is handed to, for the tracking page. */
    async firstNameOnTheWay(orderId: number): Promise<string | null> {
      const nom = await createCourierRepository(db).courierNameOfOrder(orderId)
      return nom?.trim().split(/\s+/)[0] || null
    },

    async today(clientId: number): Promise<CourierDeliveries> {
      const courier = await courierOf(clientId)
      const rows = await createCourierRepository(db).today(courier.id)
      return { livreur: courier, commandes: rows.map(toDelivery) }
    },

    async delivered(clientId: number, numero: string, input: DeliveredInput) {
      const courier = await courierOf(clientId)
      let cash = false
      await deps.lifecycle().changeByCourier({ staffId: clientId }, numero, 'livree', {
        reason: null,
        mayMove: async (tx, order) => {
          await handedTo(courier.id)(tx, order)
          cash = !isOnlinePayment((await createCourierRepository(tx).paymentCode(order.modepaiementId)) ?? '')
        },
        // Cash: what the courier entered, prefilled with the total, within twice the total (a
        // zero too many is a typo); paid online: nothing collected.
        // Paid online with an accepted supplement (ADR 058): that supplement, the same way.
        collected: (order) => {
          const total = amountToCollect({ cash, total: order.montantTotal, supplement: order.supplement, supplementAccepted: order.supplementAccepteLe !== null })
          if (!cash && total === 0) return null
          const amount = input.montant_encaisse ?? total
          if (amount > maxCollected(total)) throw badInput(COURIER_MESSAGES.amountTooHigh(formatPrix(maxCollected(total))), { montant_encaisse: [COURIER_MESSAGES.amountTooHigh(formatPrix(maxCollected(total)))] })
          return amount
        },
      })
    },

    async failed(clientId: number, numero: string, input: DeliveryFailureInput) {
      const courier = await courierOf(clientId)
      await deps.lifecycle().changeByCourier({ staffId: clientId }, numero, 'echec_livraison', {
        reason: `Échec de livraison : ${failureReasonText(input)}`,
        mayMove: handedTo(courier.id),
        collected: () => null,
      })
    },
  }
}

export type CourierService = ReturnType<typeof createCourierService>
