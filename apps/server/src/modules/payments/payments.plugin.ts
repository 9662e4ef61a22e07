// The payments module: the payment modes, paying an order online through Wave or PayTech,
// and the providers' signed notifications. Reads orders through `app.orders` and moves them
// through `app.orderLifecycle`; exposes `app.payments` (its service) to the account.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { registerRest } from '../../lib/rest.ts'
import type { PaymentProvider, ProviderName } from './payment-provider.ts'
import { createPaytechProvider } from './paytech.provider.ts'
import { paymentsGraphql } from './payments.graphql.ts'
import { createPaymentsRepository } from './payments.repository.ts'
import paymentsRoutes from './payments.routes.ts'
import { createPaymentsService, type PaymentsService } from './payments.service.ts'
import { createWaveProvider } from './wave.provider.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService
    /** The providers, for the back office's refunds. */
    paymentProviders: Readonly<Record<ProviderName, PaymentProvider>>
  }
}

export interface PaymentsOptions {
  config: Pick<Config, 'payments' | 'publicUrl'>
  /** How long a payment provider may take to answer. */
  timeoutMs: number
}

async function payments(app: FastifyInstance, opts: PaymentsOptions) {
  const { config, timeoutMs } = opts
  const repo = createPaymentsRepository(app.db)
  const providers = { wave: createWaveProvider(config.payments.wave, timeoutMs), paytech: createPaytechProvider(config.payments.paytech, timeoutMs) }
  const service = createPaymentsService({
    lifecycle: app.orderLifecycle,
    repo,
    providers,
    orders: app.orders,
    publicUrl: config.publicUrl,
    log: app.log,
    metrics: app.metrics,
  })
  app.decorate('payments', service)
  app.decorate('paymentProviders', providers)
  app.addGraphqlModule(paymentsGraphql(repo))
  await registerRest(app, paymentsRoutes, { repo, service })
}

export default fp(payments, { name: 'payments', dependencies: ['database', 'graphql-modules', 'orders'] })
