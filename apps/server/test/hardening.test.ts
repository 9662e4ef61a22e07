import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { BODY_LIMIT } from '../src/app.ts'
import { commandes, modelivraisons, modepaiements } from '../src/db/schema.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, gql, signIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let webRoot: string
beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-web-'))
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Teranga</title>')
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

  it('explains syntax errors in French with the detail kept aside', async () => {
    const res = await gql(ctx.app, `{ produitspaginated( }`)
    expect(res.status).toBe(400)
    expect(res.errors![0]!.message).toBe(MESSAGES.graphqlInvalid)
    const unknownField = await gql(ctx.app, `{ produitspaginated { data { motdepasse } } }`)
    expect(unknownField.status).toBe(400)
    expect(unknownField.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT')
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
        montanttotalformat: '5 500 FCFA',
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
