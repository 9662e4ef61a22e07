// Proves the harness: the built storefront is served in French by the real server, and the
// REST API and the Auth Emulator answer beside it; the real builds of both apps go out
// compressed and long-cached.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser, newShopPage } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { firstPageScripts } from '../scripts/first-page-scripts.ts'
import { ADMIN_DIR, WEB_DIST } from './support/shop-server.ts'

const baseURL = inject('baseURL')
const { browser } = browserForFile(baseURL)

test('the home page answers 200 in French with a title', async () => {
  const { page, context } = await newShopPage(browser(), baseURL, { width: 1280, height: 900 })
  try {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    expect((await page.title()).trim()).not.toBe('')
  } finally {
    await context.close()
  }
})

test('GET /api/produits answers JSON', async () => {
  const res = await fetch(`${baseURL}/api/produits`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const [page] = (await res.json()) as Array<{ data: Array<{ id: number }> }>
  expect(page?.data.length).toBeGreaterThan(0)
})

test('the Auth Emulator takes new accounts and forgets them', async () => {
  const emulatorHost = inject('emulatorHost')
  const user = await createEmulatorUser(emulatorHost, { email: 'smoke@exemple.sn', password: 'motdepasse-123', displayName: 'Awa' })
  expect(user.idToken).toBeTruthy()
  await clearEmulatorUsers(emulatorHost)
  // The same address is free again only if the reset really removed the account.
  await expect(createEmulatorUser(emulatorHost, { email: 'smoke@exemple.sn', password: 'motdepasse-123' })).resolves.toBeTruthy()
  await clearEmulatorUsers(emulatorHost)
})

test("both apps' entry scripts and stylesheets go out in Brotli, immutable, as built", async () => {
  for (const page of ['/', '/admin']) {
    const html = await (await fetch(`${baseURL}${page}`)).text()
    const files = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"|<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!)
    expect(files.filter((file) => file.endsWith('.js')).length, page).toBeGreaterThan(0)
    for (const file of files) {
      const res = await fetch(new URL(file, baseURL), { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      await res.body?.cancel()
      expect(res.status, file).toBe(200)
      expect(res.headers.get('content-encoding'), file).toBe('br')
      expect(res.headers.get('vary'), file).toMatch(/accept-encoding/i)
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable')
    }
  }
})

/** gzip -9 of the scripts a page fetches before it runs: the storefront's first page, the back-office's entry. */
const gzipKb = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(file), { level: 9 }).length, 0) / 1024

test('the first page of the storefront stays within 150 KB of script (gzip), the back-office entry within 100 KB', () => {
  // As the Lighthouse bench counts it (scripts/first-page-scripts.ts).
  const firstPage = firstPageScripts(WEB_DIST).map((file) => path.join(WEB_DIST, file))
  expect(firstPage.length).toBeGreaterThan(3)
  expect(gzipKb(firstPage)).toBeLessThanOrEqual(150)

  const adminDist = path.join(ADMIN_DIR, 'dist')
  const adminHtml = fs.readFileSync(path.join(adminDist, 'index.html'), 'utf8')
  const entry = [...adminHtml.matchAll(/<script type="module"[^>]*src="\/admin\/([^"]+\.js)"/g)].map((m) => path.join(adminDist, m[1]!))
  expect(entry).toHaveLength(1)
  expect(gzipKb(entry)).toBeLessThanOrEqual(100)
})
