// The back office's exports (issue 26 §2, ADR 060) in the built shop: the admin downloads the
// orders as Excel from « Commandes » at 360 px, and the file Chromium saved opens with exceljs
// with the contract's headers; « Exporter (CSV) » saves a CSV with its BOM and `;`. The pages
// that gained the buttons (orders, customers, cash, journal) scroll nowhere sideways at 320,
// 360 and 412 px.
import ExcelJS from 'exceljs'
import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { browserForFile } from './support/browser-for-file.ts'
import { ensureDemoAdmin, signInAdmin } from './support/demo-admin.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WIDTHS = [320, 360, 412] as const
const HEIGHTS = { 320: 640, 360: 740, 412: 915 } as const

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
})

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('« Exporter (CSV) » and « Exporter (Excel) »', () => {
  test('the orders as Excel and as CSV, saved by Chromium, read back', async () => {
    await shop.withPage(
      { width: 360, height: 740, isMobile: true },
      async ({ page }) => {
        await signInAdmin(page)
        await page.goto('/admin/commandes')
        await page.getByRole('heading', { level: 1, name: /Commandes/ }).waitFor()
        const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter (Excel)' }).click()])
        expect(excel.suggestedFilename()).toMatch(/^commandes-\d{4}-\d{2}-\d{2}\.xlsx$/)
        const workbook = new ExcelJS.Workbook()
        await workbook.xlsx.readFile((await excel.path())!)
        const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)
        expect(header.slice(0, 8)).toEqual(['Commande', 'Date (Dakar)', 'Client', 'Téléphone', 'Zone', 'Mode de livraison', 'Mode de paiement', 'État'])

        const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter (CSV)' }).click()])
        expect(csv.suggestedFilename()).toMatch(/^commandes-\d{4}-\d{2}-\d{2}\.csv$/)
        const text = fs.readFileSync((await csv.path())!, 'utf8')
        expect(text.startsWith('\uFEFFCommande;Date (Dakar);Client;')).toBe(true)
      },
      { acceptDownloads: true },
    )
  })

  test('no page with the buttons scrolls sideways at 320, 360 and 412 px', async () => {
    for (const width of WIDTHS) {
      await shop.withPage({ width, height: HEIGHTS[width], isMobile: true }, async ({ page }) => {
        await signInAdmin(page)
        for (const [url, heading] of [
          ['/admin/commandes', /Commandes/],
          ['/admin/clients', /Clients/],
          ['/admin/caisse', /Caisse/],
          ['/admin/journal', /Journal des modifications/],
          ['/admin/produits', /Produits/],
        ] as const) {
          await page.goto(url)
          await page.getByRole('heading', { level: 1, name: heading }).waitFor()
          await page.getByRole('button', { name: 'Exporter (Excel)' }).first().waitFor()
          expect(await sideways(page), `${url} at ${width} px`).toBeLessThanOrEqual(0)
        }
      })
    }
  })
})
