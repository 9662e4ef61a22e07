// A shop that survives a weak signal (issue 18 §3), in Chromium against the built shop and its
// service worker: three pages seen, the phone goes offline and reloads: the pages, the
// visitor's catalogue reads (POST, and GET: ADR 063) and cart are there, the banner says so,
// a page never seen opens in the offline shell, signing in and ordering are refused with a
// clear message and nothing typed is lost; back online, the same forms carry on and the order
// goes through.
import { createHash } from 'node:crypto'
import type { Page } from 'playwright-core'
import { MESSAGES } from '@teranga/shared/messages'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { cartCount, deliverHome, openUserMenu, toast, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 390, height: 844, isMobile: true }

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

interface Produit {
  id: number
  designation: string
  quantite: number
  nb_variantes: number
}

async function productInStock(): Promise<Produit> {
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id designation quantite nb_variantes } } }' }),
  })
  const products = ((await res.json()) as { data: { produitspaginated: { data: Produit[] } } }).data.produitspaginated.data
  return products.find((p) => p.quantite >= 10 && p.nb_variantes === 1)!
}

/** The worker is installed and active (it registers after the first page has loaded). */
async function workerActive(page: Page) {
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: 30_000 }).toBe(true)
}

/** A reload that waits for the page to respond to input; answers whether the worker served it. */
async function reload(page: Page): Promise<boolean> {
  const response = await page.reload()
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  return response?.fromServiceWorker() ?? false
}

/** A GraphQL read sent by the page (through its worker), optionally as a signed-in customer. */
function readFromPage(page: Page, query: string, token?: string) {
  return page.evaluate(
    async ({ query, token }) => {
      try {
        const res = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ query }),
        })
        return { ok: res.ok, body: (await res.json()) as unknown }
      } catch {
        return { ok: false, body: null }
      }
    },
    { query, token },
  )
}

/** The grid's first page as a visitor's storefront asks it: a GET naming its document by hash (ADR 063). */
const GRID_GET = `/graphql?${new URLSearchParams({
  variables: JSON.stringify({ count: 12, page: 1 }),
  extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(STOREFRONT_QUERIES.produits).digest('hex') } }),
})}`

/** A GraphQL GET sent by the page (through its worker), optionally as a signed-in customer. */
function getFromPage(page: Page, url: string, token?: string) {
  return page.evaluate(
    async ({ url, token }) => {
      try {
        const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
        return { ok: res.ok, body: (await res.json()) as unknown }
      } catch {
        return { ok: false, body: null }
      }
    },
    { url, token },
  )
}

const banner = (page: Page) => page.getByTestId('offline-banner')

describe('offline', () => {
  test('pages seen and the cart open offline with the banner; sign-in and ordering wait for the connection, then carry on', async () => {
    const product = await productInStock()
    const user = await createEmulatorUser(emulatorHost, { email: `moussa.ndiaye.${Date.now()}@exemple.sn`, password: 'mafe-yapp-2026', displayName: 'Moussa Ndiaye' })
    await shop.withPage(
      phone,
      async ({ page, context }) => {
        await visit(page, '/')
        await workerActive(page)
        expect(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'))).toBe('/manifest.webmanifest')

        // Three pages seen, through the worker now, and a product into the visitor's cart.
        await visit(page, '/product_bycat/1')
        await page.locator('.product-card').first().waitFor()
        const categoryHeading = await page.locator('h1').first().innerText()
        await visit(page, '/')
        await visit(page, `/product/${product.id}`)
        await page.getByRole('heading', { level: 1, name: product.designation }).waitFor()
        await page.getByRole('button', { name: 'Ajouter au panier' }).first().click()
        await expect.poll(() => cartCount(page)).not.toBe('0')
        const count = await cartCount(page)
        expect(await banner(page).count()).toBe(0)
        const online = await readFromPage(page, STOREFRONT_QUERIES.preferences)
        expect(online.ok).toBe(true)
        const onlineGrid = await getFromPage(page, GRID_GET)
        expect(onlineGrid.ok).toBe(true)

        // Offline, reloaded: the page (the worker's copy), the cart and the banner.
        await context.setOffline(true)
        expect(await reload(page)).toBe(true)
        expect(await page.locator('meta[name="teranga-copie-conservee"]').count()).toBe(1)
        await page.getByRole('heading', { level: 1, name: product.designation }).waitFor()
        await banner(page).getByText('Vous êtes hors ligne').waitFor()
        await expect.poll(() => cartCount(page)).toBe(count)
        // A visitor's API read answers from the kept copy.
        expect(await readFromPage(page, STOREFRONT_QUERIES.preferences)).toEqual(online)
        expect(await getFromPage(page, GRID_GET)).toEqual(onlineGrid)
        await visit(page, '/')
        await page.locator('#produits .product-card').first().waitFor()
        await visit(page, '/product_bycat/1')
        await page.locator('h1').filter({ hasText: categoryHeading }).first().waitFor()
        await banner(page).waitFor()
        // A page never seen opens in the offline shell, drawn by the app, cart included.
        await visit(page, '/cart')
        await page.getByText(product.designation).first().waitFor()
        await expect.poll(() => cartCount(page)).toBe(count)

        // Signing in needs the connection: said clearly, what was typed stays.
        await openUserMenu(page)
        await page.getByLabel('E-mail').first().fill(user.email)
        await page.getByLabel('Mot de passe').first().fill(user.password)
        await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
        await toast(page, /Vérifiez votre connexion/).waitFor()
        expect(await page.getByLabel('E-mail').first().inputValue()).toBe(user.email)

        // Back online: the banner goes, the same form signs in (the visitor's cart is merged).
        await context.setOffline(false)
        await expect.poll(() => banner(page).count()).toBe(0)
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Se connecter', exact: true }).click()])
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
        await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
        await expect.poll(() => cartCount(page)).toBe(count)
        const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
        expect((await readFromPage(page, STOREFRONT_QUERIES.preferences, token)).ok).toBe(true)

        // To the payment step, then the connection drops as the order is confirmed.
        await deliverHome(page)
        const cash = page.getByRole('radio', { name: /Paiement à la livraison/ })
        await page.locator(`label[for="${await cash.getAttribute('id')}"]`).click()
        expect(await cash.isChecked()).toBe(true)

        await context.setOffline(true)
        await banner(page).waitFor()
        // A signed-in customer's answers are never kept: offline, only the visitor's copy answers.
        expect((await readFromPage(page, STOREFRONT_QUERIES.preferences, token)).ok).toBe(false)
        expect((await readFromPage(page, STOREFRONT_QUERIES.preferences)).ok).toBe(true)
        expect((await getFromPage(page, GRID_GET, token)).ok).toBe(false)
        expect((await getFromPage(page, GRID_GET)).ok).toBe(true)
        await page.getByRole('button', { name: 'Confirmer la commande' }).click()
        await toast(page, MESSAGES.connectionRequired).waitFor()
        // Refused cleanly: still on the payment step, the choice kept, no order.
        expect(new URL(page.url()).pathname).toBe('/paiement')
        expect(await cash.isChecked()).toBe(true)

        // Back online, the same button carries on.
        await context.setOffline(false)
        await expect.poll(() => banner(page).count()).toBe(0)
        await page.getByRole('button', { name: 'Confirmer la commande' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
        expect(new URL(page.url()).searchParams.get('commande')).toMatch(/^TRG-\d{6}-[A-Z0-9]{6}$/)
      },
      { serviceWorkers: 'allow' },
    )
  })

  test('the worker is served fresh and the shop installable: manifest, icons, no long cache on sw.js', async () => {
    const worker = await fetch(`${baseURL}/sw.js`)
    expect(worker.status).toBe(200)
    expect(worker.headers.get('content-type')).toMatch(/javascript/)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    const manifest = await fetch(`${baseURL}/manifest.webmanifest`)
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const body = (await manifest.json()) as { name: string; short_name: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose: string }> }
    expect(body).toMatchObject({ name: 'Teranga', short_name: 'Teranga', theme_color: '#00763a' })
    expect(body.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true)
    for (const icon of body.icons) {
      const res = await fetch(`${baseURL}${icon.src}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
    }
  })
})
