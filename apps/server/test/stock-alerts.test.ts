// The owner's alerts (issue 26 §4, ADR 062) through the real app listening on loopback (the
// payment sandbox's page plays the failed payments): stock crossing its threshold by orders and
// by the back office, one message per sweep however many crossed, none again until the stock is
// back above; the daily summary once per Dakar day across sweeps and instances, at the owner's
// hour (the sweep's clock is the test's); unpaid orders about to expire; payments failed twice;
// the « Alertes » settings' validation, audit and gate. Messages are read in the outbox.
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { ALERT_MESSAGES, DEFAULT_ALERT_SETTINGS } from '@teranga/shared/staff-alerts'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import { auditLog, messageOutbox, paiements, staffAlerts, variantes } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { ALERT_MAX_PARTS, dailySummaryText, partsOf, stockLowText } from '../src/modules/alerts/alert-texts.ts'
import { STOCK_ALERTS_PER_DAY } from '../src/modules/alerts/alerts.repository.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { makeProduct, makeProductWithVariants, placeHomeOrder } from './factories.ts'
import { anotherInstance, freshDatabase, signIn, signInStaff, testConfig, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let config: Config
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const STAFF = ['+221770000001', '+221780000002']
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  const fresh = await freshDatabase()
  const port = await freePort()
  config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  const app = await buildApp({ config, database: fresh.database, verifier, webRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0, messagesEveryMs: 0, alertsEveryMs: 0, orderRateLimit: 1000 })
  await app.listen({ port, host: '127.0.0.1' })
  ctx = {
    app,
    database: fresh.database,
    db: fresh.database.db,
    close: async () => {
      await app.close()
      await fresh.database.close()
      await fresh.drop()
    },
  }
  ;({ admin, manager, customer } = await signInStaff(ctx))
})
afterAll(() => ctx.close())

const sweep = (at?: Date, app: FastifyInstance = ctx.app) => app.alerting.service!.sweep(at)
const settings = (payload: Record<string, unknown>, who: SignedIn = admin) => ctx.app.inject({ method: 'PUT', url: '/api/preference/alertes', headers: who.auth, payload })
const staffNumbers = async (numbers: string[]) => {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { telephonesAlertes: numbers } })
  expect(res.statusCode, res.body).toBe(200)
}

/** The last outbox id now: messages written after it are the test's. */
const mark = async () => (await ctx.db.select({ id: messageOutbox.id }).from(messageOutbox).orderBy(desc(messageOutbox.id)).limit(1))[0]?.id ?? 0
/** The alerts' messages written after `since`, oldest first. */
const alertsSince = (since: number) =>
  ctx.db
    .select({ kind: staffAlerts.kind, channel: messageOutbox.channel, recipient: messageOutbox.recipient, body: messageOutbox.body, audience: messageOutbox.audience })
    .from(messageOutbox)
    .innerJoin(staffAlerts, eq(staffAlerts.id, messageOutbox.alertId))
    .where(and(isNotNull(messageOutbox.alertId), gt(messageOutbox.id, since)))
    .orderBy(messageOutbox.id)

async function order(lines: Array<[number, number, number?]>, mode = 'CASH', who: SignedIn = customer) {
  const res = await placeHomeOrder(ctx.app, ctx.db, who, lines.map(([produit, quantite]) => [produit, quantite]), { mode })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande as { id: number; numerocommande: string; montanttotal: number }
}
const move = (produit: number, delta: number, variante?: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/produit/${produit}/mouvements`, headers: manager.auth, payload: { delta, motif: 'Inventaire', ...(variante ? { variante } : {}) } })

describe('the « Alertes » settings', () => {
  it('answers the defaults, saves a part, audits it, and refuses bad fields in French, naming them', async () => {
    const first = await ctx.app.inject({ url: '/api/preference/alertes', headers: admin.auth })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.json()).toEqual(DEFAULT_ALERT_SETTINGS)

    const saved = await settings({ canal: 'whatsapp', resume_heure: '07:30', impayees: true, impayees_minutes: 15 })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ canal: 'whatsapp', resume_heure: '07:30', stock: true, impayees: true, impayees_minutes: 15, paiement_echoue: false })
    const again = await settings({ resume_heure: null, paiement_echoue: true })
    expect(again.json()).toEqual({ canal: 'whatsapp', resume_heure: null, stock: true, impayees: true, impayees_minutes: 15, paiement_echoue: true })
    const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'alertes.modifier')).orderBy(auditLog.id)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ staffId: admin.userId, resource: 'alertes', before: null, after: { canal: 'whatsapp', resume_heure: '07:30' } })
    expect(lines[1]).toMatchObject({ before: { resume_heure: '07:30' }, after: { resume_heure: null, paiement_echoue: true } })

    const bad = await settings({ canal: 'pigeon', resume_heure: '25:00', stock: 'oui', impayees_minutes: 0, paiement_echoue: 1 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      canal: [ALERT_MESSAGES.canalInvalid],
      resume_heure: [ALERT_MESSAGES.resumeHeureInvalid],
      stock: [ALERT_MESSAGES.booleanInvalid],
      impayees_minutes: [ALERT_MESSAGES.impayeesMinutesInvalid],
      paiement_echoue: [ALERT_MESSAGES.booleanInvalid],
    })
    expect((await settings({ impayees_minutes: 2.5 })).json().errors).toMatchObject({ impayees_minutes: [ALERT_MESSAGES.impayeesMinutesInvalid] })
    expect((await settings({ resume_heure: '8h' })).json().errors).toMatchObject({ resume_heure: [ALERT_MESSAGES.resumeHeureInvalid] })
    const empty = await settings({})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(ALERT_MESSAGES.nothingToChange)
    // Nothing of the refused bodies was written.
    expect((await ctx.app.inject({ url: '/api/preference/alertes', headers: admin.auth })).json()).toMatchObject({ canal: 'whatsapp', impayees_minutes: 15 })
    // Back to SMS for the tests below.
    expect((await settings({ canal: 'sms', impayees: false, paiement_echoue: false })).statusCode).toBe(200)
  })

  it('admins only: a visitor 401, a customer and a gestionnaire 403 (before any body check)', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const visitor = await ctx.app.inject({ method, url: '/api/preference/alertes', payload: method === 'PUT' ? { canal: 'x' } : undefined })
      expect(visitor.statusCode).toBe(401)
      const asCustomer = await ctx.app.inject({ method, url: '/api/preference/alertes', headers: customer.auth, payload: method === 'PUT' ? { canal: 'x' } : undefined })
      expect(asCustomer.statusCode).toBe(403)
      expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
      const asManager = await ctx.app.inject({ method, url: '/api/preference/alertes', headers: manager.auth, payload: method === 'PUT' ? { canal: 'sms' } : undefined })
      expect(asManager.statusCode).toBe(403)
      expect(asManager.json().message).toBe(MESSAGES.adminOnly)
    }
  })
})

describe('stock crossing its threshold', () => {
  it('no staff numbers: the crossing is marked, nothing is queued, no error', async () => {
    await staffNumbers([])
    await sweep()
    const since = await mark()
    const p = await makeProduct(ctx.db, { designation: 'Lait en poudre 400 g', quantite: 6 })
    await order([[p.id, 2]])
    await expect(sweep()).resolves.toMatchObject({ stock: 1 })
    expect(await alertsSince(since)).toEqual([])
    await staffNumbers(STAFF)
    // Not told again once the numbers are there: that crossing was the one before.
    await sweep()
    expect(await alertsSince(since)).toEqual([])
  })

  it('two orders crossing at once: one message per staff number listing both; not again until back above', async () => {
    await sweep()
    const since = await mark()
    const riz = await makeProduct(ctx.db, { designation: 'Riz parfumé 25 kg', quantite: 7 })
    const huile = await makeProduct(ctx.db, { designation: 'Huile Dinor 1 L', quantite: 6 })
    const other = await signIn(ctx.app)
    await order([[riz.id, 4]])
    await order([[huile.id, 6]], 'CASH', other)
    // A product still above its threshold says nothing.
    const sucre = await makeProduct(ctx.db, { designation: 'Sucre 1 kg', quantite: 40 })
    await order([[sucre.id, 3]])

    expect(await sweep()).toMatchObject({ stock: 1 })
    const sent = await alertsSince(since)
    expect(sent.map((m) => [m.kind, m.audience, m.channel, m.recipient])).toEqual(STAFF.map((to) => ['stock', 'staff', 'sms', to]))
    expect(sent[0]!.body).toBe('Teranga : stock bas : Huile Dinor 1 L (0 restant, seuil 5) ; Riz parfumé 25 kg (3 restants, seuil 5).')
    expect(sent[1]!.body).toBe(sent[0]!.body)

    // More orders below the threshold, and a second sweep: nothing new.
    await order([[riz.id, 1]])
    expect(await sweep()).toMatchObject({ stock: 0 })
    expect(await alertsSince(since)).toHaveLength(2)

    // Back above by the back office (a delivery) a day later, then below again by an adjustment: told again, once.
    expect((await move(riz.id, 10)).statusCode).toBe(201)
    expect(await sweep(new Date(Date.now() + DAY_MS + 60_000))).toMatchObject({ stock: 0 })
    expect((await move(riz.id, -9)).statusCode).toBe(201)
    expect(await sweep()).toMatchObject({ stock: 1 })
    expect(await sweep()).toMatchObject({ stock: 0 })
    const after = await alertsSince(since)
    expect(after).toHaveLength(4)
    expect(after[2]!.body).toBe('Teranga : stock bas : Riz parfumé 25 kg (3 restants, seuil 5).')
  })

  it('a stock adjustment of the back office alone crosses it', async () => {
    await sweep()
    const since = await mark()
    const p = await makeProduct(ctx.db, { designation: 'Café Touba 250 g', quantite: 12 })
    expect((await move(p.id, -10)).statusCode).toBe(201)
    expect(await sweep()).toMatchObject({ stock: 1 })
    expect((await alertsSince(since)).map((m) => m.body)).toEqual(STAFF.map(() => 'Teranga : stock bas : Café Touba 250 g (2 restants, seuil 5).'))
  })

  it("a variant's own threshold: the 25 kg crosses while the 5 kg does not", async () => {
    await sweep()
    const since = await mark()
    const rice = await makeProductWithVariants(
      ctx.db,
      'Contenance',
      [
        { valeur: '5 kg', prix: 4000, quantite: 20 },
        { valeur: '25 kg', prix: 17500, quantite: 8 },
      ],
      { designation: 'Riz brisé', prix: 4000 },
    )
    await ctx.db.update(variantes).set({ seuil: 3 }).where(eq(variantes.id, rice.varianteIds[1]!))
    const res = await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: customer.auth, payload: { user: customer.userId, produit: rice.id, variante: rice.varianteIds[1], quantite: 4, action: 0 } })
    expect(res.statusCode, res.body).toBe(200)
    // The cart holds the variant: the order is placed from it.
    const placed = await placeHomeOrder(ctx.app, ctx.db, customer, [])
    expect(placed.statusCode, placed.body).toBe(201)
    await sweep()
    expect(await alertsSince(since)).toEqual([])
    expect((await move(rice.id, -1, rice.varianteIds[1])).statusCode).toBe(201)
    await sweep()
    expect((await alertsSince(since)).map((m) => m.body)).toEqual(STAFF.map(() => 'Teranga : stock bas : Riz brisé 25 kg (3 restants, seuil 3).'))
  })

  it('a product bouncing across its threshold 5 times in a day is told of once (the mark outlives the rise for a day)', async () => {
    await sweep()
    const since = await mark()
    const p = await makeProduct(ctx.db, { designation: 'Mayonnaise 500 g', quantite: 6 })
    const at = Date.now()
    for (let bounce = 0; bounce < 5; bounce++) {
      expect((await move(p.id, -2)).statusCode).toBe(201)
      expect(await sweep(new Date(at + bounce * 60 * 60_000))).toMatchObject({ stock: bounce === 0 ? 1 : 0 })
      expect((await move(p.id, 2)).statusCode).toBe(201)
      expect(await sweep(new Date(at + bounce * 60 * 60_000 + 60_000))).toMatchObject({ stock: 0 })
    }
    expect((await alertsSince(since)).map((m) => m.body)).toEqual(STAFF.map(() => 'Teranga : stock bas : Mayonnaise 500 g (4 restants, seuil 5).'))
    // A day after its mark, back above then below again: told again.
    expect(await sweep(new Date(at + DAY_MS + 60_000))).toMatchObject({ stock: 0 })
    expect((await move(p.id, -2)).statusCode).toBe(201)
    expect(await sweep(new Date(at + DAY_MS + 120_000))).toMatchObject({ stock: 1 })
    expect(await alertsSince(since)).toHaveLength(4)
  })

  it(`at most ${STOCK_ALERTS_PER_DAY} stock alerts a Dakar day; past them only the daily summary tells, the next day they are sent again`, async () => {
    await sweep()
    const since = await mark()
    const products = await Promise.all(Array.from({ length: STOCK_ALERTS_PER_DAY + 2 }, (_, i) => makeProduct(ctx.db, { designation: `Biscuit ${i + 1}`, quantite: 6 })))
    const sent: number[] = []
    for (const [i, p] of products.entries()) {
      expect((await move(p.id, -2)).statusCode).toBe(201)
      const day = i <= STOCK_ALERTS_PER_DAY ? '2027-03-01' : '2027-03-02'
      sent.push((await sweep(new Date(`${day}T10:${String(i).padStart(2, '0')}:00Z`))).stock)
    }
    expect(sent).toEqual([...Array.from({ length: STOCK_ALERTS_PER_DAY }, () => 1), 0, 1])
    expect(await alertsSince(since)).toHaveLength((STOCK_ALERTS_PER_DAY + 1) * STAFF.length)
  })

  it('stock alerts off: the crossing is marked but not told; on again, only the next crossing is', async () => {
    await sweep()
    const since = await mark()
    expect((await settings({ stock: false })).statusCode).toBe(200)
    const p = await makeProduct(ctx.db, { designation: 'Thé vert 500 g', quantite: 9 })
    await move(p.id, -6)
    expect(await sweep()).toMatchObject({ stock: 0 })
    expect((await settings({ stock: true })).statusCode).toBe(200)
    expect(await sweep()).toMatchObject({ stock: 0 })
    expect(await alertsSince(since)).toEqual([])
  })
})

describe('the daily summary', () => {
  it('at the owner’s Dakar hour, once per day across sweeps, instances and restarts; bounded with « et N autres »', async () => {
    await sweep()
    // Thirty products low, with long names: more than two SMS parts' worth.
    for (let i = 1; i <= 30; i++) await makeProduct(ctx.db, { designation: `Conserve de tomate concentrée double ${i}`, quantite: 1 })
    await sweep()
    const since = await mark()
    expect((await settings({ resume_heure: '08:00' })).statusCode).toBe(200)
    // Dakar is UTC all year: 07:59 is before the owner's time, 08:00 is it.
    expect(await sweep(new Date('2027-01-04T07:59:00Z'))).toMatchObject({ resume: 0 })
    expect(await sweep(new Date('2027-01-04T08:00:00Z'))).toMatchObject({ resume: 1 })
    expect(await sweep(new Date('2027-01-04T08:01:00Z'))).toMatchObject({ resume: 0 })
    // A second instance (another server, or this one restarted) the same day: nothing more.
    const second = await anotherInstance(ctx, { alertsEveryMs: 0 })
    try {
      const [a, b] = await Promise.all([sweep(new Date('2027-01-04T12:00:00Z'), second), sweep(new Date('2027-01-04T12:00:00Z'))])
      expect(a.resume + b.resume).toBe(0)
      // The next day: once, whichever instance sweeps first, even both at once.
      const [c, d] = await Promise.all([sweep(new Date('2027-01-05T08:00:30Z'), second), sweep(new Date('2027-01-05T08:00:30Z'))])
      expect(c.resume + d.resume).toBe(1)
    } finally {
      await second.close()
    }
    const sent = (await alertsSince(since)).filter((m) => m.kind === 'resume')
    expect(sent).toHaveLength(2 * STAFF.length)
    const text = sent[0]!.body
    expect(text).toMatch(/^Teranga : résumé du jour, \d+ en stock bas : /)
    expect(text).toContain('Conserve de tomate concentrée double 1 (1 restant, seuil 5)')
    expect(text).toMatch(/ ; et \d+ autres\.$/)
    expect(partsOf(text)).toBeLessThanOrEqual(ALERT_MAX_PARTS)
    // The count said plus the ones named plus « et N autres » add up.
    const total = Number(/résumé du jour, (\d+) en/.exec(text)![1])
    const named = text.split(' : ').slice(2).join(' : ').split(' ; ').filter((item) => !item.startsWith('et ')).length
    expect(named + Number(/et (\d+) autres/.exec(text)![1])).toBe(total)
    expect((await settings({ resume_heure: null })).statusCode).toBe(200)
    expect(await sweep(new Date('2027-01-06T09:00:00Z'))).toMatchObject({ resume: 0 })
  })
})

describe('orders', () => {
  it('an unpaid order about to expire: one alert per order, only when the owner wants them', async () => {
    const since = await mark()
    const waiting = await order([[(await makeProduct(ctx.db, { quantite: 50 })).id, 1]], 'WAVE')
    const inTwentyOne = new Date(Date.now() + 21 * 60_000)
    // Off by default.
    expect(await sweep(inTwentyOne)).toMatchObject({ impayee: 0 })
    expect((await settings({ impayees: true, impayees_minutes: 10 })).statusCode).toBe(200)
    // Its expiry is 30 minutes away: not yet.
    expect(await sweep(new Date())).toMatchObject({ impayee: 0 })
    expect(await sweep(inTwentyOne)).toMatchObject({ impayee: 1 })
    expect(await sweep(new Date(Date.now() + 25 * 60_000))).toMatchObject({ impayee: 0 })
    const sent = (await alertsSince(since)).filter((m) => m.kind === 'impayee')
    expect(sent).toHaveLength(STAFF.length)
    expect(sent[0]!.body).toMatch(new RegExp(`^Teranga : commande ${waiting.numerocommande} \\(\\d[\\d ]* FCFA\\) non payée, annulée dans (8|9) min\\. http://127\\.0\\.0\\.1:\\d+/admin/commandes/${waiting.numerocommande}$`))
    // A cash order is never « unpaid ».
    const cash = await order([[(await makeProduct(ctx.db, { quantite: 50 })).id, 1]])
    await sweep(inTwentyOne)
    expect((await alertsSince(since)).filter((m) => m.body.includes(cash.numerocommande))).toEqual([])
    expect((await settings({ impayees: false })).statusCode).toBe(200)
  })

  it('a payment failed twice: one alert per order, none after one failure', async () => {
    const since = await mark()
    expect((await settings({ paiement_echoue: true })).statusCode).toBe(200)
    const decline = async (numero: string) => {
      const started = await ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: customer.auth })
      expect(started.statusCode, started.body).toBe(200)
      const res = await fetch(started.json().url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ decision: 'decline' }).toString(),
        redirect: 'manual',
      })
      expect(res.status).toBe(303)
    }
    const once = await order([[(await makeProduct(ctx.db, { quantite: 50 })).id, 1]], 'WAVE')
    const twice = await order([[(await makeProduct(ctx.db, { quantite: 50 })).id, 1]], 'WAVE')
    await decline(once.numerocommande)
    await decline(twice.numerocommande)
    expect(await sweep()).toMatchObject({ paiement_echoue: 0 })
    await decline(twice.numerocommande)
    expect(await sweep()).toMatchObject({ paiement_echoue: 1 })
    expect(await sweep()).toMatchObject({ paiement_echoue: 0 })
    const sent = (await alertsSince(since)).filter((m) => m.kind === 'paiement_echoue')
    expect(sent.map((m) => m.recipient)).toEqual(STAFF)
    expect(sent[0]!.body).toMatch(new RegExp(`^Teranga : 2 échecs de paiement pour la commande ${twice.numerocommande} \\(\\d[\\d ]* FCFA\\)\\. http://127\\.0\\.0\\.1:\\d+/admin/commandes/${twice.numerocommande}$`))
    expect((await settings({ paiement_echoue: false })).statusCode).toBe(200)
  })

  it('a payment failed twice: only failures of the past day count (read for the orders still waiting, before the limit)', async () => {
    expect((await settings({ paiement_echoue: true })).statusCode).toBe(200)
    // Another shopper: the first has unpaid orders enough.
    const shopper = await signIn(ctx.app)
    const decline = async (numero: string) => {
      const started = await ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: shopper.auth })
      expect(started.statusCode, started.body).toBe(200)
      const res = await fetch(started.json().url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ decision: 'decline' }).toString(),
        redirect: 'manual',
      })
      expect(res.status).toBe(303)
    }
    const stale = await order([[(await makeProduct(ctx.db, { quantite: 50 })).id, 1]], 'WAVE', shopper)
    await decline(stale.numerocommande)
    await decline(stale.numerocommande)
    // Both failures older than a day: not news.
    await ctx.db.update(paiements).set({ updatedAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(paiements.commandeId, stale.id))
    expect(await sweep()).toMatchObject({ paiement_echoue: 0 })
    // One failure today and the old ones: still one in the past day.
    await decline(stale.numerocommande)
    expect(await sweep()).toMatchObject({ paiement_echoue: 0 })
    // A second today: told, once.
    await decline(stale.numerocommande)
    expect(await sweep()).toMatchObject({ paiement_echoue: 1 })
    expect(await sweep()).toMatchObject({ paiement_echoue: 0 })
    expect((await settings({ paiement_echoue: false })).statusCode).toBe(200)
  })

  it('WhatsApp chosen: the alerts go by WhatsApp', async () => {
    await sweep()
    const since = await mark()
    expect((await settings({ canal: 'whatsapp' })).statusCode).toBe(200)
    const p = await makeProduct(ctx.db, { designation: 'Savon de Marseille', quantite: 8 })
    await move(p.id, -5)
    await sweep()
    expect((await alertsSince(since)).map((m) => m.channel)).toEqual(['whatsapp', 'whatsapp'])
    expect((await settings({ canal: 'sms' })).statusCode).toBe(200)
  })
})

describe('the cost of a sweep', () => {
  it('an idle sweep (nothing crossed, summary sent, order alerts off) is a settings read and the marks statement in its transaction', async () => {
    await sweep()
    const before = ctx.database.stats.queries
    await expect(sweep()).resolves.toEqual({ stock: 0, resume: 0, impayee: 0, paiement_echoue: 0 })
    const statements = ctx.database.stats.queries - before
    expect(statements).toBe(4)
  })
})

describe('the texts', () => {
  it('stay within two SMS parts: a name too long alone is cut, the rest counted in « et N autres »; nothing low is said', () => {
    const long = { designation: `Riz ${'parfumé '.repeat(60)}`, quantite: 1, seuil: 5 }
    const text = stockLowText([long, { designation: 'Huile', quantite: 0, seuil: 2 }])
    expect(partsOf(text)).toBeLessThanOrEqual(ALERT_MAX_PARTS)
    expect(text).toMatch(/^Teranga : stock bas : Riz parfumé .*\.\.\. ; et 1 autre\.$/)
    expect(stockLowText([{ designation: 'Huile', quantite: 0, seuil: 2 }])).toBe('Teranga : stock bas : Huile (0 restant, seuil 2).')
    expect(dailySummaryText([], 0)).toBe('Teranga : résumé du jour : aucun produit en stock bas.')
    // The summary read 20 of 1 234: the others are counted, in GSM spaces.
    const summary = dailySummaryText(Array.from({ length: 20 }, (_, i) => ({ designation: `Produit ${i}`, quantite: 1, seuil: 5 })), 1234)
    expect(summary).toMatch(/^Teranga : résumé du jour, 1 234 en stock bas : Produit 0 \(1 restant, seuil 5\) ; .* ; et 1 2\d\d autres\.$/)
    expect(partsOf(summary)).toBeLessThanOrEqual(ALERT_MAX_PARTS)
  })
})
