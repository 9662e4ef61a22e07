// The shop's real pages in Chromium against the built shop (issue 19 §2): Enter in the search
// box opens the results page, a grid's sort and filter survive a reload, and every footer link
// opens a page of the shop, not the 404; axe finds no serious violation on them.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { browserForFile } from './support/browser-for-file.ts'
import { visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const { withPage } = browserForFile(baseURL)
const desktop = { width: 1280, height: 900 }

const cards = (page: Page) => page.getByRole('main').locator('.product-card')
/** The prices of the grid's cards, in FCFA. */
const prices = async (page: Page) => (await page.getByRole('main').locator('.product-card .product-price').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')))

describe('search results', () => {
  test('Enter in the search box opens /recherche with the results, drawn by the server too', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      const box = page.getByRole('combobox', { name: 'Rechercher un produit' })
      await box.click()
      await box.pressSequentially('riz')
      await expect.poll(() => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').count()).toBeGreaterThan(0)
      await box.press('Enter')
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/recherche?q=riz')
      await page.getByRole('heading', { level: 1, name: 'Résultats pour « riz »' }).waitFor()
      await expect.poll(() => cards(page).count()).toBeGreaterThan(0)
      for (const name of await cards(page).locator('.product-card-title').allInnerTexts()) expect(name.toLowerCase()).toContain('riz')
      expect(await page.title()).toBe('Recherche « riz » — Teranga')

      // A word that matches nothing: the page says so and offers the most viewed products.
      const response = await visit(page, '/recherche?q=zzqxwv')
      expect(response?.status()).toBe(200)
      await page.getByRole('heading', { name: 'Aucun résultat pour « zzqxwv »' }).waitFor()
      await page.getByRole('heading', { name: 'Les produits les plus consultés' }).waitFor()
      await expect.poll(() => cards(page).count()).toBeGreaterThan(0)

      // Two letters swapped: nothing matches, and the catalogue's own spelling is offered.
      await visit(page, '/recherche?q=fnoio')
      await page.getByRole('heading', { name: 'Aucun résultat pour « fnoio »' }).waitFor()
      const spelled = page.getByRole('listitem').filter({ hasText: 'Vouliez-vous dire' }).getByRole('link', { name: 'fonio' })
      await spelled.click()
      await page.getByRole('heading', { level: 1, name: 'Résultats pour « fonio »' }).waitFor()
      await expect.poll(() => cards(page).locator('.product-card-title').allInnerTexts()).toContain('Fonio précuit 1 kg')
    })
  })
})

describe('grids', () => {
  test('a sort and a filter chosen on /shop stay in the address across a reload', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/shop')
      await page.getByRole('heading', { level: 1, name: 'Boutique' }).waitFor()
      await page.getByLabel('Trier par').selectOption('prix_croissant')
      await expect.poll(() => new URL(page.url()).search).toBe('?tri=prix_croissant')
      await page.getByLabel('En stock uniquement').check()
      await expect.poll(() => new URL(page.url()).search).toBe('?tri=prix_croissant&en_stock=1')
      await expect.poll(async () => {
        const shown = await prices(page)
        return shown.length > 0 && shown.every((p, i) => i === 0 || shown[i - 1]! <= p)
      }).toBe(true)
      const before = await prices(page)

      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'Boutique' }).waitFor()
      expect(await page.getByLabel('Trier par').inputValue()).toBe('prix_croissant')
      expect(await page.getByLabel('En stock uniquement').isChecked()).toBe(true)
      await expect.poll(() => prices(page)).toEqual(before)
    })
  })

  test('every footer link opens a page of the shop, not the 404', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      const links = await page.getByRole('navigation', { name: 'Liens utiles' }).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
      expect(links).toEqual(expect.arrayContaining(['/shop', '/promotions', '/nouveautes', '/best-sellers']))
      for (const href of links) {
        const response = await visit(page, href)
        expect(response?.status(), href).toBe(200)
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        expect(await page.getByRole('heading', { name: '404' }).count(), href).toBe(0)
      }
      await visit(page, '/promotions')
      await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor()
      expect(await page.title()).toBe('Promotions — Teranga')
    })
  })
})

describe('accessibility', () => {
  for (const path of ['/shop?tri=prix_croissant&en_stock=1', '/promotions', '/recherche?q=riz', '/recherche?q=zzqxwv']) {
    test(`axe finds no serious violation on ${path}`, async () => {
      await withPage(desktop, async ({ page }) => {
        await visit(page, path)
        await page.locator('main h1').first().waitFor()
        await page.waitForLoadState('networkidle')
        const { violations } = await new AxeBuilder({ page }).analyze()
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      })
    })
  }
})
