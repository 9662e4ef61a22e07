// What the rest of the shop asks of the messages module (ADR 034): the order lifecycle hands
// in each committed-to-be event in its own transaction (`enqueue`, one statement), the orders
// module checks a tracking link's key, the account page reads and sets the customer's channel.
import { randomBytes } from 'node:crypto'
import { DEFAULT_MESSAGE_CHANNEL, type MessageChannelChoice } from '@teranga/shared/order-messages'
import { orderTotal } from '@teranga/shared/order-amounts'
import { normalizePhone } from '@teranga/shared/phone'
import type { Executor } from '../../db/client.ts'
import type { MessageChannel } from './message-provider.ts'
import { customerText, isMessagedState, staffText, type OrderMessageEvent } from './message-texts.ts'
import { createMessagesRepository, type MessagesRepository } from './messages.repository.ts'
import { trackingKey, trackingKeyMatches } from './tracking-key.ts'

/** What the lifecycle knows of the order an event is about. */
export interface OrderAbout {
  id: number
  numerocommande: string
  clientId: number
  tel: string | null
  montantcommande: number
  montantliv: number
  remise: number
}

export interface OrderMessages {
  /** The event's messages, in the transaction `tx` (placement, or a move to `etat`); nothing for a state nobody is told of. */
  enqueue(tx: Executor, order: OrderAbout, event: 'placed' | { to: string }): Promise<void>
  trackingLink(numero: string): string
  trackingKeyMatches(numero: string, key: string | undefined): boolean
  channelOf(clientId: number): Promise<MessageChannelChoice>
  setChannel(clientId: number, canal: MessageChannelChoice): Promise<MessageChannelChoice>
  /** Account deletion, in its transaction: the customer's choice and messages go (one statement). */
  forgetCustomer(tx: Executor, clientId: number): Promise<void>
}

/** The tracking links' key when no TRACKING_LINK_SECRET is given: drawn once, kept in the database for every instance. */
export async function trackingSecret(repo: MessagesRepository, configured: string | undefined) {
  return configured ?? repo.secret('tracking_links', randomBytes(32).toString('base64url'))
}

export function createOrderMessages(deps: { repo: MessagesRepository; publicUrl: string; secret: string; channels: ReadonlySet<MessageChannel> }): OrderMessages {
  const { repo, publicUrl, secret, channels } = deps
  const trackingLink = (numero: string) => `${publicUrl}/suivi/${encodeURIComponent(numero)}?k=${trackingKey(secret, numero)}`

  return {
    async enqueue(tx, order, event) {
      if (channels.size === 0) return
      const name: OrderMessageEvent | null = event === 'placed' ? 'placed' : isMessagedState(event.to) ? event.to : null
      if (!name) return
      const phone = order.tel ? normalizePhone(order.tel) : null
      const about = { numero: order.numerocommande, total: orderTotal(order), link: trackingLink(order.numerocommande) }
      await createMessagesRepository(tx).enqueue({
        orderId: order.id,
        clientId: order.clientId,
        clientPhone: phone?.ok ? phone.e164 : null,
        clientBody: customerText(name, about),
        staffBody: name === 'placed' ? staffText({ ...about, adminLink: `${publicUrl}/admin/commandes/${encodeURIComponent(order.numerocommande)}` }) : null,
        channels,
      })
    },
    trackingLink,
    trackingKeyMatches: (numero, key) => trackingKeyMatches(secret, numero, key),
    channelOf: async (clientId) => (await repo.channelOf(clientId)) ?? DEFAULT_MESSAGE_CHANNEL,
    forgetCustomer: (tx, clientId) => createMessagesRepository(tx).forgetCustomer(clientId),
    async setChannel(clientId, canal) {
      await repo.setChannel(clientId, canal)
      return canal
    },
  }
}
