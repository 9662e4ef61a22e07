// Public REST read of the loyalty tiers.
import type { FastifyInstance } from 'fastify'
import { readResource } from '../../lib/read-resource.ts'
import { privilegeSchema } from './loyalty.format.ts'
import type { LoyaltyTiers } from './loyalty.plugin.ts'

export default async function loyaltyRoutes(app: FastifyInstance, opts: { tiers: LoyaltyTiers }) {
  readResource(app, 'privileges', privilegeSchema, () => opts.tiers.privileges())
}
