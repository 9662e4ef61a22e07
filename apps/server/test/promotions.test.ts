// Promotions (issue 19 §1) and paying again another way (§4) through the real app listening on
// loopback (the payment sandbox calls it back): sale prices in every catalogue answer, the cart
// and the order, ending on their own even behind the cache; discount codes, each rule and its
// French refusal, their uses under 50 concurrent orders, with the loyalty reward (ADR 036); the
// back office's codes; an unpaid online order paid with another mode, or on delivery.
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { PROMO_CHECKS_PER_ADDRESS_PER_MINUTE, PROMO_CHECKS_PER_MINUTE, PROMO_MESSAGES } from '@teranga/shared/promotions'
import { buildApp } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import { codesPromo, commandes, depots, modelivraisons, modepaiements, pointsFidelite, privilegeRecompenses, paiements, privileges, produits, typerecompenses } from '../src/db/schema.ts'
import { freePort } from '../src/lib/auth-emulator.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { freshDatabase, gql, signIn, signInStaff, testConfig, type SignedIn } from './helpers.ts'

let app: FastifyInstance
let database: Database
let db: Database['db']
let close: () => Promise<void>
let admin: SignedIn
let manager: SignedIn
const ids = { domicile: 0, retrait: 0, modes: {} as Record<string, number> }

beforeAll(async () => {
  const fresh = await freshDatabase()
  const drop = fresh.drop
  database = fresh.database
  const port = await freePort()
  const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` })
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  // Anonymous answers cached for 10 minutes: only the promotion's end may empty them in this file.
  // Every request of this file comes from one address: the per-address limit is tested on its own instance.
  app = await buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, orderRateLimit: 1000, promoCheckAddressRateLimit: 1000, expireOrdersEveryMs: 0, catalogueCacheTtl: 600 })
  await app.listen({ port, host: '127.0.0.1' })
  db = database.db
  close = async () => {
    await app.close()
    await database.close()
    await drop()
  }
  ;({ admin, manager } = await signInStaff({ app, db, database: fresh.database, close }))
  const delivery = await db.select().from(modelivraisons)
  ids.domicile = delivery.find((m) => m.code === 'DOMICILE')!.id
  ids.retrait = delivery.find((m) => m.code === 'RETRAIT')!.id
  for (const mode of await db.select().from(modepaiements)) ids.modes[mode.code] = mode.id
})
afterAll(() => close?.())

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString()
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString()

const addToCart = async (who: SignedIn, produit: number, quantite: number) => {
  const res = await app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit, quantite, action: 0 } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

type Mode = 'CASH' | 'WAVE' | 'OM' | 'FREE' | 'CARD'
const order = (who: SignedIn, extra: Record<string, unknown> = {}, mode: Mode = 'CASH') =>
  app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: who.auth,
    payload: { modelivraison: ids.domicile, modepaiement: ids.modes[mode], adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67', ...extra },
  })

const createCode = (body: Record<string, unknown>, who: SignedIn = admin) => app.inject({ method: 'POST', url: '/api/codepromo', headers: who.auth, payload: body })
const check = (who: SignedIn, code: string) => app.inject({ method: 'POST', url: '/api/codepromo/verifier', headers: who.auth, payload: { code } })

let codeSeq = 0
const newCode = async (rules: Record<string, unknown> = {}) => {
  const code = `TEST${++codeSeq}${Math.random().toString(36).slice(2, 6).toUpperCase()}`
  const res = await createCode({ code, type: 'pourcentage', valeur: 10, ...rules })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; code: string }
}

/** A customer with `prix` × `quantite` of a fresh product in their cart. */
async function customerWithCart(prix = 5000, quantite = 2, product: Partial<typeof produits.$inferInsert> = {}) {
  const customer = await signIn(app)
  const produit = await makeProduct(db, { prix, quantite: 100, ...product })
  await addToCart(customer, produit.id, quantite)
  return { customer, produit }
}

describe('sale prices', () => {
  it('the product form sets them; every catalogue answer charges the sale price with the regular one beside it', async () => {
    const sc = await makeSubcategory(db)
    const created = await app.inject({
      method: 'POST',
      url: '/api/produit',
      headers: admin.auth,
      payload: { designation: 'Riz parfumé en promo', prix: '10000', qte: '50', unite: 'sac', categorie_id: sc.id, prix_promo: '8000', promo_debut: anHourAgo().slice(0, 16), promo_fin: inOneHour() },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ prix: 10000, prix_promo: 8000, promo_active: true })
    const id = created.json().id as number

    const rest = (await app.inject({ method: 'GET', url: `/api/produits/${id}` })).json()
    expect(rest).toMatchObject({ prix: 8000, prixformat: '8\u00a0000\u00a0FCFA', prix_initial: 10000 })
    const page = (await app.inject({ method: 'GET', url: `/api/produits?categorie_id=${sc.id}` })).json()
    expect(page[0].data[0]).toMatchObject({ id, prix: 8000, prix_initial: 10000 })
    const graph = await gql(app, `query($id: Int!, $sc: Int) { produits(id: $id) { prix prix_initial } produitspaginated(categorie_id: $sc) { data { id prix prix_initial } } }`, { id, sc: sc.id })
    expect(graph.errors).toBeUndefined()
    expect(graph.data).toEqual({ produits: { prix: 8000, prix_initial: 10000 }, produitspaginated: { data: [{ id, prix: 8000, prix_initial: 10000 }] } })

    // Not started yet: the regular price, and no prix_initial.
    const later = await makeProduct(db, { prix: 3000, prixPromo: 2000, promoDebut: new Date(inOneHour()) })
    expect((await app.inject({ method: 'GET', url: `/api/produits/${later.id}` })).json()).toMatchObject({ prix: 3000, prix_initial: null })
  })

  it('refuses a sale price at or above the price, an end before the start, dates without a price', async () => {
    const sc = await makeSubcategory(db)
    const base = { designation: 'Huile', prix: 5000, qte: 5, unite: 'litre', categorie_id: sc.id }
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ prix_promo: 5000 }, 'prix_promo', PROMO_MESSAGES.prixPromoNotLower],
      [{ prix_promo: 4000, promo_debut: inOneHour(), promo_fin: anHourAgo() }, 'promo_fin', PROMO_MESSAGES.finBeforeDebut],
      [{ promo_fin: inOneHour() }, 'prix_promo', PROMO_MESSAGES.promoDatesWithoutPrice],
      [{ prix_promo: 4000, promo_debut: 'demain' }, 'promo_debut', PROMO_MESSAGES.dateInvalid],
    ]
    for (const [extra, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/produit', headers: admin.auth, payload: { ...base, ...extra } })
      expect(res.statusCode, JSON.stringify(extra)).toBe(400)
      expect(res.json().errors[field]).toContain(message)
    }
  })

  it('the cart and the order charge the sale price, computed on the server', async () => {
    const customer = await signIn(app)
    const produit = await makeProduct(db, { prix: 6000, quantite: 100, prixPromo: 4500, promoFin: new Date(inOneHour()) })
    const { panier } = await addToCart(customer, produit.id, 2)
    expect(panier).toMatchObject({ total: 9000, panierproduits: [{ prix: 4500, produit: { prix: 4500, prix_initial: 6000 } }] })
    const res = await order(customer, { prix: 1, montantcommande: 1 })
    expect(res.statusCode, res.body).toBe(201)
    const { commande } = res.json()
    expect(commande).toMatchObject({ montantcommande: 9000, remise: 0, codepromo: null })
    expect(commande.detailcommandes[0]).toMatchObject({ prix: 4500, quantite: 2, produit: { id: produit.id } })
  })

  it('ends on its own at its end date, even in an answer cached before', async () => {
    const produit = await makeProduct(db, { prix: 2000 })
    // Set through the back office: its write empties the caches and the next end is read again.
    const res = await app.inject({
      method: 'PUT',
      url: `/api/produit/${produit.id}`,
      headers: admin.auth,
      payload: { designation: produit.designation, prix: 2000, unite: produit.unite, categorie_id: produit.souscategorieId, prix_promo: 1500, promo_fin: new Date(Date.now() + 1500).toISOString() },
    })
    expect(res.statusCode, res.body).toBe(200)
    const read = async () => (await app.inject({ method: 'GET', url: `/api/produits/${produit.id}` })).json() as { prix: number; prix_initial: number | null }
    expect(await read()).toMatchObject({ prix: 1500, prix_initial: 2000 })
    // The answer above is cached for 10 minutes; the promotion's end empties the cache.
    await expect.poll(read, { timeout: 15_000, interval: 200 }).toEqual(expect.objectContaining({ prix: 2000, prix_initial: null }))
  })
})

describe('discount codes: the back office', () => {
  it('admins create, edit and deactivate; staff list them with their uses and sales; others are refused', async () => {
    const customer = await signIn(app)
    expect((await createCode({ code: 'NOEL20', type: 'pourcentage', valeur: 20 }, manager)).statusCode).toBe(403)
    expect((await createCode({ code: 'NOEL20', type: 'pourcentage', valeur: 20 }, customer)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: '/api/codepromo', headers: customer.auth })).statusCode).toBe(403)

    const created = await createCode({ code: 'noel20', type: 'pourcentage', valeur: 20, minimum: 10000, utilisations_max: 100, par_client: 1, fin: inOneHour() })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ code: 'NOEL20', type: 'pourcentage', valeur: 20, minimum: 10000, utilisations: 0, ventes: 0, actif: true })
    const again = await createCode({ code: 'Noel20', type: 'montant', valeur: 500 })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors.code).toEqual([PROMO_MESSAGES.codeTaken])

    const bad = await createCode({ code: 'X', type: 'pourcentage', valeur: 150, souscategories: [999999] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ code: [MESSAGES.promoCodeFormat], valeur: [PROMO_MESSAGES.pourcentageMax] })
    const unknownSc = await createCode({ code: 'SCINCONNUE', type: 'montant', valeur: 500, souscategories: [999999] })
    expect(unknownSc.statusCode).toBe(400)
    expect(unknownSc.json().errors.souscategories).toEqual([PROMO_MESSAGES.souscategoriesInvalid])

    const id = created.json().id as number
    const edited = await app.inject({ method: 'PUT', url: `/api/codepromo/${id}`, headers: admin.auth, payload: { code: 'NOEL20', type: 'montant', valeur: 2000 } })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ type: 'montant', valeur: 2000, minimum: 0, utilisations_max: null })

    // A use shows in the list as the order is placed; its sale once it counts as one (ADR 050):
    // paid on delivery, once delivered.
    const { customer: buyer } = await customerWithCart(5000, 3)
    const placed = await order(buyer, { codepromo: 'noel20' })
    expect(placed.statusCode).toBe(201)
    const placedList = await app.inject({ method: 'GET', url: '/api/codepromo?q=noel', headers: manager.auth })
    expect(placedList.json().data).toEqual([expect.objectContaining({ code: 'NOEL20', utilisations: 1, remises: 0, ventes: 0 })])
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
      const moved = await app.inject({ method: 'POST', url: `/api/commande/${placed.json().commande.numerocommande}/etat`, headers: manager.auth, payload: { etat } })
      expect(moved.statusCode, moved.body).toBe(200)
    }
    // `%` and `_` in the search are letters, in the page and in its count alike (a page past the end counts apart).
    for (const q of ['%25', '_', '%5C']) {
      for (const page of [1, 2]) {
        const res = await app.inject({ method: 'GET', url: `/api/codepromo?q=${q}&page=${page}`, headers: manager.auth })
        expect(res.statusCode).toBe(200)
        expect(res.json(), `q=${q} page ${page}`).toMatchObject({ data: [], metadata: { total: 0 } })
      }
    }
    const list = await app.inject({ method: 'GET', url: '/api/codepromo?q=noel', headers: manager.auth })
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toEqual([expect.objectContaining({ code: 'NOEL20', utilisations: 1, remises: 2000, ventes: 15000 + 1000 - 2000, ventes_fr: '14\u00a0000\u00a0FCFA' })])

    const off = await app.inject({ method: 'DELETE', url: `/api/codepromo/${id}`, headers: admin.auth })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ actif: false, utilisations: 1 })
    expect((await app.inject({ method: 'DELETE', url: '/api/codepromo/999999', headers: admin.auth })).statusCode).toBe(404)

    // An edit that does not say `actif` keeps the code off; only `actif: true` turns it on again.
    const put = (payload: Record<string, unknown>) => app.inject({ method: 'PUT', url: `/api/codepromo/${id}`, headers: admin.auth, payload })
    const stillOff = await put({ code: 'NOEL20', type: 'montant', valeur: 2500 })
    expect(stillOff.statusCode, stillOff.body).toBe(200)
    expect(stillOff.json()).toMatchObject({ valeur: 2500, actif: false })
    // Turned off, it answers as a code that does not exist: a guesser cannot tell them apart.
    const off20 = await check(buyer, 'NOEL20')
    const never = await check(buyer, 'JAMAISVU20')
    expect(off20.statusCode).toBe(409)
    expect([off20.statusCode, off20.json()]).toEqual([never.statusCode, never.json()])
    expect(off20.json().message).toBe(PROMO_MESSAGES.unknown)
    expect((await put({ code: 'NOEL20', type: 'montant', valeur: 2500, actif: true })).json()).toMatchObject({ actif: true })
  })
})

describe('discount codes at checkout', () => {
  it('previews the discount, and the order keeps the code and its amount, inside remise and apart', async () => {
    const { code } = await newCode({ type: 'pourcentage', valeur: 20 })
    const { customer } = await customerWithCart(5000, 2)
    const preview = await check(customer, code.toLowerCase())
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toEqual({ code, remise: 2000, remiseformat: '2\u00a0000\u00a0FCFA' })
    const res = await order(customer, { codepromo: code.toLowerCase() })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().commande).toMatchObject({ montantcommande: 10000, montantliv: 1000, remise: 2000, montanttotal: 9000, codepromo: { code, remise: 2000, remiseformat: '2\u00a0000\u00a0FCFA' } })
    const numero = res.json().commande.numerocommande
    const graph = await gql(app, `{ commandespaginated { data { numerocommande remise codepromo { code remise } } } }`, {}, customer.auth)
    expect(graph.data?.commandespaginated.data).toEqual([{ numerocommande: numero, remise: 2000, codepromo: { code, remise: 2000 } }])
  })

  it('refuses each broken rule with its French reason, as a 409 naming codepromo, and places nothing', async () => {
    const sc = await makeSubcategory(db)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fin: anHourAgo(), debut: new Date(Date.now() - 7_200_000).toISOString() }, PROMO_MESSAGES.expired],
      [{ minimum: 20000 }, 'Montant minimum : 20\u00a0000\u00a0FCFA'],
      [{ actif: false }, PROMO_MESSAGES.unknown],
      [{ souscategories: [sc.id] }, PROMO_MESSAGES.noMatchingProduct],
    ]
    for (const [rules, message] of cases) {
      const { code } = await newCode(rules)
      const { customer } = await customerWithCart(5000, 2)
      const preview = await check(customer, code)
      expect(preview.statusCode, message).toBe(409)
      expect(preview.json()).toMatchObject({ message, errors: { codepromo: [message] } })
      const res = await order(customer, { codepromo: code })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(message)
      expect(await db.select().from(commandes).where(eq(commandes.clientId, customer.userId))).toHaveLength(0)
    }
    const { code: soon } = await newCode({ debut: inOneHour() })
    const { customer } = await customerWithCart()
    expect((await check(customer, soon)).json().message).toMatch(/^Ce code sera valable à partir du /)
    expect((await check(customer, 'INCONNU')).json().message).toBe(PROMO_MESSAGES.unknown)
    const badFormat = await order(customer, { codepromo: 'x' })
    expect(badFormat.statusCode).toBe(400)
    expect(badFormat.json().errors.codepromo).toEqual([MESSAGES.promoCodeFormat])
  })

  it('a customer may try only a few codes a minute', async () => {
    const customer = await signIn(app)
    const answers = []
    for (let i = 0; i < PROMO_CHECKS_PER_MINUTE; i++) answers.push((await check(customer, `DEVINE${i}`)).statusCode)
    expect(answers).toEqual(Array(PROMO_CHECKS_PER_MINUTE).fill(409))
    const limited = await check(customer, 'DEVINE99')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(PROMO_MESSAGES.tooManyChecks)
  })

  it('one address may try only a few codes a minute, whatever the accounts it opens', async () => {
    const shop = await buildApp({ config: testConfig(), database, verifier: createFirebaseVerifier({ projectId: testConfig().firebaseProjectId, emulatorHost: testConfig().firebaseEmulatorHost }), webRoot: null, signInRateLimit: 1000, expireOrdersEveryMs: 0 })
    try {
      const accounts = await Promise.all([signIn(shop), signIn(shop), signIn(shop)])
      const from = (remoteAddress: string, who: SignedIn, code: string) => shop.inject({ method: 'POST', url: '/api/codepromo/verifier', headers: who.auth, payload: { code }, remoteAddress })
      const answers: number[] = []
      for (const [n, who] of accounts.entries()) {
        for (let i = 0; i < PROMO_CHECKS_PER_MINUTE; i++) answers.push((await from('203.0.113.7', who, `DEVINE${n}X${i}`)).statusCode)
      }
      expect(answers.filter((s) => s === 409)).toHaveLength(PROMO_CHECKS_PER_ADDRESS_PER_MINUTE)
      expect(answers.slice(PROMO_CHECKS_PER_ADDRESS_PER_MINUTE).every((s) => s === 429)).toBe(true)
      const limited = await from('203.0.113.7', await signIn(shop), 'DEVINEZ')
      expect(limited.statusCode).toBe(429)
      expect(limited.json().message).toBe(PROMO_MESSAGES.tooManyChecks)
      // Another address is not held back by this one.
      expect((await from('198.51.100.9', accounts[2]!, 'AUTRE1')).statusCode).toBe(409)
    } finally {
      await shop.close()
    }
  })

  it('uses per customer, first order only', async () => {
    const { code: once } = await newCode({ par_client: 1 })
    const { customer, produit } = await customerWithCart()
    expect((await order(customer, { codepromo: once })).statusCode).toBe(201)
    await addToCart(customer, produit.id, 1)
    const second = await order(customer, { codepromo: once })
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(PROMO_MESSAGES.perClient(1))
    // The customer has ordered now: a first-order code is refused, another customer's first order takes it.
    const { code: first } = await newCode({ premiere_commande: true })
    expect((await order(customer, { codepromo: first })).json().message).toBe(PROMO_MESSAGES.firstOrderOnly)
    // First for the phone number too: a new account ordering to a number that has an order is
    // refused, however the number is typed; another number takes it.
    const { customer: again } = await customerWithCart()
    for (const tel of ['+221 77 123 45 67', '771234567', '00221 77 123 45 67']) {
      const res = await order(again, { codepromo: first, tel })
      expect(res.statusCode, tel).toBe(409)
      expect(res.json()).toMatchObject({ message: PROMO_MESSAGES.firstOrderOnly, errors: { codepromo: [PROMO_MESSAGES.firstOrderOnly] } })
    }
    const preview = await app.inject({ method: 'POST', url: '/api/codepromo/verifier', headers: again.auth, payload: { code: first, tel: '77 123 45 67' } })
    expect(preview.json().message).toBe(PROMO_MESSAGES.firstOrderOnly)
    const { customer: newcomer } = await customerWithCart()
    const newNumber = `+221 76 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4, -2)} ${String(Date.now()).slice(-2)}`
    expect((await app.inject({ method: 'POST', url: '/api/codepromo/verifier', headers: newcomer.auth, payload: { code: first, tel: newNumber } })).statusCode).toBe(200)
    const taken = await order(newcomer, { codepromo: first, tel: newNumber })
    expect(taken.statusCode, taken.body).toBe(201)
    // Now that number has had its first order.
    const { customer: third } = await customerWithCart()
    expect((await order(third, { codepromo: first, tel: newNumber.replaceAll(' ', '') })).json().message).toBe(PROMO_MESSAGES.firstOrderOnly)
  })

  it('restricted to sub-categories: the discount is on the matching lines only; the minimum is the whole basket', async () => {
    const fruits = await makeSubcategory(db)
    const { code } = await newCode({ type: 'pourcentage', valeur: 50, minimum: 9000, souscategories: [fruits.id] })
    const customer = await signIn(app)
    const mangue = await makeProduct(db, { prix: 2000, quantite: 20, souscategorieId: fruits.id })
    const riz = await makeProduct(db, { prix: 8000, quantite: 20 })
    await addToCart(customer, mangue.id, 1)
    await addToCart(customer, riz.id, 1)
    const res = await order(customer, { codepromo: code })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().commande).toMatchObject({ montantcommande: 10000, remise: 1000, codepromo: { remise: 1000 } })
  })

  it('a cancelled order gives its use back', async () => {
    const { id, code } = await newCode({ utilisations_max: 1 })
    const { customer } = await customerWithCart()
    const placed = await order(customer, { codepromo: code })
    expect(placed.statusCode).toBe(201)
    const { customer: other } = await customerWithCart()
    expect((await order(other, { codepromo: code })).json().message).toBe(PROMO_MESSAGES.exhausted)
    const cancel = await app.inject({ method: 'POST', url: `/api/commande/${placed.json().commande.numerocommande}/annulation`, headers: customer.auth })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await db.select().from(codesPromo).where(eq(codesPromo.id, id)))[0]!.utilisations).toBe(0)
    expect((await order(other, { codepromo: code })).statusCode).toBe(201)
  })

  it('50 customers racing for a code of 10 uses: exactly 10 orders take it', async () => {
    const { id, code } = await newCode({ type: 'montant', valeur: 500, utilisations_max: 10 })
    const customers = await Promise.all(Array.from({ length: 50 }, () => customerWithCart(3000, 1)))
    const results = await Promise.all(customers.map(({ customer }) => order(customer, { codepromo: code })))
    const placed = results.filter((r) => r.statusCode === 201)
    const refused = results.filter((r) => r.statusCode === 409)
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(40)
    for (const r of refused) expect(r.json().message).toBe(PROMO_MESSAGES.exhausted)
    expect((await db.select().from(codesPromo).where(eq(codesPromo.id, id)))[0]!.utilisations).toBe(10)
    expect(await db.select({ id: commandes.id }).from(commandes).where(eq(commandes.codepromoId, id))).toHaveLength(10)
  })

  it('with the loyalty reward (ADR 036): the code first, the tier percentage on what is left; never more than the goods', async () => {
    const [tier] = await db.insert(privileges).values({ designation: 'Platine', point: 100000, couleur: '#999' }).returning()
    const types = await db.select().from(typerecompenses)
    await db.insert(privilegeRecompenses).values([{ privilegeId: tier!.id, typerecompenseId: types.find((t) => t.code === 'REMISE_POURCENT')!.id, valeur: 10 }])

    const { code } = await newCode({ type: 'montant', valeur: 1000 })
    const { customer } = await customerWithCart(5000, 2)
    await db.insert(pointsFidelite).values({ clientId: customer.userId, points: 100000, motif: 'test' })
    const res = await order(customer, { codepromo: code })
    expect(res.statusCode, res.body).toBe(201)
    // 10 000 of goods: 1 000 for the code, then 10 % of the 9 000 left.
    expect(res.json().commande).toMatchObject({ montantcommande: 10000, remise: 1900, codepromo: { remise: 1000 }, montanttotal: 10000 + 1000 - 1900 })

    const { code: huge } = await newCode({ type: 'montant', valeur: 50000 })
    const { customer: rich } = await customerWithCart(5000, 2)
    await db.insert(pointsFidelite).values({ clientId: rich.userId, points: 100000, motif: 'test' })
    const capped = await order(rich, { codepromo: huge })
    expect(capped.statusCode, capped.body).toBe(201)
    expect(capped.json().commande).toMatchObject({ montantcommande: 10000, remise: 10000, codepromo: { remise: 10000 }, montanttotal: 1000 })
  })
})

describe('paying again another way (POST /api/commande/{numero}/paiement {modepaiement})', () => {
  async function failedWaveOrder(delivery: 'domicile' | 'retrait' = 'domicile') {
    const { customer } = await customerWithCart(4000, 1)
    const extra = delivery === 'retrait' ? { modelivraison: ids.retrait, depot: await depotId() } : {}
    const res = await order(customer, extra, 'WAVE')
    expect(res.statusCode, res.body).toBe(201)
    const numero = res.json().commande.numerocommande as string
    const first = await pay(customer, numero)
    expect(first.statusCode, first.body).toBe(200)
    // The customer declines on the provider's page: the sandbox notifies the failure.
    const declined = await fetch(first.json().url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'decline' }).toString(),
      redirect: 'manual',
    })
    expect(declined.status).toBeLessThan(400)
    await expect.poll(async () => (await db.select({ etat: commandes.etat }).from(commandes).where(eq(commandes.numerocommande, numero)))[0]!.etat).toBe('echec_paiement')
    return { customer, numero }
  }
  let depot = 0
  async function depotId() {
    if (!depot) {
      const [row] = await db.insert(depots).values({ designation: 'Dépôt de Fann', adresse: 'Fann', latitude: 14.69, longitude: -17.46 }).returning({ id: depots.id })
      depot = row!.id
    }
    return depot
  }
  const pay = (who: SignedIn, numero: string, body?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/commande/${numero}/paiement`, headers: who.auth, ...(body ? { payload: body } : {}) })

  it('after a failed Wave payment: Orange Money opens a new attempt on the same order', async () => {
    const { customer, numero } = await failedWaveOrder()
    const res = await pay(customer, numero, { modepaiement: ids.modes.OM })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().url).toEqual(expect.any(String))
    expect(res.json().commande).toMatchObject({ numerocommande: numero, etat: 'en_attente_paiement', modepaiement: { code: 'OM' } })
    const attempts = await db
      .select({ provider: paiements.provider, statut: paiements.statut })
      .from(paiements)
      .where(eq(paiements.commandeId, res.json().commande.id as number))
      .orderBy(asc(paiements.id))
    expect(attempts).toEqual([{ provider: 'wave', statut: 'echouee' }, { provider: 'paytech', statut: 'en_cours' }])
    expect(await db.select().from(commandes).where(eq(commandes.clientId, customer.userId))).toHaveLength(1)
  })

  it('cash on delivery for a home delivery: the order waits for confirmation, no page to open', async () => {
    const { customer, numero } = await failedWaveOrder()
    const res = await pay(customer, numero, { modepaiement: ids.modes.CASH })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ url: null, commande: { etat: 'en_attente', modepaiement: { code: 'CASH' } } })
    const [row] = await db.select().from(commandes).where(eq(commandes.numerocommande, numero))
    expect(row!.expiresAt).toBeNull()
    const again = await pay(customer, numero, { modepaiement: ids.modes.WAVE })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(MESSAGES.orderNotRepayable)
  })

  it('refuses cash for a pickup, an unknown mode, another customer, and a paid order', async () => {
    const { customer, numero } = await failedWaveOrder('retrait')
    const cash = await pay(customer, numero, { modepaiement: ids.modes.CASH })
    expect(cash.statusCode).toBe(409)
    expect(cash.json()).toMatchObject({ message: MESSAGES.orderCashNotAllowed, errors: { modepaiement: [MESSAGES.orderCashNotAllowed] } })
    const unknown = await pay(customer, numero, { modepaiement: 999999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.modepaiement).toEqual([MESSAGES.orderPaymentModeUnknown])
    const stranger = await signIn(app)
    expect((await pay(stranger, numero, { modepaiement: ids.modes.OM })).statusCode).toBe(404)
    await db.update(commandes).set({ etat: 'payee' }).where(eq(commandes.numerocommande, numero))
    const paid = await pay(customer, numero, { modepaiement: ids.modes.OM })
    expect(paid.statusCode).toBe(409)
    expect(paid.json().message).toBe(MESSAGES.orderNotRepayable)
  })

  it('the back office cannot make an unpaid online order a cash one', async () => {
    const { numero } = await failedWaveOrder()
    await db.update(commandes).set({ etat: 'en_attente_paiement' }).where(eq(commandes.numerocommande, numero))
    const res = await app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: admin.auth, payload: { etat: 'en_attente' } })
    expect(res.statusCode).toBe(409)
  })
})
