// Public REST read of the payment modes.
import type { FastifyInstance } from 'fastify'
import { readResource } from '../../lib/read-resource.ts'
import { toModepaiement } from './payment-mode.ts'
import type { PaymentsRepository } from './payments.repository.ts'

export default async function paymentsRoutes(app: FastifyInstance, opts: { repo: PaymentsRepository }) {
  readResource(app, 'modepaiements', async () => (await opts.repo.modes()).map(toModepaiement))
}
