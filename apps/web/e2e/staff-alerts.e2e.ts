// The owner's « Alertes » (issue 26 §4, ADR 062) in Chromium against the built shop: the
// section opens from the settings' index on a phone, saves a choice the server keeps, shows the
// shared schema's French refusal under its field, and nothing scrolls sideways at 320, 360 and 412 px.
import path from 'node:path'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { ALERT_MESSAGES } from '@teranga/shared/staff-alerts'
import { browserForFile } from './support/browser-for-file.ts'
import { DEMO_ADMIN, ensureDemoAdmin } from './support/demo-admin.ts'
import { WEB_DIR } from './support/shop-server.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WIDTHS = [320, 360, 412] as const
const shot = (name: string) => path.join(WEB_DIR, 'test-results', `${name}.png`)

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
})

describe('the « Alertes » settings', () => {
  test('on a phone: opened from the index, a wrong delay refused in French, a choice saved and kept', async () => {
    await shop.withPage({ width: 360, height: 800, isMobile: true }, async ({ page }) => {
      await page.goto('/admin/')
      await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email)
      await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password)
      await page.getByRole('button', { name: 'Se connecter' }).click()
      await page.getByRole('heading', { level: 1, name: "Aujourd'hui" }).waitFor()
      await page.goto('/admin/parametres')
      await page.getByRole('link', { name: /Alertes/ }).click()
      await page.getByRole('heading', { level: 1, name: 'Alertes' }).waitFor()
      const form = page.getByRole('form', { name: 'Alertes' })
      await form.getByLabel('Envoyées par').waitFor()

      const minutes = form.getByLabel(/Prévenir quand il reste/)
      await minutes.fill('90')
      await form.getByRole('button', { name: 'Enregistrer les alertes' }).click()
      await form.getByText(ALERT_MESSAGES.impayeesMinutesInvalid).waitFor()

      await minutes.fill('12')
      await form.getByLabel(/Résumé du jour des stocks bas/).fill('07:30')
      await form.getByLabel('Commande non payée bientôt annulée').check()
      await form.getByRole('button', { name: 'Enregistrer les alertes' }).click()
      await page.getByText('Alertes enregistrées').waitFor()

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: shot(`admin-alertes-${width}`), fullPage: true })
      }

      // Kept by the server: the page read again shows the choice.
      await page.reload()
      await expect.poll(() => page.getByRole('form', { name: 'Alertes' }).getByLabel(/Prévenir quand il reste/).inputValue()).toBe('12')
      expect(await page.getByRole('form', { name: 'Alertes' }).getByLabel(/Résumé du jour des stocks bas/).inputValue()).toBe('07:30')
      expect(await page.getByRole('form', { name: 'Alertes' }).getByLabel('Commande non payée bientôt annulée').isChecked()).toBe(true)
    })
  })
})
