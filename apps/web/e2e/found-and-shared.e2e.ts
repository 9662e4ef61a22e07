// Found and shared (issue 19 §3) in Chromium against the built shop: a product page carries in
// its head what WhatsApp, Facebook and Google read (Open Graph picture, name and price in FCFA,
// canonical address, schema.org Product in XOF), « Partager sur WhatsApp » opens wa.me with the
// product's name, price and address; the shop's own pages (§2) show the owner's text; robots.txt
// and the sitemap are served.
import { describe, expect, inject, test } from 'vitest'
import { browserForFile } from './support/browser-for-file.ts'
import { visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const { withPage } = browserForFile(baseURL)
const phone = { width: 390, height: 844, isMobile: true }

interface Product {
  id: number
  designation: string
  prix: number
  prixformat: string
  code: string
}

/** A product of the seeded shop with a picture, as the storefront's API gives it. */
async function seededProduct(): Promise<Product> {
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id designation prix prixformat code image nb_variantes } } }' }),
  })
  const body = (await res.json()) as { data: { produitspaginated: { data: Array<Product & { image: string | null; nb_variantes: number }> } } }
  // One offer for a product sold one way (a product with variants has one per variant: storefront-pages.test.ts).
  const product = body.data.produitspaginated.data.find((p) => p.image && p.nb_variantes === 1)
  expect(product).toBeDefined()
  return product!
}

describe('a product page shared', () => {
  test('its head gives the preview and the Product data; « Partager sur WhatsApp » opens wa.me with its name, price and address', async () => {
    const product = await seededProduct()
    await withPage(phone, async ({ page, context }) => {
      // No Internet here: wa.me answers a page of ours, so the opened address can be read.
      await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }))
      await visit(page, `/product/${product.id}`)
      await page.getByRole('heading', { level: 1, name: product.designation }).waitFor()
      const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content')
      const origin = new URL(baseURL).origin
      expect(await meta('og:title')).toBe(`${product.designation} — ${product.prixformat}`)
      expect(await meta('og:type')).toBe('product')
      expect(await meta('og:image')).toMatch(new RegExp(`^${origin}/media/apercu/.+-640\\.jpg$`))
      expect(await meta('product:price:amount')).toBe(String(product.prix))
      expect(await meta('product:price:currency')).toBe('XOF')
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/product/${product.id}`)
      // The picture the preview shows is served.
      const image = await fetch((await meta('og:image'))!)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/jpeg')
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(ld['@type']).toBe('Product')
      expect(ld.name).toBe(product.designation)
      expect(ld.sku).toBe(product.code)
      expect(ld.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'XOF', price: String(product.prix) })
      expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/)

      const share = page.getByRole('link', { name: 'Partager sur WhatsApp' })
      const href = new URL((await share.getAttribute('href'))!)
      expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/')
      expect(href.searchParams.get('text')).toBe(`${product.designation} — ${product.prixformat}\n${origin}/product/${product.id}`)
      const [popup] = await Promise.all([context.waitForEvent('page'), share.click()])
      await popup.waitForLoadState()
      expect(new URL(popup.url()).searchParams.get('text')).toBe(`${product.designation} — ${product.prixformat}\n${origin}/product/${product.id}`)
    })
  })
})

describe("the shop's own pages", () => {
  test('/cgv, /faq, /informations-livraison and /contact show their text under their title, with their description', async () => {
    await withPage(phone, async ({ page }) => {
      for (const [url, slug] of [['/cgv', 'cgv'], ['/faq', 'faq'], ['/informations-livraison', 'livraison'], ['/contact', 'contact']] as const) {
        const content = (await (await fetch(`${baseURL}/api/pages/${slug}`)).json()) as { titre: string; description: string }
        const response = await visit(page, url)
        expect(response?.status(), url).toBe(200)
        await page.getByRole('heading', { level: 1, name: content.titre }).waitFor()
        expect(await page.title(), url).toBe(`${content.titre} — Teranga`)
        expect(await page.locator('meta[name="description"]').getAttribute('content'), url).toBe(content.description)
      }
      await visit(page, '/faq')
      await page.getByRole('heading', { level: 3, name: 'Comment passer commande ?' }).waitFor()
      await page.getByRole('table', { name: 'Frais de livraison par zone' }).waitFor()
    })
  })

  test('robots.txt names the sitemap, which lists the products and the pages', async () => {
    const robots = await fetch(`${baseURL}/robots.txt`)
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const origin = new URL(baseURL).origin
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`)
    const sitemap = await fetch(`${baseURL}/sitemap.xml`)
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await sitemap.text()
    const product = await seededProduct()
    expect(xml).toContain(`<loc>${origin}/product/${product.id}</loc>`)
    expect(xml).toContain(`<loc>${origin}/cgv</loc>`)
  })
})
