// Full-page screenshots of the home and a product page, phone and desktop, then of the
// back-office (home, orders list, an order placed for the occasion, the product form) at
// 360 px and 1280 px, from the current builds served by the real server, into
// apps/web/screenshots/ for a person to look at.
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import { captureAdminScreenshots } from '../../admin/scripts/screenshots.ts'
import { createEmulatorUser, launchBrowser, newShopPage, type ShopViewport } from '../e2e/support/browser.ts'
import { ensureWebBuild, startShop, WEB_DIR, type RunningShop } from '../e2e/support/shop-server.ts'

const OUT_DIR = path.join(WEB_DIR, 'screenshots')

const VIEWPORTS: Array<ShopViewport & { name: string }> = [
  { name: '360', width: 360, height: 800, deviceScaleFactor: 2, isMobile: true },
  { name: '1280', width: 1280, height: 900 },
]

async function main() {
  const { values } = parseArgs({ options: { product: { type: 'string', default: '1' } }, strict: true })
  if (!/^[\w-]+$/.test(values.product)) throw new Error(`--product must be a product id, not ${values.product}`)
  const pages = [
    { name: 'home', path: '/' },
    { name: `product-${values.product}`, path: `/product/${values.product}` },
  ]

  await ensureWebBuild()
  await fs.mkdir(OUT_DIR, { recursive: true })
  let shop: RunningShop | undefined
  let browser: Browser | undefined
  try {
    shop = await startShop()
    browser = await launchBrowser()
    for (const viewport of VIEWPORTS) {
      for (const target of pages) {
        const { page, context, errors } = await newShopPage(browser, shop.baseURL, viewport)
        try {
          const response = await page.goto(target.path, { waitUntil: 'networkidle' })
          // Web fonts can finish after the network goes idle; a screenshot before them lies.
          await page.evaluate(async () => {
            await document.fonts.ready
          })
          const file = path.join(OUT_DIR, `${target.name}-${viewport.name}.png`)
          await page.screenshot({ path: file, fullPage: true })
          console.log(`${path.relative(process.cwd(), file)}  (${response?.status() ?? 'no response'})`)
          for (const error of errors) console.log(`  ${error}`)
        } finally {
          await context.close()
        }
      }
    }
    const numero = await placeCashOrder(shop)
    const { page, context } = await newShopPage(browser, shop.baseURL, VIEWPORTS[1]!)
    try {
      for (const file of await captureAdminScreenshots(page, { baseURL: shop.baseURL, outDir: OUT_DIR, numero })) {
        console.log(path.relative(process.cwd(), file))
      }
    } finally {
      await context.close()
    }
  } finally {
    await browser?.close()
    await shop?.stop()
  }
}

/** A customer's cash order for home delivery, placed through the API, for the order page. */
async function placeCashOrder(shop: RunningShop): Promise<string> {
  const call = async <T>(method: string, url: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${shop.baseURL}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const user = await createEmulatorUser(shop.emulatorHost, { email: `awa.diop.${Date.now()}@exemple.sn`, password: 'mafe-2026-dakar', displayName: 'Awa Diop' })
  const { token, utilisateur } = await call<{ token: string; utilisateur: { id: number } }>('POST', '/api/sociallogin', undefined, { idToken: user.idToken })
  const catalogue = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number }> } } }>('POST', '/graphql', undefined, {
    query: '{ produitspaginated(page: 1, count: 12) { data { id quantite } } }',
  })
  for (const product of catalogue.data.produitspaginated.data.filter((p) => p.quantite >= 5).slice(0, 3)) {
    await call('POST', '/api/panier', token, { produit: product.id, user: utilisateur.id, quantite: 2, action: 0 })
  }
  const [modes, deliveries] = await Promise.all([
    call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'),
    call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons'),
  ])
  const placed = await call<{ commande: { numerocommande: string } }>('POST', '/api/commande', token, {
    modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
    modepaiement: modes.find((m) => m.code === 'CASH')!.id,
    adresseliv: 'Rue 10, villa 24, Mermoz',
    zone: 'Mermoz',
    tel: '+221 77 123 45 67',
  })
  return placed.commande.numerocommande
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
