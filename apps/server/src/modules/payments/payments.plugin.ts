// The payments module: the payment modes, paying an order online through Wave or PayTech,
// the providers' signed notifications, and refunds (money going out, ADR 025). Reads orders
// through `app.orders` and moves them through `app.orderLifecycle`, with which it registers what
// it does on a move (ADR 049); exposes `app.payments` (its service) to the account and
// `app.refunds` to the back office.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { registerRest } from '../../lib/rest.ts'
import type { PaymentProvider, ProviderName } from './payment-provider.ts'
import { createPaytechProvider } from './paytech.provider.ts'
import { paymentsGraphql } from './payments.graphql.ts'
import { createPaymentsRepository } from './payments.repository.ts'
import paymentsRoutes from './payments.routes.ts'
import { paymentsOnOrders } from './payments.order-participant.ts'
import { createPaymentsService, type PaymentsService } from './payments.service.ts'
import { refundsGraphql } from './refunds.graphql.ts'
import { createRefundsRepository } from './refunds.repository.ts'
import { createRefundsService, type RefundsService } from './refunds.service.ts'
import { paymentLedger } from './payment-ledger.service.ts'
import { createWaveProvider } from './wave.provider.ts'
import { sharedSandboxKeys } from './payment-sandbox.repository.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService
    /** Refunds, for the back office's orders. */
    refunds: RefundsService
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
  // A provider in the sandbox uses the keys every instance shares (ADR 066); real keys are the configuration's.
  const keys = await sharedSandboxKeys(app.db, config.payments)
  const providers: Readonly<Record<ProviderName, PaymentProvider>> = { wave: createWaveProvider(keys.wave, timeoutMs), paytech: createPaytechProvider(keys.paytech, timeoutMs) }
  const service = createPaymentsService({
    lifecycle: app.orderLifecycle,
    repo,
    providers,
    orders: app.orders,
    publicUrl: config.publicUrl,
    log: app.log,
    metrics: app.metrics,
  })
  const refunds = createRefundsService({ db: app.db, lifecycle: app.orderLifecycle, audit: app.audit, providers: () => providers, log: app.log, metrics: app.metrics })
  app.orderParticipants.add(paymentsOnOrders)
  // A preparation's money (ADR 055): what was paid online, and the refund of what is no longer owed.
  app.orderParticipants.provide('refunds', {
    async paidOnline(tx, commandeId) {
      const attempt = await paymentLedger(tx).receivedAttempt(commandeId)
      if (!attempt) return null
      return { paid: attempt.montant, refunded: await createRefundsRepository(tx).counted(commandeId), provider: attempt.provider }
    },
    refund: (staff, numero, { montant, motif, prepared }) => refunds.refund(staff, numero, { montant, motif }, { prepared }),
  })
  app.decorate('payments', service)
  app.decorate('refunds', refunds)
  app.addGraphqlModule(paymentsGraphql(repo))
  // The customer's side of refunds: their orders on GraphQL show what was given back.
  app.addGraphqlModule(refundsGraphql(refunds))
  await registerRest(app, paymentsRoutes, { repo, service })
}

export default fp(payments, { name: 'payments', dependencies: ['database', 'graphql-modules', 'audit', 'metrics', 'orders'] })
