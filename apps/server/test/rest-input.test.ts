// How the API reads what it is sent, whatever the route: an id is decimal digits and nothing
// else (`0x10` and `1e3` were read as numbers and `DELETE /api/zone/0x10` deleted zone 16), and
// an optional field left empty is no value rather than a wrong one (issue 16 §1).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { MESSAGES } from '@teranga/shared/server-messages'
import { clients, modelivraisons, modepaiements, zonesLivraison } from '../src/db/schema.ts'
import { makeProduct } from './factories.ts'
import { createEmulatorUser, createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (method: Method, url: string, who?: SignedIn, payload?: object) =>
  shop.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) })

/** Ways to spell 16 that are not decimal digits, as a path segment or a query value. */
const NOT_DIGITS = ['0x10', '1.6e1', '16.0', '%2B16', '%2016', '16%20', '0b10000', '0o20', '16n', '-16']

describe('ids are decimal digits', () => {
  it('DELETE /api/zone/0x10 and the like: a 400 naming id, and the zone stays', async () => {
    const created = await call('POST', '/api/zone', admin, { designation: 'Zone seize', frais: 1000 })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as number
    const spellings = [`0x${id.toString(16)}`, `${id / 10}e1`, `${id}.0`, `+${id}`, `%20${id}`, `${id}e0`, `0b${id.toString(2)}`]
    for (const spelled of spellings) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, `/api/zone/${spelled}`, admin, method === 'PUT' ? { designation: 'Renommée', frais: 0 } : undefined)
        expect(res.statusCode, `${method} ${spelled}`).toBe(400)
        expect(res.json().errors.id, `${method} ${spelled}`).toEqual([MESSAGES.idInteger])
      }
    }
    expect((await shop.db.select().from(zonesLivraison).where(eq(zonesLivraison.id, id)))[0]).toMatchObject({ designation: 'Zone seize', frais: 1000 })
    // Decimal digits still name it.
    expect((await call('DELETE', `/api/zone/${id}`, admin)).statusCode).toBe(204)
  })

  it('every kind of route: public reads, the customer’s, the back office’s, and ids and pages in query strings', async () => {
    const product = await makeProduct(shop.db)
    const urls = (n: string) => [
      { url: `/api/produits/${n}`, field: 'id' },
      { url: `/api/produit/${n}`, who: manager, field: 'id' },
      { url: `/api/client/${n}`, who: manager, field: 'id' },
      { url: `/api/adresses/${n}`, method: 'DELETE' as const, who: customer, field: 'id' },
      { url: `/api/favorie/${n}`, method: 'DELETE' as const, who: customer, field: 'produit' },
      { url: `/api/commande?depot=${n}`, who: manager, field: 'depot' },
      { url: `/api/produits?categorie_id=${n}`, field: 'categorie_id' },
      { url: `/api/commande?page=${n}`, who: manager, field: 'page' },
      { url: `/api/commande?count=${n}`, who: manager, field: 'count' },
    ]
    for (const spelled of NOT_DIGITS) {
      for (const { url, who, field, method = 'GET' } of urls(spelled)) {
        const res = await call(method, url, who)
        expect(res.statusCode, `${method} ${url}`).toBe(400)
        expect(Object.keys(res.json().errors), `${method} ${url}`).toEqual([field])
      }
    }
    // The same routes with digits answer as before.
    expect((await call('GET', `/api/produits/${product.id}`)).statusCode).toBe(200)
    expect((await call('GET', `/api/produit/${product.id}`, manager)).statusCode).toBe(200)
    expect((await call('GET', '/api/commande?page=1&count=5', manager)).statusCode).toBe(200)
    expect((await call('GET', '/api/produits/99999999')).statusCode).toBe(404)
    // Past PostgreSQL's integer: refused before any query, not a 500.
    expect((await call('GET', '/api/produits/99999999999')).statusCode).toBe(400)
  })
})

describe('an empty optional field is absent, not wrong', () => {
  it('POST /api/sociallogin with googleImg "" and the other optional fields empty, as an email sign-up sends them', async () => {
    const user = await createEmulatorUser()
    const empty = { email: '', login: '', nom: '', prenom: '', tel: '', telephone1: '', image: '', googleImg: '', ville: '', pays: '' }
    const res = await call('POST', '/api/sociallogin', undefined, { idToken: user.idToken, ...empty })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().utilisateur).toMatchObject({ googleImg: null, email: user.email })
    const [row] = await shop.db.select().from(clients).where(eq(clients.id, res.json().utilisateur.id))
    expect(row).toMatchObject({ googleImg: null, pays: null, ville: null, telephone: null })
    // A value still has to be right, and a required field stays required.
    const bad = await call('POST', '/api/sociallogin', undefined, { idToken: user.idToken, googleImg: 'http://exemple.sn/p.png', pays: 'Sénégal' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['googleImg', 'pays'])
    const noToken = await call('POST', '/api/sociallogin', undefined, { idToken: '', googleImg: '' })
    expect(noToken.statusCode).toBe(400)
    expect(noToken.json().errors.idToken).toEqual([MESSAGES.idTokenRequired])
  })

  it('the customer’s address and order, the back office’s settings and moves', async () => {
    const [mermoz] = await shop.db.select().from(zonesLivraison).limit(1)
    const address = await call('POST', '/api/adresses', customer, { libelle: '', adresse: 'Rue 10, Mermoz', zone: mermoz!.id, telephone: '77 123 45 67' })
    expect(address.statusCode, address.body).toBe(201)
    expect(address.json().adresse.libelle).toBeNull()

    const depot = await call('POST', '/api/depot', admin, { designation: 'Dépôt vide', description: '', adresse: ' ', latitude: 14.79, longitude: -16.93 })
    expect(depot.statusCode, depot.body).toBe(201)
    expect(depot.json()).toMatchObject({ description: null, adresse: null })
    const privilege = await call('POST', '/api/privilege', admin, { designation: 'Sans couleur', couleur: '', point: 424242 })
    expect(privilege.statusCode, privilege.body).toBe(201)
    expect(privilege.json().couleur).toBeNull()
    const preference = await call('PUT', '/api/preference', admin, { email: '', siteweb: '', telephone: '' })
    expect(preference.statusCode, preference.body).toBe(200)

    const produit = await makeProduct(shop.db, { prix: 1000, quantite: 5 })
    await call('POST', '/api/panier', customer, { user: customer.userId, produit: produit.id, quantite: 1, action: 0 })
    const domicile = (await shop.db.select().from(modelivraisons)).find((m) => m.code === 'DOMICILE')!.id
    const cash = (await shop.db.select().from(modepaiements)).find((m) => m.code === 'CASH')!.id
    const order = await call('POST', '/api/commande', customer, { modelivraison: domicile, modepaiement: cash, adresseliv: 'Rue 10, Mermoz', zone: 'Mermoz', tel: '77 123 45 67', depot: null })
    expect(order.statusCode, order.body).toBe(201)
    const numero = order.json().commande.numerocommande as string
    const confirmed = await call('POST', `/api/commande/${numero}/etat`, manager, { etat: 'confirmee', motif: '' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    // Required to cancel: empty is missing, named.
    const cancel = await call('POST', `/api/commande/${numero}/etat`, manager, { etat: 'annulee', motif: '  ' })
    expect(cancel.statusCode).toBe(400)
    expect(cancel.json().errors.motif).toEqual([ORDERS_MESSAGES.motifRequired])

    // The orders list's filters, as a form with nothing chosen sends them.
    const everything = (await call('GET', '/api/commande?count=1', manager)).json().metadata.total as number
    expect(everything).toBeGreaterThan(0)
    const blank = await call('GET', '/api/commande?count=1&du=&au=&depot=&q=&etat=&zone=&modelivraison=&modepaiement=', manager)
    expect(blank.statusCode, blank.body).toBe(200)
    expect(blank.json().metadata.total).toBe(everything)
  })
})
