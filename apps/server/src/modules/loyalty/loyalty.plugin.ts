// The loyalty module: the tiers (privileges) and their rewards. Exposes `app.loyalty` for the
// modules that show a customer's tier (the account's statement).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { toPrivileges, type Privilege } from './loyalty.format.ts'
import { loyaltyGraphql } from './loyalty.graphql.ts'
import { createLoyaltyRepository } from './loyalty.repository.ts'
import loyaltyRoutes from './loyalty.routes.ts'

export interface LoyaltyTiers {
  /** Every tier from the lowest threshold up. */
  privileges(): Promise<Privilege[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    loyalty: LoyaltyTiers
  }
}

async function loyalty(app: FastifyInstance) {
  const repo = createLoyaltyRepository(app.db)
  const tiers: LoyaltyTiers = { privileges: async () => toPrivileges(await repo.privileges()) }
  app.decorate('loyalty', tiers)
  app.addGraphqlModule(loyaltyGraphql(tiers))
  await registerRest(app, loyaltyRoutes, { tiers })
}

export default fp(loyalty, { name: 'loyalty', dependencies: ['database', 'graphql-modules'] })
