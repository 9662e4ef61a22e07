// The phone screen's content (issue 23 §1) in Chromium at 360 px against the built shop: search
// suggestions tell apart two names that differ only at the end; a tracking link reads on a
// phone without the app's script (drawn by the server, state, lines and amounts) and hydrates
// without error; amounts never break inside the number.
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const phone = { width: 360, height: 740, isMobile: true }
/** Where a run keeps its screenshots to look at (not a test's output). */
const SHOTS = process.env['E2E_SCREENSHOTS']

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const listOf = <T>(answer: T[] | { data: T[] }) => (Array.isArray(answer) ? answer : answer.data)

/** A customer's token, an order placed through the API, and its tracking link from the message sandbox. */
async function trackedOrder(): Promise<{ numero: string; link: string }> {
  const user = await createEmulatorUser(emulatorHost, { email: `awa.diop.${Date.now()}@exemple.sn`, password: 'ceebu-jen-2026', displayName: 'Awa Diop' })
  const { token } = await api<{ token: string }>(null, 'POST', '/api/sociallogin', { idToken: user.idToken, email: user.email, prenom: 'Awa', nom: 'Diop' })
  const { utilisateur } = await api<{ utilisateur: { id: number } }>(token, 'GET', '/api/profile')
  const products = (await api<{ data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }>(null, 'POST', '/graphql', { query: '{ produitspaginated(page: 1, count: 12) { data { id quantite nb_variantes } } }' })).data.produitspaginated.data
  const product = products.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
  await api(token, 'POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 3, action: 0 })
  const modes = listOf(await api<Array<{ id: number; code: string }> | { data: Array<{ id: number; code: string }> }>(null, 'GET', '/api/modelivraisons'))
  const payments = listOf(await api<Array<{ id: number; code: string }> | { data: Array<{ id: number; code: string }> }>(null, 'GET', '/api/modepaiements'))
  const { commande } = await api<{ commande: { numerocommande: string } }>(token, 'POST', '/api/commande', {
    modelivraison: modes.find((m) => m.code === 'DOMICILE')!.id,
    modepaiement: payments.find((m) => m.code === 'CASH')!.id,
    adresseliv: 'Rue 10, villa 24, Mermoz',
    zone: 'Mermoz',
    // A number of its own: the other files' orders to « 77 123 45 67 » spend that number's
    // messages of the day (8, ADR 034), after which the tracking SMS would wait for tomorrow.
    tel: `77 ${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
  })
  let link = ''
  await expect
    .poll(
      async () => {
        const sms = (await api<Array<{ texte: string }>>(null, 'GET', '/sandbox/messages.json')).find((m) => m.texte.includes(commande.numerocommande))
        link = sms ? /https?:\/\/\S+/.exec(sms.texte)![0] : ''
        return link !== ''
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true)
  return { numero: commande.numerocommande, link }
}

/** Every element showing an amount whose box wraps onto a second line (« 4 » / « 000 FCFA »). */
const brokenAmounts = `[...document.querySelectorAll('body *')]
  .filter((el) => el.children.length === 0 && /\\d[\\s\\u00a0]\\d{3}[\\s\\u00a0]FCFA|\\d[\\s\\u00a0]FCFA/.test(el.textContent ?? ''))
  .filter((el) => { const r = document.createRange(); r.selectNodeContents(el); const lines = new Set([...r.getClientRects()].map((b) => Math.round(b.top))); return lines.size > 1 && /^\\s*-?[\\d\\s\\u00a0]+FCFA\\s*$/.test(el.textContent ?? '') })
  .map((el) => el.textContent)`

describe('the phone screen', () => {
  test('search suggestions show whole names: two that differ only at the end are told apart', async () => {
    await shop.withPage(phone, async ({ page, errors }) => {
      await visit(page, '/')
      const box = page.getByRole('combobox', { name: 'Rechercher un produit' })
      await box.fill('Riz')
      const options = page.getByRole('option')
      await options.first().waitFor()
      const names = await page.locator('.search-suggestion-name').evaluateAll((els) =>
        els.map((el) => ({ text: el.textContent ?? '', cut: el.scrollWidth > el.clientWidth + 1, right: el.getBoundingClientRect().right })),
      )
      expect(names.length).toBeGreaterThan(1)
      for (const name of names) {
        expect(name.cut, name.text).toBe(false)
        expect(name.right, name.text).toBeLessThanOrEqual(360)
      }
      // Each option's visible name is the product's whole name: all distinct.
      expect(new Set(names.map((n) => n.text)).size).toBe(names.length)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/suggestions-360.png` })
      expect(errors).toEqual([])
    })
  })

  test('a tracking link reads without the script on a phone, then hydrates without error', async () => {
    const { numero, link } = await trackedOrder()
    // A weak phone that runs no script yet: the server's page alone.
    await shop.withPage(
      phone,
      async ({ page }) => {
        await page.goto(link)
        await page.getByRole('heading', { name: `Suivi de la commande ${numero}` }).waitFor()
        await page.getByText('En attente de confirmation', { exact: true }).waitFor()
        expect(await page.getByRole('table', { name: 'Articles de la commande' }).getByRole('row').count()).toBe(2)
        expect(await page.getByText('Chargement de la commande').count()).toBe(0)
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/suivi-360-sans-script.png`, fullPage: true })
      },
      { javaScriptEnabled: false },
    )
    await shop.withPage(phone, async ({ page, errors }) => {
      const said: string[] = []
      page.on('console', (message) => said.push(message.text()))
      await page.goto(link)
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
      await page.getByRole('heading', { name: `Suivi de la commande ${numero}` }).waitFor()
      expect(said.filter((text) => /Minified React error #(418|419|422|423|425)\b|hydrat/i.test(text))).toEqual([])
      expect(errors).toEqual([])
      expect(await page.evaluate(brokenAmounts)).toEqual([])
      // The order fits the phone's width (the footer's own overflow is the layout sweep's, issue 23).
      expect(await page.evaluate(() => Math.max(...[...document.querySelectorAll('main article, main article *')].map((el) => el.getBoundingClientRect().right)))).toBeLessThanOrEqual(360)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/suivi-360.png`, fullPage: true })
    })
  })

  test('the FAQ prints the zones’ fees and the cart panel its amounts without breaking a number', async () => {
    await shop.withPage(phone, async ({ page }) => {
      await visit(page, '/faq')
      const fees = page.getByRole('table', { name: 'Frais de livraison par zone' })
      await fees.waitFor()
      expect(await fees.getByRole('row').filter({ hasText: 'Mermoz' }).innerText()).toMatch(/\d[\u00a0]\d{3}[\u00a0]FCFA/)
      expect(await page.evaluate(brokenAmounts)).toEqual([])
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/faq-360.png`, fullPage: true })

      // « Riz brisé parfumé 5 kg » is a variant of the product « Riz brisé parfumé » (ADR 053 §8).
      const rice = (await api<{ data: { produitspaginated: { data: Array<{ id: number; designation: string; variantes: Array<{ id: number; designation: string }> }> } } }>(null, 'POST', '/graphql', {
        query: '{ produitspaginated(page: 1, count: 12, designation: "Riz brisé parfumé") { data { id designation variantes { id designation } } } }',
      })).data.produitspaginated.data.find((p) => p.designation === 'Riz brisé parfumé')!
      const fiveKilos = rice.variantes.find((v) => v.designation === 'Riz brisé parfumé 5 kg')!
      await visit(page, `/product/${rice.id}?variante=${fiveKilos.id}`)
      await page.getByRole('heading', { level: 1, name: rice.designation }).waitFor()
      expect(await page.getByRole('radio', { name: '5 kg', exact: true }).isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Ajouter au panier' }).first().click()
      await expect.poll(() => page.getByRole('button', { name: /^Panier,/ }).innerText()).toContain('1')
      await page.getByRole('button', { name: /^Panier,/ }).click()
      const panel = page.getByRole('dialog', { name: 'Mon Panier' })
      await panel.getByTestId('cart-panel-total').waitFor()
      // 500 is refused (above the stock): the field comes back to the cart's quantity.
      const quantity = panel.getByRole('spinbutton').first()
      await quantity.fill('500')
      await quantity.press('Enter')
      await expect.poll(() => quantity.inputValue()).toBe('1')
      expect(await page.evaluate(brokenAmounts)).toEqual([])
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-panel-360.png` })
    })
  })
})
