// A test file's browser: launched before its tests, closed after (kept apart from browser.ts,
// which scripts outside Vitest use too).
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser, newShopPage, type ShopPage, type ShopViewport } from './browser.ts'
import { installGapiStandIn } from './shop-actions.ts'

/**
 * One browser for a test file, launched before its tests and closed after, and `withPage`:
 * a fresh page (with the gapi stand-in for Google's popup) that is closed whatever happens.
 */
export function browserForFile(baseURL: string) {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  const current = () => {
    if (!browser) throw new Error('the browser is launched in beforeAll')
    return browser
  }
  return {
    browser: current,
    async withPage(viewport: ShopViewport, run: (shop: ShopPage) => Promise<void>, extra?: BrowserContextOptions) {
      const shop = await newShopPage(current(), baseURL, viewport, extra)
      await installGapiStandIn(shop.context)
      try {
        await run(shop)
      } finally {
        await shop.context.close()
      }
    },
  }
}
