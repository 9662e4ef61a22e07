// Delivery slots and days off (issue 25 §1, ADR 054): the delivery module's own tables, and the
// count of live orders holding each slot on a date (read from the orders' table, never written).
import { and, asc, eq, gte, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { commandes, creneaux, depots, fermetures, zonesLivraison } from '../../db/schema.ts'

/** An order in one of these states no longer holds its place: cancelled (expired orders are cancelled) or refunded. */
const RELEASED_STATES = ['annulee', 'remboursee']

export type SlotRecord = typeof creneaux.$inferSelect
export type SlotValues = Omit<typeof creneaux.$inferInsert, 'id' | 'createdAt'>

/** Home slots (no depot), or one depot's pickup slots. */
const ofKind = (depotId: number | null) => (depotId === null ? isNull(creneaux.depotId) : eq(creneaux.depotId, depotId))
/** Slots serving zone `zoneId` (none listed: every zone); no condition without a zone. */
const serving = (zoneId: number | null) =>
  zoneId === null ? undefined : sql`(${creneaux.zones} is null or cardinality(${creneaux.zones}) = 0 or ${zoneId}::int = any(${creneaux.zones}))`

/**
 * Whether an active slot serves pickup at `depotId`, or (`depotId` null) home delivery to
 * `zoneId`, as SQL for the order's references (one statement with them, ADR 054).
 */
export const slotsOffered = (depotId: SQL, zoneId: SQL): SQL<boolean> =>
  sql<boolean>`(case when ${depotId} is not null
    then exists (select 1 from ${creneaux} where ${creneaux.actif} and ${creneaux.depotId} = ${depotId})
    else ${zoneId} is not null and exists (select 1 from ${creneaux} where ${creneaux.actif} and ${creneaux.depotId} is null
      and (${creneaux.zones} is null or cardinality(${creneaux.zones}) = 0 or ${zoneId} = any(${creneaux.zones}))) end)`

export function createDeliverySlotsRepository(db: Executor) {
  return {
    slots: () => db.select().from(creneaux).orderBy(sql`${creneaux.depotId} nulls first`, asc(creneaux.jour), asc(creneaux.debut), asc(creneaux.id)),
    slot: async (id: number) => (await db.select().from(creneaux).where(eq(creneaux.id, id)).limit(1))[0],
    insertSlot: async (values: SlotValues) => (await db.insert(creneaux).values(values).returning())[0]!,
    updateSlot: async (id: number, values: SlotValues) => (await db.update(creneaux).set(values).where(eq(creneaux.id, id)).returning())[0],
    deleteSlot: async (id: number) => (await db.delete(creneaux).where(eq(creneaux.id, id)).returning({ id: creneaux.id })).length > 0,

    /**
     * A depot's windows from its opening hours (ADR 058): one row per open weekday, written or
     * brought in step (times, capacity, cut-off), the depot's other weekdays' rows set inactive
     * (kept, so that a day that opens again keeps its id and the orders holding it their slot).
     */
    async syncDepotWindows(depotId: number, windows: Array<{ jour: number; debut: string; fin: string }>, capacite: number, delaiMinutes: number) {
      if (windows.length > 0) {
        await db
          .insert(creneaux)
          .values(windows.map((w) => ({ ...w, capacite, delaiMinutes, depotId, zones: null, actif: true, horaires: true })))
          .onConflictDoUpdate({
            target: [creneaux.depotId, creneaux.jour],
            targetWhere: sql`${creneaux.horaires}`,
            set: { debut: sql`excluded.debut`, fin: sql`excluded.fin`, capacite: sql`excluded.capacite`, delaiMinutes: sql`excluded.delai_minutes`, actif: true },
          })
      }
      const open = windows.map((w) => w.jour)
      await db
        .update(creneaux)
        .set({ actif: false })
        .where(and(eq(creneaux.depotId, depotId), eq(creneaux.horaires, true), eq(creneaux.actif, true), open.length > 0 ? notInArray(creneaux.jour, open) : undefined))
    },

    /** How many of `ids` are zones of the fee table. */
    knownZones: async (ids: number[]) => (await db.select({ id: zonesLivraison.id }).from(zonesLivraison).where(inArray(zonesLivraison.id, ids))).length,
    depotExists: async (id: number) => (await db.select({ id: depots.id }).from(depots).where(eq(depots.id, id)).limit(1)).length > 0,

    fermetures: (from: string) => db.select({ id: fermetures.id, date: fermetures.date, motif: fermetures.motif }).from(fermetures).where(gte(fermetures.date, from)).orderBy(asc(fermetures.date)),
    fermeturesBetween: (from: string, to: string) => db.select({ date: fermetures.date, motif: fermetures.motif }).from(fermetures).where(and(gte(fermetures.date, from), lte(fermetures.date, to))),
    /** The new day off, or undefined when its date already has one. */
    insertFermeture: async (values: { date: string; motif: string }) =>
      (await db.insert(fermetures).values(values).onConflictDoNothing().returning({ id: fermetures.id, date: fermetures.date, motif: fermetures.motif }))[0],
    deleteFermeture: async (id: number) => (await db.delete(fermetures).where(eq(fermetures.id, id)).returning({ id: fermetures.id })).length > 0,
    /** The day off of `date` deleted; its id, or none. */
    deleteFermetureOn: async (date: string) => (await db.delete(fermetures).where(eq(fermetures.date, date)).returning({ id: fermetures.id }))[0]?.id,

    /** The active slots of a kind; for home slots with `zoneId`, those serving it (no zones listed: all). */
    activeSlots: (depotId: number | null, zoneId: number | null) =>
      db
        .select()
        .from(creneaux)
        .where(
          and(
            eq(creneaux.actif, true),
            ofKind(depotId),
            serving(zoneId),
          ),
        )
        .orderBy(asc(creneaux.debut), asc(creneaux.id)),

    /** Live orders per slot and date over a range, for the places left. */
    async heldBetween(ids: number[], from: string, to: string) {
      if (ids.length === 0) return []
      return db
        .select({ id: commandes.creneauId, date: commandes.creneauDate, held: sql<number>`count(*)::int` })
        .from(commandes)
        .where(and(inArray(commandes.creneauId, ids), gte(commandes.creneauDate, from), lte(commandes.creneauDate, to), notInArray(commandes.etat, RELEASED_STATES)))
        .groupBy(commandes.creneauId, commandes.creneauDate)
    },

    /**
     * Whether the shop offers an active slot of this kind (for home delivery, serving the zone):
     * when it does, such an order must choose one. One cheap statement on a small table.
     */
    hasActiveSlots: async (depotId: number | null, zoneId: number | null) =>
      (await db.select({ id: creneaux.id }).from(creneaux).where(and(eq(creneaux.actif, true), ofKind(depotId), serving(zoneId))).limit(1)).length > 0,

    /**
     * Locks the slot's row until the order's transaction ends, with the day off of `date` if
     * any: orders choosing this slot take turns from here, so the count that follows sees every
     * order placed before (READ COMMITTED reads what committed before each statement).
     */
    async lockSlot(id: number, date: string) {
      const [row] = await db
        .select({ slot: creneaux, closedFor: sql<string | null>`(select ${fermetures.motif} from ${fermetures} where ${fermetures.date} = ${date}::date)` })
        .from(creneaux)
        .where(eq(creneaux.id, id))
        .for('update', { of: creneaux })
      return row
    },

    /** Live orders holding slot `id` on `date`; run after `lockSlot`, in the same transaction. */
    held: async (id: number, date: string) =>
      (
        await db
          .select({ held: sql<number>`count(*)::int` })
          .from(commandes)
          .where(and(eq(commandes.creneauId, id), eq(commandes.creneauDate, date), notInArray(commandes.etat, RELEASED_STATES)))
      )[0]!.held,
  }
}

export type DeliverySlotsRepository = ReturnType<typeof createDeliverySlotsRepository>
