// Delivery slots (issue 25 §1, ADR 054) through the real app: the back office's slots and days
// off (admins only, French 400s naming the field), the next 7 days' open slots anyone reads,
// and an order's slot refused when unknown, of the wrong kind, not serving the zone, on a day
// off, past its cut-off or full; a slot of capacity N under N + 10 concurrent orders takes
// exactly N, and a cancelled order frees its place. Dates are Dakar's (UTC).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatSlot, formatSlotShort, SLOT_MESSAGES, weekdayOf } from '@teranga/shared/delivery-slots'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { commandes, depots, messageOutbox, modelivraisons, modepaiements, zonesLivraison } from '../src/db/schema.ts'
import { HOME_DELIVERY, makeProduct, placeHomeOrder } from './factories.ts'
import { createTestApp, gql, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
let mermoz: number
let otherZone: number
let depotId: number
let retrait: number
let cash: number

beforeAll(async () => {
  shop = await createTestApp({ orderRateLimit: 10_000 })
  ;({ admin, manager, customer } = await signInStaff(shop))
  const zones = await shop.db.select().from(zonesLivraison)
  mermoz = zones.find((zone) => zone.designation === HOME_DELIVERY.zone)!.id
  otherZone = zones.find((zone) => zone.designation !== HOME_DELIVERY.zone)!.id
  const [depot] = await shop.db.insert(depots).values({ designation: 'Dépôt de Fann', adresse: 'Fann', latitude: 14.69, longitude: -17.46 }).returning({ id: depots.id })
  depotId = depot!.id
  retrait = (await shop.db.select().from(modelivraisons).where(eq(modelivraisons.code, 'RETRAIT')))[0]!.id
  cash = (await shop.db.select().from(modepaiements).where(eq(modepaiements.code, 'CASH')))[0]!.id
})
afterAll(() => shop?.close())

/** Today + `days` in Dakar, and its weekday as a slot counts it. */
const day = (days: number) => {
  const date = addDays(shopDay(new Date()), days)
  return { date, jour: weekdayOf(date) }
}

const createSlot = (body: Record<string, unknown>, who: SignedIn = admin) => shop.app.inject({ method: 'POST', url: '/api/creneau', headers: who.auth, payload: body })
const newSlot = async (body: Record<string, unknown>) => {
  const res = await createSlot({ debut: '09:00', fin: '12:00', capacite: 5, delai_minutes: 0, ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; jour: number }
}
const offered = (query: string) => shop.app.inject({ method: 'GET', url: `/api/creneaux${query}` })

/** A customer with one product in their cart, ready to order. */
async function shopper(product: number) {
  const who = await signIn(shop.app)
  const added = await shop.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit: product, quantite: 1, action: 0 } })
  expect(added.statusCode, added.body).toBe(200)
  return who
}
const placeWithCart = (who: SignedIn, extra: Record<string, unknown>) => placeHomeOrder(shop.app, shop.db, who, [], extra)

const expectSlotError = (res: { statusCode: number; json(): unknown; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ message, errors: { creneau: [message] } })
}

describe('the back office: slots and days off', () => {
  it('refuses visitors (401), customers and gestionnaires (403), before reading the body', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/creneau' })).statusCode).toBe(401)
    expect((await shop.app.inject({ method: 'POST', url: '/api/creneau', payload: {} })).statusCode).toBe(401)
    for (const who of [customer, manager]) {
      expect((await shop.app.inject({ method: 'GET', url: '/api/creneau', headers: who.auth })).statusCode).toBe(403)
      expect((await createSlot({}, who)).statusCode).toBe(403)
      expect((await shop.app.inject({ method: 'DELETE', url: '/api/creneau/1', headers: who.auth })).statusCode).toBe(403)
      expect((await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: who.auth, payload: {} })).statusCode).toBe(403)
      expect((await shop.app.inject({ method: 'GET', url: '/api/fermeture', headers: who.auth })).statusCode).toBe(403)
    }
  })

  it('answers 400 naming each wrong field, in French', async () => {
    const res = await createSlot({ jour: 7, debut: '9h', fin: '25:00', capacite: 0, zones: ['a'], delai_minutes: -1, depot: 'x' })
    expect(res.statusCode, res.body).toBe(400)
    const { errors } = res.json() as { errors: Record<string, string[]> }
    expect(errors.jour).toEqual([SLOT_MESSAGES.jourInvalid])
    expect(errors.debut).toEqual([SLOT_MESSAGES.heureInvalid])
    expect(errors.fin).toEqual([SLOT_MESSAGES.heureInvalid])
    expect(errors.capacite).toEqual([SLOT_MESSAGES.capaciteInvalid])
    expect(errors['zones.0']).toEqual([SLOT_MESSAGES.zonesInvalid])
    expect(errors.delai_minutes).toEqual([SLOT_MESSAGES.delaiInvalid])
    expect(errors.depot).toEqual([SLOT_MESSAGES.depotInvalid])

    const backwards = await createSlot({ jour: 1, debut: '12:00', fin: '09:00', capacite: 3 })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().errors).toEqual({ fin: [SLOT_MESSAGES.finAfterDebut] })
    const unknownZone = await createSlot({ jour: 1, debut: '09:00', fin: '12:00', capacite: 3, zones: [2_000_000] })
    expect(unknownZone.statusCode).toBe(400)
    expect(unknownZone.json().errors).toEqual({ zones: [SLOT_MESSAGES.zoneUnknown] })
    const unknownDepot = await createSlot({ jour: 1, debut: '09:00', fin: '12:00', capacite: 3, depot: 2_000_000 })
    expect(unknownDepot.statusCode).toBe(400)
    expect(unknownDepot.json().errors).toEqual({ depot: [SLOT_MESSAGES.depotUnknown] })

    const badDay = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date: '2026-02-30', motif: '' } })
    expect(badDay.statusCode).toBe(400)
    expect(badDay.json().errors).toEqual({ date: [SLOT_MESSAGES.dateInvalid], motif: [SLOT_MESSAGES.motifLength] })
    const monthThirteen = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date: '2026-13-01', motif: 'Tabaski' } })
    expect(monthThirteen.statusCode).toBe(400)
    expect(monthThirteen.json().errors).toEqual({ date: [SLOT_MESSAGES.dateInvalid] })
    const tooLong = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date: '2027-01-01', motif: 'x'.repeat(201) } })
    expect(tooLong.json().errors).toEqual({ motif: [SLOT_MESSAGES.motifLength] })
  })

  it('creates, lists, edits and deletes a slot (404 once gone); a second day off on a date is a 409', async () => {
    const created = await createSlot({ jour: 1, debut: '09:00', fin: '12:00', capacite: 8, zones: [otherZone, otherZone], delai_minutes: 90 })
    expect(created.statusCode, created.body).toBe(201)
    const slot = created.json()
    expect(slot).toEqual({ id: slot.id, jour: 1, debut: '09:00', fin: '12:00', capacite: 8, zones: [otherZone], delai_minutes: 90, depot: null, actif: true, horaires: false })

    const list = await shop.app.inject({ method: 'GET', url: '/api/creneau', headers: admin.auth })
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toBe('no-store')
    expect(list.json()).toContainEqual(slot)

    const edited = await shop.app.inject({ method: 'PUT', url: `/api/creneau/${slot.id}`, headers: admin.auth, payload: { jour: 2, debut: '14:00', fin: '17:30', capacite: 4, zones: null, depot: depotId, actif: false } })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toEqual({ id: slot.id, jour: 2, debut: '14:00', fin: '17:30', capacite: 4, zones: null, delai_minutes: 60, depot: depotId, actif: false, horaires: false })

    expect((await shop.app.inject({ method: 'DELETE', url: `/api/creneau/${slot.id}`, headers: admin.auth })).statusCode).toBe(204)
    const gone = await shop.app.inject({ method: 'DELETE', url: `/api/creneau/${slot.id}`, headers: admin.auth })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(SLOT_MESSAGES.slotNotFound)
    const putGone = await shop.app.inject({ method: 'PUT', url: `/api/creneau/${slot.id}`, headers: admin.auth, payload: { jour: 2, debut: '14:00', fin: '17:30', capacite: 4 } })
    expect(putGone.statusCode).toBe(404)

    const date = day(30).date
    const first = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date, motif: 'Tabaski' } })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ date, motif: 'Tabaski' })
    const again = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date, motif: 'Korité' } })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ date: [SLOT_MESSAGES.fermetureExists] })
    const days = await shop.app.inject({ method: 'GET', url: '/api/fermeture', headers: admin.auth })
    expect(days.json()).toContainEqual(first.json())
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/fermeture/${first.json().id}`, headers: admin.auth })).statusCode).toBe(204)
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/fermeture/${first.json().id}`, headers: admin.auth })).statusCode).toBe(404)
    // By its date, as the issue names it: a bad date is a 400 naming it, an open day a 404.
    expect((await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date, motif: 'Tamkharit' } })).statusCode).toBe(201)
    const badDate = await shop.app.inject({ method: 'DELETE', url: '/api/fermeture?date=2026-02-30', headers: admin.auth })
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json().errors).toHaveProperty('date')
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/fermeture?date=${date}`, headers: admin.auth })).statusCode).toBe(204)
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/fermeture?date=${date}`, headers: admin.auth })).statusCode).toBe(404)
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/fermeture?date=${date}`, headers: manager.auth })).statusCode).toBe(403)
  })
})

describe('a zone no slot serves', () => {
  it('takes home orders without a slot there, and requires one where a slot serves', async () => {
    const product = (await makeProduct(shop.db, { quantite: 100, prix: 1000 })).id
    const elsewhere = await newSlot({ jour: day(1).jour, zones: [otherZone] })
    const [other] = await shop.db.select({ designation: zonesLivraison.designation }).from(zonesLivraison).where(eq(zonesLivraison.id, otherZone))
    const who = await shopper(product)
    expectSlotError(await placeWithCart(who, { zone: other!.designation, adresseliv: 'Rue 1, villa 2' }), 400, SLOT_MESSAGES.required)
    const placed = await placeWithCart(who, {})
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().commande.creneau).toBeNull()
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/creneau/${elsewhere.id}`, headers: admin.auth })).statusCode).toBe(204)
  })
})

describe('choosing a slot', () => {
  let product: number
  let tomorrowSlot: { id: number }
  let pickupSlot: { id: number }

  beforeAll(async () => {
    product = (await makeProduct(shop.db, { quantite: 1000, prix: 1000 })).id
    tomorrowSlot = await newSlot({ jour: day(1).jour, capacite: 3 })
    pickupSlot = await newSlot({ jour: day(1).jour, depot: depotId, debut: '10:00', fin: '18:00' })
  })

  it('lists the next 7 days for anyone, each with the places left, and validates the query', async () => {
    const res = await offered(`?zone=${mermoz}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=30')
    const tomorrow = day(1).date
    expect(res.json()).toContainEqual({ id: tomorrowSlot.id, date: tomorrow, debut: '09:00', fin: '12:00', restant: 3, libelle: formatSlot({ date: tomorrow, debut: '09:00', fin: '12:00' }) })
    // A home slot is not a pickup slot, and the other way round.
    expect((res.json() as Array<{ id: number }>).some((slot) => slot.id === pickupSlot.id)).toBe(false)
    const pickup = await offered(`?depot=${depotId}`)
    expect((pickup.json() as Array<{ id: number }>).map((slot) => slot.id)).toEqual([pickupSlot.id])

    const bad = await offered('?zone=abc')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['zone'])
    expect((await offered('?depot=-1')).statusCode).toBe(400)
  })

  it('requires a slot for home delivery once the shop has some, and refuses an unknown one or one of the wrong kind', async () => {
    const who = await shopper(product)
    expectSlotError(await placeWithCart(who, {}), 400, SLOT_MESSAGES.required)
    expectSlotError(await placeWithCart(who, { creneau: { id: 2_000_000, date: day(1).date } }), 400, SLOT_MESSAGES.unknown)
    expectSlotError(await placeWithCart(who, { creneau: { id: pickupSlot.id, date: day(1).date } }), 400, SLOT_MESSAGES.wrongKind)
    expectSlotError(await placeWithCart(who, { creneau: { id: tomorrowSlot.id, date: day(2).date } }), 400, SLOT_MESSAGES.dateNotOffered)
    expectSlotError(await placeWithCart(who, { creneau: { id: tomorrowSlot.id, date: day(8).date } }), 400, SLOT_MESSAGES.dateNotOffered)
    const malformed = await placeWithCart(who, { creneau: { id: tomorrowSlot.id, date: 'demain' } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors).toEqual({ 'creneau.date': [SLOT_MESSAGES.dateInvalid] })
    // A month 13 or a day 32 is no date either: a 400 naming it, never a 500 (the check once threw).
    for (const date of ['2026-13-01', '2026-12-32', '2026-00-10']) {
      const impossible = await placeWithCart(who, { creneau: { id: tomorrowSlot.id, date } })
      expect(impossible.statusCode, date).toBe(400)
      expect(impossible.json().errors).toEqual({ 'creneau.date': [SLOT_MESSAGES.dateInvalid] })
    }
    // A pickup at a depot with slots needs one of that depot's.
    const pickup = { modelivraison: retrait, modepaiement: cash, depot: depotId, tel: HOME_DELIVERY.tel, adresseliv: null, zone: null }
    expectSlotError(await shop.app.inject({ method: 'POST', url: '/api/commande', headers: who.auth, payload: pickup }), 400, SLOT_MESSAGES.requiredPickup)
    expectSlotError(await shop.app.inject({ method: 'POST', url: '/api/commande', headers: who.auth, payload: { ...pickup, creneau: { id: tomorrowSlot.id, date: day(1).date } } }), 400, SLOT_MESSAGES.wrongKind)
    const placed = await shop.app.inject({ method: 'POST', url: '/api/commande', headers: who.auth, payload: { ...pickup, creneau: { id: pickupSlot.id, date: day(1).date } } })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().commande.creneau).toEqual({ date: day(1).date, debut: '10:00', fin: '18:00', libelle: formatSlot({ date: day(1).date, debut: '10:00', fin: '18:00' }) })
    // The confirmation message says when: « …enregistrée (… FCFA), retrait lun. 30/11 10:00-18:00. Suivi : … ».
    const sent = await shop.db.select({ body: messageOutbox.body }).from(messageOutbox).where(and(eq(messageOutbox.commandeId, placed.json().commande.id), eq(messageOutbox.audience, 'client')))
    expect(sent.length).toBeGreaterThan(0)
    for (const message of sent) expect(message.body).toContain(`, retrait ${formatSlotShort({ date: day(1).date, debut: '10:00', fin: '18:00' })}. Suivi : `)
  })

  it('refuses a slot not serving the zone, past its cut-off, or on a day off, naming `creneau`', async () => {
    const who = await shopper(product)
    const elsewhere = await newSlot({ jour: day(1).jour, zones: [otherZone] })
    expectSlotError(await placeWithCart(who, { creneau: { id: elsewhere.id, date: day(1).date } }), 400, SLOT_MESSAGES.zoneNotServed)
    expect(((await offered(`?zone=${mermoz}`)).json() as Array<{ id: number }>).some((slot) => slot.id === elsewhere.id)).toBe(false)
    expect(((await offered(`?zone=${otherZone}`)).json() as Array<{ id: number }>).some((slot) => slot.id === elsewhere.id)).toBe(true)

    // A cut-off of a whole week: the slot two days from now can no longer be chosen, nor is it listed.
    const late = await newSlot({ jour: day(2).jour, delai_minutes: 10_080 })
    expectSlotError(await placeWithCart(who, { creneau: { id: late.id, date: day(2).date } }), 409, SLOT_MESSAGES.cutOff)
    expect(((await offered(`?zone=${mermoz}`)).json() as Array<{ id: number }>).some((slot) => slot.id === late.id)).toBe(false)

    const closedDay = day(3)
    const closing = await newSlot({ jour: closedDay.jour })
    expect(((await offered(`?zone=${mermoz}`)).json() as Array<{ id: number; date: string }>).some((slot) => slot.id === closing.id && slot.date === closedDay.date)).toBe(true)
    const fermeture = await shop.app.inject({ method: 'POST', url: '/api/fermeture', headers: admin.auth, payload: { date: closedDay.date, motif: 'Korité' } })
    expect(fermeture.statusCode, fermeture.body).toBe(201)
    expectSlotError(await placeWithCart(who, { creneau: { id: closing.id, date: closedDay.date } }), 409, SLOT_MESSAGES.closed('Korité'))
    expect(((await offered(`?zone=${mermoz}`)).json() as Array<{ date: string }>).some((slot) => slot.date === closedDay.date)).toBe(false)

    // An inactive slot is not offered and cannot be chosen.
    const off = await newSlot({ jour: day(1).jour, actif: false })
    expectSlotError(await placeWithCart(who, { creneau: { id: off.id, date: day(1).date } }), 400, SLOT_MESSAGES.unknown)
  })

  it('takes exactly N orders of N + 10 placed at once, then « full »; a cancelled order frees its place', async () => {
    const capacity = 4
    const { date, jour } = day(1)
    const slot = await newSlot({ jour, capacite: capacity, debut: '15:00', fin: '18:00' })
    const shoppers = await Promise.all(Array.from({ length: capacity + 10 }, () => shopper(product)))
    const results = await Promise.all(shoppers.map((who) => placeWithCart(who, { creneau: { id: slot.id, date } })))
    const placed = results.filter((res) => res.statusCode === 201)
    expect(placed).toHaveLength(capacity)
    for (const res of results.filter((r) => r.statusCode !== 201)) expectSlotError(res, 409, SLOT_MESSAGES.full)
    const held = await shop.db.select({ id: commandes.id }).from(commandes).where(eq(commandes.creneauId, slot.id))
    expect(held).toHaveLength(capacity)
    const listed = ((await offered(`?zone=${mermoz}`)).json() as Array<{ id: number; date: string; restant: number }>).find((s) => s.id === slot.id && s.date === date)
    expect(listed?.restant).toBe(0)

    // The first customer cancels: one place again, taken by one of those refused.
    const first = placed[0]!.json().commande as { numerocommande: string; creneau: { libelle: string } }
    expect(first.creneau.libelle).toBe(formatSlot({ date, debut: '15:00', fin: '18:00' }))
    const owner = shoppers[results.indexOf(placed[0]!)]!
    const cancelled = await shop.app.inject({ method: 'POST', url: `/api/commande/${first.numerocommande}/annulation`, headers: owner.auth })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const refused = shoppers[results.findIndex((res) => res.statusCode !== 201)]!
    const again = await placeWithCart(refused, { creneau: { id: slot.id, date } })
    expect(again.statusCode, again.body).toBe(201)
    expectSlotError(await placeWithCart(shoppers[results.findLastIndex((res) => res.statusCode !== 201)]!, { creneau: { id: slot.id, date } }), 409, SLOT_MESSAGES.full)

    // The slot reads back in the customer's list (GraphQL) as in the REST answer.
    const mine = await gql(shop.app, '{ commandespaginated(page: 1, count: 5) { data { numerocommande creneau { date debut fin libelle } } } }', {}, refused.auth)
    expect(mine.errors).toBeUndefined()
    expect(mine.data!.commandespaginated.data[0].creneau).toEqual({ date, debut: '15:00', fin: '18:00', libelle: formatSlot({ date, debut: '15:00', fin: '18:00' }) })

    // The back office's list: filtered by slot and by slot date, sorted by slot.
    const bySlot = await shop.app.inject({ method: 'GET', url: `/api/commande?creneau=${slot.id}&sort=creneau`, headers: manager.auth })
    expect(bySlot.statusCode, bySlot.body).toBe(200)
    const rows = bySlot.json().data as Array<{ creneau: { date: string; debut: string } | null }>
    expect(rows).toHaveLength(capacity + 1)
    expect(rows.every((row) => row.creneau?.date === date && row.creneau.debut === '15:00')).toBe(true)
    const byDate = await shop.app.inject({ method: 'GET', url: `/api/commande?creneau_date=${date}&sort=creneau&dir=asc`, headers: manager.auth })
    const debuts = (byDate.json().data as Array<{ creneau: { debut: string } }>).map((row) => row.creneau.debut)
    expect(debuts).toEqual([...debuts].sort())
    expect(new Set(debuts)).toEqual(new Set(['10:00', '15:00']))
    const bad = await shop.app.inject({ method: 'GET', url: '/api/commande?creneau_date=demain', headers: manager.auth })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['creneau_date'])
  })
})
