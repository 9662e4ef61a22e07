// The storefront's pages as the server sends them: the first data the renderer names for each
// page (its routes declare it, apps/web/src/app/server-data.test.ts checks which) embedded under
// the app's own cache keys, the first image preloaded, titles, 404s, compression, one entry per
// page whatever made-up parameters come with it, and the embedded JSON unable to break out of
// its <script> element. Then every page of the real route table, rendered by the storefront's
// own renderer built for the occasion.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrix } from '@teranga/shared/money'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { caroussels, remboursements, zonesLivraison } from '../src/db/schema.ts'
import { createStorefrontPages } from '../src/modules/storefront/storefront-pages.ts'
import { makeProduct, makeSubcategory, placeHomeOrder } from './factories.ts'
import { createTestApp, signIn, testConfig, type TestContext } from './helpers.ts'

const TEMPLATE = `<!doctype html><html lang="fr"><head><title>Teranga — votre marché en ligne à Dakar</title><!--app-head--></head>
<body><div id="root"></div><!--app-data--><script type="module" src="/assets/index.js"></script></body></html>`

// A stand-in for the built renderer (apps/web/src/entry-server.tsx, which the end-to-end tests
// exercise): the data a few pages declare, and markup that says what it was given.
const RENDERER = `
let renders = 0
export async function dataFor(url) {
  const { pathname, searchParams } = new URL(url, 'http://shop.local')
  if (pathname === '/en-panne') throw new Error('renderer down')
  const plan = [{ name: 'preferences', variables: {} }]
  const product = /^\\/product\\/(\\d+)$/.exec(pathname)
  if (pathname === '/') plan.push({ name: 'caroussels', variables: {} }, { name: 'produits', variables: { page: Number(searchParams.get('page') ?? 1), count: 12 } })
  if (product) plan.push({ name: 'produit', variables: { id: Number(product[1]) } }, { name: 'similaires', variables: { page: 1, count: 6, produit_id: Number(product[1]) } })
  if (pathname === '/faq') plan.push({ name: 'modepaiements', variables: {} }, { name: 'depots', variables: {} })
  return plan
}
export async function render(url, queries) {
  if (url === '/en-panne') throw new Error('renderer down')
  renders += 1
  const product = queries.find((q) => q.key[1] === 'produit')?.data
  const meta = product ? { title: product.designation, description: product.description, image: product.image, product: { name: product.designation, sku: product.code, price: product.prix, inStock: product.quantite > 0, image: product.image } } : undefined
  return { html: '<main>' + url + ' ' + queries.length + ' #' + renders + '</main>', status: url.startsWith('/perdu') ? 404 : 200, meta }
}`

/** A built storefront (dist and, unless told, dist-server) in a temporary directory. */
async function builtStorefront({ renderer = true } = {}): Promise<{ dir: string; web: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-pages-'))
  const web = path.join(dir, 'dist')
  await fs.mkdir(web)
  await fs.writeFile(path.join(web, 'index.html'), TEMPLATE)
  if (renderer) {
    await fs.mkdir(path.join(dir, 'dist-server'))
    await fs.writeFile(path.join(dir, 'dist-server', 'entry-server.js'), RENDERER)
  }
  return { dir, web }
}

let ctx: TestContext
let storefront: { dir: string; web: string }
beforeAll(async () => {
  storefront = await builtStorefront()
  ctx = await createTestApp({ webRoot: storefront.web, catalogueCacheTtl: 0 })
})
afterAll(async () => {
  await ctx.close()
  await fs.rm(storefront.dir, { recursive: true, force: true })
})

interface Embedded {
  firebase: { apiKey: string; projectId: string; emulatorUrl?: string }
  queries: Array<{ key: unknown[]; data: any }> // eslint-disable-line @typescript-eslint/no-explicit-any
}

function embedded(html: string): Embedded {
  const json = /<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
  expect(json).toBeDefined()
  return JSON.parse(json!) as Embedded
}

describe('storefront pages', () => {
  it('embeds the home page data under the keys the app asks with, and preloads the first slide', async () => {
    await ctx.db.insert(caroussels).values({ image: 'banners/slide-test', titre: 'Bienvenue', description: 'Diapo', position: -1 })
    const product = await makeProduct(ctx.db, { designation: 'Mangue Kent' })
    const res = await ctx.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    const data = embedded(res.body)
    expect(data.firebase).toMatchObject({ projectId: 'demo-teranga-test', apiKey: 'demo-api-key' })
    expect(data.firebase.emulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const keys = data.queries.map((q) => JSON.stringify(q.key))
    expect(keys).toContain(JSON.stringify(storefrontKey('produits', { page: 1, count: 12 })))
    expect(keys).toContain(JSON.stringify(storefrontKey('preferences')))
    expect(keys).toContain(JSON.stringify(storefrontKey('caroussels')))
    const products = data.queries.find((q) => q.key[1] === 'produits')!.data
    expect(products.metadata).toMatchObject({ current_page: 1, per_page: 12 })
    expect(products.data.map((p: { designation: string }) => p.designation)).toContain(product.designation)
    expect(res.body).toMatch(/<link rel="preload" as="image" href="\/media\/banners\/slide-test-320\.webp" imagesrcset="[^"]+1280w" imagesizes="[^"]+" fetchpriority="high">/)
  })

  it('embeds what the renderer names for the address, and renders the page with that data', async () => {
    const res = await ctx.app.inject({ url: '/?page=2&utm_source=sms' })
    const keys = embedded(res.body).queries.map((q) => JSON.stringify(q.key))
    expect(keys).toContain(JSON.stringify(storefrontKey('produits', { page: 2, count: 12 })))
    expect(res.body).toMatch(/<div id="root"><main>\/\?page=2&utm_source=sms 3 #\d+<\/main><\/div>/)
  })

  it('keeps one page per path and data: parameters no route reads share it, those that change the data do not', async () => {
    const cached = await createTestApp({ webRoot: storefront.web, catalogueCacheTtl: 60 })
    try {
      const markup = async (url: string) => /<main>[^<]*#(\d+)<\/main>/.exec((await cached.app.inject({ url })).body)?.[1]
      const first = await markup('/?utm_source=sms')
      expect(first).toBeDefined()
      expect(await markup('/?utm_source=whatsapp&fbclid=abc')).toBe(first)
      expect(await markup('/')).toBe(first)
      expect(await markup('/?page=2')).not.toBe(first)
    } finally {
      await cached.close()
    }
  })

  it('sends the page drawn by the browser alone, with no data, when the renderer fails', async () => {
    const res = await ctx.app.inject({ url: '/en-panne' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(embedded(res.body).queries).toEqual([])
  })

  it("titles a product's page with its name and embeds it with similar products", async () => {
    const product = await makeProduct(ctx.db, { designation: 'Thiof frais (le kg)' })
    const res = await ctx.app.inject({ url: `/product/${product.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>Thiof frais (le kg) — Teranga</title>')
    const queries = embedded(res.body).queries
    expect(queries.find((q) => q.key[1] === 'produit')).toMatchObject({ key: storefrontKey('produit', { id: product.id }), data: { id: product.id } })
    expect(queries.some((q) => q.key[1] === 'similaires')).toBe(true)
  })

  it("gives a product's page the preview a pasted link shows (photo, name, price in FCFA) and its Product data", async () => {
    const sub = await makeSubcategory(ctx.db)
    const product = await makeProduct(ctx.db, { designation: 'Mangue Kent', prix: 12500, quantite: 4, souscategorieId: sub.id, image: 'catalogue/mangue' })
    const res = await ctx.app.inject({ url: `/product/${product.id}?utm_source=whatsapp` })
    const origin = testConfig().publicUrl
    const tag = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(res.body)?.[1]
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/product/${product.id}">`)
    expect(tag('og:type')).toBe('product')
    expect(tag('og:title')).toBe('Mangue Kent — 12\u00a0500\u00a0FCFA')
    expect(tag('og:url')).toBe(`${origin}/product/${product.id}`)
    expect(tag('product:price:amount')).toBe('12500')
    expect(tag('product:price:currency')).toBe('XOF')
    // The rendering as a JPEG (the media module makes it): what WhatsApp shows for sure.
    expect(tag('og:image')).toBe(`${origin}/media/apercu/catalogue/mangue-320.jpg`)
    expect(tag('og:image:type')).toBe('image/jpeg')
    expect(res.body).toMatch(/<meta name="description" content="12\u00a0500\u00a0FCFA — [^"]+">/)
    // One description only: the template's is replaced, not repeated.
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1)
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!)
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Mangue Kent',
      sku: product.code,
      offers: { '@type': 'Offer', priceCurrency: 'XOF', price: '12500', availability: 'https://schema.org/InStock', url: `${origin}/product/${product.id}` },
    })
  })

  it('embeds an unknown product as null, the answer the app reads as « not found » (the real renderer then answers 404)', async () => {
    const res = await ctx.app.inject({ url: '/product/99999999' })
    expect(embedded(res.body).queries.find((q) => q.key[1] === 'produit')).toEqual({ key: [...storefrontKey('produit', { id: 99999999 }, 'anon')], data: null })
  })

  it('keeps names with </script> inside the JSON', async () => {
    const product = await makeProduct(ctx.db, { designation: 'Piège </script><script>alert(1)</script>' })
    const res = await ctx.app.inject({ url: `/product/${product.id}` })
    expect(res.body).not.toContain('</script><script>alert(1)')
    expect(embedded(res.body).queries.find((q) => q.key[1] === 'produit')!.data.designation).toBe(product.designation)
    expect(res.body).toContain('<title>Piège &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; — Teranga</title>')
    // The Product data is JSON in a <script> too: the name cannot close it either.
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!
    expect(ld).not.toContain('</script')
    expect(JSON.parse(ld).name).toBe(product.designation)
  })

  it('compresses pages for browsers that accept it', async () => {
    const res = await ctx.app.inject({ url: '/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toContain('Accept-Encoding')
    const html = brotliDecompressSync(res.rawPayload).toString('utf8')
    expect(embedded(html).queries.map((q) => q.key[1])).toEqual(expect.arrayContaining(['preferences', 'modepaiements', 'depots']))
    const gzip = await ctx.app.inject({ url: '/faq', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
  })

  it('does not serve the page template as a static file, nor pages for API paths', async () => {
    const raw = await ctx.app.inject({ url: '/index.html' })
    expect(raw.body).not.toContain('<!--app-data-->')
    const api = await ctx.app.inject({ url: '/api/nothing-here' })
    expect(api.statusCode).toBe(404)
    expect(api.headers['content-type']).toContain('application/json')
  })
})

describe('storefront pages around the renderer', () => {
  it('answers unknown routes with 404 and their title', async () => {
    const lost = await ctx.app.inject({ url: '/perdu/ici' })
    expect(lost.statusCode).toBe(404)
    expect(lost.body).toContain('<title>Page introuvable — Teranga</title>')
    expect(lost.body).toContain('<meta name="robots" content="noindex">')
    expect(lost.body).not.toContain('rel="canonical"')
    expect(lost.body).toMatch(/<div id="root"><main>\/perdu\/ici 1 #\d+<\/main><\/div>/)
  })

  it("keeps a page per view the routes draw from the address (a product's variant), and one for made-up parameters", async () => {
    let renders = 0
    const pages = createStorefrontPages({
      template: TEMPLATE,
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
      run: async () => ({ data: { produits: { id: 3 } } }),
      publicUrl: 'https://shop.test',
      ttlMs: 60_000,
      renderer: {
        dataFor: async (url) => (url.startsWith('/product/3') ? [{ name: 'produit', variables: { id: 3 } }] : []),
        viewFor: async (url) => {
          const variante = new URL(url, 'http://shop.local').searchParams.get('variante')
          return variante ? `variante=${variante}` : ''
        },
        render: async (url) => ({ html: `<main>${url} #${++renders}</main>`, status: 200 }),
      },
    })
    const root = async (url: string) => /<div id="root">(.*?)<\/div>/.exec((await pages.render(url)).html)?.[1]
    expect(await root('/product/3?variante=31')).toBe('<main>/product/3?variante=31 #1</main>')
    expect(await root('/product/3?variante=32')).toBe('<main>/product/3?variante=32 #2</main>')
    expect(await root('/product/3?variante=31&utm_source=sms')).toBe('<main>/product/3?variante=31 #1</main>')
    expect(await root('/product/3?utm_source=sms')).toBe('<main>/product/3?utm_source=sms #3</main>')
    expect(await root('/product/3?fbclid=x')).toBe('<main>/product/3?utm_source=sms #3</main>')
  })

  it('without a built renderer, sends the template for the browser to draw, its configuration only', async () => {
    const bare = await builtStorefront({ renderer: false })
    const app = await createTestApp({ webRoot: bare.web, catalogueCacheTtl: 0 })
    try {
      const res = await app.app.inject({ url: '/' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root"></div>')
      const data = embedded(res.body)
      expect(data.firebase).toMatchObject({ projectId: 'demo-teranga-test' })
      expect(data.queries).toEqual([])
    } finally {
      await app.close()
      await fs.rm(bare.dir, { recursive: true, force: true })
    }
  })
})

const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url))

/**
 * The storefront's real server renderer, built into `outDir` as `npm run build` builds it
 * (production mode: vitest's NODE_ENV=test would bundle React's development build).
 */
async function buildRenderer(outDir: string): Promise<void> {
  const vite = path.join(path.dirname(createRequire(path.join(WEB_DIR, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js')
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST')))
  let output = ''
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', outDir, '--emptyOutDir'], { cwd: WEB_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`the storefront's renderer did not build (${code}):\n${output.slice(-4000)}`)
}

// A shopper's token lives in the browser's storage and goes only with API calls: a page request
// carries no cookie and no credential, so the server renders a signed-in shopper's page exactly
// as a visitor's, and the browser swaps in the signed-in screens after hydration (the
// end-to-end test e2e/server-render.e2e.ts hydrates every page both ways).
describe('every page of the route table, rendered by the real renderer', () => {
  let dir: string
  let real: TestContext
  let patterns: string[]
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-routes-'))
    await fs.mkdir(path.join(dir, 'dist'))
    await fs.copyFile(path.join(WEB_DIR, 'index.html'), path.join(dir, 'dist', 'index.html'))
    await buildRenderer(path.join(dir, 'dist-server'))
    const renderer = (await import(pathToFileURL(path.join(dir, 'dist-server', 'entry-server.js')).href)) as { routePatterns: () => string[] }
    patterns = renderer.routePatterns()
    real = await createTestApp({ webRoot: path.join(dir, 'dist'), catalogueCacheTtl: 0 })
  }, 240_000)
  afterAll(async () => {
    await real?.close()
    if (dir) await fs.rm(dir, { recursive: true, force: true })
  })

  /** The path and query of an order's tracking link, with the key the server signs (ADR 034). */
  const trackingAddress = (numero: string) => {
    const link = new URL(real.app.messaging.messages!.trackingLink(numero))
    return link.pathname + link.search
  }

  it('knows the pages of the spec, the 404 page included', () => {
    expect(patterns).toEqual(expect.arrayContaining(['/', '/product/:id', '/product_bycat/:id', '/cart', '/signup', '/profile/account', '/livraison', '/paiement', '/*']))
  })

  /** An order placed through the API, with its tracking page's address. */
  const placedOrder = async (designation: string, prix: number, quantite: number) => {
    const sub = await makeSubcategory(real.db)
    const product = await makeProduct(real.db, { souscategorieId: sub.id, designation, prix, quantite: 50 })
    const customer = await signIn(real.app)
    const placed = await placeHomeOrder(real.app, real.db, customer, [[product.id, quantite]])
    expect(placed.statusCode, placed.body).toBe(201)
    const commande = placed.json().commande as { id: number; numerocommande: string; montanttotal: number }
    return { commande, address: trackingAddress(commande.numerocommande) }
  }

  it('answers each with its page: 200 (404 for an unknown path), drawn on the server, no error screen', async () => {
    const sub = await makeSubcategory(real.db)
    const product = await makeProduct(real.db, { souscategorieId: sub.id, designation: 'Bissap séché 250 g' })
    const tracked = await placedOrder('Thé Touba 250 g', 1500, 1)
    const addressOf = (pattern: string) =>
      pattern === '/*'
        ? '/cette-page-n-existe-pas'
        : pattern
            .replace('/product_bycat/:id', `/product_bycat/${sub.id}`)
            .replace('/product/:id', `/product/${product.id}`)
            .replace(/^\/suivi\/:numero$/, () => tracked.address)
    for (const pattern of patterns) {
      const url = addressOf(pattern)
      // A new page with parameters needs values here, or its pattern would be asked as is.
      expect(url, `values for the parameters of ${pattern}`).not.toContain(':')
      const res = await real.app.inject({ url })
      expect(res.statusCode, url).toBe(pattern === '/*' ? 404 : 200)
      const root = /<div id="root">([\s\S]*?)<\/div>\s*<script id="app-data"/.exec(res.body)?.[1] ?? ''
      // An empty root is the renderer having failed: the browser would draw the page alone.
      expect(root.length, `${url} drawn on the server`).toBeGreaterThan(100)
      expect(res.body, url).not.toContain('Un problème est survenu')
      expect(res.body, url).not.toContain(MESSAGES.internalError)
      expect(res.body, url).not.toContain(MESSAGES.pageLoadError)
    }
  })

  it('answers 404 with the not-found page for a product, a category or an order that does not exist (issue 23)', async () => {
    for (const url of ['/product/99999', '/product/abc', '/product_bycat/999', '/product_bycat/abc', trackingAddress('XC000001')]) {
      const res = await real.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain('Oops! Page not found.')
      expect(res.body, url).toContain('<meta name="robots" content="noindex">')
    }
    expect((await real.app.inject({ url: '/product/99999' })).body).toContain(MESSAGES.productMissing.replace(/'/g, '&#x27;'))
  })

  it("draws a tracking link's page on the server: the order's state, lines, amounts and refunds, never indexed (issue 23)", async () => {
    const { commande, address } = await placedOrder('Riz brisé parfumé 5 kg', 4700, 2)
    await real.db.insert(remboursements).values({ commandeId: commande.id, montant: 4700, provider: 'cash', motif: 'Article manquant', statut: 'effectue' })
    const res = await real.app.inject({ url: address })
    expect(res.statusCode).toBe(200)
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script id="app-data"/.exec(res.body)?.[1] ?? ''
    expect(root).not.toContain('Chargement de la commande')
    expect(root).toContain(`Suivi de la commande ${commande.numerocommande}`)
    expect(root).toContain('En attente de confirmation')
    expect(root).toContain('Riz brisé parfumé 5 kg')
    expect(root).toContain(formatPrix(9400))
    expect(root).toContain(formatPrix(commande.montanttotal))
    expect(root).toContain('Remboursements')
    expect(root).toContain(`${formatPrix(4700)}</span> remboursés le`)
    expect(res.body).toContain('<meta name="robots" content="noindex">')
    expect(res.body).not.toContain('<link rel="canonical"')
    // The page's data is embedded under the app's own key: hydration asks nothing again.
    const k = new URL(address, 'http://shop.local').searchParams.get('k')
    expect(embedded(res.body).queries.map((q) => q.key)).toContainEqual([...storefrontKey('suivi', { numero: commande.numerocommande, k }, 'anon')])
    // Nothing of the customer's beyond the order: no phone, no address.
    expect(res.body).not.toContain('77 123 45 67')
    expect(res.body).not.toContain('villa 24')
  })

  it('answers 404 for a tracking page whose key is missing or altered, with the not-found page when there is no key', async () => {
    const { address } = await placedOrder('Bouye 500 g', 1200, 1)
    expect((await real.app.inject({ url: address })).statusCode).toBe(200)
    const altered = address.replace(/k=(.)/, (_, c: string) => `k=${c === 'A' ? 'B' : 'A'}`)
    expect((await real.app.inject({ url: altered })).statusCode).toBe(404)
    const keyless = await real.app.inject({ url: address.replace(/\?.*$/, '') })
    expect(keyless.statusCode).toBe(404)
    expect(keyless.body).toContain('Oops! Page not found.')
  })

  it("writes a product's preview and Product data, and each of the shop's own pages its title and description", async () => {
    const origin = testConfig().publicUrl
    const sub = await makeSubcategory(real.db)
    const product = await makeProduct(real.db, { souscategorieId: sub.id, designation: 'Thiakry 500 g', prix: 2750, quantite: 0, image: 'catalogue/thiakry', description: 'Dessert de mil.' })
    const res = await real.app.inject({ url: `/product/${product.id}` })
    const tag = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(res.body)?.[1]
    expect(res.body).toContain('<title>Thiakry 500 g — Teranga</title>')
    expect(tag('og:title')).toBe('Thiakry 500 g — 2\u00a0750\u00a0FCFA')
    expect(tag('og:image')).toBe(`${origin}/media/apercu/catalogue/thiakry-640.jpg`)
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/product/${product.id}">`)
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!)
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Thiakry 500 g', sku: product.code, description: 'Dessert de mil.', image: [`${origin}/media/catalogue/thiakry-640.webp`] })
    expect(ld.offers).toMatchObject({ priceCurrency: 'XOF', price: '2750', availability: 'https://schema.org/OutOfStock' })
    // The share button is in the server's markup too, with the product's name and price.
    expect(res.body).toContain('Partager sur WhatsApp')
    expect(res.body).toContain(`href="https://wa.me/?text=${encodeURIComponent('Thiakry 500 g — 2\u00a0750\u00a0FCFA\n')}`)

    const category = await real.app.inject({ url: `/product_bycat/${sub.id}?page=2` })
    expect(category.body).toContain(`<link rel="canonical" href="${origin}/product_bycat/${sub.id}?page=2">`)

    for (const [url, slug] of [['/cgv', 'cgv'], ['/faq', 'faq'], ['/informations-livraison', 'livraison'], ['/contact', 'contact']] as const) {
      const page = (await real.app.inject({ url: `/api/pages/${slug}` })).json()
      const html = (await real.app.inject({ url })).body
      expect(html, url).toContain(`<title>${page.titre} — Teranga</title>`)
      expect(html, url).toContain(`<meta name="description" content="${page.description.replace(/'/g, '&#39;')}">`)
      expect(html, url).toContain(`<link rel="canonical" href="${origin}${url}">`)
      expect(html, url).toContain(`<h1 class="h3 mb-4">${page.titre}</h1>`)
    }
    expect((await real.app.inject({ url: '/cgv' })).body).toContain('<h2>Prix</h2>')
  })

  it('draws the variant ?variante= names on the server (else the first in stock), a page per variant, its offers in the Product data (ADR 053 §5)', async () => {
    const origin = testConfig().publicUrl
    const sub = await makeSubcategory(real.db)
    const tomate = await makeProduct(real.db, { souscategorieId: sub.id, designation: 'Tomate concentrée', code: 'TOM-G01', prix: 150, quantite: 0, unite: 'boîte' })
    // No API writes variants in this step's server: the other sizes in SQL, as the seed does.
    await real.db.execute(sql`update produits set options = '[{"nom": "Contenance", "valeurs": ["70 g", "400 g", "2,2 kg"]}]' where id = ${tomate.id}`)
    const inserted = (await real.db.execute(sql`insert into variantes (produit_id, position, valeur1, code, prix, quantite)
      values (${tomate.id}, 1, '400 g', 'TOM-400', 800, 110), (${tomate.id}, 2, '2,2 kg', 'TOM-2200', 3500, 0) returning id`)) as unknown as { rows: Array<{ id: number }> }
    // Once it has several, the product keeps its own code (a lone variant's is the product's).
    await real.db.execute(sql`update variantes set valeur1 = '70 g', code = 'TOM-70', quantite = 0 where id = ${tomate.varianteId}`)
    const [moyen, grand] = inserted.rows.map((r) => r.id) as [number, number]
    const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script id="app-data"/.exec(html)?.[1] ?? ''
    const checked = (html: string) =>
      (rootOf(html).match(/<input type="radio"[^>]*>/g) ?? []).filter((input) => input.includes('checked=""')).map((input) => /value="([^"]+)"/.exec(input)?.[1])[0]

    // No variant named, or one unknown: the first in stock by position (70 g has none).
    for (const url of [`/product/${tomate.id}`, `/product/${tomate.id}?variante=999999`]) {
      const res = await real.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(checked(res.body), url).toBe('400 g')
      expect(rootOf(res.body), url).toContain('Réf. TOM-400')
    }
    // Named: that one, though sold out, its button disabled; then the other is not served from the first's page.
    const named = await real.app.inject({ url: `/product/${tomate.id}?variante=${grand}` })
    expect(checked(named.body)).toBe('2,2 kg')
    expect(rootOf(named.body)).toContain('Réf. TOM-2200')
    expect(rootOf(named.body)).toContain('Rupture de stock')
    expect(rootOf(named.body)).toMatch(/<input type="radio" class="btn-check"[^>]*disabled=""[^>]*value="70 g"/)
    const other = await real.app.inject({ url: `/product/${tomate.id}?variante=${moyen}` })
    expect(rootOf(other.body)).toContain('Réf. TOM-400')
    // The canonical address names no variant; a pasted link shows the named variant's price.
    expect(named.body).toContain(`<link rel="canonical" href="${origin}/product/${tomate.id}">`)
    expect(/<meta property="og:title" content="([^"]*)">/.exec(named.body)?.[1]).toBe('Tomate concentrée — 3\u00a0500\u00a0FCFA')
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(named.body)![1]!)
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Tomate concentrée', sku: 'TOM-G01' })
    expect(ld.offers).toEqual([
      ['TOM-70', 'Tomate concentrée 70 g', '150', 'OutOfStock', tomate.varianteId],
      ['TOM-400', 'Tomate concentrée 400 g', '800', 'InStock', moyen],
      ['TOM-2200', 'Tomate concentrée 2,2 kg', '3500', 'OutOfStock', grand],
    ].map(([sku, name, price, availability, id]) =>
      expect.objectContaining({ '@type': 'Offer', sku, name, price, priceCurrency: 'XOF', availability: `https://schema.org/${availability}`, url: `${origin}/product/${tomate.id}?variante=${id}` }),
    ))
  })

  it("prints the delivery fees the owner set, on the FAQ and the delivery page, with no-break spaces (issue 23)", async () => {
    await real.db.update(zonesLivraison).set({ frais: 1250 }).where(eq(zonesLivraison.designation, 'Mermoz'))
    for (const url of ['/faq', '/informations-livraison']) {
      const html = (await real.app.inject({ url })).body
      const row = /<tr><td[^>]*>([^<]*)<\/td><td>([^<]*Mermoz[^<]*)<\/td><\/tr>/.exec(html)
      expect(row?.[1], url).toBe('1\u00a0250\u00a0FCFA')
      expect(row?.[2], url).toBe('Mermoz')
    }
  })

  it('draws the sign-up form and the account page on the server', async () => {
    const signup = await real.app.inject({ url: '/signup' })
    expect(signup.body).toContain('Créer mon compte')
    expect(signup.body).toContain('Sénégal')
    const account = await real.app.inject({ url: '/profile/account' })
    // Signed out on the server, as every page request is: the page's prompt and the sign-in form.
    expect(account.body).toContain('Connectez-vous pour voir et modifier vos informations.')
  })
})
