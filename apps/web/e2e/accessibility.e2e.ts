// axe at a phone's width (390 px) on the states that only a shopper's own steps reach: the
// checkout's address form filled in, a saved address, a depot pickup chosen, the success page of
// a real order and the failure page of a declined payment; and the back-office's page for a
// signed-in account without a staff role. WCAG 2.1 A and AA plus axe's best practices, every
// impact, no rule turned off. Every page as it loads, with its panels and dialogs open, is the
// layout sweep's (layout-sweep.e2e.ts, axe on each case at 320, 360 and 412 px): not repeated here.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 390, height: 844, isMobile: true }
// Panels and dialogs are checked once shown, not halfway through their fade.
const still = { reducedMotion: 'reduce' as const }

// Each test walks many pages, with axe taking a few seconds on each.
const PAGES_TIMEOUT = 600_000

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

/** What axe finds on the page as it is now, one line per rule, named after `where`. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  return violations.map((v) => `${where} — ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Waits until the page shows its content: its title heading, and no request still running. */
async function settled(page: Page) {
  // A page without a title heading is axe's to report (page-has-heading-one), not a timeout.
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {})
  await page.waitForLoadState('networkidle')
  await page.locator('main .spinner-border, main .placeholder-glow').first().waitFor({ state: 'detached', timeout: 10_000 })
}

/** Collects the violations of each page visited, so that one run lists them all. */
function audit(page: Page) {
  const found: string[] = []
  return {
    found,
    async check(where: string) {
      found.push(...(await violations(page, where)))
    },
  }
}

/** Adds the home grid's first product to the cart through its dialog, checked while open. */
async function addFirstProduct(page: Page, check: (where: string) => Promise<void>) {
  await visit(page, '/')
  const card = page.locator('#produits .product-card').first()
  const name = await card.locator('h3').innerText()
  await card.getByRole('button', { name: 'Ajouter au panier' }).click()
  const dialog = page.getByRole('dialog', { name })
  await dialog.getByRole('link', { name: 'Voir le produit' }).waitFor()
  await check('/ (dialog « Ajouter au panier »)')
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect.poll(() => dialog.isVisible()).toBe(false)
}

/**
 * The address and delivery-mode steps, home delivery. A shopper with no saved address types
 * one in Mermoz and keeps it; one with a saved address goes on with it, after a look at the
 * depots of a pickup.
 */
async function throughDelivery(page: Page, check: (where: string) => Promise<void>) {
  await visit(page, '/livraison')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/addresse')
  await settled(page)
  await page.getByRole('button', { name: 'Continuer', exact: true }).waitFor()
  const hasSaved = (await page.getByRole('radio', { name: 'Nouvelle adresse' }).count()) > 0
  await check(hasSaved ? '/livraison/addresse (adresse enregistrée)' : '/livraison/addresse')
  if (!hasSaved) {
    await page.getByLabel('Adresse', { exact: true }).fill('Rue 10, villa 24, près de la pharmacie')
    const zones = page.getByLabel('Zone de livraison')
    await zones.locator('option').filter({ hasText: 'Mermoz' }).first().waitFor({ state: 'attached' })
    await zones.selectOption((await zones.locator('option').filter({ hasText: 'Mermoz' }).first().getAttribute('value'))!)
    await page.getByText(/^Frais de livraison : /).waitFor()
    await page.getByLabel('Téléphone').fill('77 123 45 67')
    await page.getByLabel('Enregistrer cette adresse').check()
    await check('/livraison/addresse (remplie)')
  }
  await page.getByRole('button', { name: 'Continuer', exact: true }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/modelivraison')
  await settled(page)
  await check('/livraison/modelivraison')
  if (hasSaved) {
    await page.getByRole('radio', { name: /Retrait en dépôt/ }).check()
    await page.getByText('Choisissez votre dépôt').waitFor()
    await page.waitForLoadState('networkidle')
    await check('/livraison/modelivraison (retrait en dépôt)')
  }
  await page.getByRole('radio', { name: /Livraison à domicile/ }).check()
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/paiement')
  await settled(page)
}

async function pay(page: Page, mode: RegExp) {
  const radio = page.getByRole('radio', { name: mode })
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
}

/** A new shopper, signed in through the header's e-mail form. */
async function signInShopper(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@exemple.sn`
  const user = await createEmulatorUser(emulatorHost, { email, password: 'mafe-yapp-2026', displayName: name })
  await visit(page, '/')
  await signInWithEmail(page, user.email, user.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
}

/** A product ordered for home delivery, paid cash; answers the order's number. */
async function orderCash(page: Page, check: (where: string) => Promise<void>): Promise<string> {
  await addFirstProduct(page, check)
  await throughDelivery(page, check)
  await check('/paiement')
  await pay(page, /Paiement à la livraison/)
  await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
  return new URL(page.url()).searchParams.get('commande') ?? ''
}

const skip = async () => {}

describe('accessibility of the storefront', () => {
  test('signed in: each checkout step as filled in, success and failure of an order', async () => {
    await shop.withPage(
      phone,
      async ({ page }) => {
        const { found, check } = audit(page)
        await signInShopper(page, 'Fatou Ndiaye')

        // Paid cash on delivery: the success page.
        await orderCash(page, check)
        await settled(page)
        await check('/success')

        // Wave declined in the built-in sandbox: the failure page.
        await addFirstProduct(page, skip)
        await throughDelivery(page, check)
        await pay(page, /^Wave/)
        await page.getByRole('button', { name: 'Refuser le paiement' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/failed')
        await settled(page)
        await check('/failed')
        expect(found).toEqual([])
      },
      still,
    )
  }, PAGES_TIMEOUT)
})

describe('accessibility of the back-office', () => {
  test('signed out: the sign-in page, and the page a shopper without a staff role reads', async () => {
    await shop.withPage(
      phone,
      async ({ page }) => {
        const { found, check } = audit(page)
        await page.goto('/admin/')
        await page.getByRole('button', { name: 'Se connecter' }).waitFor()
        await check('/admin (connexion)')

        const shopper = await createEmulatorUser(emulatorHost, { email: `awa.sarr.${Date.now()}@exemple.sn`, password: 'mafe-yapp-2026' })
        await page.getByLabel('Adresse e-mail').fill(shopper.email)
        await page.getByLabel('Mot de passe').fill(shopper.password)
        await page.getByRole('button', { name: 'Se connecter' }).click()
        await page.getByRole('heading', { level: 1, name: "Accès réservé à l'équipe" }).waitFor()
        await check('/admin (compte sans rôle)')
        expect(found).toEqual([])
      },
      still,
    )
  }, PAGES_TIMEOUT)

})
