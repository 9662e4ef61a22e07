// The data each page declares for the server (its routes' handle.serverData), as the server's
// renderer hands it over: the documents and the variables the page's components ask with.
import { describe, expect, it } from 'vitest'
import { HOME_PAGE_SIZE, SIMILAR_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { dataFor } from '../entry-server.tsx'

describe('server data declared by the routes', () => {
  it('home: the shell preferences, slides, categories, the grid at its page and category, the most viewed', async () => {
    expect(await dataFor('/')).toEqual([
      { name: 'preferences', variables: {} },
      { name: 'caroussels', variables: {} },
      { name: 'categories', variables: {} },
      { name: 'souscategories', variables: {} },
      { name: 'produits', variables: { page: 1, count: HOME_PAGE_SIZE } },
      { name: 'plusvus', variables: {} },
    ])
    expect(await dataFor('/?page=2&categorie=5&utm_source=sms')).toContainEqual({ name: 'produits', variables: { page: 2, count: HOME_PAGE_SIZE, categorie_id: 5 } })
    expect(await dataFor('/?page=abc&categorie=-3')).toContainEqual({ name: 'produits', variables: { page: 1, count: HOME_PAGE_SIZE } })
  })

  it('a product with its similar products; nothing for an id that is not one', async () => {
    expect(await dataFor('/product/42')).toEqual([
      { name: 'preferences', variables: {} },
      { name: 'produit', variables: { id: 42 } },
      { name: 'similaires', variables: { page: 1, count: SIMILAR_PAGE_SIZE, produit_id: 42 } },
    ])
    expect(await dataFor('/product/abc')).toEqual([{ name: 'preferences', variables: {} }])
  })

  it('a category page, whose route loads on demand, and the FAQ', async () => {
    expect(await dataFor('/product_bycat/7?page=3')).toEqual([
      { name: 'preferences', variables: {} },
      { name: 'souscategories', variables: {} },
      { name: 'produits', variables: { page: 3, count: HOME_PAGE_SIZE, categorie_id: 7 } },
    ])
    expect(await dataFor('/faq')).toEqual([
      { name: 'preferences', variables: {} },
      { name: 'pagecontenu', variables: { slug: 'faq' } },
      // The delivery fees as the owner set them, drawn by the server (issue 23).
      { name: 'zoneslivraison', variables: {} },
      { name: 'modepaiements', variables: {} },
      { name: 'depots', variables: {} },
    ])
  })

  it("the shop's own pages: the owner's text (and the contact details, in the shell's preferences)", async () => {
    for (const [url, slug] of [
      ['/cgv', 'cgv'],
      ['/contact', 'contact'],
    ]) {
      expect(await dataFor(url!)).toEqual([
        { name: 'preferences', variables: {} },
        { name: 'pagecontenu', variables: { slug } },
      ])
    }
    // The delivery page shows each zone's fee, from the shop's zones.
    expect(await dataFor('/informations-livraison')).toEqual([
      { name: 'preferences', variables: {} },
      { name: 'pagecontenu', variables: { slug: 'livraison' } },
      { name: 'zoneslivraison', variables: {} },
    ])
  })

  it("a tracking link's page: its order, asked with the link's key; without a key, nothing", async () => {
    expect(await dataFor('/suivi/TRG-261127-K7MQ2X?k=AbCdEfGhIjKlMnOpQrStUv')).toEqual([
      { name: 'preferences', variables: {} },
      { name: 'suivi', variables: { numero: 'TRG-261127-K7MQ2X', k: 'AbCdEfGhIjKlMnOpQrStUv' } },
    ])
    expect(await dataFor('/suivi/TRG-261127-K7MQ2X')).toEqual([{ name: 'preferences', variables: {} }])
  })

  it('personal pages and unknown paths: only what every page shows', async () => {
    for (const url of ['/cart', '/profile/orders', '/livraison/addresse', '/perdu/ici']) expect(await dataFor(url)).toEqual([{ name: 'preferences', variables: {} }])
  })
})
