// The messages module (issue 18 §2, ADR 034): order messages by SMS (Orange) and WhatsApp —
// the outbox the order lifecycle writes in its transactions, the worker that delivers it, the
// customer's choice of channel, and the tracking links' key. Exposes `app.orderMessages`, and
// registers its part of an order's steps with the order lifecycle (ADR 049).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { registerRest } from '../../lib/rest.ts'
import type { MessageChannel, MessageProvider } from './message-provider.ts'
import type { MessagesSandbox } from './message-sandbox.plugin.ts'
import { createMessageWorker, type MessageWorker, type WorkerOptions } from './message-worker.ts'
import { messagesOnOrders, trackingKeys } from './messages.order-participant.ts'
import { createMessagesRepository } from './messages.repository.ts'
import messagesRoutes from './messages.routes.ts'
import { createOrderMessages, trackingSecret, type OrderMessages } from './messages.service.ts'
import { createOrangeSmsProvider } from './orange-sms.provider.ts'
import { createWhatsappProvider } from './whatsapp.provider.ts'

/**
 * The module's parts for callers outside the app (the tests run the worker in-process and make
 * the sandbox fail): put on the instance that builds the app, as `orderEvents` is.
 */
export interface Messaging {
  messages?: OrderMessages
  worker?: MessageWorker
  sandbox?: MessagesSandbox
}

declare module 'fastify' {
  interface FastifyInstance {
    orderMessages: OrderMessages
    messaging: Messaging
  }
}

export interface MessagesOptions {
  config: Config
  /** How often the outbox is polled (2 s); 0 turns the worker off (tests run it themselves). */
  everyMs?: number | undefined
  /** A provider's deadline (10 s). */
  timeoutMs?: number | undefined
  worker?: WorkerOptions | undefined
}

async function messages(app: FastifyInstance, opts: MessagesOptions) {
  const { config } = opts
  const timeoutMs = opts.timeoutMs ?? 10_000
  const repo = createMessagesRepository(app.db)
  const providers: Partial<Record<MessageChannel, MessageProvider>> = {}
  if (config.messages.sms) providers.sms = createOrangeSmsProvider(config.messages.sms, timeoutMs)
  if (config.messages.whatsapp) providers.whatsapp = createWhatsappProvider(config.messages.whatsapp, timeoutMs)
  const channels = new Set(Object.keys(providers) as MessageChannel[])
  const off = (['sms', 'whatsapp'] as const).filter((channel) => !channels.has(channel))
  if (off.length > 0) app.log.warn({ channels: off }, 'order messages: these channels have no provider and send nothing')

  const service = createOrderMessages({ repo, publicUrl: config.publicUrl, secret: await trackingSecret(repo, config.messages.trackingSecret), previousSecret: config.messages.trackingSecretPrevious, channels, metrics: app.metrics })
  app.decorate('orderMessages', service)
  app.messaging.messages = service
  app.orderParticipants.add(messagesOnOrders(service))
  app.orderParticipants.provide('tracking', trackingKeys(service))

  const worker = createMessageWorker({ repo, providers, log: app.log, metrics: app.metrics, options: opts.worker })
  app.messaging.worker = worker
  if (opts.everyMs !== 0) worker.start(opts.everyMs ?? 2000)
  // A run under way finishes (its messages marked) before the database closes.
  app.addHook('onClose', () => worker.stop())

  await registerRest(app, messagesRoutes, { messages: service })
}

export default fp(messages, { name: 'messages', dependencies: ['database', 'metrics'] })
