// The files the storefront's service worker needs (issue 18 §3, docs/decisions/032): the
// worker itself checked on every use (never kept as immutable, or shoppers stay on an old
// release), the web app manifest with its own type, and the offline shell the server draws
// without a page; a build without a worker answers its address with a plain 404, not a page.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_WORKER_CACHE, UNHASHED_FILE_CACHE } from '../src/lib/built-app-caching.ts'
import { createTestApp, type TestContext } from './helpers.ts'

const TEMPLATE =
  '<!doctype html><html lang="fr"><head><title>Teranga</title><!--app-head--><link rel="manifest" href="/manifest.webmanifest"></head>' +
  '<body><div id="root"></div><!--app-data--></body></html>'
const WORKER = `self.addEventListener('fetch', () => {}) // ${'precache '.repeat(200)}`
const MANIFEST = JSON.stringify({ name: 'Teranga', short_name: 'Teranga', theme_color: '#00763a', icons: [] })

let dir: string
let ctx: TestContext
let withoutWorker: TestContext
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-offline-'))
  const web = path.join(dir, 'web', 'dist')
  await fs.mkdir(path.join(web, 'assets'), { recursive: true })
  await fs.writeFile(path.join(web, 'index.html'), TEMPLATE)
  await fs.writeFile(path.join(web, 'sw.js'), WORKER)
  // The build writes compressed copies of the worker too.
  await fs.writeFile(path.join(web, 'sw.js.br'), brotliCompressSync(WORKER))
  await fs.writeFile(path.join(web, 'sw.js.gz'), gzipSync(WORKER))
  await fs.writeFile(path.join(web, 'manifest.webmanifest'), MANIFEST)
  const bare = path.join(dir, 'bare', 'dist')
  await fs.mkdir(bare, { recursive: true })
  await fs.writeFile(path.join(bare, 'index.html'), TEMPLATE)
  ctx = await createTestApp({ webRoot: web })
  withoutWorker = await createTestApp({ webRoot: bare })
})
afterAll(async () => {
  await ctx?.close()
  await withoutWorker?.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('the offline files', () => {
  it('serves the service worker as JavaScript, checked again on every use', async () => {
    const res = await ctx.app.inject({ url: '/sw.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(res.headers['cache-control']).toBe(SERVICE_WORKER_CACHE)
    expect(res.headers['cache-control']).not.toMatch(/immutable|max-age/)
    expect(res.body).toBe(WORKER)
    // A worker obeys the CSP of its own script's response: the shop's policy, as its pages have.
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'")
    expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'")
    // Its compressed copy, as a browser gets it, is checked on every use too.
    const compressed = await ctx.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers['cache-control']).toBe(SERVICE_WORKER_CACHE)
    expect(String(compressed.headers['content-security-policy'])).toContain("default-src 'self'")
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(WORKER)
  })

  it('serves the web app manifest with its media type', async () => {
    const res = await ctx.app.inject({ url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(res.headers['cache-control']).toBe(UNHASHED_FILE_CACHE)
    expect(JSON.parse(res.body)).toMatchObject({ name: 'Teranga', theme_color: '#00763a' })
  })

  it('draws the offline shell: the template with the browser configuration, no page and no data', async () => {
    const res = await ctx.app.inject({ url: '/offline.html', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-encoding']).toBe('br')
    const html = brotliDecompressSync(res.rawPayload).toString()
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('<!--app-head-->')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    const data = JSON.parse(/<script id="app-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as { firebase: { projectId: string }; queries: unknown[] }
    expect(data.queries).toEqual([])
    expect(typeof data.firebase.projectId).toBe('string')
  })

  it('answers a missing worker or manifest with a plain 404, not a page', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await withoutWorker.app.inject({ url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
    }
    // Any other address is still a storefront page.
    const page = await withoutWorker.app.inject({ url: '/product/1' })
    expect(page.headers['content-type']).toMatch(/^text\/html/)
  })
})
