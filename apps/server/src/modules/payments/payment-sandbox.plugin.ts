// Providers without keys: the server plays them itself under /sandbox (DESIGN §6), for
// development and tests. Nothing is mounted when every provider has real keys.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import paymentSandboxRoutes from './payment-sandbox.routes.ts'

export default async function paymentSandbox(app: FastifyInstance, opts: { config: Config; timeoutMs: number }) {
  const sandboxed = (['wave', 'paytech'] as const).filter((name) => opts.config.payments[name].sandbox)
  if (sandboxed.length === 0) return
  app.log.warn({ providers: sandboxed }, 'payments run in the built-in sandbox: no real money moves')
  await app.register(paymentSandboxRoutes, { prefix: '/sandbox', config: opts.config, timeoutMs: opts.timeoutMs })
}
