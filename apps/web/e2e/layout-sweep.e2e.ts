// The layout sweep (issue 23 §1): every storefront route and every back-office page at 320, 360
// and 412 px, signed out and signed in, with every overlay a page has opened (the account panel,
// the cart panel, the side menu, the search suggestions, the product dialog, the filters, the
// confirmation dialogs). A case fails when a visible element's box leaves the screen sideways
// (past a box that clips it, such as a table scrolling on its own, counts as hidden), when the
// document scrolls sideways, when an icon button is smaller than a thumb (44 × 44 CSS px), or
// when axe finds a WCAG 2.1 A/AA or best-practice violation. Each case leaves a screenshot in
// test-results/layout/ (git-ignored; CI keeps it as an artifact).
//
// One shop, one browser, one sign-in per role (its storage copied into a context per width);
// the three widths of a role run side by side, each on its own page.
//
// The header's panels (account, cart, side menu, search) are the same on every page: they are
// opened on the home page and, with the page's own dialogs, where a page has its own overlays.
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser, launchBrowser } from './support/browser.ts'
import { ensureDemoAdmin, signInAdmin } from './support/demo-admin.ts'
import { installGapiStandIn, signInWithEmail } from './support/shop-actions.ts'
import { WEB_DIR } from './support/shop-server.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')

const ALL_WIDTHS = [320, 360, 412] as const
type Width = (typeof ALL_WIDTHS)[number]
const HEIGHTS: Record<Width, number> = { 320: 640, 360: 740, 412: 915 }
// While fixing one screen: LAYOUT_SWEEP_WIDTHS=360 LAYOUT_SWEEP_ONLY=panier sweeps only those.
const WIDTHS = ALL_WIDTHS.filter((width) => !process.env['LAYOUT_SWEEP_WIDTHS'] || process.env['LAYOUT_SWEEP_WIDTHS'].split(',').includes(String(width)))
const ONLY = process.env['LAYOUT_SWEEP_ONLY']
// LAYOUT_SWEEP_AXE=0 leaves axe out (the boxes alone, three times faster), while fixing a layout.
const AXE = process.env['LAYOUT_SWEEP_AXE'] !== '0'
const TARGET = 44
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const SHOTS = path.join(WEB_DIR, 'test-results', 'layout')
const TIMEOUT = 900_000
// A sweep is long and reports every case: run once, no retry (a retry would double a red run).
const ONCE = { timeout: TIMEOUT, retry: 0 }

type Role = 'visiteur' | 'client' | 'admin'

interface Case {
  /** The screenshot's name and the report's. */
  name: string
  path: string
  /** What shows once the page is ready (default: the main heading). */
  ready?: (page: Page) => Promise<void>
  /** Opens the overlay the case is about, on the ready page. */
  open?: (page: Page) => Promise<void>
}

interface Found {
  role: Role
  width: number
  name: string
  problems: string[]
}

// ---------- what a case checks ----------

/**
 * The visible elements whose box leaves the screen sideways, as far as they show: an element
 * inside a box that clips it (overflow other than visible, e.g. a table or a strip scrolling on
 * its own) counts only for its part inside that box. Also whether the document scrolls sideways.
 */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const problems: string[] = []
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
    if (scrollWidth > width + 0.5) problems.push(`the page scrolls sideways: ${scrollWidth} px wide for a ${width} px screen`)
    const clips = new Map<Element, [number, number]>()
    const clipOf = (element: Element): [number, number] => {
      if (getComputedStyle(element).position === 'fixed') return [-Infinity, Infinity]
      const parent = element.parentElement
      if (!parent || parent === document.body || parent === document.documentElement) return [-Infinity, Infinity]
      const known = clips.get(parent)
      if (known) return known
      let [left, right] = clipOf(parent)
      if (getComputedStyle(parent).overflowX !== 'visible') {
        const box = parent.getBoundingClientRect()
        left = Math.max(left, box.left)
        right = Math.min(right, box.right)
      }
      clips.set(parent, [left, right])
      return [left, right]
    }
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : ''
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)
      return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` « ${text} »` : ''}`
    }
    const visible = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && getComputedStyle(element).clip !== 'rect(0px, 0px, 0px, 0px)'
    /** The part of a box left once its clipping ancestors are applied, if it sticks out. */
    const sticksOut = (box: DOMRect, clip: [number, number]): [number, number] | null => {
      if (box.width === 0 || box.height === 0) return null
      const left = Math.max(box.left, clip[0])
      const right = Math.min(box.right, clip[1])
      if (right - left < 1) return null
      return left < -0.5 || right > width + 0.5 ? [left, right] : null
    }
    const reported: Element[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text counts too: a long word overflows its box without the box growing.
      const element = node instanceof Element ? node : node.parentElement
      if (!element || reported.some((outer) => outer.contains(element))) continue
      let part: [number, number] | null
      if (node instanceof Element) {
        if (!visible(node)) continue
        part = sticksOut(node.getBoundingClientRect(), clipOf(node))
      } else {
        if (!(node.textContent ?? '').trim() || !visible(element)) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const box = element.getBoundingClientRect()
        const clip = clipOf(element)
        const inside: [number, number] = getComputedStyle(element).overflowX === 'visible' ? clip : [Math.max(clip[0], box.left), Math.min(clip[1], box.right)]
        part = sticksOut(range.getBoundingClientRect(), inside)
      }
      if (part) {
        reported.push(element)
        problems.push(`${describe(element)}${node instanceof Element ? '' : ' (its text)'} spans ${Math.round(part[0])}…${Math.round(part[1])} px`)
      }
    }
    // What widens the page without showing (an empty box, a zero-height row), named all the same.
    if (scrollWidth > width + 0.5 && problems.length === 1) {
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect()
        if (box.right > width + 0.5 && getComputedStyle(element).position !== 'fixed' && problems.length < 4) problems.push(`${describe(element)} reaches ${Math.round(box.right)} px`)
      }
    }
    return problems.slice(0, 10)
  })
}

/**
 * Icon buttons (a button or link showing no text of its own: an icon, a picture, a badge) that
 * are smaller than a thumb's target.
 */
async function smallIconButtons(page: Page): Promise<string[]> {
  return page.evaluate((target) => {
    const visibleText = (element: Element): string => {
      let text = ''
      for (const node of element.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? ''
        else if (node instanceof Element && !node.matches('.visually-hidden, .badge, [aria-hidden="true"]')) text += visibleText(node)
      }
      return text.trim()
    }
    return [...document.querySelectorAll('button, a[href], [role="button"]')]
      .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .filter((element) => (element.querySelector('svg, img') || element.matches('.btn-close')) && visibleText(element) === '')
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < target - 0.5 || box.height < target - 0.5))
      .map(({ element, box }) => `icon button « ${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''} » is ${Math.round(box.width)}×${Math.round(box.height)}`)
  }, TARGET)
}

async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  return violations.map((v) => `axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

// ---------- getting a page ready ----------

const mainHeading = async (page: Page) => {
  // A page without a title heading is axe's to report (page-has-heading-one), not a timeout.
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {})
}

/** What a page that did not hydrate was waiting on: its requests still open, what it said on the console. */
const traces = new WeakMap<Page, { open: Set<string>; said: string[] }>()
function trace(page: Page) {
  const seen = { open: new Set<string>(), said: [] as string[] }
  traces.set(page, seen)
  const name = (request: { method(): string; url(): string }) => `${request.method()} ${request.url().replace(baseURL, '')}`.slice(0, 160)
  page.on('request', (request) => void seen.open.add(name(request)))
  page.on('requestfinished', (request) => void seen.open.delete(name(request)))
  page.on('requestfailed', (request) => void seen.open.delete(name(request)))
  page.on('console', (message) => void seen.said.push(`${message.type()}: ${message.text()}`.slice(0, 300)))
  page.on('pageerror', (error) => void seen.said.push(`pageerror: ${error.message}`.slice(0, 300)))
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.said.push(`navigated to ${frame.url().replace(baseURL, '')}`)
  })
}

class HydrationTimeout extends Error {}

async function hydrated(page: Page) {
  const seen = traces.get(page)
  try {
    // Hydration waits on the page's scripts: a minute, as a loaded 2-core machine once took over 30 s.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 })
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        readyState: document.readyState,
        worker: navigator.serviceWorker?.controller?.state ?? 'none',
        rootChildren: document.getElementById('root')?.childElementCount ?? -1,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
          .map((e) => `${new URL(e.name).pathname} ${Math.round(e.duration)} ms`),
      }))
      .catch((e: Error) => ({ unreadable: e.message }))
    throw new HydrationTimeout(`${(error as Error).message.split('\n')[0]}; page ${JSON.stringify(state)}; requests open: ${JSON.stringify([...(seen?.open ?? [])])}; said: ${JSON.stringify(seen?.said ?? [])}`, { cause: error })
  }
}

async function settle(page: Page, c: Case) {
  traces.get(page)?.said.splice(0)
  await page.goto(c.path)
  if (!c.path.startsWith('/admin')) await hydrated(page)
  await (c.ready ?? mainHeading)(page)
  // Not networkidle: the back-office's event stream stays open on every page.
  await page.locator('main .spinner-border, main .placeholder-glow').first().waitFor({ state: 'detached', timeout: 15_000 })
  if (c.open) await c.open(page)
  // Pictures decoded, so that the screenshot shows what a person sees.
  await page.evaluate(() => Promise.all([...document.images].filter((img) => img.loading !== 'lazy').map((img) => img.decode().catch(() => {}))))
}

/** « /profile/orders (annuler une commande) » → « profile-orders_annuler_une_commande_ », « / » → « accueil ». */
const fileName = (name: string) => name.replace(/^\/(?=$| )/, 'accueil').replace(/^\//, '').replace(/\//g, '-').replace(/[^\w-]+/g, '_')

async function runCase(page: Page, role: Role, width: number, c: Case): Promise<Found> {
  const problems: string[] = []
  try {
    try {
      await settle(page, c)
    } catch (error) {
      // A page that did not hydrate on a loaded machine gets one more load, as the other browser
      // tests get one retry (vitest.e2e.config.ts); what it was waiting on stays in the log.
      if (!(error instanceof HydrationTimeout)) throw error
      console.warn(`${role} ${width}px ${c.name}: loaded once more, as ${error.message}`)
      await settle(page, c)
    }
    problems.push(...(await outside(page)), ...(await smallIconButtons(page)), ...(AXE ? await axe(page) : []))
  } catch (error) {
    problems.push(`could not be opened: ${(error as Error).message.split('\n')[0]}`)
  }
  const file = path.join(SHOTS, role, String(width), `${fileName(c.name)}.png`)
  await page.screenshot({ path: file, animations: 'disabled' }).catch(() => {})
  return { role, width, name: c.name, problems }
}

// ---------- the browser, and one context per width sharing a role's sign-in ----------

let browser: Browser
beforeAll(async () => {
  fs.rmSync(SHOTS, { recursive: true, force: true })
  browser = await launchBrowser()
  await ensureDemoAdmin(emulatorHost)
})
afterAll(async () => {
  await browser?.close()
})
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

async function newContext(width: Width, storageState?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
    viewport: { width, height: HEIGHTS[width] },
    isMobile: true,
    hasTouch: true,
    // Panels and dialogs are checked once shown, not halfway through their fade.
    reducedMotion: 'reduce',
    ...(storageState ? { storageState } : {}),
  })
  await installGapiStandIn(context)
  return context
}

/**
 * Runs the cases at the three widths side by side and answers what each found. `signIn`: for
 * a session the storage does not carry (the back-office keeps its own in the tab), once per page.
 */
async function sweep(role: Role, cases: Case[], storageState?: StorageState, signIn?: (page: Page) => Promise<void>): Promise<Found[]> {
  const perWidth = await Promise.all(
    WIDTHS.map(async (width) => {
      const context = await newContext(width, storageState)
      const page = await context.newPage()
      trace(page)
      const found: Found[] = []
      try {
        if (signIn) await signIn(page)
        for (const c of cases) {
          if (ONLY && !c.name.includes(ONLY)) continue
          const result = await runCase(page, role, width, c)
          // As it goes, so that a long run tells what it found before it ends.
          if (result.problems.length > 0) console.log(report([result]).join('\n'))
          found.push(result)
        }
      } finally {
        await context.close()
      }
      return found
    }),
  )
  return perWidth.flat()
}

function report(found: Found[]): string[] {
  return found.filter((f) => f.problems.length > 0).map((f) => `${f.role} ${f.width}px ${f.name}:\n    ${f.problems.join('\n    ')}`)
}

// ---------- the shop's state the pages need ----------

/** Signs a new shopper in through the header, on a page of its own; answers the session. */
async function signInShopper(): Promise<{ storage: StorageState; token: string }> {
  const context = await newContext(360)
  try {
    const page = await context.newPage()
    const email = `mariama.ba.${Date.now()}@exemple.sn`
    const user = await createEmulatorUser(emulatorHost, { email, password: 'thiebou-dieune-2026', displayName: 'Mariama Ba' })
    await page.goto('/')
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await signInWithEmail(page, user.email, user.password)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
    const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
    return { storage: await context.storageState({ indexedDB: true }), token }
  } finally {
    await context.close()
  }
}

/** The shopper's cart, an order, a saved address and a favourite, through the API. */
async function shopperData(token: string): Promise<{ orderNumber: string; productId: number }> {
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
  const graph = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>('POST', '/graphql', { query: '{ produitspaginated(page: 1, count: 12) { data { id quantite nb_variantes } } }' })
  const [first, second] = graph.data.produitspaginated.data.filter((p) => p.quantite >= 5 && p.nb_variantes === 1)
  const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
  await call('POST', '/api/panier', { produit: first!.id, user: utilisateur.id, quantite: 1, action: 0 })
  const placed = await call<{ commande: { numerocommande: string } }>('POST', '/api/commande', {
    modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
    modepaiement: modes.find((m) => m.code === 'CASH')!.id,
    adresseliv: 'Cité Keur Gorgui, villa 12, en face de la boulangerie Al Amine',
    zone: 'Mermoz',
    tel: '+221 77 555 44 33',
  })
  // What the cart panel and the checkout's pages show: two lines, one with a long name.
  await call('POST', '/api/panier', { produit: first!.id, user: utilisateur.id, quantite: 2, action: 0 })
  await call('POST', '/api/panier', { produit: second!.id, user: utilisateur.id, quantite: 1, action: 0 })
  return { orderNumber: placed.commande.numerocommande, productId: first!.id }
}

/** The demo admin, through the back-office's sign-in form. */

// ---------- the overlays ----------

const openAccountPanel = async (page: Page) => {
  await page.locator('.user-menu > button').click()
  await page.locator('.user-menu-panel').waitFor()
}
const openCartPanel = async (page: Page) => {
  await page.getByRole('button', { name: /^Panier,/ }).click()
  await page.getByRole('dialog', { name: 'Mon Panier' }).waitFor()
  await page.getByRole('dialog', { name: 'Mon Panier' }).locator('.spinner-border').first().waitFor({ state: 'detached', timeout: 15_000 })
}
const openSideMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByText('Épicerie', { exact: true }).waitFor()
}
const openSuggestions = async (page: Page) => {
  await page.getByRole('combobox').first().fill('riz')
  await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor()
}
const openProductDialog = async (page: Page) => {
  const card = page.locator('#produits .product-card').first()
  const name = await card.locator('h3').innerText()
  await card.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByRole('dialog', { name }).getByRole('link', { name: 'Voir le produit' }).waitFor()
}
/** A card of a product with several variants (« à partir de »): its cart button opens the choice sheet (ADR 053 §5). */
const openVariantChoice = async (page: Page) => {
  const card = page.locator('main .product-card').filter({ hasText: 'à partir de' }).first()
  const name = await card.locator('h2, h3').first().innerText()
  await card.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByRole('dialog', { name }).getByRole('radio').first().waitFor({ state: 'attached' })
}
const reorderPanel = async (page: Page) => {
  await page.locator('main').getByRole('button', { name: 'Commander à nouveau' }).first().click()
  await page.getByRole('dialog', { name: 'Mon Panier' }).getByTestId('reorder-notice').waitFor()
}
const confirmDialog = (button: string | RegExp) => async (page: Page) => {
  await page.locator('main').getByRole('button', { name: button }).first().click()
  await page.getByRole('dialog').waitFor()
}

/** The product form's options and variants (ADR 053 §6): an option with three values, its variants generated into the table. */
const openVariantsEditor = async (page: Page) => {
  const main = page.locator('main')
  await main.getByRole('button', { name: 'Ajouter une option' }).click()
  await main.getByLabel('Nom de l’option 1').fill('Contenance')
  const value = main.getByLabel('Ajouter une valeur à « Contenance »')
  for (const text of ['5 kg', '25 kg', 'pack de 6 × 1,5 L']) {
    await value.fill(text)
    await value.press('Enter')
  }
  await main.getByRole('button', { name: 'Générer les variantes' }).click()
  await main.getByRole('table', { name: 'Variantes' }).waitFor()
}
/** A product's variants all selected, and the bulk price dialog open. */
const openBulkPrice = async (page: Page) => {
  await page.locator('main').getByLabel('Sélectionner toutes les variantes').check()
  await page.locator('main').getByRole('button', { name: /^Changer le prix/ }).click()
  await page.getByRole('dialog', { name: /^Changer le prix de/ }).waitFor()
}

/** A product's first variant's « Détails » dialog open (its sale, threshold and barcode). */
const openVariantDetails = async (page: Page) => {
  await page.locator('main').getByRole('button', { name: /^Détails de/ }).first().click()
  await page.getByRole('dialog', { name: /^Détails de/ }).waitFor()
}

/**
 * A product with several variants: one of the demo's grouped products, else one made for the
 * sweep through the back office's API (on the signed-in admin's page).
 */
async function productWithVariants(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const headers = { authorization: `Bearer ${sessionStorage.getItem('teranga-admin-token')}`, 'content-type': 'application/json' }
    const list = (await (await fetch('/api/produit?count=100', { headers })).json()) as { data: Array<{ id: number; nb_variantes: number; souscategorie: { id: number } }> }
    const grouped = list.data.find((p) => p.nb_variantes > 1)
    if (grouped) return grouped.id
    const stamp = Date.now()
    const sizes = ['5 kg', '25 kg', 'pack de 6 × 1,5 L']
    const body = {
      designation: 'Produit à variantes du balayage',
      unite: 'sac',
      categorie_id: list.data[0]!.souscategorie.id,
      code: `BAL-${stamp}`,
      options: [{ nom: 'Contenance', valeurs: sizes }],
      variantes: sizes.map((size, position) => ({ options: { Contenance: size }, position, code: `BAL-${stamp}-${position}`, prix: 4000 + position * 1000, qte: 5 })),
    }
    const created = await fetch('/api/produit', { method: 'POST', headers, body: JSON.stringify(body) })
    if (!created.ok) throw new Error(`POST /api/produit: ${created.status} ${await created.text()}`)
    return ((await created.json()) as { id: number }).id
  })
}

const HEADER_OVERLAYS = (where: string): Case[] => [
  { name: `${where} (menu du compte)`, path: where, open: openAccountPanel },
  { name: `${where} (panneau du panier)`, path: where, open: openCartPanel },
  { name: `${where} (menu latéral)`, path: where, open: openSideMenu },
  { name: `${where} (suggestions de recherche)`, path: where, open: openSuggestions },
]

const CATALOGUE = ['/', '/product/1', '/product/1?variante=2', '/product_bycat/1', '/shop', '/promotions', '/nouveautes', '/best-sellers', '/recherche?q=riz']
const CONTENT = ['/faq', '/cgv', '/contact', '/informations-livraison']
const PROFILE = ['/profile/account', '/profile/delivery_address', '/profile/orders', '/profile/recompenses', '/profile/favorite', '/profile/profileparam']
const pages = (paths: string[]): Case[] => paths.map((p) => ({ name: p, path: p }))

// ---------- the sweep ----------

describe('layout sweep at 320, 360 and 412 px', () => {
  test('the storefront, signed out', ONCE, async () => {
    const cases: Case[] = [
      ...pages(CATALOGUE),
      ...HEADER_OVERLAYS('/'),
      { name: '/ (fenêtre « Ajouter au panier »)', path: '/', open: openProductDialog },
      // Product 1 is the demo's rice, sold in two sizes; the tomato has a size out of stock.
      { name: '/recherche?q=tomate concentrée (variantes, choix sur la carte)', path: '/recherche?q=tomate%20concentr%C3%A9e', open: openVariantChoice },
      ...pages(CONTENT),
      ...pages(['/signup', '/cart', '/livraison', '/paiement', '/success?commande=TRG-000000-AAAAAA', '/failed?commande=TRG-000000-AAAAAA', '/suivi/TRG-000000-AAAAAA', ...PROFILE, '/page-qui-n-existe-pas']),
    ]
    const found = await sweep('visiteur', cases)
    if (!ONLY) expect(found).toHaveLength(cases.length * WIDTHS.length)
    expect(report(found)).toEqual([])
  })

  test('the storefront, signed in, with a cart, an order and a favourite', ONCE, async () => {
    const { storage, token } = await signInShopper()
    const { orderNumber, productId } = await shopperData(token)
    const cases: Case[] = [
      ...pages(['/', `/product/${productId}`, '/cart']),
      ...HEADER_OVERLAYS('/'),
      { name: '/ (fenêtre « Ajouter au panier »)', path: '/', open: openProductDialog },
      ...pages(['/livraison/addresse', '/livraison/modelivraison', '/paiement', `/success?commande=${orderNumber}`, `/failed?commande=${orderNumber}`, `/suivi/${orderNumber}`, ...PROFILE]),
      { name: '/profile/orders (annuler une commande)', path: '/profile/orders', open: confirmDialog('Annuler la commande') },
      { name: '/profile/profileparam (supprimer le compte)', path: '/profile/profileparam', open: confirmDialog('Supprimer mon compte') },
      // « Commander à nouveau » (issue 25 §5): the cart panel opened on what was put back.
      { name: '/profile/orders (commander à nouveau)', path: '/profile/orders', open: reorderPanel },
    ]
    const found = await sweep('client', cases, storage)
    expect(report(found)).toEqual([])
  })

  test('the back-office, signed out and as the admin', ONCE, async () => {
    const signedOut = await sweep('visiteur', [{ name: '/admin (connexion)', path: '/admin/', ready: (page) => page.getByRole('button', { name: 'Se connecter' }).waitFor() }])

    // The admin signs in once; an order from a shopper for the order page.
    const { token } = await signInShopper()
    const { orderNumber } = await shopperData(token)
    const context = await newContext(360)
    const page = await context.newPage()
    await signInAdmin(page)
    const sections = await page.locator('.admin-sidenav a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    await page.goto('/admin/parametres')
    await page.locator('main a[href^="/admin/parametres/"]').first().waitFor()
    const settings = await page.locator('main a[href^="/admin/parametres/"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    await page.goto('/admin/clients')
    await page.locator('main a[href^="/admin/clients/"]').first().waitFor()
    const customerPage = (await page.locator('main a[href^="/admin/clients/"]').first().getAttribute('href'))!
    const variantProduct = `/admin/produits/${await productWithVariants(page)}`
    await context.close()
    expect(sections.length).toBeGreaterThan(5)
    expect(settings.length).toBeGreaterThan(3)

    const cases: Case[] = [
      ...pages([...new Set([...sections, ...settings])]),
      ...pages([`/admin/commandes/${orderNumber}`, '/admin/bons', `/admin/bons?numeros=${orderNumber}`, '/admin/produits/1', '/admin/produits/nouveau', '/admin/produits/import', customerPage, '/admin/page-inconnue']),
      {
        name: '/admin (menu)',
        path: '/admin/',
        open: async (p) => {
          await p.getByRole('button', { name: 'Menu' }).click()
          await p.getByRole('dialog', { name: 'Menu' }).waitFor()
        },
      },
      {
        name: '/admin/commandes (filtres)',
        path: '/admin/commandes',
        open: async (p) => {
          await p.locator('main').getByRole('button', { name: /^Filtres/ }).click()
          await p.getByRole('dialog', { name: 'Filtres' }).waitFor()
        },
      },
      { name: `/admin/commandes/${orderNumber} (annuler)`, path: `/admin/commandes/${orderNumber}`, open: confirmDialog('Annuler la commande') },
      // The product form's variants (ADR 053 §6): generated on a new product, a product's table, its bulk price and « Détails » dialogs.
      { name: '/admin/produits/nouveau (options et variantes)', path: '/admin/produits/nouveau', open: openVariantsEditor },
      { name: `${variantProduct} (variantes)`, path: variantProduct, ready: (p) => p.locator('main').getByRole('table', { name: 'Variantes' }).waitFor() },
      { name: `${variantProduct} (changer le prix)`, path: variantProduct, open: openBulkPrice },
      { name: `${variantProduct} (détails d’une variante)`, path: variantProduct, open: openVariantDetails },
    ]
    const found = await sweep('admin', cases, undefined, signInAdmin)
    expect(report([...signedOut, ...found])).toEqual([])
  })
})
