// A product sold in several sizes (ADR 053 §5, the demo's grouping §8), in Chromium against the
// built shop: the product page's buttons choose the variant (the address follows without a
// history entry, the price follows, a size out of stock cannot be chosen), the chosen size goes
// to the cart, the order is placed cash on delivery and « Mes achats » names the size bought.
import type { Page } from 'playwright-core'
import { formatPrix } from '@teranga/shared/money'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { cartCount, deliverHome, signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 360, height: 740, isMobile: true }
const SHOTS = process.env['E2E_SCREENSHOTS']

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

interface Grouped {
  id: number
  designation: string
  variantes: Array<{ id: number; designation: string; prix: number; quantite: number; options: Record<string, string> }>
}

/** A demo product found by its name, with its variants. */
async function product(designation: string): Promise<Grouped> {
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ produitspaginated(page: 1, count: 12, designation: ${JSON.stringify(designation)}) { data { id designation } } }` }),
  })
  const found = (await res.json()) as { data: { produitspaginated: { data: Array<{ id: number; designation: string }> } } }
  const id = found.data.produitspaginated.data.find((p) => p.designation === designation)!.id
  // Its variants through the product's own document: a page of products may not ask theirs (ADR 053 §10, the query cost).
  const one = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ produits(id: ${id}) { id designation variantes { id designation prix quantite options } } }` }),
  })
  return ((await one.json()) as { data: { produits: Grouped } }).data.produits
}

/** A variant's button: the radio is hidden behind its label, which is what a shopper taps. */
async function choose(page: Page, value: string) {
  const radio = page.getByRole('radio', { name: value, exact: true })
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
  await expect.poll(() => radio.isChecked()).toBe(true)
}

describe('a product with variants', () => {
  test('choose a size on its page, add it, place the order cash, and find the size in Mes achats', async () => {
    const riz = await product('Riz brisé parfumé')
    const tomate = await product('Tomate concentrée')
    const [cinq, vingtCinq] = [riz.variantes.find((v) => v.options['Contenance'] === '5 kg')!, riz.variantes.find((v) => v.options['Contenance'] === '25 kg')!]
    expect(tomate.variantes.find((v) => v.options['Contenance'] === '2,2 kg')!.quantite).toBe(0)

    await shop.withPage(phone, async ({ page, errors }) => {
      // A size out of stock is shown, and cannot be chosen.
      await visit(page, `/product/${tomate.id}`)
      await page.getByRole('heading', { level: 1, name: 'Tomate concentrée' }).waitFor()
      expect(await page.getByRole('radio', { name: '2,2 kg (rupture de stock)' }).isDisabled()).toBe(true)

      const email = `fatou.variantes.${Date.now()}@exemple.sn`
      const user = await createEmulatorUser(emulatorHost, { email, password: 'thiebou-dieune-2026', displayName: 'Fatou Ndiaye' })
      await visit(page, `/product/${riz.id}`)
      await signInWithEmail(page, user.email, user.password)
      await page.getByRole('heading', { level: 1, name: 'Riz brisé parfumé' }).waitFor()
      const history = await page.evaluate(() => window.history.length)
      // The first size in stock is chosen; the price is its own.
      expect(await page.getByRole('radio', { name: '5 kg', exact: true }).isChecked()).toBe(true)
      await page.locator('.product-details-price').getByText(formatPrix(cinq.prix)).waitFor()

      await choose(page, '25 kg')
      await expect.poll(() => new URL(page.url()).search).toBe(`?variante=${vingtCinq.id}`)
      await page.locator('.product-details-price').getByText(formatPrix(vingtCinq.prix)).waitFor()
      // Replaced, not pushed: Back leaves the product.
      expect(await page.evaluate(() => window.history.length)).toBe(history)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/variantes-produit-360.png`, fullPage: true })

      // Back to the 5 kg (the 25 kg has 2 sacks: a retry of this test must find one), two of them.
      await choose(page, '5 kg')
      await expect.poll(() => new URL(page.url()).search).toBe(`?variante=${cinq.id}`)
      await page.getByRole('spinbutton', { name: 'Quantité' }).fill('2')
      await page.locator('form').filter({ has: page.getByRole('spinbutton', { name: 'Quantité' }) }).getByRole('button', { name: 'Ajouter au panier' }).click()
      await expect.poll(() => cartCount(page)).toBe('2')
      await page.getByRole('button', { name: /^Panier,/ }).click()
      const panel = page.getByRole('dialog', { name: 'Mon Panier' })
      await panel.getByText('Riz brisé parfumé 5 kg').waitFor()
      expect(await panel.getByTestId('cart-panel-total').innerText()).toBe(formatPrix(2 * cinq.prix))
      await panel.getByRole('button', { name: 'Fermer le panier' }).click()

      await deliverHome(page, 'Mermoz')
      const summary = page.getByRole('region', { name: 'Récapitulatif de la commande' })
      await summary.getByText('Riz brisé parfumé 5 kg × 2').waitFor()
      const cash = page.getByRole('radio', { name: /Paiement à la livraison/ })
      await page.locator(`label[for="${await cash.getAttribute('id')}"]`).click()
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      const numero = new URL(page.url()).searchParams.get('commande')!
      await page.getByText('Riz brisé parfumé 5 kg × 2').waitFor()

      await visit(page, '/profile/orders')
      const order = page.locator('li, article, .card').filter({ hasText: numero }).first()
      await order.waitFor()
      await order.getByRole('button', { expanded: false }).first().click()
      await order.getByRole('cell', { name: 'Riz brisé parfumé 5 kg' }).waitFor()
      // The delivery step's map tiles cannot be fetched on an offline machine.
      expect(errors.filter((e) => e !== 'console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED')).toEqual([])
    })
  })

  test('a card of a product with several sizes says « à partir de » and its cart button opens the choice', async () => {
    const riz = await product('Riz brisé parfumé')
    const vingtCinq = riz.variantes.find((v) => v.options['Contenance'] === '25 kg')!
    await shop.withPage({ width: 320, height: 640, isMobile: true }, async ({ page, errors }) => {
      await visit(page, '/recherche?q=riz%20bris%C3%A9%20parfum%C3%A9')
      const card = page.locator('.product-card').filter({ hasText: 'Riz brisé parfumé' }).first()
      await card.getByText('à partir de').waitFor()
      await card.getByRole('button', { name: 'Ajouter au panier' }).click()
      const sheet = page.getByRole('dialog', { name: 'Riz brisé parfumé' })
      // The sheet's script and the product's variants arrive on first use.
      await sheet.getByRole('radio', { name: '25 kg', exact: true }).waitFor({ state: 'attached', timeout: 60_000 })
      const radio = sheet.getByRole('radio', { name: '25 kg', exact: true })
      await sheet.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
      await sheet.getByText(formatPrix(vingtCinq.prix)).first().waitFor()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/variantes-choix-320.png` })
      await sheet.getByRole('button', { name: 'Ajouter au panier' }).click()
      await expect.poll(() => cartCount(page)).toBe('1')
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('teranga.panier') ?? '[]') as Array<{ variante_id?: number }>)
      expect(stored.map((l) => l.variante_id)).toEqual([vingtCinq.id])
      expect(errors).toEqual([])
    })
  })
})
