// Browsing as a visitor in Chromium against the built shop: home grid and its paging,
// categories, a product page counted as viewed, keyboard search, the 404 page, the mobile
// menu, and axe on the main pages.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { browserForFile } from './support/browser-for-file.ts'
import { visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const { browser, withPage } = browserForFile(baseURL)
const desktop = { width: 1280, height: 900 }
const mobile = { width: 360, height: 800, isMobile: true }

const grid = (page: Page) => page.locator('#produits .product-card')

describe('home', () => {
  test('arrives drawn by the server, readable before any script runs', async () => {
    const context = await browser().newContext({ baseURL, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto('/')
      expect(await page.locator('#produits .product-card').count()).toBe(12)
      expect(await page.getByRole('heading', { name: 'Pourquoi nous choisir ?' }).isVisible()).toBe(true)
      await page.goto('/product/7')
      expect((await page.getByRole('heading', { level: 1 }).innerText()).length).toBeGreaterThan(2)
    } finally {
      await context.close()
    }
  })

  test('shows the slideshow, promotions, the grid with paging, most viewed and why choose us', async () => {
    await withPage(desktop, async ({ page, errors }) => {
      let graphqlCalls = 0
      // POST or GET (a visitor's catalogue reads are GETs with a query string, ADR 063).
      page.on('request', (request) => void (new URL(request.url()).pathname === '/graphql' && graphqlCalls++))
      await visit(page, '/')
      // The page arrives drawn by the server: the grid is there before any script runs.
      expect(await page.locator('#root #produits .product-card').count()).toBe(12)
      await page.waitForLoadState('networkidle')
      // ...and hydration needed no API round trip either.
      expect(graphqlCalls).toBe(0)
      await expect.poll(() => page.locator('.slideshow .slide').count()).toBeGreaterThan(1)
      expect(await page.locator('.promotions img').count()).toBe(2)
      expect(await page.getByRole('heading', { name: 'Pourquoi nous choisir ?' }).isVisible()).toBe(true)
      for (const item of ['Satisfaction Garantie', 'Livraison Rapide', 'Paiement Sécurisé', 'Produit de Proximité']) {
        expect(await page.getByRole('heading', { name: item }).isVisible()).toBe(true)
      }
      expect(await page.getByRole('heading', { name: 'Les plus consultés' }).isVisible()).toBe(true)

      const paging = page.getByRole('navigation', { name: 'Pages des produits' })
      expect(await paging.getByRole('button', { name: 'Précédent' }).isDisabled()).toBe(true)
      const firstName = await grid(page).first().locator('h3').innerText()
      await paging.getByRole('button', { name: 'Suivant' }).click()
      await expect.poll(() => paging.innerText()).toContain('Page 2 /')
      await expect.poll(() => grid(page).first().locator('h3').innerText()).not.toBe(firstName)
      expect(await paging.getByRole('button', { name: 'Précédent' }).isDisabled()).toBe(false)

      // Going back is served from the query cache: instant, no new request.
      const before = graphqlCalls
      await page.goBack()
      await expect.poll(() => grid(page).first().locator('h3').innerText()).toBe(firstName)
      expect(graphqlCalls).toBe(before)
      expect(errors).toEqual([])
    })
  })

  test('the category strip filters the grid and "Tous les produits" clears the filter', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      await grid(page).first().waitFor()
      const strip = page.getByRole('group', { name: 'Filtrer par catégorie' })
      expect(await strip.getByRole('button').first().innerText()).toContain('Tous les produits')
      const unfiltered = await grid(page).first().locator('h3').innerText()
      await strip.getByRole('button', { name: 'Fruits', exact: true }).click()
      await expect.poll(() => page.url()).toMatch(/categorie=\d+/)
      const categorie = Number(new URL(page.url()).searchParams.get('categorie'))
      // The grid shows what the API lists for that sub-category.
      const res = await fetch(`${baseURL}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ produitspaginated(page: 1, count: 12, categorie_id: ${categorie}) { data { designation } } }` }),
      })
      const expected = ((await res.json()) as { data: { produitspaginated: { data: Array<{ designation: string }> } } }).data.produitspaginated.data
      await expect.poll(() => grid(page).locator('h3').allInnerTexts()).toEqual(expected.map((p) => p.designation))
      expect(await strip.getByRole('button', { name: 'Fruits', exact: true }).getAttribute('aria-pressed')).toBe('true')
      await strip.getByRole('button', { name: 'Tous les produits' }).click()
      await expect.poll(() => page.url()).not.toContain('categorie=')
      await expect.poll(() => grid(page).first().locator('h3').innerText()).toBe(unfiltered)
    })
  })

  test('the left menu opens sub-categories on hover and leads to /product_bycat/{id}', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      const menu = page.getByRole('navigation', { name: 'Catégories' })
      await menu.getByText('Fruits et légumes', { exact: true }).hover()
      const leaf = menu.getByRole('link', { name: 'Fruits', exact: true })
      expect(await leaf.isVisible()).toBe(true)
      await leaf.click()
      await expect.poll(() => page.url()).toMatch(/\/product_bycat\/\d+$/)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Fruits')
      // The heading comes with the route; the grid's products with their own request, after it.
      await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0)
    })
  })
})

describe('product page', () => {
  test('shows the product, similar products, and counts the visit toward the most viewed', async () => {
    await withPage(desktop, async ({ page, errors }) => {
      const viewed = page.waitForRequest((request) => request.url().endsWith('/graphql') && (request.postData() ?? '').includes('enregistrerVue'))
      await visit(page, '/product/42')
      const title = await page.getByRole('heading', { level: 1 }).innerText()
      expect(title.length).toBeGreaterThan(2)
      expect(await page.locator('.product-details-price').innerText()).toMatch(/\d\u00a0FCFA/)
      expect(await page.getByRole('button', { name: 'Ajouter au panier' }).first().isVisible()).toBe(true)
      await expect.poll(() => page.locator('section[aria-labelledby="similaires-title"] .product-card').count()).toBeGreaterThan(0)
      await viewed
      expect(await page.title()).toContain(title)

      // The most-viewed list on the server now includes it.
      await expect
        .poll(async () => {
          const res = await fetch(`${baseURL}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ produitplusvus { id } }' }),
          })
          return res.status === 200 ? ((await res.json()) as { data: { produitplusvus: Array<{ id: number }> } }).data.produitplusvus.map((p) => p.id) : []
        })
        .toContain(42)
      expect(errors).toEqual([])
    })
  })

  test('an unknown product gets a clear French message', async () => {
    await withPage(desktop, async ({ page }) => {
      // The spec's not-found page, with the 404 status and a French line on what is missing.
      const response = await visit(page, '/product/987654')
      expect(response?.status()).toBe(404)
      await page.getByRole('heading', { name: '404' }).waitFor()
      expect(await page.getByText(MESSAGES.productMissing).isVisible()).toBe(true)
      expect(await page.getByRole('link', { name: 'Return to Home' }).isVisible()).toBe(true)
    })
  })
})

describe('search', () => {
  test('suggests up to 5 products, moves with the arrow keys and opens the chosen one with Enter', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      const box = page.getByRole('combobox', { name: 'Rechercher un produit' })
      expect(await box.getAttribute('placeholder')).toBe('Rechercher un produit...')
      await box.click()
      await box.pressSequentially('riz')
      const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')
      await expect.poll(() => options.count()).toBeGreaterThan(1)
      expect(await options.count()).toBeLessThanOrEqual(5)
      expect(await options.first().innerText()).toMatch(/FCFA/)
      await box.press('ArrowDown')
      await box.press('ArrowDown')
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true')
      const chosen = (await options.nth(1).locator('span').first().innerText()).trim()
      await box.press('Enter')
      await expect.poll(() => page.url()).toMatch(/\/product\/\d+$/)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(chosen)
    })
  })

  test('says so when nothing matches, and hides the list after leaving the box', async () => {
    await withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      const box = page.getByRole('combobox', { name: 'Rechercher un produit' })
      await box.fill('zzqxwv')
      const list = page.getByRole('listbox', { name: 'Suggestions' })
      await expect.poll(() => list.innerText()).toContain('Aucun résultat trouvé')
      await page.keyboard.press('Tab')
      await expect.poll(() => list.isVisible()).toBe(false)
    })
  })
})

describe('not found and mobile menu', () => {
  test('an unknown path shows the 404 page inside the shell and logs the routing error', async () => {
    await withPage(desktop, async ({ page, errors }) => {
      const response = await visit(page, '/nimporte-quoi/ici')
      expect(response?.status()).toBe(404)
      await page.getByRole('heading', { name: '404' }).waitFor()
      expect(await page.title()).toBe('Page introuvable — Teranga')
      expect(await page.getByText('Oops! Page not found.').isVisible()).toBe(true)
      expect(await page.getByRole('banner').isVisible()).toBe(true)
      expect(errors.some((e) => e.startsWith('console:'))).toBe(true)
      await page.getByRole('link', { name: 'Return to Home' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    })
  })

  test('on a phone the menu button opens the side menu titled "Menu"', async () => {
    await withPage(mobile, async ({ page }) => {
      await visit(page, '/')
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
      const dialog = page.getByRole('dialog', { name: 'Menu' })
      await dialog.waitFor()
      expect(await dialog.getByRole('link', { name: 'Questions fréquentes' }).isVisible()).toBe(true)
      await dialog.getByText('Épicerie', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Fermer le menu' }).click()
      await expect.poll(() => dialog.isVisible()).toBe(false)
    })
  })
})

describe('accessibility', () => {
  for (const path of ['/', '/product/1', '/product_bycat/1', '/cart', '/faq', '/signup', '/nope']) {
    test(`axe finds no serious violation on ${path}`, async () => {
      await withPage(desktop, async ({ page }) => {
        await visit(page, path)
        await page.locator('main h1, main h2').first().waitFor()
        await page.waitForLoadState('networkidle')
        const { violations } = await new AxeBuilder({ page }).analyze()
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      })
    })
  }
})
