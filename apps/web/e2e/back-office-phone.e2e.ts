// The back-office on a 360 px phone (issue 16 §3): no page scrolls sideways (a wide table in a
// `.table-responsive` that scrolls on its own is allowed), and the nav, the orders' cards and
// the order page's actions are thumb targets of at least 44 × 44 px.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from './support/demo-admin.ts'
import { signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 360, height: 740, isMobile: true }
const TIMEOUT = 600_000
const TARGET = 44

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
})

/**
 * A cash order for home delivery, placed through the API by a new shopper signed in in the
 * browser. A long name and a long state (« En attente de confirmation ») side by side pushed a
 * card past 360 px once: the name must truncate and the state wrap.
 */
async function placeOrder(page: Page): Promise<string> {
  const email = `khadidiatou.diallo.${Date.now()}@exemple.sn`
  const customer = await createEmulatorUser(emulatorHost, { email, password: 'yassa-poulet-2026', displayName: 'Khadidiatou Ndèye-Sokhna Diallo-Mbengue' })
  await visit(page, '/')
  await signInWithEmail(page, customer.email, customer.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
  const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
  const graph = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>('POST', '/graphql', { query: '{ produitspaginated(page: 1, count: 12) { data { id quantite nb_variantes } } }' })
  const product = graph.data.produitspaginated.data.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
  await call('POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 1, action: 0 })
  const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
  const placed = await call<{ commande: { numerocommande: string } }>('POST', '/api/commande', {
    modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
    modepaiement: modes.find((m) => m.code === 'CASH')!.id,
    adresseliv: 'Cité Keur Gorgui, villa 12',
    zone: 'Mermoz',
    tel: '+221 77 555 44 33',
  })
  return placed.commande.numerocommande
}

/** How far the page is wider than the screen, and what sticks out (outside a scrolling table wrapper). */
async function sideways(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.table-responsive') && el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} « ${(el.textContent ?? '').trim().slice(0, 40)} »`)
    return { scrollWidth: document.documentElement.scrollWidth, culprits }
  })
}

/** The visible elements under `selector` smaller than a thumb, named with their size. */
async function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll(
    (elements, target) =>
      elements
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .filter(({ box }) => box.width < target - 0.5 || box.height < target - 0.5)
        .map(({ el, box }) => `${el.tagName.toLowerCase()} « ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} » ${Math.round(box.width)}×${Math.round(box.height)}`),
    TARGET,
  )
}

async function settle(page: Page, path: string) {
  // The address bar, not the nav: each load restores the session, as a bookmark would.
  await page.goto(path)
  await page.locator('main h1').first().waitFor()
  // Not networkidle: the orders' event stream stays open on every page.
  await page.locator('main .spinner-border').first().waitFor({ state: 'detached', timeout: 15_000 })
}

describe('back-office on a 360 px phone', () => {
  test('no page scrolls sideways, and the nav, the orders cards and the order actions are 44 px targets', async () => {
    let numero = ''
    await shop.withPage(phone, async ({ page }) => {
      numero = await placeOrder(page)
    })
    await shop.withPage(phone, async ({ page, errors }) => {
      await page.goto('/admin/')
      await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email)
      await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password)
      await page.getByRole('button', { name: 'Se connecter' }).click()
      await page.getByRole('heading', { level: 1, name: "Aujourd'hui" }).waitFor()

      // The nav: the top bar's buttons, then the phone menu's links.
      expect(await smallTargets(page, '.admin-topbar .btn')).toEqual([])
      await page.getByRole('button', { name: 'Menu' }).click()
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await menu.waitFor()
      expect(await smallTargets(page, '#admin-nav .nav-link, #admin-nav .btn-close')).toEqual([])
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'detached' })

      await page.goto('/admin/clients')
      const customer = page.locator('main a[href^="/admin/clients/"]').first()
      await customer.waitFor()
      const customerPage = new URL((await customer.evaluate((a) => (a as HTMLAnchorElement).href))).pathname
      await page.goto('/admin/parametres')
      const sections = page.getByRole('list', { name: 'Sections des paramètres' }).getByRole('link')
      await sections.first().waitFor()
      const settingsPages = await sections.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
      expect(settingsPages.length).toBeGreaterThan(5)

      const pages = [
        '/admin/',
        '/admin/commandes',
        `/admin/commandes/${numero}`,
        '/admin/bons',
        `/admin/bons?numeros=${numero}`,
        '/admin/produits',
        '/admin/produits/1',
        '/admin/produits/nouveau',
        '/admin/produits/import',
        '/admin/clients',
        customerPage,
        '/admin/equipe',
        '/admin/livreurs',
        '/admin/caisse',
        '/admin/journal',
        '/admin/parametres',
        ...settingsPages,
      ]
      const wide: string[] = []
      for (const path of pages) {
        await settle(page, path)
        const { scrollWidth, culprits } = await sideways(page)
        if (scrollWidth > phone.width) wide.push(`${path}: ${scrollWidth} px (${culprits.join(', ')})`)
      }
      expect(wide).toEqual([])

      // The orders list: a card per order, its link and its next move thumb-sized.
      await settle(page, '/admin/commandes')
      const cards = page.getByRole('list', { name: 'Commandes' })
      await cards.getByRole('link', { name: numero }).waitFor()
      expect(await smallTargets(page, 'main .order-card a, main .order-card button, main form .form-control, main nav[aria-label="Pagination"] .btn')).toEqual([])
      expect(await smallTargets(page, 'main .btn')).toEqual([])

      // The order page's actions, and its links to call and to find the customer.
      await settle(page, `/admin/commandes/${numero}`)
      await page.getByRole('group', { name: 'Actions' }).getByRole('button').first().waitFor()
      expect(await smallTargets(page, 'main [role="group"][aria-label="Actions"] .btn, main .btn')).toEqual([])
      expect(errors).toEqual([])
    })
  }, TIMEOUT)
})
