// The back-office's first visit from a phone on a slow line (issue 16 §3): Chromium at 360 px,
// throttled by CDP to 1.6 Mbps down, 750 kbps up, 150 ms latency, cache disabled, opens
// /admin/commandes signed in; reported: the time to the first order card visible, and the
// entry's script weight (gzip) from the build. Budget: 3 s; the entry's scripts ≤ 100 KB gzip.
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { createEmulatorUser, launchBrowser, newShopPage } from '../e2e/support/browser.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from '../e2e/support/demo-admin.ts'
import { ADMIN_DIR, ensureWebBuild, startShop, type RunningShop } from '../e2e/support/shop-server.ts'
import { signInWithEmail, visit } from '../e2e/support/shop-actions.ts'

const BUDGETS = { firstCardMs: 3000, entryJsKb: 100 }
const PHONE = { width: 360, height: 740, isMobile: true }
/** Chromium's throughputs are in bytes per second. */
const SLOW_LINE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const TOKEN_KEY = 'teranga-admin-token'

const kb = (bytes: number) => bytes / 1024

function parseOptions() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } }, strict: true })
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`)
  return { runs }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The scripts index.html loads at once (its module and the modulepreloads), gzip-compressed, as the server sends them. */
async function entryScripts(): Promise<Array<{ file: string; gzipKb: number }>> {
  const dist = path.join(ADMIN_DIR, 'dist')
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  return Promise.all(files.map(async (file) => ({ file, gzipKb: kb(gzipSync(await fs.readFile(path.join(dist, file)), { level: 9 }).length) })))
}

/** A few cash orders for home delivery, placed by a new shopper, so that the list has cards. */
async function placeOrders(page: Page, shop: RunningShop, count: number) {
  const customer = await createEmulatorUser(shop.emulatorHost, { email: `banc.${Date.now()}@exemple.sn`, password: 'mafe-2026-banc', displayName: 'Aminata Sow' })
  await visit(page, '/')
  await signInWithEmail(page, customer.email, customer.password)
  const token = await (await page.waitForFunction(() => localStorage.getItem('teranga.token'))).jsonValue()
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${shop.baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
  const graph = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number }> } } }>('POST', '/graphql', { query: '{ produitspaginated(page: 1, count: 12) { data { id quantite } } }' })
  const products = graph.data.produitspaginated.data.filter((p) => p.quantite >= 5)
  const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
  for (let i = 0; i < count; i++) {
    await call('POST', '/api/panier', { produit: products[i % products.length]!.id, user: utilisateur.id, quantite: 1, action: 0 })
    await call('POST', '/api/commande', {
      modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
      modepaiement: modes.find((m) => m.code === 'CASH')!.id,
      adresseliv: 'Sicap Liberté 6, villa 45',
      zone: 'Mermoz',
      tel: '+221 77 000 11 22',
    })
  }
}

async function main() {
  const { runs } = parseOptions()
  await ensureWebBuild()
  const entry = await entryScripts()
  const entryKb = entry.reduce((sum, script) => sum + script.gzipKb, 0)

  const shop = await startShop()
  const browser = await launchBrowser()
  try {
    await ensureDemoAdmin(shop.emulatorHost, shop.projectId)
    const setup = await newShopPage(browser, shop.baseURL, PHONE)
    await placeOrders(setup.page, shop, 3)
    await setup.page.goto('/admin/')
    await setup.page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email)
    await setup.page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password)
    await setup.page.getByRole('button', { name: 'Se connecter' }).click()
    await setup.page.getByRole('heading', { level: 1, name: "Aujourd'hui" }).waitFor()
    const token = await setup.page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)
    if (!token) throw new Error('the demo admin was not signed in')
    await setup.context.close()

    const times: number[] = []
    for (let run = 1; run <= runs; run++) {
      const { page, context, errors } = await newShopPage(browser, shop.baseURL, PHONE)
      // Signed in as on the owner's phone (the token of an earlier visit), nothing in the cache.
      await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [TOKEN_KEY, token] as const)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', SLOW_LINE)
      const started = Date.now()
      await page.goto('/admin/commandes', { waitUntil: 'commit' })
      await page.locator('.order-card').first().waitFor({ state: 'visible', timeout: 60_000 })
      const ms = Date.now() - started
      times.push(ms)
      console.log(`run ${run}: first order card visible after ${ms} ms${errors.length ? ` (errors: ${errors.join('; ')})` : ''}`)
      await context.close()
    }

    const firstCardMs = median(times)
    console.log('\nBack-office on a phone, first visit on a 1.6 Mbps line (150 ms latency, no cache), /admin/commandes')
    console.log(`  first order card visible: ${firstCardMs} ms (median of ${runs}; budget ${BUDGETS.firstCardMs} ms) ${firstCardMs <= BUDGETS.firstCardMs ? 'OK' : 'OVER'}`)
    console.log(`  entry scripts: ${entryKb.toFixed(1)} KB gzip (budget ${BUDGETS.entryJsKb} KB) ${entryKb <= BUDGETS.entryJsKb ? 'OK' : 'OVER'}`)
    for (const script of entry) console.log(`    ${script.file}: ${script.gzipKb.toFixed(1)} KB`)
  } finally {
    await browser.close()
    await shop.stop()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
