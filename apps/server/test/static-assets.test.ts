// The built apps' files as browsers get them: compressed at build time (apps/web's Vite
// plugin writes `.br` and `.gz` beside each file over 1 KB; the end-to-end smoke test checks
// the real build), the encoding chosen by Accept-Encoding with `Vary`, hashed assets kept a
// year (immutable), a file whose name does not change kept an hour, pages never kept as is.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HASHED_ASSET_CACHE, UNHASHED_FILE_CACHE } from '../src/lib/built-app-caching.ts'
import { createTestApp, type TestContext } from './helpers.ts'

// Code-like text, compressible as real bundles are, with a random part so that no cache hides a mistake.
const script = (name: string) =>
  `// ${name} ${randomBytes(8).toString('hex')}\n` + Array.from({ length: 200 }, (_, i) => `export const value${i} = () => ${JSON.stringify(name)} + ${i};`).join('\n')
const WEB_SCRIPT = script('storefront')
const ADMIN_SCRIPT = script('back-office')
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>'

/** A built file, with the compressed copies the build writes when it is over 1 KB. */
async function built(file: string, content: string) {
  await fs.writeFile(file, content)
  if (content.length < 1024) return
  await fs.writeFile(`${file}.br`, brotliCompressSync(content))
  await fs.writeFile(`${file}.gz`, gzipSync(content))
}

let dir: string
let ctx: TestContext
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-static-'))
  const web = path.join(dir, 'web', 'dist')
  const admin = path.join(dir, 'admin', 'dist')
  await fs.mkdir(path.join(web, 'assets'), { recursive: true })
  await fs.mkdir(path.join(admin, 'assets'), { recursive: true })
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><html lang="fr"><head><title>Teranga</title></head><body><div id="root"></div></body></html>')
  await built(path.join(web, 'assets', 'index-Bq3xY7aZ.js'), WEB_SCRIPT)
  await built(path.join(web, 'favicon.svg'), FAVICON)
  await fs.writeFile(path.join(admin, 'index.html'), '<!doctype html><html lang="fr"><head><!--admin-config--></head><body></body></html>')
  await built(path.join(admin, 'assets', 'index-D4kP0qLm.js'), ADMIN_SCRIPT)
  ctx = await createTestApp({ webRoot: web, adminRoot: admin })
})
afterAll(async () => {
  await ctx?.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe.each([
  { app: 'storefront', url: '/assets/index-Bq3xY7aZ.js', content: () => WEB_SCRIPT },
  { app: 'back-office', url: '/admin/assets/index-D4kP0qLm.js', content: () => ADMIN_SCRIPT },
])("the $app's hashed script", ({ url, content }) => {
  it('goes out in Brotli to a browser that accepts it, kept a year as immutable', async () => {
    const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
    expect(res.rawPayload.length).toBeLessThan(content().length / 3)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(content())
  })

  it('in gzip to one that accepts only gzip, and as is to one that accepts neither', async () => {
    const gzip = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toMatch(/accept-encoding/i)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(content())
    const plain = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(content())
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
  })
})

describe('the other files', () => {
  it('a file that keeps its name across releases (the favicon) is kept an hour, not for ever', async () => {
    const res = await ctx.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(UNHASHED_FILE_CACHE)
    // Under 1 KB nothing is gained by compressing: the build leaves it as is, sent as is.
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(FAVICON)
  })

  it('pages of both apps are checked again at each visit, never immutable', async () => {
    for (const url of ['/', '/produits', '/admin', '/admin/commandes']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('a hashed asset the build no longer has is a 404, whatever the encoding asked', async () => {
    for (const url of ['/assets/index-0ld0ld00.js', '/admin/assets/index-0ld0ld00.js']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.statusCode, url).toBe(404)
    }
  })
})
