// Signing up from the checkout in Chromium against the built shop: the page that follows the
// sign-up is the checkout the shopper left, signed in, not « Vous êtes déjà connecté ».
import { describe, expect, inject, test } from 'vitest'
import { browserForFile } from './support/browser-for-file.ts'
import { openUserMenu, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const { withPage } = browserForFile(baseURL)

describe('signing up from the checkout', () => {
  test('comes back to the checkout, signed in', { retry: 0 }, async () => {
    await withPage({ width: 1280, height: 900 }, async ({ page, errors }) => {
      // The address step's map tiles come from OpenStreetMap, out of reach of these offline
      // machines: the only requests allowed to fail (a navigation cuts others short).
      const failed: string[] = []
      page.on('requestfailed', (request) => {
        if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${new URL(request.url()).host} ${request.failure()?.errorText}`)
      })
      await visit(page, '/livraison')
      const main = page.locator('main')
      await main.getByText('Connectez-vous pour choisir la livraison de votre commande.').waitFor()
      await main.getByRole('link', { name: 'Créer un compte' }).click()
      await main.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor()
      expect(new URL(page.url()).searchParams.get('retour')).toBe('/livraison')

      await main.getByLabel('E-mail').fill(`khady.sow.${Date.now()}@exemple.sn`)
      await main.getByLabel('Mot de passe (6 caractères au moins)').fill('mafe-2026')
      await main.getByLabel('Confirmez le mot de passe').fill('mafe-2026')
      await main.getByLabel('Madame').check()
      await main.getByLabel('Prénom').fill('Khady')
      await main.getByLabel('Nom', { exact: true }).fill('Sow')
      await main.getByLabel('Téléphone').fill('+221 77 765 43 21')
      await Promise.all([page.waitForURL('**/livraison/addresse'), main.getByRole('button', { name: 'Créer mon compte' }).click()])
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' })

      // The checkout's first step, for the new customer.
      await main.getByRole('heading', { level: 1, name: 'Adresse de livraison' }).waitFor()
      expect(await page.getByText('Vous êtes déjà connecté').count()).toBe(0)
      await openUserMenu(page)
      await page.getByText('Bonjour, Khady Sow').waitFor()
      expect(errors.filter((line) => line !== 'console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED')).toEqual([])
      expect(failed.filter((failure) => !/^([abc]\.)?tile\.openstreetmap\.org /.test(failure))).toEqual([])
    })
  })
})
