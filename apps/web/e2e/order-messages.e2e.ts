// Order messages (issue 18 §2) in Chromium against the built shop: an order placed, its SMS
// read from the server's sandbox (/sandbox/messages.json), its tracking link opened without
// signing in; an altered link gets the not-found page; WhatsApp chosen on « Mon compte ».
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser, type ShopPage } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { signInWithEmail, visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const shop = browserForFile(baseURL)
const desktop = { width: 1280, height: 900 }
// A number of this file's own: the other files' orders (« 77 123 45 67 ») spend that number's
// messages of the day (8, ADR 034), after which the next ones wait for tomorrow.
const national = `77${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`
const TEL = `${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`
const E164 = `+221${national}`

beforeAll(async () => {
  await clearEmulatorUsers(emulatorHost)
})

interface SandboxMessage {
  canal: 'sms' | 'whatsapp'
  destinataire: string
  texte: string
  date: string
}

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

/** A cash order for home delivery in Mermoz, placed through the API with one product in the cart. */
async function placeOrder(token: string): Promise<string> {
  const { utilisateur } = await api<{ utilisateur: { id: number } }>(token, 'GET', '/api/profile')
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ produitspaginated(page: 1, count: 12) { data { id quantite nb_variantes } } }' }),
  })
  const products = ((await res.json()) as { data: { produitspaginated: { data: Array<{ id: number; quantite: number; nb_variantes: number }> } } }).data.produitspaginated.data
  const product = products.find((p) => p.quantite >= 5 && p.nb_variantes === 1)!
  await api(token, 'POST', '/api/panier', { produit: product.id, user: utilisateur.id, quantite: 1, action: 0 })
  const modes = listOf(await api<Array<{ id: number; code: string }> | { data: Array<{ id: number; code: string }> }>(null, 'GET', '/api/modelivraisons'))
  const payments = listOf(await api<Array<{ id: number; code: string }> | { data: Array<{ id: number; code: string }> }>(null, 'GET', '/api/modepaiements'))
  const { commande } = await api<{ commande: { numerocommande: string } }>(token, 'POST', '/api/commande', {
    modelivraison: modes.find((m) => m.code === 'DOMICILE')!.id,
    modepaiement: payments.find((m) => m.code === 'CASH')!.id,
    adresseliv: 'Rue 10, villa 24, Mermoz',
    zone: 'Mermoz',
    tel: TEL,
  })
  return commande.numerocommande
}

/** The sandbox's message about `numero`, once the worker has sent it. */
async function messageAbout(numero: string): Promise<SandboxMessage> {
  let found: SandboxMessage | undefined
  await expect
    .poll(
      async () => {
        found = (await api<SandboxMessage[]>(null, 'GET', '/sandbox/messages.json')).find((m) => m.texte.includes(numero))
        return found !== undefined
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true)
  return found!
}

async function signIn(page: ShopPage['page'], name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@exemple.sn`
  const user = await createEmulatorUser(emulatorHost, { email, password: 'mafe-boeuf-2026', displayName: name })
  await visit(page, '/')
  await signInWithEmail(page, user.email, user.password)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('teranga.token'))).not.toBeNull()
  return (await page.evaluate(() => localStorage.getItem('teranga.token')))!
}

describe('order messages', () => {
  test("an order's SMS carries a link that opens its tracking page without signing in; an altered one does not", async () => {
    let link = ''
    let numero = ''
    await shop.withPage(desktop, async ({ page }) => {
      const token = await signIn(page, 'Mariama Ba')
      numero = await placeOrder(token)
      const sms = await messageAbout(numero)
      expect(sms).toMatchObject({ canal: 'sms', destinataire: E164 })
      expect(sms.texte).toMatch(new RegExp(`^Teranga : commande ${numero} enregistrée \\(\\d[\\d ]* FCFA\\)\\. Suivi : `))
      link = /https?:\/\/\S+/.exec(sms.texte)![0]
      expect(new URL(link).origin).toBe(baseURL)
    })

    // Another browser, never signed in.
    await shop.withPage(desktop, async ({ page }) => {
      await page.goto(link)
      await page.getByRole('heading', { name: `Suivi de la commande ${numero}` }).waitFor()
      await page.getByText('En attente de confirmation', { exact: true }).waitFor()
      await page.getByRole('table', { name: 'Articles de la commande' }).waitFor()
      expect(await page.evaluate(() => localStorage.getItem('teranga.token'))).toBeNull()

      const altered = new URL(link)
      const key = altered.searchParams.get('k')!
      altered.searchParams.set('k', `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)
      await page.goto(altered.toString())
      await page.getByText('Oops! Page not found.').waitFor()
      expect(await page.getByText('En attente de confirmation', { exact: true }).count()).toBe(0)
    })
  })

  test('WhatsApp chosen on « Mon compte »: the next order’s message goes by WhatsApp', async () => {
    await shop.withPage(desktop, async ({ page }) => {
      const token = await signIn(page, 'Ousmane Sembene')
      await visit(page, '/profile/account')
      const form = page.getByRole('form', { name: 'Suivi de mes commandes' })
      await form.getByRole('radio', { name: 'Par SMS' }).waitFor()
      await expect.poll(() => form.getByRole('radio', { name: 'Par SMS' }).isChecked()).toBe(true)
      await form.getByRole('radio', { name: 'Par WhatsApp' }).check()
      await form.getByRole('button', { name: 'Enregistrer mon choix' }).click()
      await page.getByText('Votre choix est enregistré.').waitFor()

      const numero = await placeOrder(token)
      expect(await messageAbout(numero)).toMatchObject({ canal: 'whatsapp', destinataire: E164 })
    })
  })
})
