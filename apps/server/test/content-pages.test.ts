// The shop's own pages (issue 19 §2) and what engines read of the shop (§3): the seeded French
// pages for anyone, the owner's edits (admins only, validated in French, audited, seen at once by
// the storefront's GraphQL), Markdown rendered harmless, robots.txt, and the sitemap following
// the catalogue, split into an index of bounded files past its size.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_LIMITS, CONTENT_MESSAGES } from '@teranga/shared/content-pages'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { MESSAGES } from '@teranga/shared/server-messages'
import { produits } from '../src/db/schema.ts'
import { makeProduct, makeSubcategory } from './factories.ts'
import { createTestApp, signInStaff, testConfig, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn
const origin = testConfig().publicUrl

beforeAll(async () => {
  shop = await createTestApp({ sitemapPageSize: 3 })
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const page = { titre: 'Conditions de vente', description: 'Nos conditions.', contenu: '## Prix\n\nEn **FCFA**.' }

describe('GET /api/pages/{slug}', () => {
  it('answers each seeded page to anyone, in French, with its HTML, cacheable', async () => {
    for (const slug of ['cgv', 'faq', 'livraison', 'contact']) {
      const res = await shop.app.inject({ url: `/api/pages/${slug}` })
      expect(res.statusCode, slug).toBe(200)
      expect(res.headers['cache-control']).toBe('public, max-age=60')
      const body = res.json()
      expect(body.slug).toBe(slug)
      expect(body.titre.length).toBeGreaterThan(3)
      expect(body.description.length).toBeGreaterThan(20)
      expect(body.html).toMatch(/<(h2|h3|p)>/)
    }
    const faq = (await shop.app.inject({ url: '/api/pages/faq' })).json()
    expect(faq.html).toContain('<h3>Comment passer commande ?</h3>')
  })

  it('404 with a French message for a page that does not exist', async () => {
    const res = await shop.app.inject({ url: '/api/pages/mentions' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(CONTENT_MESSAGES.pageNotFound)
  })
})

describe('PUT /api/pages/{slug}', () => {
  it('401 for a visitor, 403 for a customer and a gestionnaire, before the body is read', async () => {
    expect((await shop.app.inject({ method: 'PUT', url: '/api/pages/cgv', payload: {} })).statusCode).toBe(401)
    const asCustomer = await shop.app.inject({ method: 'PUT', url: '/api/pages/cgv', headers: customer.auth, payload: {} })
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    const asManager = await shop.app.inject({ method: 'PUT', url: '/api/pages/cgv', headers: manager.auth, payload: page })
    expect(asManager.statusCode).toBe(403)
    expect(asManager.json().message).toBe(MESSAGES.adminOnly)
    // The back office's list is for staff.
    expect((await shop.app.inject({ url: '/api/pages' })).statusCode).toBe(401)
    expect((await shop.app.inject({ url: '/api/pages', headers: manager.auth })).json()).toHaveLength(4)
  })

  it('refuses empty or too long fields with French messages naming them', async () => {
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/pages/cgv',
      headers: admin.auth,
      payload: { titre: ' ', description: 'x'.repeat(CONTENT_LIMITS.description + 1), contenu: 'x'.repeat(CONTENT_LIMITS.contenu + 1) },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      titre: [CONTENT_MESSAGES.titreRequired],
      description: [CONTENT_MESSAGES.descriptionTooLong],
      contenu: [CONTENT_MESSAGES.contenuTooLong],
    })
    const unknown = await shop.app.inject({ method: 'PUT', url: '/api/pages/mentions', headers: admin.auth, payload: page })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(CONTENT_MESSAGES.pageNotFound)
  })

  it('saves the page, audits the change and the storefront reads the new text at once', async () => {
    const before = (await shop.app.inject({ url: '/api/pages/cgv' })).json()
    const res = await shop.app.inject({ method: 'PUT', url: '/api/pages/cgv', headers: admin.auth, payload: page })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ slug: 'cgv', titre: page.titre, description: page.description, contenu: page.contenu, html: '<h2>Prix</h2>\n<p>En <strong>FCFA</strong>.</p>\n' })
    const gql = await shop.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ pagecontenu(slug: "cgv") { titre html } nothing: pagecontenu(slug: "x") { titre } }' } })
    expect(gql.json().data).toEqual({ pagecontenu: { titre: page.titre, html: '<h2>Prix</h2>\n<p>En <strong>FCFA</strong>.</p>\n' }, nothing: null })
    const audit = (await shop.app.inject({ url: '/api/audit?resource=page&resource_id=cgv', headers: admin.auth })).json()
    expect(audit.data[0]).toMatchObject({ action: 'page.modifier', avant: { titre: before.titre }, apres: { titre: page.titre, contenu: page.contenu }, staff: { id: admin.userId } })
  })

  it('renders raw HTML as text and drops javascript: and data: links', async () => {
    const contenu = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[piège](javascript:alert(3)) [autre](JAVASCRIPT:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '[Wave](https://www.wave.com) [appel](tel:+221338000000) [accueil](/faq)',
    ].join('\n\n')
    const res = await shop.app.inject({ method: 'PUT', url: '/api/pages/faq', headers: admin.auth, payload: { ...page, contenu } })
    expect(res.statusCode).toBe(200)
    const html: string = res.json().html
    // Escaped, the markup is text: no element, no attribute, no link to a script.
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="(javascript|data):/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<a href="https://www.wave.com" target="_blank" rel="noopener noreferrer nofollow">Wave</a>')
    expect(html).toContain('<a href="tel:+221338000000">appel</a>')
    expect(html).toContain('<a href="/faq">accueil</a>')
  })
})

describe('the contact details', () => {
  it('the admin sets the WhatsApp number, hours and position; the storefront reads them with the preferences', async () => {
    const bad = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: { whatsapp: 'abc', latitude: 48.85, longitude: 2.35 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ whatsapp: [SETTINGS_MESSAGES.phoneInvalid], latitude: [SETTINGS_MESSAGES.latitudeInvalid], longitude: [SETTINGS_MESSAGES.longitudeInvalid] })
    const contact = { whatsapp: '+221 77 123 45 67', horaires: 'Lun–Sam 8 h–20 h', latitude: 14.6928, longitude: -17.4467 }
    const res = await shop.app.inject({ method: 'PUT', url: '/api/preference', headers: admin.auth, payload: contact })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject(contact)
    const gql = await shop.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ preferences { whatsapp horaires latitude longitude } }' } })
    expect(gql.json().data.preferences).toEqual(contact)
  })
})

describe('robots.txt and the sitemap', () => {
  it('robots.txt lets engines in, keeps them out of the checkout and accounts, and names the sitemap', async () => {
    const res = await shop.app.inject({ url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toContain('User-agent: *')
    expect(res.body).toContain('Disallow: /paiement')
    expect(res.body).toContain('Disallow: /api/')
    // A tracking page is an order's, opened from its message: never crawled (issue 23).
    expect(res.body).toContain('Disallow: /suivi/')
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })

  it('lists the visible products, sub-categories and pages; past its size, an index of bounded files', async () => {
    // A shop with fewer addresses than a file holds would list them in one; this one (3 per
    // file) has more, so the index names the pages' file and one file per 3 products.
    const sub = await makeSubcategory(shop.db)
    const visible = [await makeProduct(shop.db, { souscategorieId: sub.id }), await makeProduct(shop.db, { souscategorieId: sub.id })]
    const hidden = await makeProduct(shop.db, { souscategorieId: sub.id })
    await shop.db.update(produits).set({ actif: false }).where(eq(produits.id, hidden.id))
    const index = await shop.app.inject({ url: '/sitemap.xml' })
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(index.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    const visibleCount = (await shop.db.select({ id: produits.id }).from(produits).where(eq(produits.actif, true))).length
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const files = locs(index.body)
    expect(files[0]).toBe(`${origin}/sitemap-pages.xml`)
    expect(files).toHaveLength(1 + Math.ceil(visibleCount / 3))

    const pages = locs((await shop.app.inject({ url: '/sitemap-pages.xml' })).body)
    expect(pages).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/cgv`, `${origin}/faq`, `${origin}/contact`, `${origin}/informations-livraison`, `${origin}/product_bycat/${sub.id}`]))

    const products: string[] = []
    for (const file of files.slice(1)) {
      const res = await shop.app.inject({ url: new URL(file).pathname })
      expect(res.statusCode, file).toBe(200)
      const urls = locs(res.body)
      expect(urls.length).toBeLessThanOrEqual(3)
      expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
      products.push(...urls)
    }
    expect(products).toHaveLength(visibleCount)
    expect(new Set(products).size).toBe(visibleCount)
    for (const p of visible) expect(products).toContain(`${origin}/product/${p.id}`)
    expect(products).not.toContain(`${origin}/product/${hidden.id}`)
    expect((await shop.app.inject({ url: `/sitemap-produits-${files.length + 5}.xml` })).statusCode).toBe(404)
    expect((await shop.app.inject({ url: '/sitemap-produits-abc.xml' })).statusCode).toBe(404)
  })

  it('one list when the shop fits in one file', async () => {
    const small = await createTestApp()
    try {
      const product = await makeProduct(small.db)
      const res = await small.app.inject({ url: '/sitemap.xml' })
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      expect(res.body).toContain(`<loc>${origin}/product/${product.id}</loc>`)
      expect(res.body).toContain(`<loc>${origin}/cgv</loc>`)
    } finally {
      await small.close()
    }
  })
})
