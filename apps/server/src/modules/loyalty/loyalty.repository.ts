// Loyalty tiers (privileges) and their rewards, in one query.
import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { privilegeRecompenses, privileges, typerecompenses } from '../../db/schema.ts'

export function createLoyaltyRepository(db: Executor) {
  return {
    async privileges() {
      const rows = await db
        .select({
          privilege: privileges,
          reward: { id: privilegeRecompenses.id, valeur: privilegeRecompenses.valeur },
          type: typerecompenses,
        })
        .from(privileges)
        .leftJoin(privilegeRecompenses, eq(privilegeRecompenses.privilegeId, privileges.id))
        .leftJoin(typerecompenses, eq(typerecompenses.id, privilegeRecompenses.typerecompenseId))
        .orderBy(asc(privileges.point), asc(privilegeRecompenses.id))
      return rows
    },
  }
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>
