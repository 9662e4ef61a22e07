// The back-office in Chromium against the built shop (issue 10): the demo admin signs in at
// /admin, creates a product with its photo, and a shopper finds it by search; a shopper's
// cash order is confirmed, prepared, sent and delivered from the back-office, and the shopper
// sees « Livrée » and the points; the delivery slip prints (print media, screenshot kept).
import fs from 'node:fs/promises'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { ensureDemoAdmin, signInAdmin } from './support/demo-admin.ts'
import { WEB_DIR } from './support/shop-server.ts'
import { signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 360, height: 800, isMobile: true }
const desktop = { width: 1280, height: 900 }
const SLIP_SHOTS = {
  ticket: path.join(WEB_DIR, 'test-results', 'bon-de-livraison-80mm.png'),
  a4: path.join(WEB_DIR, 'test-results', 'bon-de-livraison-a4.png'),
}

/** Each slip format's paper, in whole millimetres: a roll 80 mm wide, or A4 (not Letter). */
const SLIP_PAGES_MM = { ticket: [80, 297], a4: [210, 297] }

/** The width and height of each page of a PDF, in whole millimetres (from its MediaBox, in points). */
function pageSizesInMm(pdf: Buffer): number[][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((box) => [
    Math.round(((Number(box[3]) - Number(box[1])) * 25.4) / 72),
    Math.round(((Number(box[4]) - Number(box[2])) * 25.4) / 72),
  ])
}

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
})

/** A real PNG photo (a gradient), written by hand: the browser and the server read its bytes. */
function pngPhoto(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 120], row + 1 + x * 3)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

/** Signs in at /admin with the demo account and waits for the back-office's navigation. */

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

describe('back-office', () => {
  test('the demo admin creates a product with its photo, and a shopper finds it by search', async () => {
    const name = `Thiakry maison ${Date.now().toString(36)}`
    await shop.withPage(phone, async ({ page, errors }) => {
      await signInAdmin(page)
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/admin/produits/nouveau')
      await page.getByLabel('Désignation').fill(name)
      await page.getByLabel('Prix (FCFA)').fill('1500')
      await page.getByLabel('Quantité').fill('20')
      await page.getByLabel('Unité').fill('pot')
      const subcategories = page.getByLabel('Sous-catégorie')
      await subcategories.locator('option:not([value=""])').first().waitFor({ state: 'attached' })
      await subcategories.selectOption((await subcategories.locator('option:not([value=""])').first().getAttribute('value'))!)
      await page.getByLabel(/^Image/).setInputFiles({ name: 'thiakry.gif', mimeType: 'image/gif', buffer: pngPhoto(640, 480) })
      const preview = page.getByRole('img', { name: "Aperçu de l'image" })
      await preview.waitFor()
      // The server answered the upload with its own WebP rendering.
      expect(await preview.getAttribute('src')).toMatch(/^\/media\/uploads\/[0-9a-f]+-\d+\.webp$/)
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Créer le produit' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/produits\/\d+$/)
      expect(errors).toEqual([])
    })

    await shop.withPage(phone, async ({ page }) => {
      await visit(page, '/')
      const box = page.getByRole('combobox', { name: 'Rechercher un produit' })
      await box.click()
      await box.pressSequentially(name.slice(0, 14))
      const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').filter({ hasText: name })
      await option.waitFor()
      await option.click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(name)
      const photo = page.locator('main img').first()
      expect(await photo.getAttribute('src')).toMatch(/^\/media\/uploads\//)
    })
  })

  test("a shopper's cash order is confirmed, prepared, sent and delivered from the back-office; the slip prints", async () => {
    const email = `fatou.ndiaye.${Date.now()}@exemple.sn`
    const customer = await createEmulatorUser(emulatorHost, { email, password: 'thieboudienne-2026', displayName: 'Fatou Ndiaye' })
    let numero = ''
    let total = 0

    await shop.withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      await signInWithEmail(page, customer.email, customer.password)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
      const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
      const { utilisateur } = await api<{ utilisateur: { id: number } }>(token, 'GET', '/api/profile')
      const graph = await fetch(`${baseURL}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id prix quantite nb_variantes } } }' }),
      }).then((r) => r.json() as Promise<{ data: { produitspaginated: { data: Array<{ id: number; prix: number; quantite: number; nb_variantes: number }> } } }>)
      const product = graph.data.produitspaginated.data.find((p) => p.quantite >= 10 && p.prix >= 1000 && p.nb_variantes === 1)!
      await api(token, 'POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 3, action: 0 })
      const [modes, deliveries] = await Promise.all([
        fetch(`${baseURL}/api/modepaiements`).then((r) => r.json() as Promise<Array<{ id: number; code: string }>>),
        fetch(`${baseURL}/api/modelivraisons`).then((r) => r.json() as Promise<Array<{ id: number; code: string }>>),
      ])
      const placed = await api<{ commande: { numerocommande: string; montantcommande: number } }>(token, 'POST', '/api/commande', {
        modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
        modepaiement: modes.find((m) => m.code === 'CASH')!.id,
        adresseliv: 'Rue 10, villa 24, Mermoz',
        zone: 'Mermoz',
        tel: '+221 77 123 45 67',
      })
      numero = placed.commande.numerocommande
      total = placed.commande.montantcommande
    })

    await shop.withPage(phone, async ({ page, errors }) => {
      await signInAdmin(page)
      await page.goto(`/admin/commandes/${numero}`)
      const heading = page.getByRole('heading', { level: 1 })
      await expect.poll(() => heading.innerText()).toContain('En attente de confirmation')
      expect(await seriousViolations(page)).toEqual([])
      for (const [button, state] of [
        ['Confirmée', 'Confirmée'],
        ['En préparation', 'En préparation'],
        ['En cours de livraison', 'En cours de livraison'],
        ['Livrée', 'Livrée'],
      ] as const) {
        await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: button, exact: true }).click()
        await expect.poll(() => heading.innerText()).toContain(state)
      }
      // The history names each move.
      expect(await page.getByText('Livrée').count()).toBeGreaterThan(1)

      // The delivery slip, for an 80 mm receipt printer then on A4, as the printer sees it.
      await page.getByRole('link', { name: 'Imprimer le bon' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/bons')
      // The slips page, not the order page it replaces: its own heading, then the order's slip.
      await page.getByRole('heading', { level: 1, name: 'Bons de livraison' }).waitFor()
      const slip = page.locator('article.slip').filter({ hasText: numero })
      await slip.getByRole('heading', { name: 'Teranga — bon de livraison' }).waitFor()
      await fs.mkdir(path.dirname(SLIP_SHOTS.ticket), { recursive: true })
      for (const [format, button] of [
        ['ticket', 'Ticket 80 mm'],
        ['a4', 'A4'],
      ] as const) {
        await page.emulateMedia({ media: 'screen' })
        await page.getByRole('button', { name: button, exact: true }).click()
        await expect.poll(() => page.getByRole('button', { name: button, exact: true }).getAttribute('aria-pressed')).toBe('true')
        await page.emulateMedia({ media: 'print' })
        // Printing shows the slip alone: no navigation, no format buttons.
        expect(await page.getByRole('navigation').first().isVisible()).toBe(false)
        expect(await page.getByRole('button', { name: 'Imprimer', exact: true }).isVisible()).toBe(false)
        expect(await slip.isVisible()).toBe(true)
        expect(await slip.innerText()).toContain('Total')
        // Delivered, so the courier has nothing left to collect.
        expect(await slip.innerText()).toContain('Payée')
        await page.screenshot({ path: SLIP_SHOTS[format], fullPage: true })
        // The print styles' page size, as Chromium prints it (a dropped size prints on Letter).
        expect(pageSizesInMm(await page.pdf({ preferCSSPageSize: true }))[0]).toEqual(SLIP_PAGES_MM[format])
      }
      expect(errors).toEqual([])
    })

    await shop.withPage(desktop, async ({ page }) => {
      await visit(page, '/')
      await signInWithEmail(page, customer.email, customer.password)
      await visit(page, '/profile/orders')
      const row = page.locator('li, article, .card, tr').filter({ hasText: numero }).first()
      await row.getByText('Livrée', { exact: true }).first().waitFor()
      await visit(page, '/profile/recompenses')
      const points = Math.floor(total / 1000)
      expect(points).toBeGreaterThan(0)
      await page.getByText(`${points} point${points > 1 ? 's' : ''}`, { exact: true }).first().waitFor()
    })
  })
})
