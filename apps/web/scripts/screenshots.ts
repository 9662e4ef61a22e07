// Full-page screenshots of the home and a product page, phone and desktop, from the current
// build served by the real server, into apps/web/screenshots/ for a person to look at.
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import { launchBrowser, newShopPage, type ShopViewport } from '../e2e/support/browser.ts'
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
  } finally {
    await browser?.close()
    await shop?.stop()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
