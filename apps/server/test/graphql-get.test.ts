// Public catalogue reads as GraphQL GETs with persisted documents (issue 27 §1, ADR 063): the
// headers a browser or CDN keeps them by, 304 on If-None-Match, Apollo's persisted-query
// exchange with its bounds, and what never becomes public (a token, private fields, errors,
// mutations). The spec's POST form is unchanged.
import type { FastifyInstance } from 'fastify'
import { GRAPHQL_GET_MESSAGES } from '@teranga/shared/graphql-get-messages'
import { MESSAGES } from '@teranga/shared/server-messages'
import { STOREFRONT_PRIVATE_QUERIES, STOREFRONT_QUERIES, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_QUERY_LENGTH } from '../src/plugins/graphql.ts'
import { REGISTERED_QUERIES_KEPT, sha256 } from '../src/plugins/graphql-persisted-queries.ts'
import { count, eq } from 'drizzle-orm'
import { serverSecrets, vuesProduits } from '../src/db/schema.ts'
import { trackingKey } from '../src/modules/messages/tracking-key.ts'
import { PUBLIC_CACHE_CONTROL, getKey } from '../src/plugins/graphql-response-cache.ts'
import { makeProduct, makeSubcategory, placeHomeOrder } from './factories.ts'
import { anotherInstance, createTestApp, signIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let produitId: number
let categorieId: number
beforeAll(async () => {
  ctx = await createTestApp({ catalogueCacheTtl: 60 })
  categorieId = (await makeSubcategory(ctx.db)).id
  produitId = (await makeProduct(ctx.db, { designation: 'Thiakry au lait caillé', souscategorieId: categorieId })).id
})
afterAll(() => ctx.close())

/** The address the storefront sends for a document: its hash and its variables, nothing else. */
function storefrontUrl(name: StorefrontQuery, variables: Record<string, unknown> = {}) {
  const params = new URLSearchParams({
    variables: JSON.stringify(variables),
    // What the storefront computes in the browser from the same shared text (api-client.ts).
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(STOREFRONT_QUERIES[name]) } }),
  })
  return `/graphql?${params}`
}

function apqUrl(hash: string, variables: Record<string, unknown> = {}, query?: string) {
  const params = new URLSearchParams({ variables: JSON.stringify(variables), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }) })
  if (query !== undefined) params.set('query', query)
  return `/graphql?${params}`
}

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = ctx.app) => app.inject({ method: 'GET', url, headers })

describe('a public read as a GET', () => {
  it('carries public caching headers and a strong ETag; the same ETag gives 304 with no body', async () => {
    const url = storefrontUrl('produits', { page: 1, count: 12, categorie_id: categorieId })
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    expect(first.json().data.produitspaginated.data.map((p: { id: number }) => p.id)).toEqual([produitId])
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    expect(first.headers.vary).toMatch(/accept-encoding/i)
    expect(first.headers.vary).toMatch(/authorization/i)

    // Kept here: the second is answered from memory, byte for byte, without the database.
    const before = ctx.database.stats.queries
    const again = await get(url)
    expect(again.headers['x-cache']).toBe('HIT')
    expect(again.body).toBe(first.body)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(ctx.database.stats.queries).toBe(before)

    const revalidated = await get(url, { 'if-none-match': etag })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    expect(revalidated.headers.etag).toBe(etag)
    expect(revalidated.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    // A list holding it, and the weak form a proxy may send after compressing, match too.
    expect((await get(url, { 'if-none-match': `"autre", W/${etag}` })).statusCode).toBe(304)
    // HEAD, which Fastify answers beside GET: the same headers, no body.
    const head = await ctx.app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.headers.etag).toBe(etag)
    expect(head.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(head.body).toBe('')
    // Another tag: the whole answer.
    const changed = await get(url, { 'if-none-match': '"autre-version"' })
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toBe(first.body)
  })

  it('gives the same ETag on an instance that computes the answer itself, and 304 there too', async () => {
    const url = storefrontUrl('produit', { id: produitId })
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    const other = await anotherInstance(ctx, { catalogueCacheTtl: 0 })
    try {
      const computed = await get(url, {}, other)
      expect(computed.headers['x-cache']).toBeUndefined()
      expect(computed.headers.etag).toBe(first.headers.etag)
      expect(computed.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
      const revalidated = await get(url, { 'if-none-match': first.headers.etag as string }, other)
      expect(revalidated.statusCode).toBe(304)
      expect(revalidated.body).toBe('')
    } finally {
      await other.close()
    }
  })

  it('a change of the catalogue changes the answer and its ETag at once', async () => {
    const url = storefrontUrl('produit', { id: produitId })
    const before = await get(url)
    await ctx.app.inject({ method: 'GET', url: '/health' })
    const { produits } = await import('../src/db/schema.ts')
    const { eq } = await import('drizzle-orm')
    const { notifyCatalogueChanged } = await import('../src/lib/catalogue-changes.ts')
    await ctx.db.update(produits).set({ designation: 'Thiakry vanillé' }).where(eq(produits.id, produitId))
    await notifyCatalogueChanged(ctx.db)
    await expect.poll(async () => (await get(url, { 'if-none-match': before.headers.etag as string })).statusCode, { timeout: 5000, interval: 50 }).toBe(200)
    const after = await get(url)
    expect(after.json().data.produits.designation).toBe('Thiakry vanillé')
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('every public storefront document is answered as a public GET; the others never are', async () => {
    const variables: Partial<Record<StorefrontQuery, Record<string, unknown>>> = {
      produits: { page: 1, count: 12 },
      produit: { id: produitId },
      similaires: { page: 1, count: 6, produit_id: produitId },
      pagecontenu: { slug: 'cgv' },
      orthographes: { q: 'thiakri' },
      favoris: { page: 1, count: 12 },
      suivi: { numero: 'CMD-000', k: 'x' },
    }
    for (const name of Object.keys(STOREFRONT_QUERIES) as StorefrontQuery[]) {
      const res = await get(storefrontUrl(name, variables[name] ?? {}))
      if (!STOREFRONT_PRIVATE_QUERIES.has(name)) {
        expect({ name, status: res.statusCode, cache: res.headers['cache-control'] }).toEqual({ name, status: 200, cache: PUBLIC_CACHE_CONTROL })
        expect(res.headers.etag, name).toBeDefined()
      } else {
        expect({ name, cache: res.headers['cache-control'] }).toEqual({ name, cache: 'no-store' })
        expect(res.headers.etag, name).toBeUndefined()
      }
    }
  })

  it('a GET with the document itself (other clients) is public too; its errors are not', async () => {
    const query = 'query($id:Int!){ produits(id:$id){ id designation } }'
    const ok = await get(`/graphql?${new URLSearchParams({ query, variables: JSON.stringify({ id: produitId }) })}`)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)

    const missing = await get(`/graphql?${new URLSearchParams({ query, variables: JSON.stringify({ id: 999_999 }) })}`)
    expect(missing.json().errors[0].message).toBeTruthy()
    expect(missing.headers['cache-control']).toBe('no-store')
    expect(missing.headers.etag).toBeUndefined()

    const invalid = await get(`/graphql?${new URLSearchParams({ query: '{ produits(id: "x") { id } }' })}`)
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors[0].message).toBe(MESSAGES.graphqlInvalid)
    expect(invalid.headers['cache-control']).toBe('no-store')

    const badVariables = await get(`/graphql?${new URLSearchParams({ query, variables: '{pas du json' })}`)
    expect(badVariables.statusCode).toBe(400)
    expect(badVariables.headers['cache-control']).toBe('no-store')

    // Text the database cannot store, in a variable: refused, the field named.
    const nul = await get(storefrontUrl('orthographes', { q: 'riz\u0000' }))
    expect(nul.statusCode).toBe(400)
    expect(nul.json().errors[0]).toMatchObject({ message: MESSAGES.textInvalidCharacters, extensions: { errors: { q: [MESSAGES.textInvalidCharacters] } } })
    expect(nul.headers['cache-control']).toBe('no-store')
  })
})

describe('signed in, private fields and mutations', () => {
  it('a GET carrying a token is answered no-store, never 304 against the public ETag, with its own `like`', async () => {
    const me = await signIn(ctx.app)
    const url = storefrontUrl('produit', { id: produitId })
    const anonymous = await get(url)
    const etag = anonymous.headers.etag as string
    const liked = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: me.auth, payload: { client: me.userId, produit: produitId } })
    expect(liked.statusCode).toBe(201)
    for (let i = 0; i < 2; i++) {
      const signedIn = await get(url, { ...me.auth, 'if-none-match': etag })
      expect(signedIn.statusCode).toBe(200)
      expect(signedIn.headers['cache-control']).toBe('no-store')
      expect(signedIn.headers.etag).toBeUndefined()
      expect(signedIn.headers['x-cache']).toBeUndefined()
      expect(signedIn.json().data.produits).toMatchObject({ id: produitId, like: 1 })
    }
    // A refused token is a 401, never the public copy.
    const refused = await get(url, { authorization: 'Bearer pas-un-jeton' })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers.etag).toBeUndefined()
  })

  it('signed-in POSTs stay no-store; anonymous POSTs answer as before, without public headers', async () => {
    const me = await signIn(ctx.app)
    const post = await ctx.app.inject({ method: 'POST', url: '/graphql', headers: me.auth, payload: { query: STOREFRONT_QUERIES.panier } })
    expect(post.statusCode).toBe(200)
    expect(post.headers['cache-control']).toBe('no-store')
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: STOREFRONT_QUERIES.produit, variables: { id: produitId } } })
    expect(anonymous.statusCode).toBe(200)
    expect(anonymous.json().data.produits.id).toBe(produitId)
    expect(anonymous.headers.etag).toBeUndefined()
    expect(anonymous.headers['cache-control']).toBeUndefined()
  })

  it('a private field read anonymously by GET is no-store', async () => {
    const res = await get(`/graphql?${new URLSearchParams({ query: '{ categories { id } paniers { id } }' })}`)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.etag).toBeUndefined()
  })

  it('a mutation by GET is refused (405, in French), as a persisted document too; by POST it runs', async () => {
    const mutation = 'mutation($id:Int!){ enregistrerVue(produit_id:$id) }'
    const refused = await get(`/graphql?${new URLSearchParams({ query: mutation, variables: JSON.stringify({ id: produitId }) })}`)
    expect(refused.statusCode).toBe(405)
    expect(refused.json().errors[0]).toMatchObject({ message: GRAPHQL_GET_MESSAGES.graphqlGetReadOnly, extensions: { code: 'METHOD_NOT_ALLOWED' } })
    expect(refused.headers['cache-control']).toBe('no-store')
    // Registered through a POST, then named by its hash in a GET: still refused.
    const hash = sha256(mutation)
    const registered = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: mutation, variables: { id: produitId }, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } } })
    expect(registered.statusCode).toBe(200)
    expect((await get(apqUrl(hash, { id: produitId }))).statusCode).toBe(405)
    const ran = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: mutation, variables: { id: produitId } } })
    expect(ran.statusCode).toBe(200)
    expect(ran.json().errors).toBeUndefined()
  })
})

describe('HEAD and other methods than POST never run a mutation', () => {
  const views = async (produit: number) =>
    (await ctx.db.select({ n: count() }).from(vuesProduits).where(eq(vuesProduits.produitId, produit)))[0]!.n

  it('HEAD with a mutation is a 405 and records nothing, with or without a token; by POST the same visitor is recorded', async () => {
    // A product of its own: no view of it yet by this address or this customer, so a view
    // recorded by the HEAD would show (a second view in the hour is not counted again).
    const fresh = (await makeProduct(ctx.db, { souscategorieId: categorieId })).id
    const me = await signIn(ctx.app)
    const mutation = `mutation{ enregistrerVue(produit_id:${fresh}) }`
    const url = `/graphql?${new URLSearchParams({ query: mutation })}`
    for (const headers of [{}, me.auth]) {
      const head = await ctx.app.inject({ method: 'HEAD', url, headers })
      expect(head.statusCode).toBe(405)
      expect(head.headers['cache-control']).toBe('no-store')
      expect(head.headers.etag).toBeUndefined()
      // The same refusal as the GET's, in French, when the body is asked for.
      const refused = await get(url, headers)
      expect(refused.statusCode).toBe(405)
      expect(refused.json().errors[0]).toMatchObject({ message: GRAPHQL_GET_MESSAGES.graphqlGetReadOnly, extensions: { code: 'METHOD_NOT_ALLOWED' } })
    }
    // A named mutation beside a query, the query named in the address: the query is read;
    // the mutation named is refused.
    const both = `query Lire { produits(id:${fresh}) { id } } mutation Voir { enregistrerVue(produit_id:${fresh}) }`
    const read = await ctx.app.inject({ method: 'HEAD', url: `/graphql?${new URLSearchParams({ query: both, operationName: 'Lire' })}` })
    expect(read.statusCode).toBe(200)
    const named = await ctx.app.inject({ method: 'HEAD', url: `/graphql?${new URLSearchParams({ query: both, operationName: 'Voir' })}` })
    expect(named.statusCode).toBe(405)
    expect(await views(fresh)).toBe(0)

    // The same mutation by POST, anonymously then signed in: each visitor's view is recorded,
    // so the refusals above were not a view already counted in this hour.
    for (const headers of [{}, me.auth]) {
      const ran = await ctx.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: mutation } })
      expect(ran.statusCode).toBe(200)
      expect(ran.json()).toEqual({ data: { enregistrerVue: true } })
    }
    expect(await views(fresh)).toBe(2)
  })
})

describe('a successful private read by GET is never kept', () => {
  it("an order's follow-up with its real key: the order, no-store, no ETag, never answered from the cache", async () => {
    const customer = await signIn(ctx.app)
    const placed = await placeHomeOrder(ctx.app, ctx.db, customer, [[produitId, 1]])
    expect(placed.statusCode, placed.body).toBe(201)
    const numero = placed.json().commande.numerocommande as string
    // No TRACKING_LINK_SECRET here: the key drawn once and kept in the database (ADR 034).
    const [secret] = await ctx.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'tracking_links'))
    const url = storefrontUrl('suivi', { numero, k: trackingKey(secret!.value, numero) })
    for (let i = 0; i < 2; i++) {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().errors).toBeUndefined()
      expect(res.json().data.suivi).toMatchObject({ numerocommande: numero, lignes: [{ quantite: 1 }] })
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers.etag).toBeUndefined()
      expect(res.headers['x-cache']).toBeUndefined()
    }
  })
})

describe('the GET cache key', () => {
  it('is unambiguous whatever newlines the parameters hold', () => {
    // Joined with newlines, these two would have been the same key.
    const a = getKey({ query: '{ produits(id: 1) { id } }', variables: '{}\n{}' })
    const b = getKey({ query: '{ produits(id: 1) { id } }\n{}', variables: '{}' })
    expect(a).not.toBe(b)
    expect(getKey({ extensions: 'e', query: 'q' })).not.toBe(getKey({ extensions: 'e\nq' }))
    expect(getKey({ query: 'q', operationName: 'o' })).toBe(getKey({ query: 'q', operationName: 'o' }))
  })
})

describe("persisted documents (Apollo's protocol)", () => {
  it('an unknown hash asks for the document; sent once with it, the hash alone works', async () => {
    const query = `query($id:Int!){ produits(id:$id){ id prix } }`
    const hash = sha256(query)
    const unknown = await get(apqUrl(hash, { id: produitId }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0]).toMatchObject({ message: GRAPHQL_GET_MESSAGES.persistedQueryNotFound, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })
    expect(unknown.headers['cache-control']).toBe('no-store')

    const sent = await get(apqUrl(hash, { id: produitId }, query))
    expect(sent.statusCode).toBe(200)
    expect(sent.json().data.produits.id).toBe(produitId)

    const known = await get(apqUrl(hash, { id: produitId }))
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual(sent.json())
    expect(known.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
  })

  it('refuses a hash that is not the document’s, and versions other than 1', async () => {
    const query = '{ categories { id } }'
    const wrong = await get(apqUrl(sha256('autre chose'), {}, query))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0].message).toBe(GRAPHQL_GET_MESSAGES.persistedQueryMismatch)
    const v2 = await get(`/graphql?${new URLSearchParams({ extensions: JSON.stringify({ persistedQuery: { version: 2, sha256Hash: sha256(query) } }) })}`)
    expect(v2.statusCode).toBe(400)
    expect(v2.json().errors[0]).toMatchObject({ message: GRAPHQL_GET_MESSAGES.persistedQueryUnsupported, extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } })
  })

  it('keeps at most REGISTERED_QUERIES_KEPT documents, never one too long, never a storefront one twice', async () => {
    const documents = Array.from({ length: REGISTERED_QUERIES_KEPT + 1 }, (_, i) => `query Q${i} { categories { id } }`)
    for (const query of documents) {
      const res = await get(apqUrl(sha256(query), {}, query))
      expect(res.statusCode).toBe(200)
    }
    // The first was pushed out by the last: the store does not grow with what visitors send.
    expect((await get(apqUrl(sha256(documents[0]!)))).statusCode).toBe(400)
    expect((await get(apqUrl(sha256(documents.at(-1)!)))).statusCode).toBe(200)
    // The storefront's own documents are never pushed out.
    expect((await get(storefrontUrl('categories'))).statusCode).toBe(200)

    const long = `query { categories { id } } # ${'x'.repeat(MAX_QUERY_LENGTH)}`
    const refused = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: long, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(long) } } } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors[0].message).toBe(MESSAGES.queryTooLong)
    expect((await get(apqUrl(sha256(long)))).json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND')
  })
})
