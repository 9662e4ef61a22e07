// The storefront's pages as the server sends them: the first data the renderer names for each
// page (its routes declare it, apps/web/src/app/server-data.test.ts checks which) embedded under
// the app's own cache keys, the first image preloaded, titles, 404s, compression, one entry per
// page whatever made-up parameters come with it, and the embedded JSON unable to break out of
// its <script> element.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { caroussels } from '../src/db/schema.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, type TestContext } from './helpers.ts'

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
  return { html: '<main>' + url + ' ' + queries.length + ' #' + renders + '</main>', status: url.startsWith('/perdu') ? 404 : 200 }
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

  it('leaves out an unknown product, which the app then reports itself', async () => {
    const res = await ctx.app.inject({ url: '/product/99999999' })
    expect(res.statusCode).toBe(200)
    expect(embedded(res.body).queries.some((q) => q.key[1] === 'produit')).toBe(false)
  })

  it('keeps names with </script> inside the JSON', async () => {
    const product = await makeProduct(ctx.db, { designation: 'Piège </script><script>alert(1)</script>' })
    const res = await ctx.app.inject({ url: `/product/${product.id}` })
    expect(res.body).not.toContain('</script><script>alert(1)')
    expect(embedded(res.body).queries.find((q) => q.key[1] === 'produit')!.data.designation).toBe(product.designation)
    expect(res.body).toContain('<title>Piège &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; — Teranga</title>')
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
    expect(lost.body).toMatch(/<div id="root"><main>\/perdu\/ici 1 #\d+<\/main><\/div>/)
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
