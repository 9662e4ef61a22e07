// Invoices (issue 26 §3, ADR 061) in the built shop: a shopper's cash order delivered by the back
// office shows « Facture (PDF) » in « Mes achats »; the click downloads the PDF with the shopper's
// token (at 320, 360 and 412 px, nothing scrolls sideways; screenshots in test-results/factures/);
// a refund adds « Avoir (PDF) », downloaded the same way. The back office's « Facturation » and
// the order page's documents, at the same widths.
import fs from 'node:fs'
import path from 'node:path'
import type { Download, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { INVOICE_LINKS, INVOICE_MESSAGES } from '@teranga/shared/invoices'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { DEMO_ADMIN, ensureDemoAdmin, signInAdmin } from './support/demo-admin.ts'
import { signInWithEmail, visit } from './support/shop-actions.ts'
import { WEB_DIR } from './support/shop-server.ts'
import { caller, emulatorCall, shopToken, type Caller } from './support/staff-api.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WIDTHS = [320, 360, 412] as const
const HEIGHTS = { 320: 640, 360: 740, 412: 915 } as const
const SHOTS = path.join(WEB_DIR, 'test-results', 'factures')
const TIMEOUT = 600_000

let admin: Caller
beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
  const { idToken } = await emulatorCall<{ idToken: string }>(emulatorHost, 'signInWithPassword', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true })
  admin = caller(baseURL, await shopToken(baseURL, idToken))
  fs.rmSync(SHOTS, { recursive: true, force: true })
  fs.mkdirSync(SHOTS, { recursive: true })
})

/** The download's bytes. */
async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Clicks `name` in the order's card and answers the file it downloaded. */
async function downloadFrom(page: Page, orderNumber: string, name: string) {
  const card = page.getByRole('article', { name: `Commande ${orderNumber}` })
  const link = card.getByRole('button', { name })
  await link.waitFor()
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) }
}

const stamp = Date.now()

describe('« Mes achats »: the invoice and the credit note', () => {
  test('a delivered order shows « Facture (PDF) », which downloads the PDF; a refund adds « Avoir (PDF) »', async () => {
    const shopper = await createEmulatorUser(emulatorHost, { email: `awa.diop.${stamp}@exemple.sn`, password: 'facture-2026', displayName: 'Awa Diop' })
    let orderNumber = ''

    // The shopper orders a demo product, paid on delivery; the back office delivers it.
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page, errors }) => {
      await visit(page, '/')
      await signInWithEmail(page, shopper.email, shopper.password)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
      const call = caller(baseURL, (await page.evaluate(() => localStorage.getItem('teranga.token')))!)
      const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
      const graph = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>('POST', '/graphql', {
        query: '{ produitspaginated(page: 1, count: 50) { data { id quantite nb_variantes } } }',
      })
      const demo = graph.data.produitspaginated.data.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
      await call('POST', '/api/panier', { produit: demo.id, user: utilisateur.id, quantite: 2, action: 0 })
      const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
      const placed = await call<{ commande: { numerocommande: string } }>('POST', '/api/commande', {
        modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
        modepaiement: modes.find((m) => m.code === 'CASH')!.id,
        adresseliv: 'Sicap Liberté 6, villa 4410',
        zone: 'Mermoz',
        tel: '+221 77 555 44 33',
      })
      orderNumber = placed.commande.numerocommande

      // Not delivered yet: no invoice to offer.
      await visit(page, '/profile/orders')
      const card = page.getByRole('article', { name: `Commande ${orderNumber}` })
      await card.waitFor()
      expect(await card.getByRole('button', { name: INVOICE_LINKS.facture }).count()).toBe(0)
      expect(errors).toEqual([])
    })
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) await admin('POST', `/api/commande/${orderNumber}/etat`, { etat })

    for (const width of WIDTHS) {
      await shop.withPage({ width, height: HEIGHTS[width], isMobile: true }, async ({ page, errors }) => {
        await visit(page, '/')
        await signInWithEmail(page, shopper.email, shopper.password)
        await visit(page, '/profile/orders')
        const file = await downloadFrom(page, orderNumber, INVOICE_LINKS.facture)
        expect(file.name).toMatch(/^F-\d{4}-\d{6}\.pdf$/)
        expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
        expect(file.bytes.length).toBeLessThan(100 * 1024)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: path.join(SHOTS, `mes-achats-facture-${width}.png`) })
        expect(errors).toEqual([])
      })
    }

    // A partial refund: its credit note, downloaded the same way.
    await admin('POST', `/api/commande/${orderNumber}/remboursement`, { motif: 'Article abîmé', montant: 500 })
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page, errors }) => {
      await visit(page, '/')
      await signInWithEmail(page, shopper.email, shopper.password)
      await visit(page, '/profile/orders')
      const file = await downloadFrom(page, orderNumber, INVOICE_LINKS.avoir)
      expect(file.name).toMatch(/^A-\d{4}-\d{6}\.pdf$/)
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      expect(errors).toEqual([])
    })

    // The back office: « Facturation » refuses a wrong NINEA in French, saves the identity; the
    // order's page offers both documents, and the invoice downloads (320, 360, 412 px).
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page }) => {
      await signInAdmin(page)
      await page.goto('/admin/parametres/facturation')
      const form = page.getByRole('form', { name: 'Facturation' })
      await form.getByLabel('Raison sociale').fill('Teranga SARL')
      await form.getByLabel('NINEA').fill('12')
      await form.getByRole('button', { name: 'Enregistrer' }).click()
      await form.getByText(INVOICE_MESSAGES.nineaInvalid).waitFor()
      await form.getByLabel('NINEA').fill('0123456 2G3')
      await form.getByLabel('Taux de TVA (%, vide : pas de TVA)').fill('18')
      await form.getByRole('button', { name: 'Enregistrer' }).click()
      await page.getByText('Facturation enregistrée').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      await page.screenshot({ path: path.join(SHOTS, 'facturation-360.png'), fullPage: true })
    })
    const saved = await admin<{ nom: string; ninea: string; tva_taux: number }>('GET', '/api/facturation')
    expect(saved).toMatchObject({ nom: 'Teranga SARL', ninea: '0123456 2G3', tva_taux: 18 })
    for (const width of WIDTHS) {
      await shop.withPage({ width, height: HEIGHTS[width], isMobile: true }, async ({ page }) => {
        await signInAdmin(page)
        await page.goto(`/admin/commandes/${orderNumber}`)
        const invoice = page.getByRole('button', { name: new RegExp(`^${INVOICE_LINKS.facture.replace(/[()]/g, '\\$&')}`) })
        await invoice.waitFor()
        expect(await page.getByRole('button', { name: new RegExp(`^${INVOICE_LINKS.avoir.replace(/[()]/g, '\\$&')}`) }).count()).toBe(1)
        const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()])
        expect(download.suggestedFilename()).toMatch(/^F-\d{4}-\d{6}\.pdf$/)
        expect((await bytesOf(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: path.join(SHOTS, `commande-documents-${width}.png`), fullPage: true })
      })
    }
  }, TIMEOUT)
})
