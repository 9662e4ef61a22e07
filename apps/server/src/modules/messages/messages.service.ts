// What the rest of the shop asks of the messages module (ADR 034): the order lifecycle hands
// in each committed-to-be event in its own transaction (`enqueue`, one statement), the orders
// module checks a tracking link's key, the account page reads and sets the customer's channel.
import { randomBytes } from 'node:crypto'
import { formatSlotShort } from '@teranga/shared/delivery-slots'
import { DEFAULT_MESSAGE_CHANNEL, type MessageChannelChoice } from '@teranga/shared/order-messages'
import { orderTotal } from '@teranga/shared/order-amounts'
import { isOnlinePayment } from '@teranga/shared/constants'
import { supplementDue, type PreparedChange } from '@teranga/shared/preparation'
import { callingCodeOf, isSenegaleseMobile, normalizePhone } from '@teranga/shared/phone'
import type { Executor } from '../../db/client.ts'
import type { Metrics } from '../../lib/metrics.ts'
import type { MessageChannel } from './message-provider.ts'
import { customerText, isMessagedState, onTheWayText, preparedText, refundDestination, refundText, staffText, type OrderMessageEvent } from './message-texts.ts'
import { createMessagesRepository, type MessagesRepository, type OutboxEntry } from './messages.repository.ts'
import { smsParts, toGsm7 } from './sms-text.ts'
import { supplementKey, supplementKeyMatches, trackingKey, trackingKeyMatches } from './tracking-key.ts'

/** What the lifecycle knows of the order an event is about. */
export interface OrderAbout {
  id: number
  numerocommande: string
  clientId: number
  tel: string | null
  montantcommande: number
  montantliv: number
  remise: number
  /** The pickup depot, and the slot as promised (issue 25 §1); absent from callers that know none. */
  depotId?: number | null
  creneauDate?: string | null
  creneauDebut?: string | null
  creneauFin?: string | null
  /** A dearer substitute's supplement and when the shopper accepted it (ADR 055, ADR 058); absent from callers that know none. */
  supplement?: number | null
  supplementAccepteLe?: Date | null
}

/**
 * What a customer is told of: the placement, a move (nothing for a state nobody is told of), a
 * refund done (its id, amount and the provider that gave the money back, `cash` by hand), or a
 * payment received that moves nothing (an approval that came after cash was chosen: its attempt's id).
 */
export type OrderEventToTell =
  | 'placed'
  | { to: string }
  | { refund: { id: number; montant: number; provider: string; prepared?: PreparedToTell | undefined } }
  | { payment: { attemptId: number } }
  | { prepared: PreparedToTell }

/** An order prepared (ADR 055): what changed and the money; with a refund, told with the refund once it is done. */
export interface PreparedToTell {
  changes: PreparedChange[]
  refund: { montant: number; provider: string } | null
  aEncaisser: number | null
  supplement: number | null
}

export interface OrderMessages {
  /** The event's messages, in the transaction `tx` that commits the event. */
  enqueue(tx: Executor, order: OrderAbout, event: OrderEventToTell): Promise<void>
  trackingLink(numero: string): string
  trackingKeyMatches(numero: string, key: string | undefined): boolean
  /** Whether `key` is the order's dearer-substitute acceptance link's (ADR 055). */
  supplementKeyMatches(numero: string, key: string | undefined): boolean
  channelOf(clientId: number): Promise<MessageChannelChoice>
  setChannel(clientId: number, canal: MessageChannelChoice): Promise<MessageChannelChoice>
  /** Account deletion, in its transaction: the customer's choice and messages go (one statement). */
  forgetCustomer(tx: Executor, clientId: number): Promise<void>
  /**
   * A staff invitation by phone (issue 25 §3), in its transaction: by SMS, or WhatsApp when SMS
   * has no provider; false when neither has one (the back office then shares the link by hand).
   */
  invite(tx: Executor, invitation: { id: number; telephone: string; body: string }): Promise<boolean>
  /**
   * An owner's alert (issue 26 §4, ADR 062), in its transaction: to the staff numbers, on the
   * chosen channel, or the other when the chosen one has no provider; nothing when neither has.
   */
  alertStaff(tx: Executor, alert: { id: number; channel: MessageChannel; body: string }): Promise<void>
}

/** The billed parts of `text` sent by SMS (in the GSM alphabet, as the adapter sends it): the owner's alerts bound their length by it (ADR 062). */
export const smsPartsSent = (text: string) => smsParts(toGsm7(text))

/** The tracking links' key when no TRACKING_LINK_SECRET is given: drawn once, kept in the database for every instance. */
export async function trackingSecret(repo: MessagesRepository, configured: string | undefined) {
  return configured ?? repo.secret('tracking_links', randomBytes(32).toString('base64url'))
}

/** The order's slot as its messages say it: « livraison lun. 30/11 09:00-12:00 » (« retrait » for a pickup). */
function slotText(order: OrderAbout) {
  if (!order.creneauDate || !order.creneauDebut || !order.creneauFin) return null
  return `${order.depotId == null ? 'livraison' : 'retrait'} ${formatSlotShort({ date: order.creneauDate, debut: order.creneauDebut, fin: order.creneauFin })}`
}

export function createOrderMessages(deps: {
  repo: MessagesRepository
  publicUrl: string
  secret: string
  /** During a rotation, the key of the links already sent (TRACKING_LINK_SECRET_PREVIOUS): still opens them. */
  previousSecret?: string | undefined
  channels: ReadonlySet<MessageChannel>
  /** Counts the customer messages refused for their destination (GET /metrics). */
  metrics?: Pick<Metrics, 'orderMessage'> | undefined
}): OrderMessages {
  const { repo, publicUrl, secret, previousSecret, channels, metrics } = deps
  const trackingLink = (numero: string) => `${publicUrl}/suivi/${encodeURIComponent(numero)}?k=${trackingKey(secret, numero)}`
  /** The tracking link opened to accept a dearer substitute's supplement (ADR 055, ADR 058). */
  const supplementLinkOf = (numero: string) => `${trackingLink(numero)}&s=${supplementKey(secret, numero)}`

  return {
    async enqueue(tx, order, event) {
      if (channels.size === 0) return
      const messages = createMessagesRepository(tx)
      // Paid online with a dearer substitute's supplement accepted: what is still paid at delivery
      // or at the counter (ADR 058, the shared rule; the payment is read only when there is one).
      // A move is told in its new state; the other events leave the order short of delivery.
      const accepted = { supplement: order.supplement ?? null, supplementAccepted: order.supplementAccepteLe != null }
      const etat = typeof event === 'object' && 'to' in event ? event.to : ''
      const cash = accepted.supplementAccepted && accepted.supplement ? !isOnlinePayment((await messages.paymentCodeOf(order.id)) ?? '') : false
      const due = supplementDue({ cash, etat, ...accepted })
      const pickup = order.depotId != null
      const about = { numero: order.numerocommande, total: orderTotal(order), link: trackingLink(order.numerocommande), slot: slotText(order), due: due || null, pickup }
      let body: string
      let kind = ''
      let staffBody: string | null = null
      if (event === 'placed') {
        body = customerText('placed', about)
        staffBody = staffText({ ...about, adminLink: `${publicUrl}/admin/commandes/${encodeURIComponent(order.numerocommande)}` })
      } else if ('refund' in event) {
        const destination = refundDestination(await messages.paymentCodeOf(order.id), event.refund.provider)
        // A preparation's refund: the one message lists what changed and the money (ADR 055).
        // A dearer substitute on an order paid online keeps its link in this message (ADR 058).
        body = event.refund.prepared
          ? preparedText(about, event.refund.prepared, { montant: event.refund.montant, destination }, event.refund.prepared.supplement ? supplementLinkOf(order.numerocommande) : null)
          : refundText(about, { montant: event.refund.montant, destination })
        kind = `remboursement:${event.refund.id}`
      } else if ('prepared' in event) {
        const { prepared } = event
        const supplementLink = prepared.supplement ? supplementLinkOf(order.numerocommande) : null
        body = preparedText(about, prepared, null, supplementLink)
        kind = 'preparation'
      } else if ('payment' in event) {
        body = customerText('payee', about)
        kind = `paiement:${event.payment.attemptId}`
      } else if (event.to === 'en_livraison') {
        body = onTheWayText(about, await messages.courierOf(order.id))
      } else if (isMessagedState(event.to)) {
        body = customerText(event.to satisfies OrderMessageEvent, about)
      } else return
      const phone = order.tel ? normalizePhone(order.tel) : null
      const e164 = phone?.ok ? phone.e164 : null
      // SMS pumping (issue 23 §4): Senegalese mobiles only, unless the owner lists the number's country.
      const destination: OutboxEntry['clientDestination'] =
        e164 && isSenegaleseMobile(e164) ? { mobile: true } : { mobile: false, country: e164 && !e164.startsWith('+221') ? callingCodeOf(e164) : null }
      const refused = await messages.enqueue({ orderId: order.id, clientId: order.clientId, clientPhone: e164, clientDestination: destination, clientBody: body, staffBody, channels, event: kind })
      for (const channel of refused) metrics?.orderMessage(channel, 'refuse')
    },
    trackingLink,
    trackingKeyMatches: (numero, key) => trackingKeyMatches(secret, numero, key) || (!!previousSecret && trackingKeyMatches(previousSecret, numero, key)),
    supplementKeyMatches: (numero, key) => supplementKeyMatches(secret, numero, key) || (!!previousSecret && supplementKeyMatches(previousSecret, numero, key)),
    channelOf: async (clientId) => (await repo.channelOf(clientId)) ?? DEFAULT_MESSAGE_CHANNEL,
    forgetCustomer: (tx, clientId) => createMessagesRepository(tx).forgetCustomer(clientId),
    async invite(tx, invitation) {
      const channel: MessageChannel | null = channels.has('sms') ? 'sms' : channels.has('whatsapp') ? 'whatsapp' : null
      if (!channel) return false
      await createMessagesRepository(tx).enqueueInvitation({ invitationId: invitation.id, channel, recipient: invitation.telephone, body: invitation.body })
      return true
    },
    async alertStaff(tx, alert) {
      const other: MessageChannel = alert.channel === 'sms' ? 'whatsapp' : 'sms'
      const channel = channels.has(alert.channel) ? alert.channel : channels.has(other) ? other : null
      if (!channel) return
      await createMessagesRepository(tx).enqueueAlert({ alertId: alert.id, channel, body: alert.body })
    },
    async setChannel(clientId, canal) {
      await repo.setChannel(clientId, canal)
      return canal
    },
  }
}
