// The account module: the customer's profile edits, saved addresses, signing out everywhere,
// the loyalty statement and account deletion. Asks auth, loyalty, the order lifecycle,
// payments and messages through the instance.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { accountTransaction, createAccountRepository } from './account.repository.ts'
import accountRoutes from './account.routes.ts'
import { createAccountService } from './account.service.ts'

async function account(app: FastifyInstance) {
  const service = createAccountService({
    repo: createAccountRepository(app.db),
    transaction: accountTransaction(app.db),
    auth: app.auth,
    loyalty: app.loyalty,
    lifecycle: app.orderLifecycle,
    payments: app.payments,
    messages: app.orderMessages,
    verifier: app.identity,
    tokenOwners: app.tokenOwners,
    onFirebaseDeleteError: (err, uid) => app.log.error({ err, uid }, 'deleting the Firebase account failed; the shop account is anonymised'),
  })
  await registerRest(app, accountRoutes, { service })
}

export default fp(account, { name: 'account', dependencies: ['database', 'auth', 'loyalty', 'orders', 'payments', 'messages'] })
