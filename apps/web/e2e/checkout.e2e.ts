// Whole purchases in Chromium against the built shop: home delivery paid cash, Wave approved
// and declined (then retried) in the built-in sandbox, pickup at the depot nearest to a faked
// position, each order then found in /profile/orders with its badge; the landmark for the
// courier at 320, 360 and 412 px (screenshots kept in test-results).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { formatPrix } from '@teranga/shared/money'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser, type ShopPage } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { cartCount, deliverHome, signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 390, height: 844, isMobile: true }
const shot = (name: string) => path.join(fileURLToPath(new URL('..', import.meta.url)), 'test-results', name)
const desktop = { width: 1280, height: 900 }

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

interface Commande {
  numerocommande: string
  etat: string
  montantcommande: number
  montantliv: number
  remise: number
  montanttotal: number
  modepaiement: { code: string }
  depot: { designation: string } | null
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const tokenOf = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('teranga.token'))
  if (!token) throw new Error('not signed in')
  return token
}

/** A fresh customer, signed in through the header's e-mail form. */
async function signIn(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@exemple.sn`
  const user = await createEmulatorUser(emulatorHost, { email, password: 'yassa-poulet-2026', displayName: name })
  await visit(page, '/')
  await signInWithEmail(page, user.email, user.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
  return tokenOf(page)
}

/** Puts products into the customer's server cart; answers the sub-total at database prices. */
async function fillCart(token: string, lines: Array<{ index: number; quantite: number }>): Promise<number> {
  const { utilisateur } = await api<{ utilisateur: { id: number } }>(token, 'GET', '/api/profile')
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id prix quantite nb_variantes } } }' }),
  })
  const products = ((await res.json()) as { data: { produitspaginated: { data: Array<{ id: number; prix: number; quantite: number; nb_variantes: number }> } } }).data.produitspaginated.data.filter(
    (p) => p.quantite >= 10 && p.nb_variantes === 1,
  )
  let subtotal = 0
  for (const { index, quantite } of lines) {
    const product = products[index]!
    await api(token, 'POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite, action: 0 })
    subtotal += product.prix * quantite
  }
  return subtotal
}

/**
 * Map tiles come from OpenStreetMap, unreachable from this offline machine: the page must work
 * without them. Their failed loads are the only console errors allowed, and the only failed
 * requests besides those a navigation cut short.
 */
function offlineTiles(page: Page) {
  const failed: string[] = []
  page.on('requestfailed', (request) => {
    // A request cut short by the page moving on (ERR_ABORTED) is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${new URL(request.url()).host} ${request.failure()?.errorText}`)
  })
  return {
    otherErrors: (errors: string[]) => errors.filter((e) => e !== 'console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED'),
    otherFailures: () => failed.filter((failure) => !/^([abc]\.)?tile\.openstreetmap\.org /.test(failure)),
  }
}

const orderOf = async (token: string, numero: string) => (await api<{ commande: Commande }>(token, 'GET', `/api/commande/${numero}`)).commande
const numeroIn = (page: Page) => new URL(page.url()).searchParams.get('commande') ?? ''
const stateBadge = (page: Page) => page.getByTestId('order-state')


async function pay(page: Page, mode: RegExp) {
  // The modes are cards: the radio is hidden behind its label, which is what a shopper taps.
  const radio = page.getByRole('radio', { name: mode })
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
  expect(await radio.isChecked()).toBe(true)
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
}

/** The order's row in /profile/orders shows the expected badge. */
async function seeInOrders(page: Page, numero: string, etatText: string, badge: string) {
  await visit(page, '/profile/orders')
  const row = page.locator('li, article, .card, tr').filter({ hasText: numero }).first()
  await row.waitFor()
  const label = row.getByText(etatText, { exact: true }).first()
  await label.waitFor()
  expect(await label.getAttribute('class')).toContain(`text-bg-${badge}`)
}

describe('checkout', () => {
  const withPage = (viewport: typeof phone | typeof desktop, run: (page: ShopPage) => Promise<void>, extra?: Parameters<typeof shop.withPage>[2]) =>
    shop.withPage(viewport, run, extra)

  test('home delivery paid cash on delivery: amounts from the server, success page, then Mes achats', async () => {
    await withPage(desktop, async ({ page, errors }) => {
      const tiles = offlineTiles(page)
      const token = await signIn(page, 'Aminata Sow')
      const subtotal = await fillCart(token, [
        { index: 0, quantite: 2 },
        { index: 1, quantite: 1 },
        { index: 2, quantite: 3 },
      ])
      await visit(page, '/')
      await expect.poll(() => cartCount(page)).toBe('6')

      await deliverHome(page, 'Mermoz')
      const summary = page.getByRole('complementary', { name: 'Récapitulatif' })
      await summary.getByText(formatPrix(subtotal)).first().waitFor()
      await summary.getByText(formatPrix(1000)).first().waitFor()
      await summary.getByText(formatPrix(subtotal + 1000)).first().waitFor()
      await pay(page, /Paiement à la livraison/)

      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      const numero = numeroIn(page)
      expect(numero).toMatch(/^TRG-\d{6}-[A-Z0-9]{6}$/)
      await expect.poll(() => stateBadge(page).innerText()).toBe('En attente de confirmation')
      const order = await orderOf(token, numero)
      expect(order).toMatchObject({ etat: 'en_attente', montantcommande: subtotal, montantliv: 1000, remise: 0, montanttotal: subtotal + 1000 })
      await expect.poll(() => cartCount(page)).toBe('0')

      await seeInOrders(page, numero, 'En attente de confirmation', 'secondary')
      expect(tiles.otherErrors(errors)).toEqual([])
      expect(tiles.otherFailures()).toEqual([])
    })
  })

  test('Wave approved in the sandbox: the order is paid by the signed webhook, not by the redirect', async () => {
    await withPage(phone, async ({ page }) => {
      const token = await signIn(page, 'Cheikh Diallo')
      await fillCart(token, [{ index: 3, quantite: 1 }])
      await deliverHome(page, 'Yoff')
      await pay(page, /^Wave/)

      // The provider's page (the sandbox the server mounts when no Wave key is set).
      await page.getByRole('button', { name: 'Approuver le paiement' }).waitFor()
      expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/wave\//)
      await page.getByRole('button', { name: 'Approuver le paiement' }).click()

      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      const numero = numeroIn(page)
      await expect.poll(() => stateBadge(page).innerText()).toBe('Payée')
      expect((await orderOf(token, numero)).etat).toBe('payee')
      await seeInOrders(page, numero, 'Payée', 'info')
    })
  })

  test('Wave declined: the failure page shows the real state, and a retry pays', async () => {
    await withPage(phone, async ({ page }) => {
      const token = await signIn(page, 'Ndeye Faye')
      await fillCart(token, [{ index: 4, quantite: 2 }])
      await deliverHome(page, 'Parcelles')
      await pay(page, /^Wave/)

      await page.getByRole('button', { name: 'Refuser le paiement' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/failed')
      const numero = numeroIn(page)
      await expect.poll(() => stateBadge(page).innerText()).toBe('Paiement échoué')
      expect((await orderOf(token, numero)).etat).toBe('echec_paiement')
      await seeInOrders(page, numero, 'Paiement échoué', 'danger')

      // The retry path: back to the provider from the failure page, approved this time.
      await visit(page, `/failed?commande=${numero}`)
      await page.getByRole('button', { name: 'Réessayer le paiement' }).click()
      await page.getByRole('button', { name: 'Approuver le paiement' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      await expect.poll(() => stateBadge(page).innerText()).toBe('Payée')
      expect((await orderOf(token, numero)).etat).toBe('payee')
    })
  })

  test('pickup at the depot nearest to the shopper (faked position in Pikine), free of delivery fee', async () => {
    await withPage(
      phone,
      async ({ page, errors }) => {
        const tiles = offlineTiles(page)
        const token = await signIn(page, 'Moustapha Gueye')
        const subtotal = await fillCart(token, [{ index: 5, quantite: 1 }])
        await visit(page, '/livraison/addresse')
        await page.getByRole('button', { name: 'Je préfère retirer ma commande dans un dépôt (gratuit)' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/modelivraison')

        // The nearest depot is marked and chosen from the continuous position.
        const nearest = page.getByRole('radio', { name: /Dépôt Pikine.*Le plus proche/ })
        await nearest.waitFor()
        await expect.poll(() => nearest.isChecked()).toBe(true)
        await page.getByLabel('Téléphone').fill('+221 70 987 65 43')
        await page.getByRole('button', { name: 'Continuer vers le paiement' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/paiement')
        await pay(page, /Paiement à la livraison/)

        await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
        const numero = numeroIn(page)
        const order = await orderOf(token, numero)
        expect(order).toMatchObject({ etat: 'en_attente', montantliv: 0, montanttotal: subtotal, depot: { designation: 'Dépôt Pikine' } })
        await seeInOrders(page, numero, 'En attente de confirmation', 'secondary')
        expect(tiles.otherErrors(errors)).toEqual([])
        expect(tiles.otherFailures()).toEqual([])
      },
      { geolocation: { latitude: 14.7551, longitude: -17.3912 }, permissions: ['geolocation'] },
    )
  })

  test('the landmark for the courier (« Point de repère ») fits 320, 360 and 412 px and goes with the order to the recap', async () => {
    await withPage(phone, async ({ page }) => {
      const token = await signIn(page, 'Ndèye Fall')
      await fillCart(token, [{ index: 3, quantite: 1 }])
      await visit(page, '/livraison/addresse')
      await page.getByLabel('Adresse', { exact: true }).fill('Cité Keur Gorgui, villa 12')
      const zones = page.getByLabel('Zone de livraison')
      await zones.locator('option').filter({ hasText: 'Mermoz' }).first().waitFor({ state: 'attached' })
      await zones.selectOption((await zones.locator('option').filter({ hasText: 'Mermoz' }).first().getAttribute('value'))!)
      await page.getByLabel('Téléphone').fill('77 123 45 67')
      await page.getByLabel('Point de repère (facultatif)').fill('Derrière la pharmacie, portail bleu')
      for (const width of [320, 360, 412]) {
        await page.setViewportSize({ width, height: 800 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBeLessThanOrEqual(0)
        await page.getByLabel('Point de repère (facultatif)').scrollIntoViewIfNeeded()
        await page.screenshot({ path: shot(`point-de-repere-${width}.png`) })
      }
      await page.getByRole('button', { name: 'Continuer', exact: true }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/modelivraison')
      await page.getByRole('radio', { name: /Livraison à domicile/ }).check()
      await page.getByRole('button', { name: 'Continuer vers le paiement' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/paiement')
      await page.getByText('Repère : Derrière la pharmacie, portail bleu').waitFor()
    })
  })

  test('axe finds no serious violation on the checkout and account pages', async () => {
    await withPage(desktop, async ({ page }) => {
      const token = await signIn(page, 'Khady Ba')
      await fillCart(token, [{ index: 6, quantite: 1 }])
      await deliverHome(page, 'Fann')
      // Fann is served by the demo's delivery slots (ADR 054): the first one with places is chosen.
      const slot = page.getByRole('group', { name: 'Créneau de livraison' }).locator('input[type="radio"]:not([disabled])').first()
      await page.locator(`label[for="${await slot.getAttribute('id')}"]`).click()
      await pay(page, /Paiement à la livraison/)
      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      const success = `/success?commande=${numeroIn(page)}`
      await fillCart(token, [{ index: 7, quantite: 1 }])
      const pages = ['/livraison/addresse', '/livraison/modelivraison', '/paiement', success]
      pages.push(...['account', 'delivery_address', 'orders', 'recompenses', 'favorite', 'profileparam'].map((child) => `/profile/${child}`))
      const found: string[] = []
      for (const path of pages) {
        await visit(page, path)
        await page.locator('main h1').first().waitFor()
        await page.waitForLoadState('networkidle')
        const { violations } = await new AxeBuilder({ page }).analyze()
        for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          found.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        }
      }
      expect(found).toEqual([])
    })
  })
})
