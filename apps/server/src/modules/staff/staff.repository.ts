// The staff: clients whose role is `admin` or `gestionnaire`, and the role changes the
// admin:grant / admin:revoke scripts make (revoking also revokes the member's API tokens).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { STAFF_ROLES, type StaffRole } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { apiTokens, clients, roles } from '../../db/schema.ts'

export function createStaffRepository(db: Executor) {
  const member = { id: clients.id, email: clients.email, prenom: clients.prenom, name: clients.name, role: roles.name }
  return {
    async findById(id: number) {
      const [row] = await db.select(member).from(clients).innerJoin(roles, eq(roles.id, clients.roleId)).where(eq(clients.id, id)).limit(1)
      return row
    },

    async list() {
      return db
        .select(member)
        .from(clients)
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .where(inArray(roles.name, [...STAFF_ROLES]))
        .orderBy(asc(roles.name), asc(clients.email), asc(clients.id))
    },

    async findByEmail(email: string) {
      return db
        .select(member)
        .from(clients)
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .where(sql`lower(${clients.email}) = lower(${email})`)
        .orderBy(asc(clients.id))
    },

    async setRole(clientId: number, role: StaffRole | 'client') {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role)).limit(1)
      if (!row) throw new Error(`role ${role} missing`)
      await db.update(clients).set({ roleId: row.id, updatedAt: new Date() }).where(eq(clients.id, clientId))
    },

    async revokeTokens(clientId: number, now: Date) {
      const revoked = await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.clientId, clientId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id })
      return revoked.length
    },
  }
}

export type StaffRepository = ReturnType<typeof createStaffRepository>
