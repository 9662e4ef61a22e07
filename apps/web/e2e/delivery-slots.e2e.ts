// Delivery slots in Chromium against the built shop (issue 25 §1, ADR 054): a shopper on a
// 360 px phone delivering to central Dakar (the demo's slots serve it) sees the next days'
// slots at /paiement, must choose one, and finds it on the success page and in « Mes achats »;
// a pickup at a depot whose opening hours are offered as windows (ADR 058) asks for a day the same way;
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
import { caller, emulatorCall, shopToken } from './support/staff-api.ts'

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

  test("a pickup at a depot offering its opening hours as windows asks for a day, at 320, 360 and 412 px", async () => {
    // A depot of its own, far from Dakar (so that no other test's nearest depot changes), open
    // every day 07:00–23:00, its hours offered as pickup windows of 5 orders.
    const { idToken } = await emulatorCall<{ idToken: string }>(emulatorHost, 'signInWithPassword', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true })
    const admin = caller(baseURL, await shopToken(baseURL, idToken))
    const day = { ouverture: '07:00', fermeture: '23:00' }
    const depotBody = { designation: `Dépôt de Saint-Louis ${Date.now()}`, adresse: 'Quai Roume', latitude: 16.02, longitude: -16.49, horaires: { lun: day, mar: day, mer: day, jeu: day, ven: day, sam: day, dim: day } }
    const depot = await admin<{ id: number }>('POST', '/api/depot', { ...depotBody, retrait_creneaux: true, retrait_capacite: 5 })
    try {
      await shop.withPage(phoneOf(360), async ({ page, errors }) => {
        const token = await shopperWithCart(page, 'Awa Sow')
        await visit(page, '/livraison')
        await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/addresse')
        await page.getByLabel('Adresse', { exact: true }).fill('Rue 10, villa 24, près de la pharmacie')
        const zones = page.getByLabel('Zone de livraison')
        await zones.locator('option').filter({ hasText: 'Mermoz' }).first().waitFor({ state: 'attached' })
        await zones.selectOption((await zones.locator('option').filter({ hasText: 'Mermoz' }).first().getAttribute('value'))!)
        await page.getByLabel('Téléphone').fill('77 123 45 67')
        await page.getByRole('button', { name: 'Continuer', exact: true }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/modelivraison')
        await page.getByRole('radio', { name: /Retrait en dépôt/ }).check()
        await page.getByRole('radio', { name: new RegExp(depotBody.designation) }).check()
        await page.getByRole('button', { name: 'Continuer vers le paiement' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/paiement')

        const list = page.getByRole('group', { name: 'Créneau de retrait' })
        await list.waitFor()
        const cash = page.getByRole('radio', { name: /Paiement à la livraison/ })
        await page.locator(`label[for="${await cash.getAttribute('id')}"]`).click()
        await page.getByRole('button', { name: 'Confirmer la commande' }).click()
        await list.getByText(SLOT_MESSAGES.requiredPickup).waitFor()
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 })
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
          await page.screenshot({ path: shot(`creneaux-retrait-${width}`), fullPage: true })
        }
        await page.setViewportSize({ width: 360, height: 800 })

        // Each open day is one window, 07:00–23:00: the first is chosen.
        const radio = list.locator('input[type="radio"]:not([disabled])').first()
        const label = (await radio.getAttribute('aria-label'))!
        expect(label).toMatch(/07:00–23:00$/)
        await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
        await page.getByRole('complementary', { name: 'Récapitulatif' }).getByText(`${SLOT_MESSAGES.retraitPrevu} : ${label}`).waitFor()
        await page.getByRole('button', { name: 'Confirmer la commande' }).click()
        await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
        const numero = new URL(page.url()).searchParams.get('commande')!
        const { commande } = await api<{ commande: { creneau: { libelle: string } | null } }>(token, 'GET', `/api/commande/${numero}`)
        expect(commande.creneau?.libelle).toBe(label)
        expect(errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([])
      })
    } finally {
      // Back to pickup without a slot, for whatever runs next on this shop.
      await admin('PUT', `/api/depot/${depot.id}`, { ...depotBody, retrait_creneaux: false })
    }
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
      // The demo's twelve slots, Monday to Saturday; a depot's windows (the pickup test's) are
      // listed apart from them as following its hours (ADR 058), without « Modifier ».
      const items = page.getByRole('list', { name: 'Créneaux' }).getByRole('listitem')
      await expect.poll(() => items.filter({ hasNotText: 'Suit les horaires du dépôt' }).count()).toBe(12)
      await page.getByTestId('slots-from-hours').waitFor()
      const windows = items.filter({ hasText: 'Suit les horaires du dépôt' })
      expect(await windows.count()).toBeGreaterThan(0)
      expect(await windows.first().getByRole('button').count()).toBe(0)
      await page.getByRole('list', { name: 'Créneaux' }).getByText('Lundi 09:00–12:00').waitFor()
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: shot(`admin-creneaux-${width}`), fullPage: true })
      }
    })
  })
})
