// Pickup windows from a depot's opening hours (issue 25 §1, ADR 058) through the real app: the
// owner turns them on in the depot's settings with a capacity; the next 7 days' open weekdays are
// offered at `GET /api/creneaux?depot=`, a closed weekday and a day off are not, a window past its
// cut-off (an hour before the depot closes) is neither listed nor taken, changing the hours
// changes what is offered, N + 5 orders at once on a window of capacity N take exactly N, and
// the window's rows cannot be edited by hand. Dates are Dakar's (UTC).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEPOT_DAYS, SETTINGS_MESSAGES, type DepotHoursInput } from '@teranga/shared/backoffice-settings'
import { formatSlot, PICKUP_PREPARATION_MINUTES, SLOT_MESSAGES, weekdayOf } from '@teranga/shared/delivery-slots'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { commandes, creneaux, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { HOME_DELIVERY, makeProduct } from './factories.ts'
import { createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let retrait: number
let cash: number
let product: number

beforeAll(async () => {
  shop = await createTestApp({ orderRateLimit: 10_000 })
  ;({ admin, manager } = await signInStaff(shop))
  retrait = (await shop.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'RETRAIT')))[0]!.id
  cash = (await shop.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH')))[0]!.id
  product = (await makeProduct(shop.db, { quantite: 1000, prix: 1000 })).id
})
afterAll(() => shop?.close())

/** Today + `days` in Dakar. */
const day = (days: number) => addDays(shopDay(new Date()), days)
/** The depot's key of a date's weekday (lun … dim). */
const depotDay = (date: string) => DEPOT_DAYS[(weekdayOf(date) + 6) % 7]!
const everyDay = (ouverture: string, fermeture: string): DepotHoursInput => Object.fromEntries(DEPOT_DAYS.map((d) => [d, { ouverture, fermeture }])) as DepotHoursInput

const saveDepot = (body: Record<string, unknown>, id?: number) =>
  shop.app.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/depot/${id}` : '/api/depot', headers: admin.auth, payload: { designation: `Dépôt ${Math.random()}`, latitude: 14.69, longitude: -17.46, ...body } })
async function newDepot(body: Record<string, unknown>) {
  const res = await saveDepot(body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; designation: string; retrait_creneaux: boolean; retrait_capacite: number | null }
}
type Offered = { id: number; date: string; debut: string; fin: string; restant: number; libelle: string }
const offered = async (depot: number) => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/creneaux?depot=${depot}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Offered[]
}

async function shopper() {
  const who = await signIn(shop.app)
  const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit: product, quantite: 1, action: 0 } })
  expect(added.statusCode, added.body).toBe(200)
  return who
}
const pickUp = (who: SignedIn, depot: number, extra: Record<string, unknown> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/commande', headers: who.auth, payload: { modelivraison: retrait, modepaiement: cash, depot, tel: HOME_DELIVERY.tel, adresseliv: null, zone: null, ...extra } })
const expectSlotError = (res: { statusCode: number; json(): unknown; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ message, errors: { creneau: [message] } })
}

describe("a depot's settings", () => {
  it('take the pickup windows and their capacity, 400 naming the field in French; a depot without them offers none', async () => {
    const bad = await saveDepot({ retrait_creneaux: 'oui', retrait_capacite: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ retrait_creneaux: [SETTINGS_MESSAGES.retraitCreneauxInvalid], retrait_capacite: [SETTINGS_MESSAGES.retraitCapaciteInvalid] })
    const tooMany = await saveDepot({ retrait_capacite: 10_001 })
    expect(tooMany.json().errors).toEqual({ retrait_capacite: [SETTINGS_MESSAGES.retraitCapaciteInvalid] })

    // Hours but windows off (the default): pickup without a slot, as before.
    const plain = await newDepot({ horaires: everyDay('08:00', '20:00') })
    expect(plain).toMatchObject({ retrait_creneaux: false, retrait_capacite: null })
    expect(await offered(plain.id)).toEqual([])
    const placed = await pickUp(await shopper(), plain.id)
    expect(placed.statusCode, placed.body).toBe(201)
    // The storefront's depot list keeps its shape.
    const listed = ((await shop.app.inject({ url: '/api/depots' })).json() as Array<Record<string, unknown>>).find((d) => d.id === plain.id)!
    expect(listed).not.toHaveProperty('retrait_creneaux')
  })
})

describe("pickup windows from a depot's opening hours", () => {
  let depot: { id: number }
  const closedDate = day(2)
  const tomorrow = day(1)

  beforeAll(async () => {
    // Open every day 08:00–20:00 but the weekday two days from now.
    const hours = { ...everyDay('08:00', '20:00'), [depotDay(closedDate)]: null }
    depot = await newDepot({ horaires: hours, retrait_creneaux: true, retrait_capacite: 3 })
  })

  it('offers each open day of the next 7 as one window with its places, a closed weekday and a day off left out', async () => {
    const list = await offered(depot.id)
    const dates = list.map((slot) => slot.date)
    expect(dates).not.toContain(closedDate)
    expect(new Set(dates).size).toBe(dates.length)
    for (let i = 1; i < 7; i++) if (day(i) !== closedDate) expect(dates).toContain(day(i))
    expect(list.find((slot) => slot.date === tomorrow)).toEqual({ id: expect.any(Number), date: tomorrow, debut: '08:00', fin: '20:00', restant: 3, libelle: formatSlot({ date: tomorrow, debut: '08:00', fin: '20:00' }) })

    // The back office lists them as following the hours, and refuses to edit or delete them by hand.
    const rows = (await shop.app.inject({ method: 'GET', url: '/api/creneau', headers: admin.auth })).json() as Array<{ id: number; depot: number | null; horaires: boolean; actif: boolean; capacite: number; delai_minutes: number }>
    const mine = rows.filter((row) => row.depot === depot.id)
    // One row per open weekday: the closed one has none.
    expect(mine).toHaveLength(6)
    expect(mine.every((row) => row.actif)).toBe(true)
    expect(mine.every((row) => row.horaires && row.capacite === 3 && row.delai_minutes === PICKUP_PREPARATION_MINUTES)).toBe(true)
    const edit = await shop.app.inject({ method: 'PUT', url: `/api/creneau/${mine[0]!.id}`, headers: admin.auth, payload: { jour: 1, debut: '09:00', fin: '10:00', capacite: 1, depot: depot.id } })
    expect(edit.statusCode).toBe(409)
    expect(edit.json().message).toBe(SLOT_MESSAGES.fromHours)
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/creneau/${mine[0]!.id}`, headers: admin.auth })).statusCode).toBe(409)

    // A day off closes the window of its date.
    const dayOff = day(3)
    const closing = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date: dayOff, motif: 'Tamkharit' } })
    expect(closing.statusCode, closing.body).toBe(201)
    expect((await offered(depot.id)).map((slot) => slot.date)).not.toContain(dayOff)
    const window = list.find((slot) => slot.date === dayOff)!
    expectSlotError(await pickUp(await shopper(), depot.id, { creneau: { id: window.id, date: dayOff } }), 409, SLOT_MESSAGES.closed('Tamkharit'))
  })

  it('requires a window for pickup there, takes an order on one (its times on the order), and refuses a closed weekday', async () => {
    const who = await shopper()
    expectSlotError(await pickUp(who, depot.id), 400, SLOT_MESSAGES.requiredPickup)
    const window = (await offered(depot.id)).find((slot) => slot.date === tomorrow)!
    // The closed weekday has no window: another day's window on its date is refused.
    expect((await shop.db.select().from(creneaux).where(eq(creneaux.depotId, depot.id))).some((row) => row.jour === weekdayOf(closedDate))).toBe(false)
    expectSlotError(await pickUp(who, depot.id, { creneau: { id: window.id, date: closedDate } }), 400, SLOT_MESSAGES.dateNotOffered)
    // A window's date must be within the next 7 days.
    expectSlotError(await pickUp(who, depot.id, { creneau: { id: window.id, date: day(8) } }), 400, SLOT_MESSAGES.dateNotOffered)

    const placed = await pickUp(who, depot.id, { creneau: { id: window.id, date: tomorrow } })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().commande.creneau).toEqual({ date: tomorrow, debut: '08:00', fin: '20:00', libelle: formatSlot({ date: tomorrow, debut: '08:00', fin: '20:00' }) })
    expect((await offered(depot.id)).find((slot) => slot.date === tomorrow)!.restant).toBe(2)
  })

  it('takes exactly N of N + 5 orders placed at once on a window of capacity N, then « complet »', async () => {
    const date = day(4) === closedDate ? day(5) : day(4)
    const window = (await offered(depot.id)).find((slot) => slot.date === date)!
    expect(window.restant).toBe(3)
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopper()))
    const results = await Promise.all(shoppers.map((who) => pickUp(who, depot.id, { creneau: { id: window.id, date } })))
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(3)
    for (const res of results.filter((r) => r.statusCode !== 201)) expectSlotError(res, 409, SLOT_MESSAGES.full)
    expect(await shop.db.select({ id: commandes.id }).from(commandes).where(eq(commandes.creneauDate, date))).toHaveLength(3)
    expect((await offered(depot.id)).find((slot) => slot.date === date)!.restant).toBe(0)
  })

  it("closes today's window an hour before the depot closes", async () => {
    // Today's window ends within the hour (or has ended): past its cut-off, neither listed nor taken.
    const now = new Date()
    const soon = new Date(Math.min(now.getTime() + 30 * 60_000, Date.parse(`${day(0)}T23:59:00Z`)))
    const fermeture = soon.toISOString().slice(11, 16)
    const late = await newDepot({ horaires: { ...everyDay('08:00', '20:00'), [depotDay(day(0))]: { ouverture: '00:00', fermeture } }, retrait_creneaux: true })
    const list = await offered(late.id)
    expect(list.map((slot) => slot.date)).not.toContain(day(0))
    expect(list.find((slot) => slot.date === tomorrow)!.restant).toBe(10_000)
    const todayRow = (await shop.db.select().from(creneaux).where(eq(creneaux.depotId, late.id))).find((row) => row.jour === weekdayOf(day(0)))!
    expectSlotError(await pickUp(await shopper(), late.id, { creneau: { id: todayRow.id, date: day(0) } }), 409, SLOT_MESSAGES.cutOff)
  })

  it("follows the hours when they change, keeping each weekday's window; turned off, none is offered", async () => {
    const before = (await offered(depot.id)).find((slot) => slot.date === tomorrow)!
    const saved = await saveDepot({ designation: 'Dépôt des Almadies', horaires: { ...everyDay('09:00', '13:00'), [depotDay(tomorrow)]: null }, retrait_creneaux: true, retrait_capacite: null }, depot.id)
    expect(saved.statusCode, saved.body).toBe(200)
    const after = await offered(depot.id)
    expect(after.map((slot) => slot.date)).not.toContain(tomorrow)
    // The weekday closed before opens again with the same window (its id kept), at the new times.
    const reopened = after.find((slot) => slot.date === closedDate)!
    expect(reopened).toMatchObject({ debut: '09:00', fin: '13:00', restant: 10_000 })
    expect(after.every((slot) => slot.debut === '09:00' && slot.fin === '13:00')).toBe(true)
    // The order already on tomorrow's window keeps the times it was promised.
    const held = await shop.db.select({ id: commandes.creneauId, debut: commandes.creneauDebut, fin: commandes.creneauFin }).from(commandes).where(eq(commandes.creneauDate, tomorrow))
    expect(held).toEqual([{ id: before.id, debut: '08:00:00', fin: '20:00:00' }])
    // Its window is kept, inactive: not offered, not choosable.
    const row = (await shop.db.select().from(creneaux).where(eq(creneaux.id, before.id)))[0]!
    expect(row.actif).toBe(false)
    expectSlotError(await pickUp(await shopper(), depot.id, { creneau: { id: before.id, date: tomorrow } }), 400, SLOT_MESSAGES.unknown)

    // Hours kept (absent), windows turned off: none offered, pickup without a slot again.
    const off = await saveDepot({ designation: 'Dépôt des Almadies', retrait_creneaux: false }, depot.id)
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().horaires).not.toBeNull()
    expect(await offered(depot.id)).toEqual([])
    expect((await pickUp(await shopper(), depot.id)).statusCode).toBe(201)
  })

  it('leaves the depot settings to admins', async () => {
    const res = await shop.app.inject({ method: 'PUT', url: `/api/depot/${depot.id}`, headers: manager.auth, payload: { designation: 'x', latitude: 14.69, longitude: -17.46, retrait_creneaux: true } })
    expect(res.statusCode).toBe(403)
  })
})
