// What a shopper does again and again in the end-to-end tests: sign in through the header's
// form or Google's popup (the Auth Emulator's account picker), read the cart badge, go through the delivery steps.
import fs from 'node:fs'
import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'

const GAPI_STAND_IN = fs.readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8')

/**
 * Firebase's popup sign-in loads Google's gapi script even against the emulator; the test
 * machines have no Internet, so the browser gets the stand-in instead (see the file).
 */
export async function installGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  )
}

/**
 * Opens a page and waits until it responds to input: pages arrive drawn by the server and
 * become interactive once the app has hydrated them.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  return response
}

export async function openUserMenu(page: Page): Promise<void> {
  const button = page.locator('.user-menu > button')
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
}

/** Signs in with the header's email form and waits for the reload that follows. */
export async function signInWithEmail(page: Page, email: string, password: string): Promise<void> {
  await openUserMenu(page)
  await page.getByLabel('E-mail').first().fill(email)
  await page.getByLabel('Mot de passe').first().fill(password)
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Se connecter', exact: true }).click()])
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
}

/** Signs in with Google through the emulator's popup, adding a new Google account there. */
export async function signInWithGoogle(page: Page, account: { email: string; displayName: string }): Promise<void> {
  await openUserMenu(page)
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continuer avec Google' }).click()
  const popup = await popupOpened
  await popup.getByText('Add new account').click()
  await popup.locator('#email-input').fill(account.email)
  await popup.locator('#display-name-input').fill(account.displayName)
  await Promise.all([page.waitForEvent('load'), popup.locator('#sign-in').click()])
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
}

export async function cartCount(page: Page): Promise<string> {
  // The badge alone: the button's text also holds the words for screen readers.
  return (await page.getByRole('button', { name: /^Panier,/ }).locator('.header-badge').innerText()).trim()
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text).first()
}

/** The address step with a new address in the zone named, then home delivery, up to /paiement. */
export async function deliverHome(page: Page, zone = 'Mermoz', telephone = '77 123 45 67'): Promise<void> {
  await visit(page, '/livraison')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/addresse')
  await page.getByLabel('Adresse', { exact: true }).fill('Rue 10, villa 24, près de la pharmacie')
  const zones = page.getByLabel('Zone de livraison')
  await zones.locator('option').filter({ hasText: zone }).first().waitFor({ state: 'attached' })
  await zones.selectOption((await zones.locator('option').filter({ hasText: zone }).first().getAttribute('value'))!)
  await page.getByText(/^Frais de livraison : /).waitFor()
  await page.getByLabel('Téléphone').fill(telephone)
  await page.getByRole('button', { name: 'Continuer', exact: true }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/livraison/modelivraison')
  await page.getByRole('radio', { name: /Livraison à domicile/ }).check()
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/paiement')
}
