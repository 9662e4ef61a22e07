// The storefront's answers match the shared zod schemas its types come from (ADR 051): the
// storefront only casts what it receives, so this is where a schema that drifted from the
// server's answer is caught. Every shared document and the customer's REST answers, on the real
// database, parsed with their schema (the payment start's answer needs a provider: payments.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  adresseAnswerSchema,
  adressesAnswerSchema,
  commandeAnswerSchema,
  fideliteSchema,
  profileAnswerSchema,
} from '@teranga/shared/customer-answers'
import {
  carousselSchema,
  categorieSchema,
  contentPageSchema,
  depotSchema,
  favoriSchema,
  modelivraisonSchema,
  modepaiementSchema,
  orthographesSchema,
  pageSchema,
  panierAnswerSchema,
  panierSchema,
  preferencesSchema,
  produitSchema,
  souscategorieSchema,
  zoneLivraisonSchema,
} from '@teranga/shared/storefront-answers'
import { STOREFRONT_QUERIES, STOREFRONT_ROOT_FIELDS, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { makeProduct, makeSubcategory, placeHomeOrder } from './factories.ts'
import { createTestApp, gql, signIn, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let alice: SignedIn
beforeAll(async () => {
  ctx = await createTestApp()
  alice = await signIn(ctx.app)
})
afterAll(() => ctx.close())

/** Parses `value` with `schema`; on a mismatch the failure names the fields. */
function expectShape(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value)
  expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([])
}

/** One shared document's answer under its root field, as the storefront reads it. */
async function answerOf(name: StorefrontQuery, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const result = await gql(ctx.app, STOREFRONT_QUERIES[name], variables, headers)
  expect(result.errors).toBeUndefined()
  return result.data![STOREFRONT_ROOT_FIELDS[name]]
}

describe('the storefront documents answer what storefront-answers.ts says', () => {
  it('the catalogue, for a visitor and for a customer with a favourite and a cart', async () => {
    const souscategorie = await makeSubcategory(ctx.db)
    const [riz, huile] = [await makeProduct(ctx.db, { souscategorieId: souscategorie.id, prixPromo: 900 }), await makeProduct(ctx.db, { souscategorieId: souscategorie.id })]
    expect((await ctx.app.inject({ method: 'POST', url: '/api/favorie', headers: alice.auth, payload: { client: alice.userId, produit: riz!.id } })).statusCode).toBe(201)
    const cart = await ctx.app.inject({ method: 'POST', url: '/api/panier', headers: alice.auth, payload: { user: alice.userId, produit: huile!.id, quantite: 2, action: 0 } })
    expect(cart.statusCode).toBe(200)
    expectShape(panierAnswerSchema, cart.json())

    expectShape(preferencesSchema.nullable(), await answerOf('preferences'))
    expectShape(categorieSchema.array(), await answerOf('categories'))
    expectShape(souscategorieSchema.array(), await answerOf('souscategories'))
    expectShape(carousselSchema.array(), await answerOf('caroussels'))
    for (const headers of [{}, alice.auth]) {
      const produits = await answerOf('produits', { page: 1, count: 12 }, headers)
      expect((produits as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(2)
      expectShape(pageSchema(produitSchema), produits)
      const page = (produits as { data: Array<Record<string, unknown>> }).data
      expect(page.every((p) => Array.isArray(p.options) && p.nb_variantes === 1 && p.a_partir_de === false && !('variantes' in p))).toBe(true)
      const produit = await answerOf('produit', { id: riz!.id }, headers)
      expectShape(produitSchema.required({ options: true, nb_variantes: true, a_partir_de: true, variantes: true }), produit)
      expectShape(pageSchema(produitSchema), await answerOf('similaires', { page: 1, count: 6, produit_id: riz!.id }, headers))
      expectShape(produitSchema.array(), await answerOf('plusvus', {}, headers))
    }
    expectShape(orthographesSchema, await answerOf('orthographes', { q: 'rix' }))
    expectShape(pageSchema(favoriSchema), await answerOf('favoris', { page: 1, count: 8 }, alice.auth))
    const paniers = await answerOf('panier', {}, alice.auth)
    expect(paniers).toHaveLength(1)
    expectShape(panierSchema.array(), paniers)
  })

  it("the shop's reference lists and its pages", async () => {
    expectShape(modepaiementSchema.array(), await answerOf('modepaiements'))
    expectShape(depotSchema.array(), await answerOf('depots'))
    expectShape(modelivraisonSchema.array(), await answerOf('modelivraisons'))
    expectShape(zoneLivraisonSchema.array(), await answerOf('zoneslivraison'))
    expectShape(contentPageSchema.nullable(), await answerOf('pagecontenu', { slug: 'cgv' }))
  })
})

describe("the customer's REST answers match customer-answers.ts", () => {
  it('the profile, loyalty, addresses and an order from placing it to its cancellation', async () => {
    const bob = await signIn(ctx.app)
    expectShape(profileAnswerSchema, (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bob.auth })).json())
    expectShape(fideliteSchema, (await ctx.app.inject({ method: 'GET', url: '/api/fidelite', headers: bob.auth })).json())

    const [zone] = (await answerOf('zoneslivraison')) as Array<{ id: number }>
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/adresses',
      headers: bob.auth,
      payload: { libelle: 'Maison', adresse: 'Rue 10, villa 24, Mermoz', zone: zone!.id, telephone: '77 123 45 67' },
    })
    expect(saved.statusCode).toBe(201)
    expectShape(adresseAnswerSchema, saved.json())
    expectShape(adressesAnswerSchema, (await ctx.app.inject({ method: 'GET', url: '/api/adresses', headers: bob.auth })).json())

    const product = await makeProduct(ctx.db)
    const placed = await placeHomeOrder(ctx.app, ctx.db, bob, [[product!.id, 1]])
    expect(placed.statusCode).toBe(201)
    expectShape(commandeAnswerSchema, placed.json())
    const numero = (placed.json() as { commande: { numerocommande: string } }).commande.numerocommande
    expectShape(commandeAnswerSchema, (await ctx.app.inject({ method: 'GET', url: `/api/commande/${numero}`, headers: bob.auth })).json())
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/annulation`, headers: bob.auth })
    expect(cancelled.statusCode).toBe(200)
    expectShape(commandeAnswerSchema, cancelled.json())
  })
})
