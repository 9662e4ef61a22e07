// Sign-in with a phone number (issue 18 §1) in Chromium against the built shop and the Auth
// Emulator: a new shopper fills a cart as a guest, signs in with the SMS code (read from the
// emulator's REST API, as no SMS leaves this machine), the guest cart merges, the order goes
// through, and the account knows the proved number without any email.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { E2E_PROJECT_ID } from './support/shop-server.ts'
import { cartCount, deliverHome, openUserMenu, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

/** The last code the emulator « sent » to the number (E.164). */
async function smsCode(phoneNumber: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${E2E_PROJECT_ID}/verificationCodes`)
  const { verificationCodes } = (await res.json()) as { verificationCodes: Array<{ phoneNumber: string; code: string }> }
  const code = verificationCodes.filter((c) => c.phoneNumber === phoneNumber).at(-1)?.code
  if (!code) throw new Error(`no code sent to ${phoneNumber}`)
  return code
}

async function addFromCard(page: Page, index: number, quantite: number) {
  const card = page.locator('#produits .product-card').nth(index)
  const name = await card.locator('h3').innerText()
  await card.getByRole('button', { name: 'Ajouter au panier' }).click()
  const dialog = page.getByRole('dialog', { name })
  await dialog.getByLabel('Quantité').fill(String(quantite))
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect.poll(() => dialog.isVisible()).toBe(false)
}

describe('sign-in with a phone number', () => {
  test('a guest cart, the SMS code, the cart merged, an order placed', async () => {
    const digits = String(Date.now()).slice(-7)
    const typed = `77 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
    const e164 = `+22177${digits}`
    await shop.withPage({ width: 390, height: 844, isMobile: true }, async ({ page, errors }) => {
      const refused: string[] = []
      page.on('response', (response) => {
        if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`)
      })
      await visit(page, '/')
      await addFromCard(page, 0, 2)
      await addFromCard(page, 1, 1)
      await expect.poll(() => cartCount(page)).toBe('3')

      await openUserMenu(page)
      await page.getByRole('button', { name: 'Continuer avec un numéro de téléphone' }).click()
      await page.getByLabel('Numéro de téléphone').fill(typed)
      await page.getByRole('button', { name: 'Recevoir le code' }).click()
      await page.getByText('+221 77', { exact: false }).first().waitFor()
      // A wrong code first: said in French, the form stays.
      await page.getByLabel('Code à 6 chiffres').fill('000000')
      await page.getByRole('button', { name: 'Valider le code' }).click()
      await page.getByRole('alert').filter({ hasText: 'Erreur lors de la connexion le code saisi ne correspond pas' }).waitFor()
      expect(await page.getByRole('button', { name: /^Renvoyer le code \(\d+ s\)$/ }).isDisabled()).toBe(true)

      await page.getByLabel('Code à 6 chiffres').fill(await smsCode(e164))
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Valider le code' }).click()])
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' })

      // Signed in by the number alone; the guest cart is now the server's.
      await page.getByRole('button', { name: `Mon compte : +221 77 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}` }).waitFor()
      await expect.poll(() => cartCount(page)).toBe('3')
      await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.panier'))).toBeNull()
      const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
      const profile = await (await fetch(`${baseURL}/api/profile`, { headers: { authorization: `Bearer ${token}` } })).json()
      expect(profile.utilisateur).toMatchObject({ email: '', telephone: e164, telephoneVerifie: e164 })

      // The order: home delivery, cash.
      await deliverHome(page, 'Mermoz', typed)
      const cash = page.getByRole('radio', { name: /Paiement à la livraison/ })
      await page.locator(`label[for="${await cash.getAttribute('id')}"]`).click()
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      const numero = new URL(page.url()).searchParams.get('commande') ?? ''
      expect(numero).toMatch(/^TRG-\d{6}-[A-Z0-9]{6}$/)
      await expect.poll(() => cartCount(page)).toBe('0')
      const { commande } = await (await fetch(`${baseURL}/api/commande/${numero}`, { headers: { authorization: `Bearer ${token}` } })).json()
      expect(commande).toMatchObject({ etat: 'en_attente' })

      // The only refusals: the wrong code, and the emulator's answer to the SDK asking whether
      // the project uses reCAPTCHA Enterprise (it does not implement it; the SDK goes on with
      // its stand-in verifier). The browser logs each as a failed load.
      expect(refused).toEqual(['501 /identitytoolkit.googleapis.com/v2/recaptchaConfig', '400 /identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber'])
      // The browser logs each refused answer as one failed load, and nothing else went wrong
      // (map tiles come from the Internet, which this machine lacks).
      const loads = errors.filter((e) => e !== 'console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED').map((e) => /^console: Failed to load resource: the server responded with a status of (\d{3}) /.exec(e)?.[1] ?? e)
      expect(loads).toEqual(refused.map((answer) => answer.split(' ')[0]))
    })
  })
})
