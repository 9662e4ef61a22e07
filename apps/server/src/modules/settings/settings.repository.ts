// The settings' tables: delivery zones, depots, slides, loyalty tiers and their rewards,
// payment modes and the one preference row. Rows come back whole, as the routes answer them
// and the audit lines record them; lists are in the order the storefront shows them.
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { DepotInput, PrivilegeInput, ZoneInput, CarousselInput, PreferenceInput } from '@teranga/shared/backoffice-settings'
import type { Executor } from '../../db/client.ts'
import { caroussels, categories, commandes, depots, modepaiements, preferences, privilegeRecompenses, privileges, produits, souscategories, typerecompenses, zonesLivraison } from '../../db/schema.ts'

/** The tables whose rows the back office puts in order (PUT /api/{zone,depot}/ordre). */
const ORDERED = { zone: zonesLivraison, depot: depots } as const
export type OrderedSetting = keyof typeof ORDERED

/** One settings table's rows: the generic form's reads and writes. */
export interface SettingsTable<I, R extends { id: number }> {
  list(): Promise<R[]>
  get(id: number): Promise<R | undefined>
  insert(input: I): Promise<number>
  update(id: number, input: I): Promise<void>
  remove(id: number): Promise<void>
}

export type ZoneRow = typeof zonesLivraison.$inferSelect
export type DepotRow = typeof depots.$inferSelect
export type SlideRow = typeof caroussels.$inferSelect
export type TierRow = typeof privileges.$inferSelect & { recompenses: Array<{ type: string; valeur: number }> }

export function createSettingsRepository(db: Executor) {
  /** The position after the last row of an ordered table: a new row goes last. */
  const nextPosition = (table: (typeof ORDERED)[OrderedSetting]) => sql<number>`(select coalesce(max(${table.position}) + 1, 0) from ${table})`

  const zones: SettingsTable<ZoneInput, ZoneRow> = {
    list: () => db.select().from(zonesLivraison).orderBy(asc(zonesLivraison.position), asc(zonesLivraison.id)),
    get: async (id) => (await db.select().from(zonesLivraison).where(eq(zonesLivraison.id, id)).limit(1))[0],
    insert: async (input) => (await db.insert(zonesLivraison).values({ ...input, position: input.position ?? nextPosition(zonesLivraison) }).returning({ id: zonesLivraison.id }))[0]!.id,
    update: async (id, input) => {
      await db.update(zonesLivraison).set(input).where(eq(zonesLivraison.id, id))
    },
    remove: async (id) => {
      await db.delete(zonesLivraison).where(eq(zonesLivraison.id, id))
    },
  }

  const depotsTable: SettingsTable<DepotInput, DepotRow> = {
    list: () => db.select().from(depots).orderBy(asc(depots.position), asc(depots.id)),
    get: async (id) => (await db.select().from(depots).where(eq(depots.id, id)).limit(1))[0],
    insert: async (input) => (await db.insert(depots).values({ ...input, position: nextPosition(depots) }).returning({ id: depots.id }))[0]!.id,
    update: async (id, input) => {
      await db.update(depots).set(input).where(eq(depots.id, id))
    },
    remove: async (id) => {
      await db.delete(depots).where(eq(depots.id, id))
    },
  }

  const slides: SettingsTable<CarousselInput, SlideRow> = {
    list: () => db.select().from(caroussels).orderBy(asc(caroussels.position), asc(caroussels.id)),
    get: async (id) => (await db.select().from(caroussels).where(eq(caroussels.id, id)).limit(1))[0],
    insert: async (input) => (await db.insert(caroussels).values(input).returning({ id: caroussels.id }))[0]!.id,
    update: async (id, input) => {
      await db.update(caroussels).set(input).where(eq(caroussels.id, id))
    },
    remove: async (id) => {
      await db.delete(caroussels).where(eq(caroussels.id, id))
    },
  }

  /** A tier's rewards are replaced whole: their type codes become typerecompenses ids. */
  async function writeRewards(privilegeId: number, rewards: PrivilegeInput['recompenses']) {
    if (rewards.length === 0) return
    const types = await db.select().from(typerecompenses)
    await db.insert(privilegeRecompenses).values(rewards.map((r) => ({ privilegeId, typerecompenseId: types.find((t) => t.code === r.type)!.id, valeur: r.valeur })))
  }

  const tiers: SettingsTable<PrivilegeInput, TierRow> = {
    async list() {
      const rows = await db.select().from(privileges).orderBy(asc(privileges.point), asc(privileges.id))
      const rewards = rows.length
        ? await db
            .select({ privilegeId: privilegeRecompenses.privilegeId, type: typerecompenses.code, valeur: privilegeRecompenses.valeur })
            .from(privilegeRecompenses)
            .innerJoin(typerecompenses, eq(typerecompenses.id, privilegeRecompenses.typerecompenseId))
            .where(inArray(privilegeRecompenses.privilegeId, rows.map((t) => t.id)))
            .orderBy(asc(privilegeRecompenses.id))
        : []
      return rows.map((t) => ({ ...t, recompenses: rewards.filter((r) => r.privilegeId === t.id).map(({ type, valeur }) => ({ type, valeur })) }))
    },
    async get(id) {
      return (await this.list()).find((t) => t.id === id)
    },
    async insert(input) {
      const [row] = await db.insert(privileges).values({ designation: input.designation, couleur: input.couleur ?? null, point: input.point }).returning({ id: privileges.id })
      await writeRewards(row!.id, input.recompenses)
      return row!.id
    },
    async update(id, input) {
      await db.update(privileges).set({ designation: input.designation, couleur: input.couleur ?? null, point: input.point }).where(eq(privileges.id, id))
      await db.delete(privilegeRecompenses).where(eq(privilegeRecompenses.privilegeId, id))
      await writeRewards(id, input.recompenses)
    },
    async remove(id) {
      await db.delete(privileges).where(eq(privileges.id, id))
    },
  }

  return {
    zones,
    depots: depotsTable,
    slides,
    tiers,

    /** Another zone (not `exceptId`) with this designation, whatever its case. */
    async zoneNamed(designation: string, exceptId?: number) {
      const [row] = await db
        .select({ id: zonesLivraison.id })
        .from(zonesLivraison)
        .where(and(sql`lower(${zonesLivraison.designation}) = lower(${designation})`, exceptId ? ne(zonesLivraison.id, exceptId) : undefined))
        .limit(1)
      return row
    },
    /** Orders keep a zone's name as text: how many name it. */
    async ordersNamingZone(designation: string) {
      const [row] = await db.select({ n: count() }).from(commandes).where(eq(commandes.zone, designation))
      return row?.n ?? 0
    },
    async ordersAtDepot(depotId: number) {
      const [row] = await db.select({ n: count() }).from(commandes).where(eq(commandes.depotId, depotId))
      return row?.n ?? 0
    },
    /** Another tier (not `exceptId`) with this threshold. */
    async tierAt(point: number, exceptId?: number) {
      const [row] = await db.select({ id: privileges.id }).from(privileges).where(and(eq(privileges.point, point), exceptId ? ne(privileges.id, exceptId) : undefined)).limit(1)
      return row
    },
    /** How many of `codes` are known reward types. */
    async knownRewardTypes(codes: string[]) {
      return (await db.select({ code: typerecompenses.code }).from(typerecompenses).where(inArray(typerecompenses.code, codes))).length
    },

    /** An ordered table's ids in their current order, locked until the transaction ends. */
    async lockOrder(name: OrderedSetting) {
      const table = ORDERED[name]
      return (await db.select({ id: table.id }).from(table).orderBy(asc(table.position), asc(table.id)).for('update')).map((r) => r.id)
    },
    /** Positions 0, 1, 2… in the order of `ids`, in one statement. */
    async setPositions(name: OrderedSetting, ids: number[]) {
      const table = ORDERED[name]
      const list = sql.join(ids.map((id) => sql`${id}`), sql`, `)
      await db.execute(sql`update ${table} set "position" = o.ord - 1 from unnest(array[${list}]::int[]) with ordinality as o(id, ord) where ${table.id} = o.id`)
    },

    paymentModes: () => db.select().from(modepaiements).orderBy(asc(modepaiements.position), asc(modepaiements.id)),
    paymentMode: async (id: number) => (await db.select().from(modepaiements).where(eq(modepaiements.id, id)).limit(1))[0],
    async updatePaymentMode(id: number, values: { actif: boolean; position: number }) {
      return (await db.update(modepaiements).set(values).where(eq(modepaiements.id, id)).returning())[0]!
    },

    /**
     * What the first admin's checklist ticks (read only: the catalogue's tables are the
     * catalogue's, as the dashboard reads them): a category with a sub-category, an active
     * product, a zone, a depot, the shop's phone and e-mail.
     */
    async setupState() {
      const exists = (query: SQL) => sql<boolean>`exists (${query})`
      const [row] = await db
        .select({
          categories: exists(sql`select 1 from ${souscategories} join ${categories} on ${categories.id} = ${souscategories.categorieId}`),
          produits: exists(sql`select 1 from ${produits} where ${produits.actif}`),
          zones: exists(sql`select 1 from ${zonesLivraison}`),
          depots: exists(sql`select 1 from ${depots}`),
          coordonnees: exists(sql`select 1 from ${preferences} where coalesce(${preferences.telephone}, '') <> '' and coalesce(${preferences.email}, '') <> ''`),
        })
        .from(sql`(select 1) as un`)
      return row!
    },

    /** The one preference row (the first, should the seed have made more). */
    preference: async () => (await db.select().from(preferences).orderBy(asc(preferences.id)).limit(1))[0],
    async updatePreference(id: number, values: PreferenceInput) {
      return (await db.update(preferences).set(values).where(eq(preferences.id, id)).returning())[0]!
    },
    async insertPreference(values: PreferenceInput) {
      return (await db.insert(preferences).values(values).returning())[0]!
    },
  }
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>
