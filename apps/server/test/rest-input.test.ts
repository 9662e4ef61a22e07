// How the API reads what it is sent, whatever the route: an id is decimal digits and nothing
// else (`0x10` and `1e3` were read as numbers and `DELETE /api/zone/0x10` deleted zone 16; issue 16 §1).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { zonesLivraison } from '../src/db/schema.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

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
