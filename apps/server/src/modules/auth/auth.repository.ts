// Data access for clients, roles and API tokens. Tokens are stored only as SHA-256 hashes.
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { apiTokens, clients, roles } from '../../db/schema.ts'
import { balanceOf } from '../loyalty/loyalty.service.ts'
import { ROLE_CLIENT } from '../../db/seed.ts'

export type ClientRow = typeof clients.$inferSelect
export type RoleRow = typeof roles.$inferSelect

export interface TokenOwner {
  id: number
  isadmin: boolean
  /** The role's name: `client`, or a staff role (`admin`, `gestionnaire`). */
  role: string
}

export function createAuthRepository(db: Executor) {
  // Built once, run with its values (ADR 038): every request with a token not yet in memory asks it.
  const prepareTokenOwner = () =>
    db
      .select({ id: clients.id, isadmin: roles.isadmin, role: roles.name, expiresAt: apiTokens.expiresAt })
      .from(apiTokens)
      .innerJoin(clients, eq(clients.id, apiTokens.clientId))
      .innerJoin(roles, eq(roles.id, clients.roleId))
      .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('token_owner')
  let tokenOwner: ReturnType<typeof prepareTokenOwner> | undefined
  return {
    /** The owner of a live token, and when the token expires. */
    async findOwnerOfToken(tokenHash: string, now: Date): Promise<(TokenOwner & { expiresAt: Date }) | undefined> {
      tokenOwner ??= prepareTokenOwner()
      const [row] = await tokenOwner.execute({ hash: tokenHash, now })
      return row
    },

    async findClientByUid(uid: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(clients).where(eq(clients.firebaseUid, uid)).limit(1)
      return row
    },

    /** The client of `uid`, its row locked until the sign-in's transaction ends: its identity and tokens change together. */
    async lockClientByUid(uid: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(clients).where(eq(clients.firebaseUid, uid)).limit(1).for('update')
      return row
    },

    /** The new client, or undefined when a first sign-in racing this one created it meanwhile (then lock it and sign in as to an existing row). */
    async insertClient(values: Omit<typeof clients.$inferInsert, 'roleId'>): Promise<ClientRow | undefined> {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_CLIENT)).limit(1)
      const [row] = await db
        .insert(clients)
        .values({ ...values, roleId: role!.id })
        .onConflictDoNothing({ target: clients.firebaseUid })
        .returning()
      return row
    },

    async updateClient(id: number, values: Partial<typeof clients.$inferInsert>): Promise<ClientRow> {
      const [row] = await db
        .update(clients)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(clients.id, id))
        .returning()
      return row!
    },

    async findProfile(id: number) {
      const [row] = await db
        .select({
          client: clients,
          role: roles,
          points: balanceOf(sql.raw('"clients"."id"')),
        })
        .from(clients)
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .where(eq(clients.id, id))
        .limit(1)
      return row
    },

    async insertToken(clientId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(apiTokens).values({ clientId, tokenHash, expiresAt })
    },

    /** Every live token of the client, revoked; how many. */
    async revokeTokensOf(clientId: number, now: Date): Promise<number> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.clientId, clientId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
        .returning({ id: apiTokens.id })
      return rows.length
    },

    /** When a live token was minted. */
    async tokenIssuedAt(tokenHash: string, now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: apiTokens.createdAt })
        .from(apiTokens)
        .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
        .limit(1)
      return row?.createdAt
    },

    async revokeToken(tokenHash: string, now: Date) {
      await db.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    },

    /** Every token of the client not revoked yet, expired ones included, revoked; how many. */
    async revokeAllTokens(clientId: number, now: Date): Promise<number> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.clientId, clientId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id })
      return rows.length
    },

    async deleteTokens(clientId: number) {
      await db.delete(apiTokens).where(eq(apiTokens.clientId, clientId))
    },

    /** The client's role becomes `role` (by its name). */
    async setRole(clientId: number, role: string) {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role)).limit(1)
      if (!row) throw new Error(`role ${role} missing`)
      await db.update(clients).set({ roleId: row.id, updatedAt: new Date() }).where(eq(clients.id, clientId))
    },

    /** The client row of `firebaseUid` with `role`, inserted or given that role; its id. */
    async upsertWithRole(firebaseUid: string, values: Pick<typeof clients.$inferInsert, 'email' | 'prenom' | 'name'>, role: string): Promise<number> {
      const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role)).limit(1)
      if (!found) throw new Error(`role ${role} missing`)
      const [row] = await db
        .insert(clients)
        .values({ firebaseUid, ...values, roleId: found.id })
        .onConflictDoUpdate({ target: clients.firebaseUid, set: { roleId: found.id, updatedAt: new Date() } })
        .returning({ id: clients.id })
      return row!.id
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
