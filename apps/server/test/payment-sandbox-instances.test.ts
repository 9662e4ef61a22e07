// The payment sandbox on a staging shop of two instances (issue 27 §2, ADR 066): its sessions
// and keys are in PostgreSQL, so a checkout opened through one instance is shown and paid on the
// other, whose notification the first accepts, and a refund goes through either. Each instance
// here names the other as its public address, so every hop crosses: the shop's call to the
// sandbox, the page, the notification, the status check, the refund. Open sessions are bounded
// and swept.
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { commandes, paymentSandboxKeys, paymentSandboxSessions } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { createPaymentSandboxRepository, SANDBOX_OPEN_SESSIONS_MAX } from '../src/modules/payments/payment-sandbox.repository.ts'
import { grantRole, makeProduct, placeHomeOrder } from './factories.ts'
import { freshDatabase, signIn, testConfig, type SignedIn } from './helpers.ts'

interface Instance {
  app: FastifyInstance
  config: Config
  url: string
}

let database: Database
let drop: () => Promise<void>
let a: Instance
let b: Instance
let customer: SignedIn
let manager: SignedIn

async function start(port: number, publicPort: number): Promise<Instance> {
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${publicPort}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  const app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0, messagesEveryMs: 0, alertsEveryMs: 0, sweepMediaEveryMs: 0 })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, config, url: `http://127.0.0.1:${port}` }
}

beforeAll(async () => {
  ;({ database, drop } = await freshDatabase())
  const [portA, portB] = [await freePort(), await freePort()]
  // Each names the other as the shop's address, as a load balancer could send any call anywhere.
  a = await start(portA, portB)
  b = await start(portB, portA)
  customer = await signIn(a.app)
  manager = await signIn(a.app)
  await grantRole(database.db, manager.userId, 'gestionnaire')
})
afterAll(async () => {
  await a?.app.close()
  await b?.app.close()
  await database?.close()
  await drop?.()
})

async function placeOnline(mode: 'WAVE' | 'OM') {
  const produit = await makeProduct(database.db, { prix: 2500, quantite: 50 })
  const res = await placeHomeOrder(a.app, database.db, customer, [[produit.id, 2]], { mode })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().commande as { id: number; numerocommande: string; montanttotal: number }
}

/** The customer starts paying through instance A: the checkout page's address. */
async function startPayment(numero: string) {
  const res = await a.app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: customer.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().url as string
}

const press = (url: string, decision: 'approve' | 'decline') =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }).toString(), redirect: 'manual' })

const etatOf = async (id: number) => (await database.db.select({ etat: commandes.etat }).from(commandes).where(eq(commandes.id, id)))[0]!.etat
const sessionOf = async (id: string) => (await database.db.select().from(paymentSandboxSessions).where(eq(paymentSandboxSessions.id, id)))[0]

describe('the payment sandbox shared by two instances', () => {
  it('one pair of keys per provider, stored by the first instance, used by both (each drew its own at start)', async () => {
    expect(a.config.payments.wave.secret).not.toBe(b.config.payments.wave.secret)
    const keys = await database.db.select().from(paymentSandboxKeys).orderBy(paymentSandboxKeys.provider)
    expect(keys.map((k) => k.provider)).toEqual(['paytech', 'wave'])
    expect(keys.find((k) => k.provider === 'wave')).toMatchObject({ apiKey: a.config.payments.wave.apiKey, secret: a.config.payments.wave.secret })
  })

  it('Wave: a session opened through A is kept by B, shown and paid on A, whose notification B accepts; the order is paid; a refund through A is given by B', async () => {
    const order = await placeOnline('WAVE')
    const url = await startPayment(order.numerocommande)
    // B's sandbox opened it (A's calls go to its public address, B), and named its page on A.
    expect(url.startsWith(`${a.url}/sandbox/wave/c/`)).toBe(true)
    const id = url.split('/').pop()!
    expect(await sessionOf(id)).toMatchObject({ provider: 'wave', status: 'open', amount: order.montanttotal, reference: order.numerocommande })

    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(order.numerocommande)
    // The same page on B: the session is in the database, not in A's memory.
    expect((await fetch(`${b.url}/sandbox/wave/c/${id}`)).status).toBe(200)

    const pressed = await press(url, 'approve')
    expect(pressed.status).toBe(303)
    expect(pressed.headers.get('location')).toContain('/success')
    expect(await etatOf(order.id)).toBe('payee')
    expect((await sessionOf(id))!.status).toBe('approved')
    // Decided once: the other instance's page says it is closed.
    const again = await press(`${b.url}/sandbox/wave/c/${id}`, 'decline')
    expect(again.status).toBe(409)
    expect(await again.text()).toContain(MESSAGES.sandboxSessionClosed)
    expect(await etatOf(order.id)).toBe('payee')

    const cancelled = await a.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/etat`, headers: manager.auth, payload: { etat: 'annulee', motif: 'Rupture' } })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const refunded = await a.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/remboursement`, headers: manager.auth, payload: { motif: 'Rupture' } })
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(await etatOf(order.id)).toBe('remboursee')
    expect((await sessionOf(id))!.refunded).toBe(order.montanttotal)
  })

  it('PayTech (Orange Money): declined on B’s page, the notification reaches A; paid on a second attempt', async () => {
    const order = await placeOnline('OM')
    const first = await startPayment(order.numerocommande)
    expect(first.startsWith(`${a.url}/sandbox/paytech/payment/checkout/`)).toBe(true)
    const onB = first.replace(a.url, b.url)
    expect((await press(onB, 'decline')).status).toBe(303)
    expect(await etatOf(order.id)).toBe('echec_paiement')

    const second = await startPayment(order.numerocommande)
    expect((await press(second, 'approve')).status).toBe(303)
    expect(await etatOf(order.id)).toBe('payee')
  })

  it('an unknown session is a French 404 page on either instance', async () => {
    for (const base of [a.url, b.url]) {
      const res = await fetch(`${base}/sandbox/wave/c/cos-sandbox-inconnue`)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain(MESSAGES.sandboxSessionUnknown)
    }
  })
})

describe('bounded and swept', () => {
  it(`past ${SANDBOX_OPEN_SESSIONS_MAX} open sessions the sandbox opens no more (the customer reads a French message); forgotten ones stop counting and are swept`, async () => {
    const stuffed = `(select 'rempli-' || n, 'wave', 1000, 'X', 'X', 'http://127.0.0.1/s', 'http://127.0.0.1/e' from generate_series(1, ${SANDBOX_OPEN_SESSIONS_MAX}) n)`
    await database.db.execute(sql.raw(`insert into payment_sandbox_sessions (id, provider, amount, commande, reference, success_url, error_url) ${stuffed}`))
    const order = await placeOnline('WAVE')
    const refused = await a.app.inject({ method: 'POST', url: `/api/commande/${order.numerocommande}/paiement`, headers: customer.auth })
    expect(refused.statusCode).toBe(502)
    expect(refused.json().message).toBe(MESSAGES.paymentProviderUnavailable)
    expect(await etatOf(order.id)).toBe('en_attente_paiement')

    // Two hours old: past the hour an open session is kept, they no longer count; the sweep deletes them.
    await database.db.execute(sql`update payment_sandbox_sessions set created_at = now() - interval '2 hours' where id like 'rempli-%'`)
    const url = await startPayment(order.numerocommande)
    const swept = await createPaymentSandboxRepository(database.db).sweep()
    expect(swept).toBe(SANDBOX_OPEN_SESSIONS_MAX)
    const left = await database.db.execute(sql`select count(*)::int as n from payment_sandbox_sessions where id like 'rempli-%'`)
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0)
    // The fresh session is kept, and pays.
    expect((await press(url, 'approve')).status).toBe(303)
    expect(await etatOf(order.id)).toBe('payee')
  })

  it('decided sessions are kept for their refunds, then swept after 30 days', async () => {
    const order = await placeOnline('WAVE')
    const url = await startPayment(order.numerocommande)
    const id = url.split('/').pop()!
    expect((await press(url, 'approve')).status).toBe(303)
    const sessions = createPaymentSandboxRepository(database.db)
    await sessions.sweep()
    expect(await sessionOf(id)).toBeDefined()
    await database.db.update(paymentSandboxSessions).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(paymentSandboxSessions.id, id))
    await sessions.sweep()
    expect(await sessionOf(id)).toBeUndefined()
    expect((await fetch(url)).status).toBe(404)
  })
})
