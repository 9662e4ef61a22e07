// The back office's orders (issue 10, docs/back-office-api.md « Dashboard », « Orders »): roles
// on every route, the staff's list (filters, sort, pages), the CSV export, the detail, the
// delivery slips, state moves through the lifecycle (history with the staff actor, stock back
// on cancel, points on delivery, audit lines), the dashboard and the live event stream.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { MESSAGES } from '@teranga/shared/server-messages'
import { auditLog, clients, commandes, modelivraisons, modepaiements, orderHistory, pointsFidelite, produits } from '../src/db/schema.ts'
import { loggedUrl } from '../src/lib/log-requests.ts'
import { grantRole, makeProduct, makeProductWithVariants } from './factories.ts'
import { createTestApp, signInStaff, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let manager: SignedIn
let customer: SignedIn
const ids = { domicile: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  shop = await createTestApp()
  ;({ manager, customer } = await signInStaff(shop))
  ids.domicile = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
  for (const mode of await shop.db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => shop?.close())

async function place(buyer: SignedIn, { mode = 'CASH', prix = 2500, quantite = 2, stock = 10, tel = '+221 77 123 45 67', repere = undefined as string | undefined } = {}) {
  const produit = await makeProduct(shop.db, { prix, quantite: stock })
  await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: produit.id, quantite, action: 0 } })
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel, repere },
  })
  expect(res.statusCode, res.body).toBe(201)
  const commande = res.json().commande as { id: number; numerocommande: string }
  return { id: commande.id, numero: commande.numerocommande, produit }
}

const get = (url: string, who?: SignedIn) => shop.app.inject({ url, headers: who?.auth ?? {} })
const setEtat = (numero: string, payload: Record<string, unknown>, who: SignedIn = manager) =>
  shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: who.auth, payload })
const stockOf = async (id: number) => (await shop.db.select({ q: produits.quantite }).from(produits).where(eq(produits.id, id)))[0]!.q

describe('roles', () => {
  it('401 for visitors and 403 with the staff message for customers on every route', async () => {
    const { numero } = await place(customer)
    const routes: Array<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }> = [
      { method: 'GET', url: '/api/admin/tableau' },
      { method: 'GET', url: '/api/commande' },
      { method: 'GET', url: '/api/commande/export.csv' },
      { method: 'GET', url: `/api/admin/commande/${numero}` },
      { method: 'GET', url: `/api/admin/commande/bons?numeros=${numero}` },
      { method: 'POST', url: `/api/commande/${numero}/etat`, payload: { etat: 'confirmee' } },
      { method: 'POST', url: `/api/commande/${numero}/remboursement`, payload: { motif: 'essai' } },
      { method: 'GET', url: '/api/admin/evenements' },
    ]
    for (const route of routes) {
      const visitor = await shop.app.inject({ ...route })
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401)
      const asCustomer = await shop.app.inject({ ...route, headers: customer.auth })
      expect(asCustomer.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    }
    // A visitor's bad body is not validated before the role is checked.
    expect((await shop.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, payload: { etat: 'nope' } })).statusCode).toBe(401)
  })
})

describe('GET /api/commande (staff list)', () => {
  it('filters by state, mode, day, number prefix, phone digits and name; sorts; paginates', async () => {
    const buyer = await signIn(shop.app)
    await shop.db.update(clients).set({ prenom: 'Moussa', name: 'Sarr' }).where(eq(clients.id, buyer.userId))
    const a = await place(buyer, { prix: 1000, quantite: 1, tel: '+221 78 555 12 34' })
    const b = await place(buyer, { prix: 9000, quantite: 1, tel: '+221 78 555 12 34' })
    const c = await place(buyer, { mode: 'WAVE', prix: 5000, quantite: 1, tel: '+221 78 555 12 34' })
    expect((await setEtat(b.numero, { etat: 'confirmee' })).statusCode).toBe(200)

    const list = await get('/api/commande?count=100', manager)
    expect(list.statusCode, list.body).toBe(200)
    const page = list.json()
    expect(page.metadata).toMatchObject({ per_page: 100, current_page: 1 })
    const first = page.data[0]
    expect(first).toMatchObject({ numero: c.numero, etat: 'en_attente_paiement', etat_text: 'En attente de paiement', etat_badge: 'warning', modepaiement: { code: 'WAVE' } })
    expect(first.total_fr).toMatch(/FCFA$/)
    expect(first.date_fr).toMatch(/\d{4} à \d{2}:\d{2}$/)
    expect(first.expires_at).not.toBeNull()
    expect(first.client).toMatchObject({ id: buyer.userId })

    const confirmed = (await get('/api/commande?etat=confirmee&count=100', manager)).json()
    expect(confirmed.data.map((o: { numero: string }) => o.numero)).toContain(b.numero)
    expect(confirmed.data.every((o: { etat: string }) => o.etat === 'confirmee')).toBe(true)
    const two = (await get('/api/commande?etat=confirmee,en_attente&count=100', manager)).json()
    expect(two.data.every((o: { etat: string }) => ['confirmee', 'en_attente'].includes(o.etat))).toBe(true)

    const wave = (await get('/api/commande?modepaiement=WAVE&count=100', manager)).json()
    expect(wave.data.map((o: { numero: string }) => o.numero)).toEqual([c.numero])
    expect((await get('/api/commande?modelivraison=DOMICILE&zone=mermoz&count=5', manager)).json().metadata.total).toBeGreaterThanOrEqual(3)

    const today = new Date().toISOString().slice(0, 10)
    expect((await get(`/api/commande?du=${today}&au=${today}&count=100`, manager)).json().metadata.total).toBeGreaterThanOrEqual(3)
    expect((await get('/api/commande?au=2000-01-01', manager)).json().metadata.total).toBe(0)

    const byNumber = (await get(`/api/commande?q=${a.numero.slice(0, a.numero.length - 1)}`, manager)).json()
    expect(byNumber.data.map((o: { numero: string }) => o.numero)).toContain(a.numero)
    const byPhone = (await get('/api/commande?q=785551234&count=100', manager)).json()
    expect(byPhone.data.map((o: { numero: string }) => o.numero).sort()).toEqual([a.numero, b.numero, c.numero].sort())
    const byName = (await get(`/api/commande?q=${encodeURIComponent('moussa sar')}&count=100`, manager)).json()
    expect(byName.metadata.total).toBe(3)
    expect(byName.data[0].client.nom).toBe('Moussa Sarr')
    const byEmail = (await get(`/api/commande?q=${encodeURIComponent(buyer.email.toUpperCase())}&count=100`, manager)).json()
    expect(byEmail.metadata.total).toBe(3)

    const byAmount = (await get('/api/commande?q=785551234&sort=montant&dir=asc', manager)).json()
    expect(byAmount.data.map((o: { numero: string }) => o.numero)).toEqual([a.numero, c.numero, b.numero])
    const byNumero = (await get('/api/commande?q=785551234&sort=numero&dir=desc', manager)).json()
    expect(byNumero.data.map((o: { numero: string }) => o.numero)).toEqual([a.numero, b.numero, c.numero].sort().reverse())

    const paged = (await get('/api/commande?q=785551234&count=2&page=2', manager)).json()
    expect(paged.metadata).toEqual({ total: 3, per_page: 2, current_page: 2, last_page: 2 })
    expect(paged.data).toHaveLength(1)
  })

  it('400 with the field named for a bad filter', async () => {
    const bad = await get('/api/commande?etat=expediee', manager)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.etat).toEqual([ORDERS_MESSAGES.etatInvalid])
    const day = await get('/api/commande?du=2026-13-45', manager)
    expect(day.statusCode).toBe(400)
    expect(day.json().errors.du).toBeDefined()
    expect((await get('/api/commande?count=101', manager)).statusCode).toBe(400)
    expect((await get('/api/commande?sort=client', manager)).statusCode).toBe(400)
  })
})

describe('GET /api/commande?q= by the order number', () => {
  it('finds an order by any part of its number (the end a customer reads on the phone), whatever its case', async () => {
    const { numero } = await place(customer)
    const numbersFound = async (q: string) => {
      const res = await get(`/api/commande?q=${encodeURIComponent(q)}&count=100`, manager)
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200)
      return res.json().data.map((o: { numero: string }) => o.numero) as string[]
    }
    const suffix = numero.slice(-6)
    for (const q of [suffix, suffix.toLowerCase(), ` ${suffix.slice(1)} `, numero.slice(-9, -3), numero.toLowerCase(), numero.slice(0, 8)]) {
      expect(await numbersFound(q), q).toContain(numero)
    }
    // Parts of no number, and LIKE's wildcards, which match only themselves.
    for (const q of [`${suffix}9`, '%', '_', `${suffix.slice(0, 2)}%${suffix.slice(3)}`, `${suffix.slice(0, 2)}_${suffix.slice(3)}`]) {
      expect(await numbersFound(q), q).toEqual([])
    }
  })

  it('a term many orders match (more than are read by id) is still counted whole and paged in date order', async () => {
    // 1,001 orders whose numbers share a part: the common-term way, not the few-matches one.
    await shop.db.execute(sql`insert into commandes (numerocommande, client_id, etat, datecomm, montantcommande, modepaiement_id, modelivraison_id)
      select 'TRG-000000-' || lpad(i::text, 4, '0') || 'QZ', ${customer.userId}, 'en_attente', now() - i * interval '1 minute', 1000, ${ids.modes.CASH!}, ${ids.domicile}
      from generate_series(1, 1001) as i`)
    const res = await get('/api/commande?q=000000-&count=5', manager)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().metadata.total).toBe(1001)
    expect(res.json().data.map((o: { numero: string }) => o.numero)).toEqual(['0001', '0002', '0003', '0004', '0005'].map((n) => `TRG-000000-${n}QZ`))
    const few = await get('/api/commande?q=0999qz', manager)
    expect(few.json().data.map((o: { numero: string }) => o.numero)).toEqual(['TRG-000000-0999QZ'])
  })

  it('is answered from the trigram index of the number, not by reading every order', async () => {
    const plan = await shop.db.transaction(async (tx) => {
      // The planner reads a small table whole: forbidden here, so the answer says whether an index can serve.
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = await tx.execute(sql`explain select id from commandes c where c.numerocommande ilike ${'%XC5836%'}`)
      return (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('commandes_numero_trgm_idx')
  })
})

describe('GET /api/commande/export.csv', () => {
  it('a BOM, ;-separated, one line per order line of the filter (ADR 060)', async () => {
    const buyer = await signIn(shop.app)
    const { numero } = await place(buyer, { tel: '+221 70 999 88 77' })
    const res = await get('/api/commande/export.csv?q=709998877', manager)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.body.startsWith('\uFEFFCommande;Date (Dakar);Client;Téléphone;Zone;Mode de livraison;Mode de paiement;État;')).toBe(true)
    const lines = res.body.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]!.startsWith(`${numero};`)).toBe(true)
    expect(lines[1]).toContain(';En attente de confirmation;')
  })
})

describe('GET /api/admin/commande/:numero and bons', () => {
  it('the detail: lines, amounts, client, links, history, next moves, payment', async () => {
    const { numero, produit } = await place(customer, { prix: 2500, quantite: 2, tel: '77 123 45 67', repere: 'Derrière la pharmacie' })
    const res = await get(`/api/admin/commande/${numero}`, manager)
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json()
    expect(d).toMatchObject({
      numero,
      etat: 'en_attente',
      montantcommande: 5000,
      montantcommande_fr: '5\u00a0000\u00a0FCFA',
      tel: '77 123 45 67',
      adresseliv: 'Rue 10, villa 24, Mermoz',
      repere: 'Derrière la pharmacie',
      whatsapp: 'https://wa.me/221771234567',
      paiement: null,
      remboursable: false,
      client: { id: customer.userId },
    })
    expect(d.lignes).toEqual([expect.objectContaining({ produit: expect.objectContaining({ id: produit.id }), quantite: 2, prix: 2500, total: 5000, total_fr: '5\u00a0000\u00a0FCFA' })])
    expect(d.total).toBe(d.montantcommande + d.montantliv - d.remise)
    expect(d.historique).toEqual([expect.objectContaining({ de: null, vers: 'en_attente', acteur: 'client' })])
    expect(d.suivants).toEqual([
      { etat: 'confirmee', etat_text: 'Confirmée' },
      { etat: 'annulee', etat_text: 'Annulée' },
    ])
    expect((await get('/api/admin/commande/TRG-000000-ABSENT', manager)).statusCode).toBe(404)

    const other = await place(customer)
    const slips = await get(`/api/admin/commande/bons?numeros=${other.numero},${numero},TRG-000000-ABSENT`, manager)
    expect(slips.statusCode, slips.body).toBe(200)
    expect(slips.json().data.map((o: { numero: string }) => o.numero)).toEqual([other.numero, numero])
    // The slips carry the landmark for the courier (issue 25 §3), null when none was given.
    expect(slips.json().data.map((o: { repere: string | null }) => o.repere)).toEqual([null, 'Derrière la pharmacie'])
    const tooMany = Array.from({ length: 51 }, (_, i) => `TRG-${String(i).padStart(6, '0')}`).join(',')
    const refused = await get(`/api/admin/commande/bons?numeros=${tooMany}`, manager)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors.numeros).toEqual([ORDERS_MESSAGES.numerosInvalid])
  })
})

describe('POST /api/commande/:numero/etat', () => {
  it('confirmee → en_preparation → en_livraison → livree credits points; history names the staff; audited', async () => {
    const { id, numero } = await place(customer, { prix: 5000, quantite: 2 })
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
      const res = await setEtat(numero, { etat })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ numero, etat })
    }
    const points = await shop.db.select().from(pointsFidelite).where(eq(pointsFidelite.commandeId, id))
    expect(points.length).toBe(1)
    expect(points[0]!.points).toBeGreaterThan(0)
    const detail = (await get(`/api/admin/commande/${numero}`, manager)).json()
    expect(detail.historique.map((h: { vers: string }) => h.vers)).toEqual(['en_attente', 'confirmee', 'en_preparation', 'en_livraison', 'livree'])
    expect(detail.historique[1]).toMatchObject({ de: 'en_attente', acteur: 'staff' })
    expect(detail.remboursable).toBe(true)
    expect(detail.suivants).toEqual([])
    const history = await shop.db.select().from(orderHistory).where(and(eq(orderHistory.commandeId, id), eq(orderHistory.toEtat, 'livree')))
    expect(history[0]).toMatchObject({ actorKind: 'staff', actorId: String(manager.userId) })
    const audits = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, 'commande'), eq(auditLog.resourceId, numero)))
    expect(audits.map((a) => a.action)).toEqual(['commande.etat', 'commande.etat', 'commande.etat', 'commande.etat'])
    expect(audits[0]).toMatchObject({ staffId: manager.userId, before: { etat: 'en_attente' }, after: { etat: 'confirmee', motif: null } })
  })

  it('cancelling needs a motif (400, field named); then the stock goes back and the motif is in the history', async () => {
    const { id, numero, produit } = await place(customer, { quantite: 3, stock: 10 })
    expect(await stockOf(produit.id)).toBe(7)
    const missing = await setEtat(numero, { etat: 'annulee' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.motif).toEqual([ORDERS_MESSAGES.motifRequired])
    const tooLong = await setEtat(numero, { etat: 'annulee', motif: 'x'.repeat(501) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().errors.motif).toBeDefined()
    const res = await setEtat(numero, { etat: 'annulee', motif: 'Client injoignable' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().etat).toBe('annulee')
    expect(await stockOf(produit.id)).toBe(10)
    const [row] = await shop.db.select().from(orderHistory).where(and(eq(orderHistory.commandeId, id), eq(orderHistory.toEtat, 'annulee')))
    expect(row).toMatchObject({ reason: 'Client injoignable', actorKind: 'staff' })
  })

  it('an illegal move is a 409 with a French message; remboursee is the refund action; unknown order 404', async () => {
    const { numero } = await place(customer)
    const illegal = await setEtat(numero, { etat: 'livree' })
    expect(illegal.statusCode).toBe(409)
    expect(illegal.json().message).toBe(MESSAGES.orderTransitionRefused('En attente de confirmation', 'Livrée'))
    const refund = await setEtat(numero, { etat: 'remboursee' })
    expect(refund.statusCode).toBe(409)
    expect(refund.json().message).toBe(ORDERS_MESSAGES.refundIsAnAction)
    expect((await setEtat('TRG-000000-ABSENT', { etat: 'confirmee' })).statusCode).toBe(404)
    const unknown = await setEtat(numero, { etat: 'expediee' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.etat).toEqual([MESSAGES.orderStatusUnknown])
    expect((await shop.db.select().from(commandes).where(eq(commandes.numerocommande, numero)))[0]!.etat).toBe('en_attente')
  })

  it('payee and echec_paiement are refused from staff (409 naming etat): an unpaid online order cannot be marked paid, delivered and credited', async () => {
    const { id, numero } = await place(customer, { mode: 'WAVE', prix: 5000, quantite: 2 })
    const offered = (await get(`/api/admin/commande/${numero}`, manager)).json().suivants
    expect(offered).toEqual([{ etat: 'annulee', etat_text: 'Annulée' }])
    for (const etat of ['payee', 'echec_paiement']) {
      const refused = await setEtat(numero, { etat })
      expect(refused.statusCode, etat).toBe(409)
      expect(refused.json()).toEqual({ message: ORDERS_MESSAGES.providerOnly, errors: { etat: [ORDERS_MESSAGES.providerOnly] } })
    }
    expect(ORDERS_MESSAGES.providerOnly).toContain('« Payée » ou « Paiement échoué »')
    // Nothing moved: no state, no history line, no audit line, and the rest of the way stays closed.
    expect((await shop.db.select().from(commandes).where(eq(commandes.id, id)))[0]!.etat).toBe('en_attente_paiement')
    expect((await shop.db.select().from(orderHistory).where(eq(orderHistory.commandeId, id))).map((h) => h.toEtat)).toEqual(['en_attente_paiement'])
    expect(await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, 'commande'), eq(auditLog.resourceId, numero)))).toEqual([])
    for (const etat of ['confirmee', 'livree']) expect((await setEtat(numero, { etat })).statusCode, etat).toBe(409)
    expect(await shop.db.select().from(pointsFidelite).where(eq(pointsFidelite.commandeId, id))).toEqual([])
    // An unknown order is still a 404, before anything else.
    expect((await setEtat('TRG-000000-ABSENT', { etat: 'payee' })).statusCode).toBe(404)
  })
})

describe('GET /api/admin/tableau', () => {
  it('counts to act on, orders expiring soon, low stock, sales and a 30-day curve with every day', async () => {
    const low = await makeProduct(shop.db, { quantite: 2, seuil: 3 })
    const riz = await makeProductWithVariants(shop.db, 'Contenance', [
      { valeur: '5 kg', prix: 4000, quantite: 100 },
      { valeur: '25 kg', prix: 17500, quantite: 1 },
    ])
    const { numero } = await place(customer, { mode: 'WAVE' })
    // Expires in 5 minutes.
    await shop.db.update(commandes).set({ expiresAt: new Date(Date.now() + 5 * 60_000) }).where(eq(commandes.numerocommande, numero))
    const res = await get('/api/admin/tableau', manager)
    expect(res.statusCode, res.body).toBe(200)
    const t = res.json()
    expect(Object.keys(t.a_traiter).sort()).toEqual(['confirmee', 'echec_livraison', 'en_attente', 'en_livraison', 'en_preparation', 'payee', 'prete_retrait'])
    expect(t.a_traiter.en_attente).toBeGreaterThan(0)
    expect(t.expirent_bientot.map((o: { numero: string }) => o.numero)).toContain(numero)
    expect(t.stock_bas).toContainEqual(expect.objectContaining({ id: low.id, quantite: 2, seuil: 3 }))
    expect(t.stock_bas.length).toBeLessThanOrEqual(20)
    // By variant: the 25 kg bag runs low though the product holds 101 in all.
    expect(t.stock_bas).toContainEqual(expect.objectContaining({ id: riz.id, designation: `${riz.designation} 25 kg`, quantite: 1, seuil: 5 }))
    expect(t.stock_bas).not.toContainEqual(expect.objectContaining({ id: riz.id, quantite: 100 }))
    expect(t.ventes.aujourdhui).toBeGreaterThan(0)
    expect(t.ventes.sept_jours).toBeGreaterThanOrEqual(t.ventes.aujourdhui)
    expect(t.courbe).toHaveLength(30)
    const today = new Date().toISOString().slice(0, 10)
    expect(t.courbe.at(-1)).toMatchObject({ jour: today })
    expect(t.courbe.at(-1).montant).toBe(t.ventes.aujourdhui)
    expect(t.courbe[0].jour < t.courbe[29].jour).toBe(true)
  })
})

describe('GET /api/admin/evenements (SSE)', () => {
  /** Reads the stream until `match` shows up (or the deadline passes). */
  async function readUntil(body: ReadableStream<Uint8Array>, match: (text: string) => boolean, ms = 5000) {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const deadline = Date.now() + ms
    while (!match(text) && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))])
      if (!chunk || chunk.done) break
      text += decoder.decode(chunk.value, { stream: true })
    }
    reader.releaseLock()
    return text
  }

  it('streams committed order events to staff (header or ?token=), pings, refuses too many streams, frees them on disconnect', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' })
    const url = `${address}/api/admin/evenements`

    const byHeader = new AbortController()
    const res = await fetch(url, { headers: manager.auth, signal: byHeader.signal })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const byQuery = new AbortController()
    const viaQuery = await fetch(`${url}?token=${manager.token}`, { signal: byQuery.signal })
    expect(viaQuery.status).toBe(200)

    const { numero } = await place(customer)
    const text = await readUntil(res.body!, (t) => t.includes(numero))
    expect(text).toContain(`event: commande\ndata: ${JSON.stringify({ type: 'placed', numero, etat: 'en_attente' })}\n\n`)
    await setEtat(numero, { etat: 'confirmee' })
    const viaQueryText = await readUntil(viaQuery.body!, (t) => t.includes('"type":"state"'))
    expect(viaQueryText).toContain(JSON.stringify({ type: 'state', numero, etat: 'confirmee' }))

    // Five streams per staff member: two open, three more, then the sixth is refused.
    const more = await Promise.all([0, 1, 2].map(async () => {
      const controller = new AbortController()
      const r = await fetch(url, { headers: manager.auth, signal: controller.signal })
      expect(r.status).toBe(200)
      return controller
    }))
    const sixth = await fetch(url, { headers: manager.auth })
    expect(sixth.status).toBe(429)
    expect(((await sixth.json()) as { message: string }).message).toBe(ORDERS_MESSAGES.tooManyStreams)
    for (const controller of [byHeader, byQuery, ...more]) controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 200))
    const again = new AbortController()
    const reopened = await fetch(url, { headers: manager.auth, signal: again.signal })
    expect(reopened.status).toBe(200)
    again.abort()

    expect((await fetch(url)).status).toBe(401)
    expect((await fetch(`${url}?token=${customer.token}`)).status).toBe(403)
    expect((await fetch(`${url}?token=not-a-real-token-at-all-000`)).status).toBe(401)
  })

  it('pings every interval (25 s in production) with an SSE comment', async () => {
    const quick = await createTestApp({ eventPingEveryMs: 50 })
    try {
      const staff = await signIn(quick.app)
      await grantRole(quick.db, staff.userId, 'gestionnaire')
      const address = await quick.app.listen({ port: 0, host: '127.0.0.1' })
      const controller = new AbortController()
      const res = await fetch(`${address}/api/admin/evenements`, { headers: staff.auth, signal: controller.signal })
      const text = await readUntil(res.body!, (t) => t.includes(': ping\n\n'), 3000)
      expect(text).toContain(': ping\n\n')
      controller.abort()
    } finally {
      await quick.close()
    }
  })

  it('the token in the query string never reaches the logs, however it is encoded', () => {
    expect(loggedUrl(`/api/admin/evenements?token=${'a'.repeat(40)}`)).toEqual({ url: '/api/admin/evenements', query: ['token'] })
    expect(loggedUrl('/api/admin/evenements?tok%65n=abc&TOKEN=def')).toEqual({ url: '/api/admin/evenements', query: ['token', 'TOKEN'] })
    expect(loggedUrl('/api/commande?q=1&token=abc&page=2')).toEqual({ url: '/api/commande', query: ['q', 'token', 'page'] })
    // A value sent as a key's name is not logged either.
    expect(loggedUrl('/api/client?awa%40exemple.sn&771234567')).toEqual({ url: '/api/client', query: ['…'] })
    expect(loggedUrl('/api/commande')).toEqual({ url: '/api/commande' })
  })
})
