// Screenshots of the back-office for the review: signs in as the demo admin, then saves the
// home page, the orders list, an order page and the product form at 360 px and 1280 px.
// Takes a Playwright page (typed structurally here, so that apps/admin needs no Playwright of
// its own); the storefront's `npm run screenshots` and end-to-end tests call it.
import fs from 'node:fs/promises'
import path from 'node:path'

/** The few Playwright `Page` methods used here. */
export interface ScreenshotPage {
  goto(url: string, options?: { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' }): Promise<unknown>
  setViewportSize(size: { width: number; height: number }): Promise<void>
  fill(selector: string, value: string): Promise<void>
  click(selector: string): Promise<void>
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>
  waitForTimeout(ms: number): Promise<void>
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>
  $$eval<R>(selector: string, fn: (elements: Element[]) => R): Promise<R>
}

export interface AdminScreenshotOptions {
  /** The running shop, e.g. http://127.0.0.1:3000 */
  baseURL: string
  outDir: string
  /** An order to show; the first of the orders list when not given. */
  numero?: string
  email?: string
  password?: string
}

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
] as const

export async function captureAdminScreenshots(page: ScreenshotPage, options: AdminScreenshotOptions): Promise<string[]> {
  const { baseURL, outDir } = options
  await fs.mkdir(outDir, { recursive: true })
  const url = (pathname: string) => new URL(`/admin${pathname}`, baseURL).toString()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(url('/'), { waitUntil: 'domcontentloaded' })
  await page.fill('#email', options.email ?? 'admin@teranga.sn')
  await page.fill('#password', options.password ?? 'teranga-admin')
  await page.click('button[type="submit"]')
  await page.waitForSelector('.admin-main h1', { timeout: 20_000 })

  let numero = options.numero
  if (!numero) {
    await page.goto(url('/commandes'), { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('.admin-main table', { timeout: 20_000 })
    await page.waitForTimeout(500)
    const numbers = await page.$$eval('.admin-main tbody a[href*="/commandes/"]', (links) => links.map((link) => link.textContent ?? ''))
    numero = numbers[0]
  }
  const pages = [
    { name: 'accueil', pathname: '/', ready: '.admin-main h1' },
    { name: 'commandes', pathname: '/commandes', ready: '.admin-main table' },
    ...(numero ? [{ name: 'commande', pathname: `/commandes/${encodeURIComponent(numero)}`, ready: '.admin-main h1' }] : []),
    { name: 'produit-nouveau', pathname: '/produits/nouveau', ready: '#designation' },
  ]
  const saved: string[] = []
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    for (const shot of pages) {
      await page.goto(url(shot.pathname), { waitUntil: 'domcontentloaded' })
      await page.waitForSelector(shot.ready, { timeout: 20_000 })
      await page.waitForTimeout(400)
      const file = path.join(outDir, `admin-${shot.name}-${viewport.width}.png`)
      await page.screenshot({ path: file, fullPage: true })
      saved.push(file)
    }
  }
  return saved
}
