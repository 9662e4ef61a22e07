// The shop's settings (admins only): each write checks its clashes, changes the row, records
// its audit line and tells every storefront's cache, in one transaction. The generic form
// (zones, depots, slides, loyalty tiers) is one set of rules over the repository's tables.
import { SETTINGS_MESSAGES, SETUP_STEPS, type CarousselInput, type DepotInput, type ModePaiementInput, type PreferenceInput, type PrivilegeInput, type SetupChecklist, type SetupStep, type ZoneInput } from '@teranga/shared/backoffice-settings'
import type { Executor } from '../../db/client.ts'
import { writeCatalogue } from '../../lib/catalogue-changes.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { toPage, type PageArgs } from '../../lib/pagination.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { createSettingsRepository, type DepotRow, type OrderedSetting, type SettingsRepository, type SettingsTable, type SlideRow, type TierRow, type ZoneRow } from './settings.repository.ts'

type Clash = { field: string; message: string }

/** One resource of the generic form: its table, and the rules beyond its schema. */
interface Resource<I, R extends { id: number }> {
  table(repo: SettingsRepository): SettingsTable<I, R>
  /** A French 409 (with its field) when the input clashes with another row. */
  clash?(repo: SettingsRepository, input: I, id?: number): Promise<Clash | undefined>
  /** A French 409 message when the row may not be deleted. */
  inUse?(repo: SettingsRepository, row: R): Promise<string | undefined>
}

/** Each resource's input (its shared schema's output) and row. */
interface ResourceTypes {
  zone: { input: ZoneInput; row: ZoneRow }
  depot: { input: DepotInput; row: DepotRow }
  caroussel: { input: CarousselInput; row: SlideRow }
  privilege: { input: PrivilegeInput; row: TierRow }
}
export type SettingsResourceName = keyof ResourceTypes
type InputOf<N extends SettingsResourceName> = ResourceTypes[N]['input']

const RESOURCES: { [N in SettingsResourceName]: Resource<ResourceTypes[N]['input'], ResourceTypes[N]['row']> } = {
  zone: {
    table: (repo) => repo.zones,
    clash: async (repo, input, id) => ((await repo.zoneNamed(input.designation, id)) ? { field: 'designation', message: SETTINGS_MESSAGES.designationTaken } : undefined),
    // Orders keep the zone's name as text: a zone some order names is refused (409) so that the
    // back office's order filters and reports keep meaning; addresses merely lose their zone.
    inUse: async (repo, row) => ((await repo.ordersNamingZone(row.designation)) > 0 ? SETTINGS_MESSAGES.zoneInUse : undefined),
  },
  depot: {
    table: (repo) => repo.depots,
    // Orders point at their depot (a foreign key): a depot some order used is refused (409).
    inUse: async (repo, row) => ((await repo.ordersAtDepot(row.id)) > 0 ? SETTINGS_MESSAGES.depotInUse : undefined),
  },
  caroussel: { table: (repo) => repo.slides },
  privilege: {
    table: (repo) => repo.tiers,
    async clash(repo, input, id) {
      if (await repo.tierAt(input.point, id)) return { field: 'point', message: SETTINGS_MESSAGES.pointTaken }
      const codes = [...new Set(input.recompenses.map((r) => r.type))]
      if (codes.length === 0) return undefined
      return (await repo.knownRewardTypes(codes)) === codes.length ? undefined : { field: 'recompenses', message: SETTINGS_MESSAGES.recompenseTypeInvalid }
    },
  },
}

/** What runs without its real keys (the server's configuration): payments in a sandbox, SMS in one or off. */
export type MissingKeys = SetupChecklist['cles_manquantes']

export function createSettingsService(deps: { db: Executor; audit: Audit; clearCaches?: () => void; missingKeys?: MissingKeys; depotSaved?: (tx: Executor, depot: DepotRow) => Promise<void> }) {
  const { db, audit } = deps

  /** One audited write: the change, its audit line and the storefronts' cache notice, in one transaction. */
  const write = <T>(fn: (repo: SettingsRepository, tx: Executor) => Promise<T>) => writeCatalogue(db, deps.clearCaches, (tx) => fn(createSettingsRepository(tx), tx))

  const found = <R>(row: R | undefined): R => {
    if (!row) throw notFound(SETTINGS_MESSAGES.settingNotFound)
    return row
  }
  const refuseClash = (clash: Clash | undefined) => {
    if (clash) throw conflict(clash.message, { [clash.field]: [clash.message] })
  }

  return {
    /** A page of resource `name`'s rows, in the storefront's order. */
    async list<N extends SettingsResourceName>(name: N, page: PageArgs) {
      const rows = await RESOURCES[name].table(createSettingsRepository(db)).list()
      return toPage(rows.slice(page.offset, page.offset + page.count), rows.length, page)
    },

    async get<N extends SettingsResourceName>(name: N, id: number) {
      return found(await RESOURCES[name].table(createSettingsRepository(db)).get(id))
    },

    async create<N extends SettingsResourceName>(name: N, staffId: number, input: InputOf<N>) {
      const rules = RESOURCES[name]
      return write(async (repo, tx) => {
        refuseClash(await rules.clash?.(repo, input))
        const table = rules.table(repo)
        const id = await table.insert(input)
        const after = found(await table.get(id))
        if (name === 'depot') await deps.depotSaved?.(tx, after as DepotRow)
        await audit.record(tx, { staffId, action: `${name}.creer`, resource: name, resourceId: id, after })
        return after
      })
    },

    async update<N extends SettingsResourceName>(name: N, staffId: number, id: number, input: InputOf<N>) {
      const rules = RESOURCES[name]
      return write(async (repo, tx) => {
        const table = rules.table(repo)
        const before = found(await table.get(id))
        refuseClash(await rules.clash?.(repo, input, id))
        await table.update(id, input)
        const after = found(await table.get(id))
        // A depot's pickup windows follow its hours (ADR 058), in the same transaction.
        if (name === 'depot') await deps.depotSaved?.(tx, after as DepotRow)
        await audit.record(tx, { staffId, action: `${name}.modifier`, resource: name, resourceId: id, before, after })
        return after
      })
    },

    async remove<N extends SettingsResourceName>(name: N, staffId: number, id: number) {
      const rules = RESOURCES[name]
      await write(async (repo, tx) => {
        const table = rules.table(repo)
        const before = found(await table.get(id))
        const used = await rules.inUse?.(repo, before)
        if (used) throw conflict(used)
        await table.remove(id)
        await audit.record(tx, { staffId, action: `${name}.supprimer`, resource: name, resourceId: id, before })
      })
    },

    /**
     * Zones or depots in the order of `ids`, which names each of them once (409 when the list
     * changed meanwhile); audited `{name}.ordonner` with the order before and after. Answers
     * the whole list as one page.
     */
    async reorder<N extends OrderedSetting>(name: N, staffId: number, ids: number[]) {
      await write(async (repo, tx) => {
        const before = await repo.lockOrder(name)
        if (before.length !== ids.length || !ids.every((id) => before.includes(id))) throw conflict(SETTINGS_MESSAGES.orderStale, { ids: [SETTINGS_MESSAGES.orderStale] })
        await repo.setPositions(name, ids)
        await audit.record(tx, { staffId, action: `${name}.ordonner`, resource: name, before: { ordre: before }, after: { ordre: ids } })
      })
      const rows = await RESOURCES[name].table(createSettingsRepository(db)).list()
      return toPage(rows, rows.length, { page: 1, count: Math.max(rows.length, 1), offset: 0 })
    },

    /** Payment modes, in the checkout's order. */
    paymentModes: () => createSettingsRepository(db).paymentModes(),

    /** A payment mode on or off and its place; their codes drive the providers and stay. */
    async updatePaymentMode(staffId: number, id: number, input: ModePaiementInput) {
      return write(async (repo, tx) => {
        const before = found(await repo.paymentMode(id))
        const after = await repo.updatePaymentMode(id, { actif: input.actif, position: input.position })
        await audit.record(tx, { staffId, action: 'modepaiement.modifier', resource: 'modepaiement', resourceId: id, before, after })
        return after
      })
    },

    /** The first admin's checklist: each step done or not, and the keys still missing. */
    async setupChecklist(): Promise<SetupChecklist> {
      const state = await createSettingsRepository(db).setupState()
      const missing = deps.missingKeys ?? []
      const done: Record<SetupStep, boolean> = { ...state, cles: missing.length === 0 }
      const etapes = SETUP_STEPS.map((cle) => ({ cle, fait: Boolean(done[cle]) }))
      return { etapes, cles_manquantes: missing, terminee: etapes.every((e) => e.fait) }
    },

    /** The one preference row, or null before the first PUT. */
    preference: async () => (await createSettingsRepository(db).preference()) ?? null,

    /** Changes the preference row (created by the first PUT when the seed made none). */
    async updatePreference(staffId: number, input: PreferenceInput) {
      if (Object.values(input).every((value) => value === undefined)) throw badInput(SETTINGS_MESSAGES.nothingToChange)
      return write(async (repo, tx) => {
        const before = await repo.preference()
        const after = before ? await repo.updatePreference(before.id, input) : await repo.insertPreference(input)
        await audit.record(tx, { staffId, action: 'preference.modifier', resource: 'preference', resourceId: after.id, before: before ?? null, after })
        return after
      })
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
