// Close spellings when a search finds nothing (issue 19 §2, ADR 040): the words of the visible
// products' names, rebuilt with the catalogue's upkeep (here: when an instance starts), and for
// each word of the search that no name holds the nearest ones, through GraphQL and REST.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editDistance } from '../src/modules/catalogue/spelling.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { anotherInstance, createTestApp, gql, type TestContext } from './helpers.ts'

let ctx: TestContext
let shop: FastifyInstance

const spellings = async (q: string) => {
  const { data, errors } = await gql<{ orthographes: string[] }>(shop, 'query ($q: String!) { orthographes(q: $q) }', { q })
  expect(errors).toBeUndefined()
  return data!.orthographes
}
const search = async (q: string) =>
  (await gql<{ produitspaginated: { metadata: { total: number } } }>(shop, 'query ($q: String) { produitspaginated(designation: $q) { metadata { total } } }', { q })).data!
    .produitspaginated.metadata.total

beforeAll(async () => {
  ctx = await createTestApp()
  const sub = (await makeSubcategory(ctx.db)).id
  for (const designation of ['Oignon violet de Galmi', 'Oignon jaune (sac de 5 kg)', 'Café Touba moulu', 'Huile d’arachide 1 L', 'Bissap séché', 'Biscuits au beurre', 'Riz brisé', 'Riz parfumé', 'Ris de veau'])
    await makeProduct(ctx.db, { souscategorieId: sub, designation })
  await makeProduct(ctx.db, { souscategorieId: sub, designation: 'Ognon caché du catalogue', actif: false })
  // An instance started now holds these names' words (its upkeep runs before it answers).
  shop = await anotherInstance(ctx)
})
afterAll(async () => {
  await shop?.close()
  await ctx.close()
})

describe('close spellings for a search that found nothing', () => {
  it('a word with a letter swapped, missing or doubled is spelled as the name writes it, accents included', async () => {
    expect(await search('ognion')).toBe(0)
    expect(await spellings('ognion')).toEqual(['oignon'])
    expect(await spellings('Cafee')).toEqual(['café'])
    expect(await spellings('arachid')).toEqual(['arachide'])
    expect(await search('arachide')).toBe(1)
  })

  it('in a search of several words, each unknown word is spelled and the others kept', async () => {
    expect(await spellings('ognion violett')).toEqual(['oignon violet'])
    // « bisap » is one letter from « bissap », two from nothing else: a single answer.
    expect(await spellings('bisap seché')).toEqual(['bissap seché'])
    // Two unknown words, each spelled; a word of two letters is kept as typed.
    expect(await spellings('biscuis au beure')).toEqual(['biscuits au beurre'])
    // Two words as near: the one more names hold first, the other after it.
    expect(await spellings('rix')).toEqual(['riz', 'ris'])
    expect(await spellings('rix brisé')).toEqual(['riz brisé', 'ris brisé'])
  })

  it('nothing when every word is in the catalogue, when no word comes near, or for a hidden product’s words only', async () => {
    expect(await spellings('oignon café')).toEqual([])
    expect(await spellings('zzqxwv')).toEqual([])
    expect(await spellings('')).toEqual([])
    expect(await spellings('5 kg')).toEqual([])
    // At most three unknown words are spelled again, each of 20 letters at most; the others are kept as typed.
    expect(await spellings('ognion bisap cafee violett')).toEqual(['oignon bissap café violett'])
    expect(await spellings(`${'o'.repeat(21)} ognion`)).toEqual([`${'o'.repeat(21)} oignon`])
    // « ognon » is written only by a product taken off the shop: the visible « oignon » is proposed.
    expect(await spellings('ognon')).toEqual(['oignon'])
  })

  it('REST answers the same list; a term over 100 characters is a 400 naming q, in French', async () => {
    const res = await shop.inject({ url: '/api/orthographes?q=ognion' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(['oignon'])
    // Bounded as GraphQL's anonymous requests are.
    expect(res.headers['x-ratelimit-limit']).toBe('600')
    const long = await shop.inject({ url: `/api/orthographes?q=${'a'.repeat(101)}` })
    expect(long.statusCode).toBe(400)
    expect(Object.keys(long.json().errors)).toEqual(['q'])
    const missing = await shop.inject({ url: '/api/orthographes' })
    expect(missing.statusCode).toBe(400)
    const graphql = await gql(shop, 'query ($q: String!) { orthographes(q: $q) }', { q: 'a'.repeat(101) })
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: { q: [expect.stringContaining('100')] } })
  })

  it('counts an edit distance with swaps, and stops past the bound', () => {
    expect(editDistance('ognion', 'oignon', 2)).toBe(2)
    expect(editDistance('bisap', 'bissap', 2)).toBe(1)
    expect(editDistance('cafe', 'cfae', 1)).toBe(1)
    expect(editDistance('riz', 'mangue', 2)).toBe(3)
    expect(editDistance('abcdefgh', 'hgfedcba', 2)).toBe(3)
  })
})
