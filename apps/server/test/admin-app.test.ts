// The back-office app under /admin: hashed assets long-cached, index.html (never cached, with
// the Firebase settings) for every page of the app, a French 503 page when it was not built,
// and nothing at all when told adminRoot: null.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from './helpers.ts'

const INDEX = `<!doctype html><html lang="fr"><head><title>Teranga — back-office</title><!--admin-config--></head>
<body><div id="root"></div><script type="module" src="/admin/assets/index-abc123.js"></script></body></html>`

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-admin-'))
  await fs.mkdir(path.join(dir, 'dist', 'assets'), { recursive: true })
  await fs.writeFile(path.join(dir, 'dist', 'index.html'), INDEX)
  await fs.writeFile(path.join(dir, 'dist', 'assets', 'index-abc123.js'), 'console.log("admin")')
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('a built back-office', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp({ adminRoot: path.join(dir, 'dist'), webRoot: null })
  })
  afterAll(async () => ctx.close())

  it('serves index.html for /admin and every page under it, not cached, with the Firebase settings', async () => {
    for (const url of ['/admin', '/admin/', '/admin/commandes?etat=payee', '/admin/commandes/T-1234', '/admin/bons?numeros=A,B']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root"></div>')
      expect(res.body).toContain('<script id="admin-config" type="application/json">')
      expect(res.body).toContain('"projectId":"demo-')
      expect(res.body).not.toContain('<!--admin-config-->')
    }
  })

  it('serves the hashed assets as immutable, and a missing asset is a 404', async () => {
    const res = await ctx.app.inject({ url: '/admin/assets/index-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/)
    expect(res.headers['cache-control']).toMatch(/immutable/)
    expect(res.body).toContain('admin')
    const missing = await ctx.app.inject({ url: '/admin/assets/index-old999.js' })
    expect(missing.statusCode).toBe(404)
  })

  it('does not serve index.html as a static file, and leaves the API alone', async () => {
    const res = await ctx.app.inject({ url: '/admin/index.html' })
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/immutable/)
    const api = await ctx.app.inject({ url: '/api/nothing-here' })
    expect(api.statusCode).toBe(404)
    expect(api.headers['content-type']).toMatch(/json/)
  })
})

describe('a back-office that was not built', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp({ adminRoot: path.join(dir, 'absent'), webRoot: null })
  })
  afterAll(async () => ctx.close())

  it('answers a French 503 page', async () => {
    for (const url of ['/admin', '/admin/commandes']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode).toBe(503)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain('Back-office indisponible')
      expect(res.body).toContain('lang="fr"')
    }
  })
})

describe('adminRoot: null', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp({ adminRoot: null, webRoot: null })
  })
  afterAll(async () => ctx.close())

  it('serves no back-office', async () => {
    const res = await ctx.app.inject({ url: '/admin' })
    expect(res.statusCode).toBe(404)
  })
})
