// Delivery slots in Chromium against the built shop (issue 25 §1, ADR 054): a shopper on a
// 360 px phone delivering to central Dakar (the demo's slots serve it) sees the next days'
// slots at /paiement, must choose one, and finds it on the success page and in « Mes achats »;
// the owner's « Créneaux de livraison » page. Screenshots at 320, 360 and 412 px of both are
// kept in test-results (creneaux-*.png, admin-creneaux-*.png).
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { SLOT_MESSAGES } from '@teranga/shared/delivery-slots'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from './support/demo-admin.ts'
import { WEB_DIR } from './support/shop-server.ts'
import { deliverHome, signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WIDTHS = [320, 360, 412] as const
const phoneOf = (width: number) => ({ width, height: 800, isMobile: true })
const shot = (name: string) => path.join(WEB_DIR, 'test-results', `${name}.png`)
/** A zone of the demo's slots (central Dakar), spelled as the zone list shows it. */
const ZONE = 'Dakar Plateau'

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
})

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A new customer signed in through the header, with one product in their cart. */
async function shopperWithCart(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@exemple.sn`
  const user = await createEmulatorUser(emulatorHost, { email, password: 'yassa-poulet-2026', displayName: name })
  await visit(page, '/')
  await signInWithEmail(page, user.email, user.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
  const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
  const { utilisateur } = await api<{ utilisateur: { id: number } }>(token, 'GET', '/api/profile')
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id quantite nb_variantes } } }' }),
  })
  const products = ((await res.json()) as { data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }).data.produitspaginated.data
  const product = products.find((p) => p.quantite >= 10 && p.nb_variantes === 1)!
  await api(token, 'POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 1, action: 0 })
  return token
}

describe('delivery slots', () => {
  test('a shopper on a phone chooses a slot at checkout and finds it on the order', async () => {
    await shop.withPage(phoneOf(360), async ({ page, errors }) => {
      const token = await shopperWithCart(page, 'Ndeye Fall')
      await deliverHome(page, ZONE)
      const list = page.getByRole('group', { name: 'Créneau de livraison' })
      await list.waitFor()
      const cash = page.getByRole('radio', { name: /Paiement à la livraison/ })
      await page.locator(`label[for="${await cash.getAttribute('id')}"]`).click()
      // Required: confirming without a choice says so under the list, and nothing is placed.
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await list.getByText(SLOT_MESSAGES.required).waitFor()
      expect(new URL(page.url()).pathname).toBe('/paiement')

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        // Nothing wider than the screen: the times wrap under their day.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: shot(`creneaux-${width}`), fullPage: true })
      }
      await page.setViewportSize({ width: 360, height: 800 })

      // The first slot with places: tapping its label is what a shopper does.
      const radio = list.locator('input[type="radio"]:not([disabled])').first()
      const label = (await radio.getAttribute('aria-label'))!
      await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
      expect(await radio.isChecked()).toBe(true)
      await page.getByRole('complementary', { name: 'Récapitulatif' }).getByText(`${SLOT_MESSAGES.livraisonPrevue} : ${label}`).waitFor()
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()

      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      const numero = new URL(page.url()).searchParams.get('commande')!
      expect(await page.getByTestId('order-slot').innerText()).toBe(`${SLOT_MESSAGES.livraisonPrevue} : ${label}`)
      const { commande } = await api<{ commande: { creneau: { libelle: string } | null } }>(token, 'GET', `/api/commande/${numero}`)
      expect(commande.creneau?.libelle).toBe(label)

      await visit(page, '/profile/orders')
      const card = page.getByRole('article', { name: `Commande ${numero}` })
      expect(await card.getByTestId('order-slot').innerText()).toBe(label)
      expect(errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([])
    })
  })

  test("the owner's « Créneaux de livraison » page on a phone", async () => {
    await shop.withPage(phoneOf(360), async ({ page }) => {
      await page.goto('/admin/')
      await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email)
      await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password)
      await page.getByRole('button', { name: 'Se connecter' }).click()
      await page.getByRole('heading', { level: 1, name: "Aujourd'hui" }).waitFor()
      await page.goto('/admin/parametres/creneaux')
      await page.getByRole('heading', { level: 1, name: 'Créneaux de livraison' }).waitFor()
      // The demo's twelve slots, Monday to Saturday.
      await expect.poll(() => page.getByRole('list', { name: 'Créneaux' }).getByRole('listitem').count()).toBe(12)
      await page.getByRole('list', { name: 'Créneaux' }).getByText('Lundi 09:00–12:00').waitFor()
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: shot(`admin-creneaux-${width}`), fullPage: true })
      }
    })
  })
})
