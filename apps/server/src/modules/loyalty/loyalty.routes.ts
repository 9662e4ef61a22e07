// Public REST read of the loyalty tiers.
import type { FastifyInstance } from 'fastify'
import { readResource } from '../../lib/read-resource.ts'
import { listPrivileges } from './loyalty.graphql.ts'
import type { LoyaltyRepository } from './loyalty.repository.ts'

export default async function loyaltyRoutes(app: FastifyInstance, opts: { repo: LoyaltyRepository }) {
  readResource(app, 'privileges', () => listPrivileges(opts.repo))
}
