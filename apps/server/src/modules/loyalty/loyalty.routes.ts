// Public REST read of the loyalty tiers.
import type { FastifyInstance } from 'fastify'
import { readResource } from '../../lib/read-resource.ts'
import { privilegeSchema } from './loyalty.format.ts'
import type { LoyaltyService } from './loyalty.service.ts'

export default async function loyaltyRoutes(app: FastifyInstance, opts: { service: LoyaltyService }) {
  readResource(app, 'privileges', privilegeSchema, () => opts.service.privileges())
}
