// « Rapports » (issue 26 §1, ADR 059) in the built back office at 360 px: a shopper's cash order
// delivered today through the back office, then the admin opens Rapports from the menu, sees
// today's net sales include it, switches the period and the grouping (payment mode, where
// « Espèces » holds it) and the table's total agrees; at 320, 360 and 412 px the page does not
// scroll sideways (the table scrolls inside its box). Screenshots in test-results/rapports/.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { ensureDemoAdmin, signInAdmin } from './support/demo-admin.ts'
import { WEB_DIR } from './support/shop-server.ts'
import { caller, shopToken } from './support/staff-api.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WIDTHS = [320, 360, 412] as const
const HEIGHTS = { 320: 640, 360: 740, 412: 915 } as const
const SHOTS = path.join(WEB_DIR, 'test-results', 'rapports')
const TIMEOUT = 600_000

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
  fs.rmSync(SHOTS, { recursive: true, force: true })
  fs.mkdirSync(SHOTS, { recursive: true })
})

/** « 12 500 FCFA » → 12500. */
const francs = (text: string) => Number(text.replace(/[^\d-]/g, ''))

const stamp = Date.now()

describe('« Rapports »', () => {
  test(
    'a cash order delivered today shows in today’s net sales and under its payment mode; nothing scrolls sideways',
    async () => {
      // A shopper's cash order, through the API.
      const shopper = await createEmulatorUser(emulatorHost, { email: `awa.rapport.${stamp}@exemple.sn`, password: 'rapport-2026', displayName: 'Awa Ndiaye' })
      const call = caller(baseURL, await shopToken(baseURL, shopper.idToken))
      const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
      const graph = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>('POST', '/graphql', {
        query: '{ produitspaginated(page: 1, count: 50) { data { id quantite nb_variantes } } }',
      })
      const demo = graph.data.produitspaginated.data.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
      await call('POST', '/api/panier', { produit: demo.id, user: utilisateur.id, quantite: 2, action: 0 })
      const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
      const placed = await call<{ commande: { numerocommande: string; montanttotal: number } }>('POST', '/api/commande', {
        modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
        modepaiement: modes.find((m) => m.code === 'CASH')!.id,
        adresseliv: 'Sicap Liberté 6, villa 4410',
        zone: 'Mermoz',
        tel: '+221 77 555 44 33',
      })
      const numero = placed.commande.numerocommande

      await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page, errors }) => {
        await signInAdmin(page)
        const token = (await page.evaluate(() => sessionStorage.getItem('teranga-admin-token')))!
        const admin = caller(baseURL, token)
        const before = await admin<{ total: { net: number; commandes: number } }>('GET', `/api/rapport/ventes?du=${new Date().toISOString().slice(0, 10)}&au=${new Date().toISOString().slice(0, 10)}`)
        for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) await admin('POST', `/api/commande/${numero}/etat`, { etat })

        // Rapports from the phone's menu.
        await page.getByRole('button', { name: 'Menu' }).click()
        await page.getByRole('link', { name: 'Rapports' }).click()
        await page.getByRole('heading', { level: 1, name: 'Rapports' }).waitFor()

        // Today: the delivered order is in the net sales, to the franc.
        await page.getByLabel('Période').selectOption('aujourdhui')
        await expect.poll(async () => francs(await page.getByTestId('rapport-net').innerText())).toBe(before.total.net + placed.commande.montanttotal)
        await expect.poll(async () => Number(await page.getByTestId('rapport-commandes').innerText())).toBe(before.total.commandes + 1)

        // This month, by payment mode: « Espèces » is a line of the table, the total agrees.
        await page.getByLabel('Période').selectOption('ce_mois')
        await page.getByLabel('Regroupement').selectOption('modepaiement')
        const table = page.getByTestId('rapport-table')
        await expect.poll(() => table.locator('tbody tr').filter({ hasText: /Esp[eè]ces|Cash|Paiement à la livraison/i }).count()).toBeGreaterThan(0)
        await expect.poll(async () => francs(await page.getByTestId('rapport-total-net').innerText())).toBe(francs(await page.getByTestId('rapport-net').innerText()))
        await page.getByRole('button', { name: 'Télécharger (CSV)' }).waitFor()
        expect(errors).toEqual([])
      })

      for (const width of WIDTHS) {
        await shop.withPage({ width, height: HEIGHTS[width], isMobile: true }, async ({ page }) => {
          await signInAdmin(page)
          await page.goto('/admin/rapports?periode=ce_mois&par=produit')
          await page.getByTestId('rapport-table').waitFor()
          await page.getByText('Meilleures ventes').waitFor()
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
          await page.screenshot({ path: path.join(SHOTS, `rapports-${width}.png`), fullPage: true })
        })
      }
    },
    TIMEOUT,
  )
})
