// The loyalty tables (DESIGN §7): tiers (privileges) and their rewards, and the points ledger,
// one row per movement. Runs on the executor it is given, so a credit joins its order's transaction.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { commandes, pointsFidelite, privilegeRecompenses, privileges, typerecompenses } from '../../db/schema.ts'

/** A client's balance as an SQL expression: the sum of their ledger (the one definition of it). */
export const balanceOf = (clientId: SQL | number) =>
  sql<number>`coalesce((select sum(${pointsFidelite.points}) from ${pointsFidelite} where ${pointsFidelite.clientId} = ${clientId}), 0)::int`

export function createLoyaltyRepository(db: Executor) {
  return {
    async privileges() {
      return db
        .select({
          privilege: privileges,
          reward: { id: privilegeRecompenses.id, valeur: privilegeRecompenses.valeur },
          type: typerecompenses,
        })
        .from(privileges)
        .leftJoin(privilegeRecompenses, eq(privilegeRecompenses.privilegeId, privileges.id))
        .leftJoin(typerecompenses, eq(typerecompenses.id, privilegeRecompenses.typerecompenseId))
        .orderBy(asc(privileges.point), asc(privilegeRecompenses.id))
    },

    async balance(clientId: number): Promise<number> {
      const result = await db.execute(sql`select ${balanceOf(clientId)} as total`)
      return Number((result as unknown as { rows: Array<{ total: number }> }).rows[0]?.total ?? 0)
    },

    /** The rewards of the highest tier `points` reach, in one statement. */
    rewardsAt(points: number) {
      const tier = sql`(select ${privileges.id} from ${privileges} where ${privileges.point} <= ${points} order by ${privileges.point} desc limit 1)`
      return db
        .select({ code: typerecompenses.code, valeur: privilegeRecompenses.valeur })
        .from(privilegeRecompenses)
        .innerJoin(typerecompenses, eq(typerecompenses.id, privilegeRecompenses.typerecompenseId))
        .where(eq(privilegeRecompenses.privilegeId, tier))
    },

    /** The latest `limit` movements of the client's points, newest first. */
    history(clientId: number, limit: number) {
      return db
        .select({
          id: pointsFidelite.id,
          points: pointsFidelite.points,
          motif: pointsFidelite.motif,
          createdAt: pointsFidelite.createdAt,
          numerocommande: commandes.numerocommande,
        })
        .from(pointsFidelite)
        .leftJoin(commandes, eq(commandes.id, pointsFidelite.commandeId))
        .where(eq(pointsFidelite.clientId, clientId))
        .orderBy(desc(pointsFidelite.createdAt), desc(pointsFidelite.id))
        .limit(limit)
    },

    /**
     * Writes one movement for an order; false when that order already has one under `motif`
     * (or, for a refund's take-back, when that refund already has one).
     */
    async record(values: { clientId: number; commandeId: number; points: number; motif: string; remboursementId?: number }): Promise<boolean> {
      const rows = await db.insert(pointsFidelite).values(values).onConflictDoNothing().returning({ id: pointsFidelite.id })
      return rows.length === 1
    },

    /** Locks the client's row until the transaction ends (manual adjustments serialise on it). */
    async lockClient(clientId: number): Promise<boolean> {
      const result = await db.execute(sql`select id from clients where id = ${clientId} for update`)
      return (result as unknown as { rows: unknown[] }).rows.length === 1
    },

    /** A movement tied to no order (a manual adjustment from the back office). */
    async recordManual(values: { clientId: number; points: number; motif: string }) {
      const [row] = await db.insert(pointsFidelite).values({ ...values, commandeId: null }).returning({ id: pointsFidelite.id })
      return row!.id
    },

    /** The sum of an order's movements under `motif` (0 when none): several for refunds in parts. */
    async sumOf(commandeId: number, motif: string): Promise<number> {
      const [row] = await db
        .select({ points: sql<number>`coalesce(sum(${pointsFidelite.points}), 0)::int` })
        .from(pointsFidelite)
        .where(and(eq(pointsFidelite.commandeId, commandeId), eq(pointsFidelite.motif, motif)))
      return Number(row?.points ?? 0)
    },

    /** The points an order brought under `motif` (0 when none). */
    async pointsOf(commandeId: number, motif: string): Promise<number> {
      const [row] = await db
        .select({ points: pointsFidelite.points })
        .from(pointsFidelite)
        .where(and(eq(pointsFidelite.commandeId, commandeId), eq(pointsFidelite.motif, motif)))
      return row?.points ?? 0
    },
  }
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>
