// Delivery slots (issue 25 §1, ADR 054): the back office's slots and days off, the next days'
// open slots anyone may read, and the check an order's slot passes when it is placed (given to
// the order lifecycle as its `slots` provider, so that orders never names this module).
import {
  type FermetureInput,
  formatSlot,
  hhmm,
  type OfferedSlot,
  PICKUP_PREPARATION_MINUTES,
  PICKUP_UNLIMITED,
  SLOT_DAYS_AHEAD,
  SLOT_MESSAGES,
  type SlotInput,
  type SlotRow,
  slotCutOff,
  slotSchema,
  weekdayOf,
} from '@teranga/shared/delivery-slots'
import { DEPOT_DAYS, type DepotHours } from '@teranga/shared/backoffice-settings'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import type { z } from 'zod'
import type { Executor } from '../../db/client.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import type { OrderSlots, SlotRequest } from '../orders/order-participants.service.ts'
import { createDeliverySlotsRepository, slotsOffered, type SlotRecord, type SlotValues } from './delivery-slots.repository.ts'

type ParsedSlot = z.output<typeof slotSchema>

export const toSlotRow = (slot: SlotRecord): SlotRow => ({
  id: slot.id,
  jour: slot.jour,
  debut: hhmm(slot.debut),
  fin: hhmm(slot.fin),
  capacite: slot.capacite,
  zones: slot.zones && slot.zones.length > 0 ? slot.zones : null,
  delai_minutes: slot.delaiMinutes,
  depot: slot.depotId,
  actif: slot.actif,
  horaires: slot.horaires,
})

/**
 * Whether a slot can still be chosen at `at`: a hand-made one until `delai_minutes` before its
 * start, a window from a depot's opening hours until `delai_minutes` before its end (ADR 058).
 */
const beforeCutOff = (slot: Pick<SlotRecord, 'debut' | 'fin' | 'delaiMinutes' | 'horaires'>, date: string, at: Date) => at.getTime() <= slotCutOff(slot, date).getTime()

/** A depot's weekday keys (Monday first) as a slot's `jour` (0 dimanche … 6 samedi). */
const JOUR_OF_DEPOT_DAY = (index: number) => (index + 1) % 7

/**
 * The pickup windows a depot's settings give (ADR 058): each open weekday's opening hours, when
 * the owner turned pickup windows on; none otherwise.
 */
export function depotWindows(depot: { horaires: DepotHours | null; retrait_creneaux: boolean }) {
  if (!depot.retrait_creneaux || !depot.horaires) return []
  return DEPOT_DAYS.flatMap((key, i) => {
    const span = depot.horaires![key]
    return span ? [{ jour: JOUR_OF_DEPOT_DAY(i), debut: span.ouverture, fin: span.fermeture }] : []
  })
}

/**
 * Brings a depot's pickup windows in step with its settings, in the depot's write transaction
 * (the settings module calls it through the `depotPickupWindows` decorator, so that the slots stay
 * this module's rows): the owner keeps the hours in one place.
 */
export async function syncDepotWindows(tx: Executor, depot: { id: number; horaires: DepotHours | null; retrait_creneaux: boolean; retrait_capacite: number | null }) {
  await createDeliverySlotsRepository(tx).syncDepotWindows(depot.id, depotWindows(depot), depot.retrait_capacite ?? PICKUP_UNLIMITED, PICKUP_PREPARATION_MINUTES)
}

const slotError = (message: string, status: 400 | 409) => (status === 400 ? badInput : conflict)(message, { creneau: [message] })

export function createDeliverySlotsService(deps: { db: Executor; audit: Audit; now?: () => Date }) {
  const { db, audit, now = () => new Date() } = deps
  const reads = createDeliverySlotsRepository(db)

  /** The zones and depot a slot names exist (400 naming the field otherwise). */
  async function checkReferences(input: ParsedSlot) {
    const zones = [...new Set(input.zones ?? [])]
    if (zones.length > 0 && (await reads.knownZones(zones)) !== zones.length) throw badInput(SLOT_MESSAGES.zoneUnknown, { zones: [SLOT_MESSAGES.zoneUnknown] })
    if (input.depot != null && !(await reads.depotExists(input.depot))) throw badInput(SLOT_MESSAGES.depotUnknown, { depot: [SLOT_MESSAGES.depotUnknown] })
    return zones
  }

  const values = (input: ParsedSlot, zones: number[]): SlotValues => ({
    jour: input.jour,
    debut: input.debut,
    fin: input.fin,
    capacite: input.capacite,
    zones: zones.length > 0 ? zones.sort((a, b) => a - b) : null,
    delaiMinutes: input.delai_minutes,
    depotId: input.depot ?? null,
    actif: input.actif,
  })

  return {
    async slots() {
      return (await reads.slots()).map(toSlotRow)
    },

    async createSlot(staffId: number, body: SlotInput) {
      const input = slotSchema.parse(body)
      const zones = await checkReferences(input)
      return db.transaction(async (tx) => {
        const row = toSlotRow(await createDeliverySlotsRepository(tx).insertSlot(values(input, zones)))
        await audit.record(tx, { staffId, action: 'creneau.creer', resource: 'creneau', resourceId: row.id, after: row })
        return row
      })
    },

    async updateSlot(staffId: number, id: number, body: SlotInput) {
      const input = slotSchema.parse(body)
      const zones = await checkReferences(input)
      return db.transaction(async (tx) => {
        const repo = createDeliverySlotsRepository(tx)
        const before = await repo.slot(id)
        if (!before) throw notFound(SLOT_MESSAGES.slotNotFound)
        if (before.horaires) throw conflict(SLOT_MESSAGES.fromHours)
        // Orders already holding the slot keep the times they were promised (their own columns).
        const row = toSlotRow((await repo.updateSlot(id, values(input, zones)))!)
        await audit.record(tx, { staffId, action: 'creneau.modifier', resource: 'creneau', resourceId: id, before: toSlotRow(before), after: row })
        return row
      })
    },

    async deleteSlot(staffId: number, id: number) {
      await db.transaction(async (tx) => {
        const repo = createDeliverySlotsRepository(tx)
        const before = await repo.slot(id)
        if (!before) throw notFound(SLOT_MESSAGES.slotNotFound)
        if (before.horaires) throw conflict(SLOT_MESSAGES.fromHours)
        if (!(await repo.deleteSlot(id))) throw notFound(SLOT_MESSAGES.slotNotFound)
        await audit.record(tx, { staffId, action: 'creneau.supprimer', resource: 'creneau', resourceId: id, before: toSlotRow(before) })
      })
    },

    /** Days off from today on (past ones matter to nobody). */
    fermetures: () => reads.fermetures(shopDay(now())),

    async createFermeture(staffId: number, input: FermetureInput) {
      return db.transaction(async (tx) => {
        const row = await createDeliverySlotsRepository(tx).insertFermeture(input)
        if (!row) throw conflict(SLOT_MESSAGES.fermetureExists, { date: [SLOT_MESSAGES.fermetureExists] })
        await audit.record(tx, { staffId, action: 'fermeture.creer', resource: 'fermeture', resourceId: row.id, after: row })
        return row
      })
    },

    /** The day off of `date` deleted (DELETE /api/fermeture?date=, as the issue names it), audited as by its id. */
    async deleteFermetureOn(staffId: number, date: string) {
      await db.transaction(async (tx) => {
        const id = await createDeliverySlotsRepository(tx).deleteFermetureOn(date)
        if (id === undefined) throw notFound(SLOT_MESSAGES.fermetureNotFound)
        await audit.record(tx, { staffId, action: 'fermeture.supprimer', resource: 'fermeture', resourceId: id })
      })
    },

    async deleteFermeture(staffId: number, id: number) {
      await db.transaction(async (tx) => {
        if (!(await createDeliverySlotsRepository(tx).deleteFermeture(id))) throw notFound(SLOT_MESSAGES.fermetureNotFound)
        await audit.record(tx, { staffId, action: 'fermeture.supprimer', resource: 'fermeture', resourceId: id })
      })
    },

    /**
     * The next 7 days' open slots (today included) for home delivery to `zoneId`, or pickup at
     * `depotId`: closed dates and slots past their cut-off left out, full ones kept with 0 left.
     */
    async offered(query: { zoneId: number | null; depotId: number | null }): Promise<OfferedSlot[]> {
      const at = now()
      const from = shopDay(at)
      const to = addDays(from, SLOT_DAYS_AHEAD - 1)
      const slots = await reads.activeSlots(query.depotId, query.depotId === null ? query.zoneId : null)
      if (slots.length === 0) return []
      const [closed, held] = await Promise.all([reads.fermeturesBetween(from, to), reads.heldBetween(slots.map((slot) => slot.id), from, to)])
      const closedDates = new Set(closed.map((day) => day.date))
      const heldOf = new Map(held.map((row) => [`${row.id}/${row.date}`, row.held]))
      const offered: OfferedSlot[] = []
      for (let day = 0; day < SLOT_DAYS_AHEAD; day++) {
        const date = addDays(from, day)
        if (closedDates.has(date)) continue
        const weekday = weekdayOf(date)
        for (const slot of slots) {
          if (slot.jour !== weekday || !beforeCutOff(slot, date, at)) continue
          const times = { date, debut: hhmm(slot.debut), fin: hhmm(slot.fin) }
          const restant = Math.max(0, slot.capacite - (heldOf.get(`${slot.id}/${date}`) ?? 0))
          offered.push({ id: slot.id, ...times, restant, libelle: formatSlot(times) })
        }
      }
      return offered
    },
  }
}

/**
 * The order lifecycle's `slots` provider: at most two statements when an order names a slot
 * (the slot locked with its date's day off, then its live orders counted), none of its own when
 * it names none (whether the shop offers slots of that kind is read with the order's references,
 * `offered`), and no shared row locked then.
 */
export const orderSlots: OrderSlots = {
  offered: slotsOffered,
  async take(tx: Executor, { choice, depotId, zoneId, offered, at }: SlotRequest) {
    const repo = createDeliverySlotsRepository(tx)
    if (!choice) {
      if (offered ?? (await repo.hasActiveSlots(depotId, depotId === null ? zoneId : null))) throw slotError(depotId === null ? SLOT_MESSAGES.required : SLOT_MESSAGES.requiredPickup, 400)
      return null
    }
    const locked = await repo.lockSlot(choice.id, choice.date)
    const slot = locked?.slot
    if (!slot || !slot.actif) throw slotError(SLOT_MESSAGES.unknown, 400)
    if (slot.depotId !== depotId) throw slotError(SLOT_MESSAGES.wrongKind, 400)
    if (zoneId !== null && slot.zones && slot.zones.length > 0 && !slot.zones.includes(zoneId)) throw slotError(SLOT_MESSAGES.zoneNotServed, 400)
    const today = shopDay(at)
    if (weekdayOf(choice.date) !== slot.jour || choice.date < today || choice.date > addDays(today, SLOT_DAYS_AHEAD - 1)) throw slotError(SLOT_MESSAGES.dateNotOffered, 400)
    if (locked.closedFor !== null) throw slotError(SLOT_MESSAGES.closed(locked.closedFor), 409)
    if (!beforeCutOff(slot, choice.date, at)) throw slotError(SLOT_MESSAGES.cutOff, 409)
    if ((await repo.held(slot.id, choice.date)) >= slot.capacite) throw slotError(SLOT_MESSAGES.full, 409)
    return { creneauId: slot.id, creneauDate: choice.date, creneauDebut: slot.debut, creneauFin: slot.fin }
  },
}
export type DeliverySlotsService = ReturnType<typeof createDeliverySlotsService>
