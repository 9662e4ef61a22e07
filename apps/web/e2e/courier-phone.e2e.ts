// The courier's phone (issue 25 §3) in Chromium against the built shop: an admin invites a
// courier by phone (API), an order is handed to them and goes out; the courier signs in to the
// back office with their number and the SMS code, sees « Mes livraisons » alone, and records a
// failed delivery. At 320, 360 and 412 px the page does not scroll sideways and its buttons are
// thumb targets; screenshots of the page and of the failure dialog are kept in test-results.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from './support/demo-admin.ts'
import { caller as callerOf, emulatorCall, shopToken as shopTokenOf, smsCode as smsCodeOf } from './support/staff-api.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url))
const shot = (name: string) => path.join(WEB_DIR, 'test-results', name)

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
})

const emulator = <T>(method: string, body: unknown) => emulatorCall<T>(emulatorHost, method, body)
const caller = (token: string) => callerOf(baseURL, token)
const shopToken = (idToken: string) => shopTokenOf(baseURL, idToken)
const smsCode = (phoneNumber: string) => smsCodeOf(emulatorHost, phoneNumber)

/** A courier invited by phone, and two cash orders handed to them and out for delivery. */
async function stage(phoneNumber: string) {
  const { idToken } = await emulator<{ idToken: string }>('signInWithPassword', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true })
  const admin = caller(await shopToken(idToken))
  const courier = await admin<{ id: number }>('POST', '/api/livreur', { nom: 'Moussa Ndiaye', telephone: '77 555 12 34' })
  await admin('POST', '/api/invitation', { telephone: phoneNumber, role: 'livreur', livreur: courier.id })

  const customer = await createEmulatorUser(emulatorHost, { email: `aminata.${Date.now()}@exemple.sn`, password: 'thieboudienne-2026', displayName: 'Aminata Sow' })
  const shopper = caller(await shopToken(customer.idToken))
  const { utilisateur } = await shopper<{ utilisateur: { id: number } }>('GET', '/api/profile')
  const [modes, deliveries] = await Promise.all([shopper<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), shopper<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
  const graph = await shopper<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>('POST', '/graphql', { query: '{ produitspaginated(page: 1, count: 12) { data { id quantite nb_variantes } } }' })
  const product = graph.data.produitspaginated.data.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
  const numeros: string[] = []
  // The first with the customer's landmark (issue 25 §3), the second without.
  for (const [adresse, repere] of [
    ['Cité Keur Gorgui, villa 12', 'À côté de la boulangerie Mame Diarra, portail bleu'],
    ['Sicap Liberté 6, immeuble bleu, 3e étage', null],
  ] as const) {
    await shopper('POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 1, action: 0 })
    const placed = await shopper<{ commande: { numerocommande: string } }>('POST', '/api/commande', {
      modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
      modepaiement: modes.find((m) => m.code === 'CASH')!.id,
      adresseliv: adresse,
      repere,
      zone: 'Mermoz',
      tel: '+221 77 555 44 33',
    })
    const numero = placed.commande.numerocommande
    for (const etat of ['confirmee', 'en_preparation']) await admin('POST', `/api/commande/${numero}/etat`, { etat })
    await admin('PUT', `/api/commande/${numero}/livreur`, { livreur: courier.id })
    await admin('POST', `/api/commande/${numero}/etat`, { etat: 'en_livraison' })
    numeros.push(numero)
  }
  return numeros
}

/** How far the page is wider than the screen. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The visible buttons and links of the cards smaller than a thumb (44 × 44 px). */
const smallTargets = (page: Page) =>
  page.locator('main article .btn').evaluateAll((elements) =>
    elements
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 43.5 || box.height < 43.5))
      .map(({ el, box }) => `${(el.textContent ?? '').trim()} ${Math.round(box.width)}×${Math.round(box.height)}`),
  )

describe('the courier’s phone', () => {
  test('signs in with the number, sees « Mes livraisons » alone, records a failed delivery; fits 320, 360 and 412 px', async () => {
    const phoneNumber = `+22177${String(Date.now()).slice(-7)}`
    const [first, second] = await stage(phoneNumber)
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page }) => {
      await page.goto('/admin/commandes')
      await page.getByRole('button', { name: 'Avec mon numéro de téléphone (livreurs)' }).click()
      await page.getByLabel('Numéro de téléphone').fill(`${phoneNumber.slice(4, 6)} ${phoneNumber.slice(6, 9)} ${phoneNumber.slice(9, 11)} ${phoneNumber.slice(11)}`)
      await page.getByRole('button', { name: 'Recevoir le code' }).click()
      await page.getByLabel('Code reçu par SMS').waitFor()
      await page.getByLabel('Code reçu par SMS').fill(await smsCode(phoneNumber))
      await page.getByRole('button', { name: 'Se connecter' }).click()
      // Any address leads a courier to their page; no nav to anything else.
      await page.getByRole('heading', { level: 1, name: 'Mes livraisons' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/admin/livraisons')
      expect(await page.getByRole('navigation').count()).toBe(0)
      await page.getByText(`Commande ${first}`).waitFor()
      await page.getByText(`Commande ${second}`).waitFor()
      // The landmark under the address, on the order that has one.
      const firstCard = page.getByRole('article').filter({ hasText: `Commande ${first}` })
      await firstCard.getByText('Repère : À côté de la boulangerie Mame Diarra, portail bleu').waitFor()
      expect(await page.getByRole('article').filter({ hasText: `Commande ${second}` }).getByText(/Repère/).count()).toBe(0)

      for (const width of [320, 360, 412]) {
        await page.setViewportSize({ width, height: 740 })
        expect(await scrollWidth(page), `${width} px`).toBeLessThanOrEqual(0)
        expect(await smallTargets(page), `${width} px`).toEqual([])
        await page.screenshot({ path: shot(`mes-livraisons-${width}.png`), fullPage: true })
      }

      const card = page.getByRole('article').filter({ hasText: `Commande ${first}` })
      await card.getByRole('button', { name: 'Échec de livraison' }).click()
      const dialog = page.getByRole('dialog', { name: `Échec de livraison : ${first}` })
      await dialog.getByLabel('Autre').check()
      await dialog.getByLabel("Que s'est-il passé ?").fill('Portail fermé, le voisin dit que la cliente est en voyage')
      for (const width of [320, 360, 412]) {
        await page.setViewportSize({ width, height: 740 })
        await page.screenshot({ path: shot(`echec-livraison-${width}.png`) })
      }
      await dialog.getByRole('button', { name: "Enregistrer l'échec" }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => card.getByText('Échec de livraison', { exact: true }).count()).toBe(1)
      expect(await card.getByRole('button', { name: 'Livrée' }).count()).toBe(0)
    })
  })
})
