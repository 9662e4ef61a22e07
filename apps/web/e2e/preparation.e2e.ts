// The picking list on a phone (issue 25 §2, ADR 055), in Chromium against the built shop: a
// shopper's cash order with a note and a line « Ne pas remplacer » is taken to « En préparation »
// from the order page, then prepared at 320, 360 and 412 px: one line replaced by a product found
// by name, another short; nothing scrolls sideways, the controls are thumb-sized, and each width
// leaves a screenshot in test-results/preparation/ to look at. The last one is submitted: the
// order page shows what was short and replaced, and the new amount to collect. The checkout's
// choices (« Ne pas remplacer », the note) are drawn at the same widths and the order placed.
import fs from 'node:fs/promises'
import path from 'node:path'
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
const SHOTS = path.join(WEB_DIR, 'test-results', 'preparation')
const TIMEOUT = 600_000

beforeAll(async () => {
  await ensureDemoAdmin(emulatorHost)
  await fs.mkdir(SHOTS, { recursive: true })
})

interface Item {
  id: number
  designation: string
  quantite: number
  nb_variantes: number
}

/** A cash order of two products (the second « Ne pas remplacer ») with a note, and a third product to replace with. */
async function placeOrder(page: Page) {
  const customer = await createEmulatorUser(emulatorHost, { email: `preparation.${Date.now()}@exemple.sn`, password: 'thiakry-2026', displayName: 'Awa Ndiaye' })
  await visit(page, '/')
  await signInWithEmail(page, customer.email, customer.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
  const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
  const graph = await call<{ data: { produitspaginated: { data: Item[] } } }>('POST', '/graphql', { query: '{ produitspaginated(page: 1, count: 24) { data { id designation quantite nb_variantes } } }' })
  const [first, second, substitute] = graph.data.produitspaginated.data.filter((p) => p.quantite >= 5 && p.nb_variantes === 1)
  for (const product of [first!, second!]) await call('POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 2, action: 0 })
  const cart = await call<{ data: { paniers: Array<{ panierproduits: Array<{ produit_id: number; variante_id: number }> }> } }>('POST', '/graphql', {
    query: '{ paniers { panierproduits { produit_id variante_id } } }',
  }).catch(() => null)
  const secondVariant = cart?.data.paniers[0]?.panierproduits.find((l) => l.produit_id === second!.id)?.variante_id
  const [modes, deliveries] = await Promise.all([call<Array<{ id: number; code: string }>>('GET', '/api/modepaiements'), call<Array<{ id: number; code: string }>>('GET', '/api/modelivraisons')])
  const placed = await call<{ commande: { numerocommande: string } }>('POST', '/api/commande', {
    modelivraison: deliveries.find((m) => m.code === 'DOMICILE')!.id,
    modepaiement: modes.find((m) => m.code === 'CASH')!.id,
    adresseliv: 'Sicap Liberté 6, villa 4021',
    zone: 'Mermoz',
    tel: '+221 77 555 44 33',
    note: 'Des tomates bien fermes, et appelez avant de venir svp.',
    ...(secondVariant ? { ne_pas_remplacer: [secondVariant] } : {}),
  })
  return { numero: placed.commande.numerocommande, first: first!, second: second!, substitute: substitute! }
}

/** How far the page is wider than the screen. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** The visible buttons and fields under `main` smaller than 44 px, named with their size. */
const smallTargets = (page: Page) =>
  page.locator('main .btn, main .form-control').evaluateAll((elements) =>
    elements
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 43.5 || box.height < 43.5))
      .map(({ el, box }) => `${el.tagName.toLowerCase()} « ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} » ${Math.round(box.width)}×${Math.round(box.height)}`),
  )

describe('the picking list on a phone', () => {
  test('at 320, 360 and 412 px: a line replaced, a line short, nothing sideways, then submitted', async () => {
    let order!: Awaited<ReturnType<typeof placeOrder>>
    await shop.withPage({ width: 360, height: 740, isMobile: true }, async ({ page }) => {
      order = await placeOrder(page)
    })
    const widths = [320, 360, 412]
    for (const [i, width] of widths.entries()) {
      await shop.withPage({ width, height: 800, isMobile: true }, async ({ page, errors }) => {
        await signInAdmin(page)
        if (i === 0) {
          await page.goto(`/admin/commandes/${order.numero}`)
          const heading = page.getByRole('heading', { level: 1 })
          for (const state of ['Confirmée', 'En préparation']) {
            await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: state, exact: true }).click()
            await expect.poll(() => heading.innerText()).toContain(state)
          }
          await page.getByRole('group', { name: 'Actions' }).getByRole('link', { name: 'Préparer' }).click()
        } else await page.goto(`/admin/commandes/${order.numero}/preparation`)
        await page.getByRole('heading', { level: 1, name: `Préparer la commande ${order.numero}` }).waitFor()
        await page.getByText('Des tomates bien fermes').waitFor()

        // The first line replaced by a product found by its name.
        await page.getByRole('group', { name: `Préparation : ${order.first.designation}` }).getByRole('button', { name: 'Remplacer' }).click()
        await page.getByLabel('Produit de remplacement (nom ou code)').fill(order.substitute.designation.slice(0, 12))
        const found = page.getByRole('group', { name: `Produits trouvés pour ${order.first.designation}` })
        await found.getByRole('button').first().waitFor()
        await found.getByRole('button', { name: new RegExp(order.substitute.designation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click()
        // The second line short by one.
        await page.getByRole('group', { name: `Préparation : ${order.second.designation}` }).getByRole('button', { name: 'Manquant' }).click()
        await page.getByLabel('Résumé de la préparation').getByText('Nouveau total').waitFor()

        expect(await scrollWidth(page), `${width} px`).toBeLessThanOrEqual(width)
        expect(await smallTargets(page)).toEqual([])
        await page.screenshot({ path: path.join(SHOTS, `liste-de-preparation-${width}.png`), fullPage: true })

        if (i === widths.length - 1) {
          await page.getByRole('button', { name: 'Valider la préparation' }).click()
          await page.getByRole('heading', { level: 1, name: new RegExp(`Commande ${order.numero}`) }).waitFor()
          await page.getByText(`Remplace ${order.first.designation}`).waitFor()
          await page.getByText('1 manquant(s) sur 2').waitFor()
          await page.getByText('À encaisser').first().waitFor()
          expect(await page.getByRole('link', { name: 'Préparer' }).count()).toBe(0)
          await page.screenshot({ path: path.join(SHOTS, `commande-preparee-${width}.png`), fullPage: true })
        }
        expect(errors).toEqual([])
      })
    }
  }, TIMEOUT)

  test('the checkout’s choices at 320, 360 and 412 px: a line « Ne pas remplacer », a note, the order placed', async () => {
    await shop.withPage({ width: 360, height: 800, isMobile: true }, async ({ page, errors }) => {
      const customer = await createEmulatorUser(emulatorHost, { email: `choix.${Date.now()}@exemple.sn`, password: 'mafe-2026', displayName: 'Moussa Fall' })
      await visit(page, '/')
      await signInWithEmail(page, customer.email, customer.password)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
      const token = (await page.evaluate(() => localStorage.getItem('teranga.token')))!
      const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
        const res = await fetch(`${baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
        return (await res.json()) as T
      }
      const { utilisateur } = await call<{ utilisateur: { id: number } }>('GET', '/api/profile')
      const graph = await call<{ data: { produitspaginated: { data: Item[] }; zoneslivraison: Array<{ id: number; designation: string; frais: number }> } }>('POST', '/graphql', {
        query: '{ produitspaginated(page: 1, count: 24) { data { id designation quantite nb_variantes } } zoneslivraison { id designation frais } }',
      })
      const [first, second] = graph.data.produitspaginated.data.filter((p) => p.quantite >= 5 && p.nb_variantes === 1)
      for (const product of [first!, second!]) await call('POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 1, action: 0 })
      const zone = graph.data.zoneslivraison.find((z) => z.designation === 'Mermoz') ?? graph.data.zoneslivraison[0]!
      // The delivery steps as the shopper left them (the checkout's session context).
      await page.evaluate(
        ([userId, zone]) =>
          sessionStorage.setItem(
            'teranga.livraison',
            JSON.stringify({
              userId,
              currentPosition: null,
              otherPosition: null,
              address: { id: null, libelle: null, adresse: 'Sicap Liberté 6, villa 4021', zone, telephone: '77 555 44 33', latitude: null, longitude: null },
              deliveryMode: 'DOMICILE',
              depot: null,
              depotIsNearest: false,
              telephone: '77 555 44 33',
              paymentMode: null,
              idempotencyKey: null,
            }),
          ),
        [utilisateur.id, zone] as const,
      )
      await page.goto('/paiement')
      const section = page.getByRole('region', { name: 'Si un produit manque' })
      await section.waitFor()
      await section.getByRole('combobox', { name: second!.designation }).selectOption({ label: 'Ne pas remplacer' })
      await section.getByRole('textbox', { name: /Note pour le préparateur/ }).fill('Des mangues pas trop mûres, merci.')
      for (const width of [320, 360, 412]) {
        await page.setViewportSize({ width, height: 800 })
        expect(await scrollWidth(page), `${width} px`).toBeLessThanOrEqual(width)
        await section.scrollIntoViewIfNeeded()
        await page.screenshot({ path: path.join(SHOTS, `paiement-choix-${width}.png`), fullPage: true })
      }
      // The modes are cards: the radio is hidden behind its label, which is what a shopper taps.
      const cash = page.getByRole('radio', { name: /Paiement à la livraison/ })
      await page.locator(`label[for="${await cash.getAttribute('id')}"]`).click()
      expect(await cash.isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/success')
      expect(errors).toEqual([])
    })
  }, TIMEOUT)
})
