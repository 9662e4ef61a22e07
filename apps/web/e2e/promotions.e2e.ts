// A discount code in Chromium against the built shop (issue 19 §1): the owner creates it through
// the back-office API, the shopper types it at /paiement, sees its discount line before
// confirming, and the placed order keeps the code and its amount.
import type { Page } from 'playwright-core'
import { formatPrix } from '@teranga/shared/money'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from './support/demo-admin.ts'
import { deliverHome, signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The demo admin's API token, as the back office gets it. */
async function adminToken(): Promise<string> {
  await ensureDemoAdmin(emulatorHost)
  const signIn = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true }),
  })
  const { idToken } = (await signIn.json()) as { idToken: string }
  const res = await fetch(`${baseURL}/api/sociallogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

let code = ''

beforeAll(async () => {
  code = `E2E${Date.now().toString(36).toUpperCase()}`
  await api(await adminToken(), 'POST', '/api/codepromo', { code, type: 'montant', valeur: 1000 })
})

async function signIn(page: Page): Promise<string> {
  const user = await createEmulatorUser(emulatorHost, { email: `awa.code.${Date.now()}@exemple.sn`, password: 'yassa-poulet-2026', displayName: 'Awa Ndiaye' })
  await visit(page, '/')
  await signInWithEmail(page, user.email, user.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
  return (await page.evaluate(() => localStorage.getItem('teranga.token')))!
}

/** Two units of the first product sold one way, in stock, worth more than the code; answers the sub-total at database prices. */
async function fillCart(token: string): Promise<number> {
  const { utilisateur } = await api<{ utilisateur: { id: number } }>(token, 'GET', '/api/profile')
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id prix quantite nb_variantes } } }' }),
  })
  const products = ((await res.json()) as { data: { produitspaginated: { data: Array<{ id: number; prix: number; quantite: number; nb_variantes: number }> } } }).data.produitspaginated.data
  // Two units worth more than the code's 1 000 FCFA, so all of it applies (a discount never exceeds the items).
  const product = products.find((p) => p.quantite >= 10 && p.nb_variantes === 1 && p.prix * 2 > 1000)!
  await api(token, 'POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 2, action: 0 })
  return product.prix * 2
}

describe('a discount code at checkout', () => {
  test('typed at /paiement, its discount shown before confirming, kept by the order', async () => {
    await shop.withPage({ width: 390, height: 844, isMobile: true }, async ({ page }) => {
      const token = await signIn(page)
      const subtotal = await fillCart(token)

      await deliverHome(page)

      // A code that does not exist is refused in French, then the real one applies.
      const field = page.getByRole('textbox', { name: 'Code promo' })
      await field.fill('PASUNCODE')
      await page.getByRole('button', { name: 'Appliquer' }).click()
      await page.getByText("Ce code promo n'existe pas").waitFor()
      await field.fill(code.toLowerCase())
      await page.getByRole('button', { name: 'Appliquer' }).click()
      await page.getByTestId('promo-applied').waitFor()
      expect(await page.getByTestId('promo-applied').innerText()).toContain(`Code ${code} appliqué`)
      const summary = page.getByRole('complementary', { name: 'Récapitulatif' })
      await summary.getByText(`Code promo ${code}`).waitFor()
      await summary.getByText(formatPrix(subtotal + 1000 - 1000)).first().waitFor()

      const radio = page.getByRole('radio', { name: /Paiement à la livraison/ })
      await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      await page.getByText(`Code promo ${code}`).waitFor()

      const numero = new URL(page.url()).searchParams.get('commande')!
      const { commande } = await api<{ commande: { remise: number; montanttotal: number; codepromo: { code: string; remise: number } | null } }>(token, 'GET', `/api/commande/${numero}`)
      expect(commande).toMatchObject({ remise: 1000, montanttotal: subtotal, codepromo: { code, remise: 1000 } })
    })
  })
})
