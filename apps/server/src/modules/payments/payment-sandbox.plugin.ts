// Providers without keys: the server plays them itself under /sandbox (DESIGN §6), for
// development, tests and staging shops. Nothing is mounted when every provider has real keys.
// Its keys and sessions are in PostgreSQL, shared by every instance (ADR 066).
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import { createPaymentSandboxRepository, sharedSandboxKeys } from './payment-sandbox.repository.ts'
import paymentSandboxRoutes from './payment-sandbox.routes.ts'

export interface PaymentSandboxOptions {
  config: Config
  timeoutMs: number
  /** How often forgotten sessions are deleted (10 min); 0 turns the sweep off (tests drive it). */
  sweepEveryMs?: number | undefined
}

export default async function paymentSandbox(app: FastifyInstance, opts: PaymentSandboxOptions) {
  const sandboxed = (['wave', 'paytech'] as const).filter((name) => opts.config.payments[name].sandbox)
  if (sandboxed.length === 0) return
  app.log.warn({ providers: sandboxed }, 'payments run in the built-in sandbox: no real money moves')
  const payments = await sharedSandboxKeys(app.db, opts.config.payments)
  await app.register(paymentSandboxRoutes, { prefix: '/sandbox', config: opts.config, payments, timeoutMs: opts.timeoutMs })

  // Open sessions nobody decided on, and old decided ones, are deleted by each instance in turn.
  if (opts.sweepEveryMs !== 0) {
    const sessions = createPaymentSandboxRepository(app.db)
    let running: Promise<void> | undefined
    const sweep = setInterval(() => {
      running ??= sessions
        .sweep()
        .then(() => {})
        .catch((err: unknown) => app.log.warn({ err }, 'payment sandbox: sweeping its sessions failed'))
        .finally(() => {
          running = undefined
        })
    }, opts.sweepEveryMs ?? 10 * 60_000)
    sweep.unref()
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await running
    })
  }
}
