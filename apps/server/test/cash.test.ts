// The cash page (issue 25 §4, ADR 057): per courier and day, the cash orders delivered, what was
// to be collected, what the courier entered, what they handed back and the two differences,
// summed against the orders themselves; hand-back lines audited, never edited, corrected by a
// negative line; the last 30 days. Sad paths: 400 naming the field, 401, 403, 404/405.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { CASH_MESSAGES, CASH_SUMMARY_DAYS, type CashCourierDay, type CashDaySummary } from '@teranga/shared/backoffice-cash'
import { DISPATCH_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { MESSAGES } from '@teranga/shared/server-messages'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { commandes } from '../src/db/schema.ts'
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts'
import { actors, createOrderLifecycle } from '../src/modules/orders/order-lifecycle.service.ts'
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts'
import { createOrdersService } from '../src/modules/orders/orders.service.ts'
import { makeProduct, placeHomeOrder } from './factories.ts'
import { createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const today = shopDay()
const yesterday = addDays(today, -1)

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const staffPost = (url: string, payload: unknown, by: SignedIn = manager) => shop.app.inject({ method: 'POST', url, headers: by.auth, payload: payload as Record<string, unknown> })
const moveTo = async (numero: string, etat: string) => expect((await staffPost(`/api/commande/${numero}/etat`, { etat })).statusCode, etat).toBe(200)

async function newCourier(nom: string) {
  const res = await staffPost('/api/livreur', { nom, telephone: `77${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` }, admin)
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; nom: string }
}

/** An order placed by the customer (`mode`: a payment mode's code) of `units` of a product at `prix`. */
async function place(mode: string, prix: number, units = 1) {
  const produit = await makeProduct(shop.db, { prix, quantite: 50 })
  const res = await placeHomeOrder(shop.app, shop.db, customer, [[produit.id, units]], { mode })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande.numerocommande as string
}

/**
 * Carries `numero` to `livree` by `courier` through the back office and the real lifecycle. What
 * the courier enters on delivering (`montant_encaisse`, `encaisse_le`) is written directly here,
 * to set its day and amount at will; the courier's own « Livrée » feeding this page is tested in
 * courier-phone.test.ts (« the cash page reads what the courier entered ») and the delivery-day e2e.
 */
async function deliver(numero: string, courier: number, collected?: { montant: number; le: Date }) {
  await moveTo(numero, 'confirmee')
  await moveTo(numero, 'en_preparation')
  expect((await shop.app.inject({ method: 'PUT', url: `/api/commande/${numero}/livreur`, headers: manager.auth, payload: { livreur: courier } })).statusCode).toBe(200)
  await moveTo(numero, 'en_livraison')
  await moveTo(numero, 'livree')
  if (collected) await shop.db.update(commandes).set({ montantEncaisse: collected.montant, encaisseLe: collected.le }).where(eq(commandes.numerocommande, numero))
}

const totalsOf = async (numeros: string[]) =>
  (await shop.db.select({ total: commandes.montantTotal }).from(commandes).where(inArray(commandes.numerocommande, numeros))).reduce((sum, r) => sum + r.total, 0)

const day = async (query = '', by: SignedIn = manager) => shop.app.inject({ url: `/api/caisse${query}`, headers: by.auth })

describe('the cash page', () => {
  it("sums each courier's delivered cash orders, what they entered and handed back; online orders and other days left out", async () => {
    const awa = await newCourier('Awa Diop')
    const ibou = await newCourier('Ibrahima Fall')
    const noon = new Date(`${today}T12:00:00Z`)

    // Awa: two cash orders today, one collected in full, one short by 500; one collected yesterday.
    const a1 = await place('CASH', 4000, 2)
    const a2 = await place('CASH', 2500)
    const aOld = await place('CASH', 3000)
    await deliver(a1, awa.id, { montant: 0, le: noon })
    await deliver(a2, awa.id, { montant: 0, le: noon })
    const [t1, t2] = [await totalsOf([a1]), await totalsOf([a2])]
    await shop.db.update(commandes).set({ montantEncaisse: t1 }).where(eq(commandes.numerocommande, a1))
    await shop.db.update(commandes).set({ montantEncaisse: t2 - 500 }).where(eq(commandes.numerocommande, a2))
    await deliver(aOld, awa.id, { montant: await totalsOf([aOld]), le: new Date(`${yesterday}T18:00:00Z`) })

    // Ibrahima: one cash order delivered through the back office alone (nothing entered: counted
    // on its move to livree, 0 collected), and an order paid online, which he collects nothing for.
    const i1 = await place('CASH', 1800)
    await deliver(i1, ibou.id)
    const online = await place('WAVE', 5000)
    // Paid online: the provider's approval, through the lifecycle as the payments module moves it.
    const lifecycle = createOrderLifecycle({ db: shop.db, orders: createOrdersService(createOrdersRepository(shop.db, shop.app.orderParticipants)), participants: shop.app.orderParticipants, log: shop.app.log })
    await lifecycle.run(async ({ orders, move }) => {
      const order = await orders.lockOrder({ numero: online })
      expect((await move(order!, 'payee', actors.provider('wave'))).moved).toBe(true)
    })
    await deliver(online, ibou.id)
    // A cash order not delivered yet is not counted either.
    const pending = await place('CASH', 900)
    await moveTo(pending, 'confirmee')

    // Hand-backs: Awa hands back 10 000, then a line of 2 000 entered by mistake is corrected.
    expect((await staffPost('/api/caisse/remise', { livreur: awa.id, date: today, montant: 10_000 })).statusCode).toBe(201)
    expect((await staffPost('/api/caisse/remise', { livreur: awa.id, date: today, montant: 2_000 }, admin)).statusCode).toBe(201)
    const correction = await staffPost('/api/caisse/remise', { livreur: awa.id, date: today, montant: -2_000, note: '  Saisie en double  ' })
    expect(correction.statusCode, correction.body).toBe(201)
    expect(correction.json()).toMatchObject({ livreur: awa.id, date: today, montant: -2_000, note: 'Saisie en double' })
    // Yesterday's hand-back stays on yesterday.
    expect((await staffPost('/api/caisse/remise', { livreur: awa.id, date: yesterday, montant: 1_000 })).statusCode).toBe(201)

    const res = await day(`?date=${today}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const rows = res.json() as CashCourierDay[]
    const awaToday = { commandes: 2, a_encaisser: t1 + t2, encaisse: t1 + t2 - 500, remis: 10_000 }
    expect(rows).toEqual([
      { livreur: { id: awa.id, nom: 'Awa Diop' }, ...awaToday, ecart: awaToday.encaisse - 10_000, ecart_encaissement: 500 },
      { livreur: { id: ibou.id, nom: 'Ibrahima Fall' }, commandes: 1, a_encaisser: await totalsOf([i1]), encaisse: 0, remis: 0, ecart: 0, ecart_encaissement: await totalsOf([i1]) },
    ])
    // Today is the default day.
    expect((await day()).json()).toEqual(rows)
    const before = (await day(`?date=${yesterday}`)).json() as CashCourierDay[]
    const oldTotal = await totalsOf([aOld])
    expect(before).toEqual([{ livreur: { id: awa.id, nom: 'Awa Diop' }, commandes: 1, a_encaisser: oldTotal, encaisse: oldTotal, remis: 1_000, ecart: oldTotal - 1_000, ecart_encaissement: 0 }])

    // The last 30 days, newest first, every day present, each the sum of its couriers.
    const days = await shop.app.inject({ url: `/api/caisse/jours?jusqua=${today}`, headers: admin.auth })
    expect(days.statusCode, days.body).toBe(200)
    const summary = days.json() as CashDaySummary[]
    expect(summary).toHaveLength(CASH_SUMMARY_DAYS)
    expect(summary[0]).toEqual({ date: today, ...sumOf(rows) })
    expect(summary[1]).toEqual({ date: yesterday, ...sumOf(before) })
    expect(summary[29]).toEqual({ date: addDays(today, -29), commandes: 0, a_encaisser: 0, encaisse: 0, remis: 0, ecart: 0, ecart_encaissement: 0 })
    expect((await shop.app.inject({ url: '/api/caisse/jours', headers: manager.auth })).json()).toEqual(summary)

    // Every line is audited with who entered it.
    const audit = await createAuditRepository(shop.db).page({ resource: 'remise_caisse' }, { page: 1, count: 10, offset: 0 })
    expect(audit).toHaveLength(4)
    expect(audit.every((line) => line.action === 'caisse.remise')).toBe(true)
    expect(audit.find((line) => (line.after as { montant: number }).montant === -2_000)?.staffEmail).toBe(manager.email)
  })

  it('refuses bad input with a French 400 naming the field', async () => {
    const moussa = await newCourier('Moussa Sarr')
    for (const date of ['2026-02-30', '29/11/2026', 'demain']) {
      const res = await day(`?date=${encodeURIComponent(date)}`)
      expect(res.statusCode, date).toBe(400)
      expect(res.json().errors.date).toEqual([CASH_MESSAGES.dateInvalid])
    }
    expect((await shop.app.inject({ url: '/api/caisse/jours?jusqua=x', headers: manager.auth })).json().errors.jusqua).toEqual([CASH_MESSAGES.dateInvalid])
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ date: today, montant: 100 }, 'livreur', CASH_MESSAGES.livreurRequired],
      [{ livreur: moussa.id, date: today, montant: 0 }, 'montant', CASH_MESSAGES.montantInvalid],
      [{ livreur: moussa.id, date: today, montant: 12.5 }, 'montant', CASH_MESSAGES.montantInvalid],
      [{ livreur: moussa.id, date: today, montant: '1000' }, 'montant', CASH_MESSAGES.montantInvalid],
      [{ livreur: moussa.id, date: today, montant: 100_000_001 }, 'montant', CASH_MESSAGES.montantTooLarge],
      [{ livreur: moussa.id, date: today, montant: -500 }, 'note', CASH_MESSAGES.noteRequiredForCorrection],
      [{ livreur: moussa.id, date: today, montant: 500, note: 'x'.repeat(501) }, 'note', CASH_MESSAGES.noteTooLong],
      [{ livreur: moussa.id, date: today, montant: 500, note: 'a\u0000b' }, 'note', MESSAGES.textInvalidCharacters],
      [{ livreur: moussa.id, date: '2026-13-01', montant: 500 }, 'date', CASH_MESSAGES.dateInvalid],
      [{ livreur: moussa.id, date: addDays(today, 1), montant: 500 }, 'date', CASH_MESSAGES.dateFuture],
      [{ livreur: 999_999, date: today, montant: 500 }, 'livreur', DISPATCH_MESSAGES.courierNotFound],
    ]
    for (const [payload, field, message] of cases) {
      const res = await staffPost('/api/caisse/remise', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errors[field], JSON.stringify(payload)).toEqual([message])
    }
    expect((await day(`?date=${today}`)).json()).not.toContainEqual(expect.objectContaining({ livreur: expect.objectContaining({ id: moussa.id }) }))
  })

  it('is for admins and gestionnaires only; a line is never edited nor deleted', async () => {
    const fatou = await newCourier('Fatou Ba')
    expect((await shop.app.inject({ url: '/api/caisse' })).statusCode).toBe(401)
    expect((await day('', customer)).statusCode).toBe(403)
    expect((await shop.app.inject({ url: '/api/caisse/jours', headers: customer.auth })).statusCode).toBe(403)
    expect((await shop.app.inject({ method: 'POST', url: '/api/caisse/remise', payload: { livreur: fatou.id, date: today, montant: 500 } })).statusCode).toBe(401)
    expect((await staffPost('/api/caisse/remise', { livreur: fatou.id, date: today, montant: 500 }, customer)).statusCode).toBe(403)
    const line = (await staffPost('/api/caisse/remise', { livreur: fatou.id, date: today, montant: 500 })).json() as { id: number }
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await shop.app.inject({ method, url: `/api/caisse/remise/${line.id}`, headers: admin.auth, payload: { montant: 1 } })
      expect([404, 405], method).toContain(res.statusCode)
    }
    expect(((await day()).json() as CashCourierDay[]).find((r) => r.livreur.id === fatou.id)?.remis).toBe(500)
  })
})

function sumOf(rows: CashCourierDay[]) {
  const keys = ['commandes', 'a_encaisser', 'encaisse', 'remis', 'ecart', 'ecart_encaissement'] as const
  return Object.fromEntries(keys.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)]))
}
