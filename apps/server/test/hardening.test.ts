import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { HOME_PAGE_SIZE, SIMILAR_PAGE_SIZE, STOREFRONT_QUERIES, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { app as shopApp, BODY_LIMIT, serverOptions } from '../src/app.ts'
import { caroussels, commandes, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { MAX_ALIASES, MAX_MUTATIONS, MAX_QUERY_LENGTH } from '../src/plugins/graphql.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, freshDatabase, gql, signIn, testConfig, type TestContext } from './helpers.ts'

let ctx: TestContext
let webRoot: string
beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-web-'))
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Teranga</title>')
  await fs.mkdir(path.join(webRoot, 'assets'))
  await fs.writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)')
  await fs.writeFile(path.join(webRoot, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  ctx = await createTestApp({ webRoot })
})
afterAll(async () => {
  await ctx.close()
  await fs.rm(webRoot, { recursive: true, force: true })
})

describe('HTTP hardening', () => {
  it('sends security headers with a CSP and a request id', async () => {
    const res = await ctx.app.inject({ url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['strict-transport-security']).toBeDefined()
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const traced = await ctx.app.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } })
    expect(traced.headers['x-request-id']).toBe('abc-123')
  })

  it('sends scripts without the headers only a page obeys, and keeps them on pages, API answers and SVG', async () => {
    const script = await ctx.app.inject({ url: '/assets/app-abc123.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/javascript/)
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection']) expect(script.headers[name]).toBeUndefined()
    expect(script.headers['x-content-type-options']).toBe('nosniff')
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(script.headers['strict-transport-security']).toBeDefined()
    for (const url of ['/', '/health', '/assets/logo-abc123.svg']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'")
      expect(res.headers['x-frame-options'], url).toBeDefined()
    }
  })

  it('answers 413 in French for an oversized body, 415 for an unknown content type', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/panier',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT + 10) }),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe(MESSAGES.bodyTooLarge)
    const xml = await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    expect(xml.statusCode).toBe(415)
    expect(xml.json().message).toBe(MESSAGES.unsupportedMediaType)
  })

  it('answers malformed JSON with a 400, in French, on REST and GraphQL', async () => {
    const me = await signIn(ctx.app)
    const rest = await ctx.app.inject({
      method: 'POST',
      url: '/api/panier',
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: '{"produit": 1,',
    })
    expect(rest.statusCode).toBe(400)
    expect(rest.json()).toEqual({ message: MESSAGES.invalidJson })
    const graphql = await ctx.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": "{ ping }"',
    })
    expect(graphql.statusCode).toBe(400)
    expect(graphql.body).not.toMatch(/at .*\.(js|ts):\d+/)
  })

  it('never leaks internals: an unexpected failure is a French 500 without a stack', async () => {
    const broken = await createTestApp()
    try {
      await broken.database.close()
      const rest = await broken.app.inject({ url: '/api/categories' })
      expect(rest.statusCode).toBe(500)
      expect(rest.json()).toEqual({ message: MESSAGES.internalError })
      const graphql = await gql(broken.app, '{ categories { id } }')
      expect(graphql.errors![0]).toMatchObject({ message: MESSAGES.internalError, extensions: { code: 'INTERNAL_SERVER_ERROR' } })
      expect(graphql.res.body).not.toMatch(/stack|\.ts:\d+|pool|postgres|closed/i)
      const health = await broken.app.inject({ url: '/health' })
      expect(health.statusCode).toBe(503)
      expect(health.json().message).toBe(MESSAGES.databaseUnavailable)
    } finally {
      await broken.close()
    }
  })

  it('serves the storefront for page routes and keeps JSON 404s for the API', async () => {
    const page = await ctx.app.inject({ url: '/product/12' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const api = await ctx.app.inject({ url: '/api/does-not-exist' })
    expect(api.statusCode).toBe(404)
    expect(api.json().message).toBe(MESSAGES.notFound)
    const media = await ctx.app.inject({ url: '/media/catalogue/absent-320.webp' })
    expect(media.statusCode).toBe(404)
  })
})

describe('GraphQL limits and errors', () => {
  it('refuses a query deeper than the limit', async () => {
    const deep = await gql(ctx.app, `{ categories { souscategories { categorie { id designation } } } produitplusvus { souscategorie { categorie { id } } } }`)
    expect(deep.errors).toBeUndefined()
    const tooDeep = await gql(ctx.app, `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`)
    expect(tooDeep.status).toBe(400)
    expect(tooDeep.errors![0]!.message).toBe(MESSAGES.queryTooDeep)
    expect(tooDeep.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
  })

  it('refuses a query whose cost is too high (many aliased pages)', async () => {
    const aliases = Array.from({ length: 6 }, (_, i) => `p${i}: produitspaginated(count: 100) { data { id designation prix prixformat image } }`).join('\n')
    const res = await gql(ctx.app, `{ ${aliases} }`)
    expect(res.status).toBe(400)
    expect(res.errors![0]!.message).toBe(MESSAGES.queryTooComplex)
    const cheap = await gql(ctx.app, `{ produitspaginated(count: 12) { data { id } } }`)
    expect(cheap.errors).toBeUndefined()
  })

  it('prices `count` given as a variable at its real value', async () => {
    const q = `query($n:Int){ a: produitspaginated(count:$n){ data{ id designation prix prixformat image } } b: produitspaginated(count:$n){ data{ id designation prix prixformat image } } c: produitspaginated(count:$n){ data{ id designation prix prixformat image } } d: produitspaginated(count:$n){ data{ id designation prix prixformat image } } e: produitspaginated(count:$n){ data{ id designation prix prixformat image } } f: produitspaginated(count:$n){ data{ id designation prix prixformat image } } }`
    expect((await gql(ctx.app, q, { n: 5 })).errors).toBeUndefined()
    expect((await gql(ctx.app, q, { n: 100 })).errors![0]!.message).toBe(MESSAGES.queryTooComplex)
  })

  it("answers a malformed document in French with its code, never with graphql-js's English explanation", async () => {
    const page = `query ($n: Int!) { produitspaginated(count: $n) { metadata { total } } }`
    const mistakes: Array<[string, Record<string, unknown>]> = [
      [`{ produitspaginated( }`, {}],
      // « Did you mean … » would spell out the schema.
      [`{ produitspaginated { data { motdepass } } }`, {}],
      [`{ produitspaginated(count: "douze") { metadata { total } } }`, {}],
      [page, {}],
      [page, { n: 'douze' }],
    ]
    for (const [query, variables] of mistakes) {
      const res = await gql(ctx.app, query, variables)
      expect(res.status, query).toBe(400)
      expect(res.errors!.length, query).toBeGreaterThan(0)
      for (const error of res.errors!) {
        expect(error.message, query).toBe(MESSAGES.graphqlInvalid)
        expect(error.extensions, query).toEqual({ code: 'BAD_USER_INPUT' })
      }
    }
    // No document at all, or one sent by GET.
    for (const request of [{ method: 'POST' as const, url: '/graphql', payload: {} }, { method: 'POST' as const, url: '/graphql', payload: { query: '' } }, { method: 'GET' as const, url: '/graphql?query=%7B%20produitspaginated(%20%7D' }]) {
      const res = await ctx.app.inject(request)
      const body = res.json() as { errors: Array<{ message: string; extensions: Record<string, unknown> }> }
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
      for (const error of body.errors) {
        expect(Object.values(MESSAGES), res.body).toContain(error.message)
        expect(error.extensions, res.body).toEqual({ code: 'BAD_USER_INPUT' })
      }
    }
  })
})

describe('commandespaginated', () => {
  it('shows a client their own orders only, with state labels and lines; refuses others', async () => {
    const alice = await signIn(ctx.app)
    const bob = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { prix: 2000 })
    const [mode] = await ctx.db.select().from(modepaiements).limit(1)
    const [livraison] = await ctx.db.select().from(modelivraisons).limit(1)
    const { detailCommandes } = await import('../src/db/schema.ts')
    const [order] = await ctx.db
      .insert(commandes)
      .values({
        numerocommande: 'TRG-TEST-0001',
        clientId: alice.userId,
        etat: 'en_attente',
        montantcommande: 4000,
        montantliv: 1500,
        modepaiementId: mode!.id,
        modelivraisonId: livraison!.id,
      })
      .returning()
    await ctx.db.insert(detailCommandes).values({ commandeId: order!.id, produitId: p.id, quantite: 2, prix: 2000 })

    const Q = `query($client_id:Int){ commandespaginated(page:1,count:10,client_id:$client_id){ metadata{ total } data{ numerocommande etat_text etat_badge montantcommande montantliv montanttotalformat client{ id } detailcommandes{ quantite prix produit{ id } } } } }`
    const mine = await gql(ctx.app, Q, {}, alice.auth)
    expect(mine.errors).toBeUndefined()
    expect(mine.data!.commandespaginated.data).toEqual([
      {
        numerocommande: 'TRG-TEST-0001',
        etat_text: 'En attente de confirmation',
        etat_badge: 'secondary',
        montantcommande: 4000,
        montantliv: 1500,
        montanttotalformat: '5\u00a0500\u00a0FCFA',
        client: { id: alice.userId },
        detailcommandes: [{ quantite: 2, prix: 2000, produit: { id: p.id } }],
      },
    ])
    expect((await gql(ctx.app, Q, {}, bob.auth)).data!.commandespaginated.metadata.total).toBe(0)
    const spy = await gql(ctx.app, Q, { client_id: alice.userId }, bob.auth)
    expect(spy.data).toBeNull()
    expect(spy.errors![0]!.extensions!.code).toBe('FORBIDDEN')
    expect((await gql(ctx.app, Q, {})).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED')
  })
})

// ---------- issue 9 §4: what a hostile visitor tried (ADR 014) ----------

const PRODUIT = 'id designation prix prixformat quantite description code unite like image imagesrcset souscategorie { id designation categorie { id designation } }'
const aliased = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `b${i}: ${field}`).join(' ')} }`

describe('GraphQL: size, aliases and the real size of unpaginated lists', () => {
  it('refuses 1,000 aliases of produitplusvus at once, before running anything', async () => {
    // The attack as sent: over the document size, refused before parsing.
    const attack = await gql(ctx.app, aliased(1000, 'produitplusvus { id designation }'))
    expect(attack.status).toBe(400)
    expect(attack.data).toBeNull()
    expect(attack.errors![0]).toMatchObject({ message: MESSAGES.queryTooLong, extensions: { code: 'BAD_USER_INPUT' } })
    // Shorter, it meets the alias bound, before validation (whose cost grows with their square).
    const shorter = await gql(ctx.app, aliased(100, 'produitplusvus { id }'))
    expect(shorter.status).toBe(400)
    expect(shorter.errors![0]).toMatchObject({ message: MESSAGES.queryTooManyAliases(MAX_ALIASES), extensions: { code: 'BAD_USER_INPUT' } })
  })

  it('prices produitplusvus by the products it shows: 18 aliases are too costly, 2 are fine', async () => {
    const costly = await gql(ctx.app, aliased(18, `produitplusvus { ${PRODUIT} }`))
    expect(costly.status).toBe(400)
    expect(costly.errors![0]!.message).toBe(MESSAGES.queryTooComplex)
    const fine = await gql(ctx.app, aliased(2, `produitplusvus { ${PRODUIT} }`))
    expect(fine.errors).toBeUndefined()
    expect(Array.isArray(fine.data!.b1)).toBe(true)
    // The storefront's heaviest reference query still passes.
    const tree = await gql(ctx.app, `{ categories { id designation image imagesrcset souscategories { id designation image imagesrcset } } }`)
    expect(tree.errors).toBeUndefined()
  })

  it("prices a product's variants as its 100 at most: a page asking them is refused, the storefront's own documents pass", async () => {
    // A product with the most variants it may hold (ADR 053 §1): the product page answers them all.
    const p = await makeProduct(ctx.db)
    const sizes = Array.from({ length: 100 }, (_, i) => `T${i + 1}`)
    await ctx.db.execute(sql`update produits set options = ${JSON.stringify([{ nom: 'Taille', valeurs: sizes }])}::jsonb where id = ${p.id}`)
    await ctx.db.execute(sql`update variantes set valeur1 = 'T1' where id = ${p.varianteId}`)
    await ctx.db.execute(sql`insert into variantes (produit_id, position, valeur1, code, prix, quantite)
      select ${p.id}, n, 'T' || (n + 1), ${p.code} || '-' || n, 1500 + n, 1 from generate_series(1, 99) n`)
    const customer = await signIn(ctx.app)
    const variables: Record<StorefrontQuery, Record<string, unknown>> = {
      preferences: {},
      categories: {},
      souscategories: {},
      caroussels: {},
      produits: { page: 1, count: HOME_PAGE_SIZE },
      produit: { id: p.id },
      similaires: { page: 1, count: SIMILAR_PAGE_SIZE, produit_id: p.id },
      plusvus: {},
      favoris: { page: 1, count: 8 },
      panier: {},
      modepaiements: {},
      depots: {},
      modelivraisons: {},
      zoneslivraison: {},
      pagecontenu: { slug: 'a-propos' },
      orthographes: { q: 'riz' },
      suivi: { numero: 'CMD-0', k: 'x' },
    }
    for (const [name, document] of Object.entries(STOREFRONT_QUERIES) as Array<[StorefrontQuery, string]>) {
      const answer = await gql(ctx.app, document, variables[name], customer.auth)
      expect({ name, messages: (answer.errors ?? []).map((e) => e.message) }).not.toEqual(expect.objectContaining({ messages: expect.arrayContaining([MESSAGES.queryTooComplex]) }))
    }
    const page = await gql(ctx.app, STOREFRONT_QUERIES.produit, { id: p.id })
    expect(page.errors).toBeUndefined()
    expect(page.data!.produits.variantes).toHaveLength(100)

    // Every product of a page asking its variants: refused before anything is read, at the top or nested.
    const hostile = [
      `{ produitspaginated(count: 100) { data { id variantes { id code prix } } } }`,
      `{ produitspaginated(count: 12) { data { variantes { id options designation prix quantite code } } } }`,
      `query ($id: Int) { produitsimilairespaginated(count: 100, produit_id: $id) { data { variantes { id } } } }`,
      `{ favoriespaginated(count: 100) { data { produit { variantes { id code } } } } }`,
      `{ produitplusvus { variantes { id options designation prix prixformat prix_initial quantite code image imagesrcset } } }`,
    ]
    for (const document of hostile) {
      const before = ctx.database.stats.queries
      const refused = await gql(ctx.app, document, { id: p.id })
      expect(refused.status).toBe(400)
      expect(refused.errors![0]).toMatchObject({ message: MESSAGES.queryTooComplex, extensions: { code: 'BAD_USER_INPUT' } })
      expect(refused.data ?? null).toBeNull()
      expect(ctx.database.stats.queries - before).toBe(0)
    }
    // A small page asking its variants is still answered.
    const small = await gql(ctx.app, `{ produitspaginated(count: 2) { data { id variantes { id code } } } }`)
    expect(small.errors).toBeUndefined()
  })

  it('refuses an over-long document in French', async () => {
    const res = await gql(ctx.app, `{ ping ${' '.repeat(MAX_QUERY_LENGTH)}}`)
    expect(res.status).toBe(400)
    expect(res.errors![0]).toMatchObject({ message: MESSAGES.queryTooLong, extensions: { code: 'BAD_USER_INPUT' } })
  })
})

describe('GraphQL rate limit', () => {
  it('limits each address, and each signed-in customer on their own, with a French 429', async () => {
    const limited = await createTestApp({ graphqlRateLimit: 3 })
    try {
      const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
        limited.app.inject({ method: 'POST', url: '/graphql', remoteAddress, headers, payload: { query: '{ ping }' } })
      for (let i = 0; i < 3; i++) expect((await ask('10.0.0.1')).statusCode).toBe(200)
      const refused = await ask('10.0.0.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().errors[0]).toMatchObject({ message: MESSAGES.tooManyRequests, extensions: { code: 'TOO_MANY_REQUESTS' } })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // Another visitor, and a customer signed in behind the same carrier address, are not affected.
      expect((await ask('10.0.0.2')).statusCode).toBe(200)
      const me = await signIn(limited.app)
      for (let i = 0; i < 3; i++) expect((await ask('10.0.0.1', me.auth)).statusCode).toBe(200)
      expect((await ask('10.0.0.1', me.auth)).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('mutations per request', () => {
  it('refuses more than the allowed number of mutations in one request', async () => {
    const p = await makeProduct(ctx.db)
    const res = await gql(ctx.app, `mutation { ${Array.from({ length: MAX_MUTATIONS + 1 }, (_, i) => `v${i}: enregistrerVue(produit_id: ${p.id})`).join(' ')} }`)
    expect(res.status).toBe(400)
    expect(res.errors![0]).toMatchObject({ message: MESSAGES.tooManyMutations(MAX_MUTATIONS), extensions: { code: 'BAD_USER_INPUT' } })
  })
})

describe('text the database cannot store (NUL bytes, lone surrogates)', () => {
  const refusedField = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: MESSAGES.invalidInput, errors: { [field]: [MESSAGES.textInvalidCharacters] } })
  }

  it('REST: a 400 naming the field, for profile, address, order, search and sign-in', async () => {
    const me = await signIn(ctx.app)
    const details = { civilite: 0, prenom: 'Awa', nom: 'Diop', telephone: '+221 77 123 45 67', ville: 'Dakar', pays: 'SEN' }
    refusedField(await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: me.auth, payload: { ...details, prenom: 'A\u0000wa' } }), 'prenom')
    refusedField(await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: me.auth, payload: { ...details, nom: 'Di\ud800op' } }), 'nom')
    refusedField(
      await ctx.app.inject({ method: 'POST', url: '/api/adresses', headers: me.auth, payload: { adresse: 'Rue\u0000 10', zone: 1, telephone: '+221 77 123 45 67' } }),
      'adresse',
    )
    refusedField(
      await ctx.app.inject({ method: 'POST', url: '/api/commande', headers: me.auth, payload: { modelivraison: 1, modepaiement: 1, tel: '+221 77 123 45 67', zone: 'Mer\u0000moz' } }),
      'zone',
    )
    refusedField(await ctx.app.inject({ url: '/api/produits?designation=caf%00e' }), 'designation')
    refusedField(await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: 'x'.repeat(40), nom: 'Diop\u0000' } }), 'nom')
    // Nothing was written: the profile is as it was.
    const profile = await ctx.app.inject({ url: '/api/profile', headers: me.auth })
    expect(profile.json().utilisateur.prenom).not.toContain('\u0000')
  })

  it('GraphQL: BAD_USER_INPUT naming the variable or the argument', async () => {
    const Q = `query($q:String){ produitspaginated(page:1,count:5,designation:$q){ data{ id } } }`
    const variable = await gql(ctx.app, Q, { q: 'caf\u0000e' })
    expect(variable.status).toBe(400)
    expect(variable.errors![0]).toMatchObject({
      message: MESSAGES.textInvalidCharacters,
      extensions: { code: 'BAD_USER_INPUT', errors: { q: [MESSAGES.textInvalidCharacters] } },
    })
    const literal = await gql(ctx.app, `{ produitspaginated(page:1,count:5,designation:"caf\\u0000e"){ data{ id } } }`)
    expect(literal.status).toBe(400)
    expect(literal.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', errors: { designation: [MESSAGES.textInvalidCharacters] } } })
    const surrogate = await gql(ctx.app, `{ produitspaginated(page:1,count:5,designation:"\\uD800"){ data{ id } } }`)
    expect(surrogate.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
    // Ordinary accents and emoji (whole surrogate pairs) are text like any other.
    expect((await gql(ctx.app, Q, { q: 'café 🍵' })).errors).toBeUndefined()
  })

  it('logs a failed query without its parameters', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const { database, drop } = await freshDatabase()
    const config = testConfig({ LOG_LEVEL: 'info' })
    const options = serverOptions(config)
    const server = Fastify({ ...options, logger: { ...(options.logger as object), stream } })
    try {
      const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
      await server.register(shopApp, { config, database, verifier, webRoot: null, expireOrdersEveryMs: 0 })
      await server.ready()
      // A database that refuses this phone number: the update fails with the row's values in
      // PostgreSQL's detail and the statement's parameters in Drizzle's message.
      await database.db.execute(sql.raw(`alter table clients add constraint no_such_phone check (telephone <> '+221 77 999 88 77')`))
      const me = await signIn(server)
      const res = await server.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: me.auth,
        payload: { civilite: 1, prenom: 'Awa', nom: 'Diop', telephone: '+221 77 999 88 77', ville: 'Dakar', pays: 'SEN' },
      })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ message: MESSAGES.internalError })
      const log = lines.join('')
      expect(log).toContain('unhandled error')
      expect(log).toContain('23514')
      expect(log).toContain('no_such_phone')
      for (const secret of ['77 999 88 77', me.email, 'Awa', 'Diop']) expect(log).not.toContain(secret)
    } finally {
      await server.close()
      await database.close()
      await drop()
    }
  })
})

describe('introspection and suggestions', () => {
  it('introspection answers in development and tests; suggestions, in English, stay out of the answer there too', async () => {
    const schema = await gql(ctx.app, '{ __schema { queryType { name } } }')
    expect(schema.data!.__schema.queryType.name).toBe('Query')
    const typo = await gql(ctx.app, '{ produitplusvu { id } }')
    expect(typo.errors).toEqual([{ message: MESSAGES.graphqlInvalid, extensions: { code: 'BAD_USER_INPUT' } }])
  })

  it('are off anywhere else (NODE_ENV production or unset)', async () => {
    // Production as it must be configured to start: a real project, no emulator, the sandbox
    // said on purpose. Unset NODE_ENV is checked too.
    const production = testConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'teranga-boutique', FIREBASE_API_KEY: 'AIzaSyTest-key-0123456789', FIREBASE_AUTH_EMULATOR_HOST: '', PAYMENTS_SANDBOX: 'true' })
    for (const config of [production, testConfig({ NODE_ENV: '' })]) await introspectionOff(config)
  })
})

async function introspectionOff(config: ReturnType<typeof testConfig>) {
  const prod = await createTestApp({ config })
  try {
    for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Produit") { name fields { name } } }']) {
      const res = await gql(prod.app, query)
      expect(res.status).toBe(400)
      expect(res.errors![0]).toMatchObject({ message: MESSAGES.introspectionDisabled, extensions: { code: 'BAD_USER_INPUT' } })
    }
    const typo = await gql(prod.app, '{ produitplusvu { id } }')
    expect(typo.status).toBe(400)
    expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean|produitplusvus/)
    expect((await gql(prod.app, '{ __typename ping }')).data).toEqual({ __typename: 'Query', ping: true })
  } finally {
    await prod.close()
  }
}

describe('images stored before the checks on writes', () => {
  it('are shown as no image, or a slide left out, when they are not one of the shop keys (an address elsewhere, a path, a script)', async () => {
    // A shop of its own with no kept answers: the rows below are written behind the back office's back.
    const shop = await createTestApp({ catalogueCacheTtl: 0 })
    try {
      const product = await makeProduct(shop.db, { image: '//pisteur.example/p.png' })
      await shop.db.insert(caroussels).values([
        { image: 'javascript:alert(1)', titre: 'Ancienne bannière', position: 90 },
        { image: 'http://pisteur.example/b.png', titre: 'Autre bannière', position: 91 },
        { image: 'catalogue/../../secret', titre: 'Chemin', position: 92 },
        { image: 'catalogue/banniere-riz', titre: 'Bonne bannière', position: 93 },
      ])
      const page = await gql(shop.app, `{ produits(id: ${product.id}) { image imagesrcset } caroussels { titre image } }`)
      expect(page.errors).toBeUndefined()
      expect(page.data!.produits).toEqual({ image: null, imagesrcset: null })
      // A slide is its picture: those with nothing to show are left out of the slideshow.
      expect(page.data!.caroussels).toEqual([{ titre: 'Bonne bannière', image: '/media/catalogue/banniere-riz-320.webp' }])
    } finally {
      await shop.close()
    }
  })
})

describe('Cache-Control on private answers', () => {
  it('no-store on every answer to a request with a token, and on sign-in; the anonymous cache never serves them', async () => {
    const me = await signIn(ctx.app)
    const profile = await ctx.app.inject({ url: '/api/profile', headers: me.auth })
    expect(profile.headers['cache-control']).toBe('no-store')
    const addresses = await ctx.app.inject({ url: '/api/adresses', headers: me.auth })
    expect(addresses.headers['cache-control']).toBe('no-store')
    const stale = await ctx.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${'z'.repeat(43)}` } })
    expect(stale.statusCode).toBe(401)
    expect(stale.headers['cache-control']).toBe('no-store')
    const login = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: me.idToken } })
    expect(login.headers['cache-control']).toBe('no-store')

    const Q = '{ produitplusvus { id like } }'
    for (let i = 0; i < 2; i++) {
      const mine = await gql(ctx.app, Q, {}, me.auth)
      expect(mine.res.headers['cache-control']).toBe('no-store')
      expect(mine.res.headers['x-cache']).toBeUndefined()
    }
    // Anonymous catalogue reads stay shareable.
    await gql(ctx.app, Q)
    const anonymous = await gql(ctx.app, Q)
    expect(anonymous.res.headers['cache-control']).toBeUndefined()
    expect(anonymous.res.headers['x-cache']).toBe('HIT')
  })
})

describe("Fastify's own errors answer in French, in the DESIGN shape", () => {
  it('414 for an over-long path parameter, 400 for a malformed URL', async () => {
    const long = await ctx.app.inject({ url: `/api/produits/${'9'.repeat(200)}` })
    expect(long.statusCode).toBe(414)
    expect(long.json()).toEqual({ message: MESSAGES.uriTooLong })
    const bad = await ctx.app.inject({ url: '/api/produits/%E0%A4%A' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: MESSAGES.badUrl })
  })

  it("a request Node's HTTP parser refuses gets a French body too", async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = ctx.app.server.address() as net.AddressInfo
    const answer = await new Promise<string>((resolve, reject) => {
      let data = ''
      const socket = net.connect(port, '127.0.0.1', () => socket.write('NOT-HTTP\r\n\r\n'))
      socket.on('data', (chunk) => (data += String(chunk)))
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: MESSAGES.invalidInput })
  })

  it('413, 415, bad JSON, unknown API route and unknown method, each a French {message}', async () => {
    const big = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ idToken: 'x'.repeat(BODY_LIMIT) }) })
    expect([big.statusCode, big.json()]).toEqual([413, { message: MESSAGES.bodyTooLarge }])
    const xml = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', headers: { 'content-type': 'text/xml' }, payload: '<a/>' })
    expect([xml.statusCode, xml.json()]).toEqual([415, { message: MESSAGES.unsupportedMediaType }])
    const json = await ctx.app.inject({ method: 'POST', url: '/api/sociallogin', headers: { 'content-type': 'application/json' }, payload: '{"idToken":' })
    expect([json.statusCode, json.json()]).toEqual([400, { message: MESSAGES.invalidJson }])
    // The same refusals on /graphql, in its own shape.
    const bigGraphql = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ ping }', pad: 'x'.repeat(BODY_LIMIT) } })
    expect(bigGraphql.statusCode).toBe(413)
    expect(bigGraphql.json().errors[0].message).toBe(MESSAGES.bodyTooLarge)
    const xmlGraphql = await ctx.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'text/xml' }, payload: '<a/>' })
    expect(xmlGraphql.statusCode).toBe(415)
    expect(xmlGraphql.json().errors[0].message).toBe(MESSAGES.unsupportedMediaType)
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/nulle-part' })
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: MESSAGES.notFound }])
    // No 405 in Fastify's router: a known path with a method it does not serve is not found.
    const method = await ctx.app.inject({ method: 'PATCH', url: '/api/categories' })
    expect([method.statusCode, method.json()]).toEqual([404, { message: MESSAGES.notFound }])
  })
})
