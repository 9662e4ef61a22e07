// The delivery day's money and buying again (issue 25 §4 and §5), in the built shop: a shopper's
// cash order carried by a courier and delivered through the back office, the courier's hand-back
// entered on « Caisse », whose line turns red while money is missing (at 320, 360 and 412 px,
// screenshots in test-results/caisse/); then the shopper's « Commander à nouveau » from « Mes
// achats », the cart panel naming the product now out of stock (screenshots too).
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { ensureDemoAdmin, signInAdmin } from './support/demo-admin.ts'
import { signInWithEmail, visit } from './support/shop-actions.ts'
import { WEB_DIR } from './support/shop-server.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const WIDTHS = [320, 360, 412] as const
const HEIGHTS = { 320: 640, 360: 740, 412: 915 } as const
const SHOTS = path.join(WEB_DIR, 'test-results', 'caisse')
const TIMEOUT = 600_000

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
  fs.rmSync(SHOTS, { recursive: true, force: true })
  fs.mkdirSync(SHOTS, { recursive: true })
})

/** A back-office call with the signed-in admin's token (kept in the tab). */
async function adminCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers = { authorization: `Bearer ${sessionStorage.getItem('teranga-admin-token')}`, 'content-type': 'application/json' }
      const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
      return (await res.json()) as T
    },
    { method, url, body },
  ) as Promise<T>
}

const stamp = Date.now()
const LAST_PACKETS = `Thiakry du balayage ${stamp}`

describe('« Caisse » and « Commander à nouveau »', () => {
  test('a delivered cash order on the cash page, then ordered again with one product out of stock', async () => {
    let courier = ''
    let orderNumber = ''
    let pots = 0
    const shopper = await createEmulatorUser(emulatorHost, { email: `ndeye.sarr.${stamp}@exemple.sn`, password: 'thiakry-2026', displayName: 'Ndèye Sarr' })

    // The admin makes a courier and a product of which only 2 are left.
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page }) => {
      await signInAdmin(page)
      courier = `Livreur ${stamp}`
      await adminCall(page, 'POST', '/api/livreur', { nom: courier, telephone: '77 600 11 22' })
      const list = await adminCall<{ data: Array<{ souscategorie: { id: number } }> }>(page, 'GET', '/api/produit?count=1')
      ;({ id: pots } = await adminCall<{ id: number }>(page, 'POST', '/api/produit', {
        designation: LAST_PACKETS,
        unite: 'pot',
        categorie_id: list.data[0]!.souscategorie.id,
        code: `THK-${stamp}`,
        options: [{ nom: 'Format', valeurs: ['Pot de 500 g'] }],
        variantes: [{ options: { Format: 'Pot de 500 g' }, position: 0, code: `THK-${stamp}-1`, prix: 1500, qte: 2 }],
      }))
    })

    // The shopper orders one demo product and the last 2 pots, paid on delivery.
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page }) => {
      await visit(page, '/')
      await signInWithEmail(page, shopper.email, shopper.password)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
      const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
      const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
        const res = await fetch(`${baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
        return (await res.json()) as T
      }
      const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
      const graph = await call<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>('POST', '/graphql', {
        query: '{ produitspaginated(page: 1, count: 50) { data { id quantite nb_variantes } } }',
      })
      const demo = graph.data.produitspaginated.data.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
      await call('POST', '/api/panier', { produit: demo.id, user: utilisateur.id, quantite: 1, action: 0 })
      await call('POST', '/api/panier', { produit: pots, user: utilisateur.id, quantite: 2, action: 0 })
      const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
      const placed = await call<{ commande: { numerocommande: string } }>('POST', '/api/commande', {
        modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
        modepaiement: modes.find((m) => m.code === 'CASH')!.id,
        adresseliv: 'Sicap Liberté 6, villa 4410',
        zone: 'Mermoz',
        tel: '+221 77 555 44 33',
      })
      orderNumber = placed.commande.numerocommande
    })

    // The back office carries it to the courier's hands and marks it delivered; a hand-back of
    // 1 000 FCFA is entered on « Caisse »: the courier's line is red (money missing).
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page, errors }) => {
      await signInAdmin(page)
      const couriers = await adminCall<Array<{ id: number; nom: string }>>(page, 'GET', '/api/livreur')
      const livreur = couriers.find((c) => c.nom === courier)!
      for (const etat of ['confirmee', 'en_preparation']) await adminCall(page, 'POST', `/api/commande/${orderNumber}/etat`, { etat })
      await adminCall(page, 'PUT', `/api/commande/${orderNumber}/livreur`, { livreur: livreur.id })
      for (const etat of ['en_livraison', 'livree']) await adminCall(page, 'POST', `/api/commande/${orderNumber}/etat`, { etat })

      await page.goto('/admin/caisse')
      await page.getByRole('heading', { level: 1, name: 'Caisse' }).waitFor()
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Enregistrer la remise' }) })
      await form.getByLabel('Livreur').selectOption({ label: courier })
      await form.getByLabel('Montant remis (FCFA)').fill('1000')
      await form.getByRole('button', { name: 'Enregistrer la remise' }).click()
      // On a phone, a card per courier (a table row on a wider screen): its « Remis » line, red.
      const item = page.locator(`[data-livreur="${livreur.id}"]`)
      await expect.poll(() => item.locator('dt', { hasText: 'Remis' }).locator('xpath=following-sibling::dd').innerText()).toBe('1\u00a0000\u00a0FCFA')
      await expect.poll(() => item.getAttribute('class')).toContain('list-group-item-danger')
      expect(errors).toEqual([])
    })

    for (const width of WIDTHS) {
      await shop.withPage({ width, height: HEIGHTS[width], isMobile: true }, async ({ page }) => {
        await signInAdmin(page)
        await page.goto('/admin/caisse')
        await page.locator('main [data-livreur]').filter({ hasText: courier }).waitFor()
        await page.getByRole('region', { name: 'Caisse des 30 derniers jours' }).waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: path.join(SHOTS, `caisse-${width}.png`), fullPage: true })
      })
    }

    // The shopper buys again: the demo product is back in the cart, the pots are out of stock.
    for (const width of WIDTHS) {
      await shop.withPage({ width, height: HEIGHTS[width], isMobile: true }, async ({ page, errors }) => {
        await visit(page, '/')
        await signInWithEmail(page, shopper.email, shopper.password)
        await visit(page, '/profile/orders')
        const card = page.getByRole('article', { name: `Commande ${orderNumber}` })
        await card.getByRole('button', { name: 'Commander à nouveau' }).click()
        const panel = page.getByRole('dialog', { name: 'Mon Panier' })
        const notice = panel.getByRole('status').filter({ hasText: 'Plus disponibles' })
        await notice.waitFor()
        expect(await notice.innerText()).toContain(`${LAST_PACKETS} Pot de 500 g : En rupture de stock.`)
        expect(await panel.locator('.cart-lines li').count()).toBe(1)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: path.join(SHOTS, `commander-a-nouveau-${width}.png`) })
        expect(errors).toEqual([])
      })
    }
  }, TIMEOUT)
})

