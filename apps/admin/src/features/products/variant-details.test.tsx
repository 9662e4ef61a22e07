// A variant's « Détails » in the product form (ADR 053 §6): its sale, threshold, barcode and image in a
// dialog from its row, sent in `variantes[]` (an emptied sale or barcode clears it, a new row
// sends only what was typed), the shared schema's and the server's errors on the right field.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES, type Product, type ProductVariant } from '@teranga/shared/backoffice-catalogue'
import { formatPrix } from '@teranga/shared/money'
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, product, requests, server } from '../../testing/server.ts'

const variant = (overrides: Partial<ProductVariant>): ProductVariant => ({ ...product.variantes[0]!, ...overrides })

/** « Riz brisé parfumé » in two sizes: 5 kg (id 31, on sale until the 31st, a barcode) and 25 kg (id 32). */
const rice: Product = {
  ...product,
  id: 12,
  code: 'EPI-G01',
  designation: 'Riz brisé parfumé',
  prix: 4000,
  prix_fr: '4\u00a0000\u00a0FCFA',
  quantite: 142,
  options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }],
  nb_variantes: 2,
  variantes: [
    variant({ id: 31, options: { Contenance: '5 kg' }, designation: 'Riz brisé parfumé 5 kg', position: 0, code: 'EPI-0001', code_barres: '6001234500017', prix: 4000, prix_fr: '4\u00a0000\u00a0FCFA', prix_promo: 3500, promo_debut: null, promo_fin: '2026-12-31T23:59:00.000Z', promo_active: true, quantite: 140, seuil: 10, stock_bas: false }),
    variant({ id: 32, options: { Contenance: '25 kg' }, designation: 'Riz brisé parfumé 25 kg', position: 1, code: 'EPI-0002', code_barres: null, prix: 17500, prix_fr: '17\u00a0500\u00a0FCFA', prix_promo: null, promo_debut: null, promo_fin: null, promo_active: false, quantite: 2, seuil: 5, stock_bas: true }),
  ],
}

const serveRice = () => server.use(http.get('*/api/produit/:id', () => HttpResponse.json(rice)))
const puts = () => requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/produit/12').map((r) => r.body as { variantes: Array<Record<string, unknown>> })

async function openDetails(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Détails de ${label}` }))
  return screen.findByRole('dialog', { name: `Détails de ${label}` })
}

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input)
  if (text) await userEvent.type(input, text)
}

// Whole forms typed on a phone-sized page: slower than a page test's default on a busy machine.
const FORM_TEST = 60_000

describe('a variant’s « Détails »: sale, threshold and barcode', () => {
  it('shows a variant’s sale and barcode, puts another on sale, and sends both in `variantes[]`', async () => {
    serveRice()
    renderAdmin('/produits/12')
    await screen.findByLabelText('Code de 25 kg')
    const rows = within(screen.getByRole('table', { name: 'Variantes' })).getAllByRole('row')
    // The 5 kg bag is on sale: its row says so.
    expect(within(rows[1]!).getByText('Promo')).toBeInTheDocument()
    expect(within(rows[2]!).queryByText('Promo')).not.toBeInTheDocument()

    let dialog = await openDetails('5 kg')
    expect(within(dialog).getByText('En cours : -13 %')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Prix promotionnel (FCFA)')).toHaveValue('3500')
    expect(within(dialog).getByLabelText('Fin de la promotion (heure de Dakar)')).toHaveValue('2026-12-31T23:59')
    expect(within(dialog).getByLabelText('Seuil de stock bas')).toHaveValue('10')
    expect(within(dialog).getByLabelText('Code-barres')).toHaveValue('6001234500017')
    expect(await seriousViolations()).toEqual([])
    // Its sale ends now: price and dates emptied.
    await retype(within(dialog).getByLabelText('Prix promotionnel (FCFA)'), '')
    await retype(within(dialog).getByLabelText('Fin de la promotion (heure de Dakar)'), '')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(rows[1]!).queryByText('Promo')).not.toBeInTheDocument()

    dialog = await openDetails('25 kg')
    expect(within(dialog).getByLabelText('Prix promotionnel (FCFA)')).toHaveValue('')
    await userEvent.type(within(dialog).getByLabelText('Prix promotionnel (FCFA)'), '15000')
    await userEvent.type(within(dialog).getByLabelText('Début de la promotion (heure de Dakar)'), '2026-12-01T08:00')
    await userEvent.type(within(dialog).getByLabelText('Fin de la promotion (heure de Dakar)'), '2026-12-24T20:00')
    await retype(within(dialog).getByLabelText('Seuil de stock bas'), '3')
    await userEvent.type(within(dialog).getByLabelText('Code-barres'), '6001234500024')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    const body = puts()[0]!
    expect(body.variantes).toEqual([
      { id: 31, options: { Contenance: '5 kg' }, position: 0, code: 'EPI-0001', prix: 4000, prix_promo: null, promo_debut: null, promo_fin: null, seuil: 10, code_barres: '6001234500017' },
      { id: 32, options: { Contenance: '25 kg' }, position: 1, code: 'EPI-0002', prix: 17500, prix_promo: 15000, promo_debut: '2026-12-01T08:00:00.000Z', promo_fin: '2026-12-24T20:00:00.000Z', seuil: 3, code_barres: '6001234500024' },
    ])
    for (const field of ['prix', 'prix_promo', 'promo_debut', 'promo_fin', 'seuil']) expect(body).not.toHaveProperty(field)
  }, FORM_TEST)

  it('uploads one variant’s image from its « Détails » and sends its key for that variant only', async () => {
    serveRice()
    renderAdmin('/produits/12')
    await screen.findByLabelText('Code de 25 kg')
    const dialog = await openDetails('25 kg')
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    await userEvent.upload(within(dialog).getByLabelText('Image de la variante (JPEG, PNG ou GIF, 2 Mo au plus)'), new File([png], 'sac-25kg.png', { type: 'image/png' }))
    // The upload's preview, then the dialog closes once it is in.
    expect(await within(dialog).findByAltText("Aperçu de l'image")).toHaveAttribute('src', '/media/uploads/0123456789abcdef0123456789abcdef-320.webp')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    const [five, twentyFive] = puts()[0]!.variantes
    expect(twentyFive).toMatchObject({ id: 32, image: 'uploads/0123456789abcdef0123456789abcdef' })
    // The other variant's image is not sent: the server keeps it.
    expect(five).not.toHaveProperty('image')
  }, FORM_TEST)

  it('refuses a sale price not below the variant’s before sending, and shows the server’s errors on their fields, named under the row', async () => {
    serveRice()
    let answered = 0
    server.use(
      http.put('*/api/produit/:id', () => {
        answered += 1
        return HttpResponse.json(
          { message: 'Les données sont invalides', errors: { 'variantes.1.code_barres': [CATALOGUE_MESSAGES.codeBarresTaken], 'variantes.1.promo_fin': [PROMO_MESSAGES.dateInvalid] } },
          { status: 400 },
        )
      }),
    )
    renderAdmin('/produits/12')
    let dialog = await openDetails('25 kg')
    await userEvent.type(within(dialog).getByLabelText('Prix promotionnel (FCFA)'), '17500')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    // The shared schema's message, under the row while the dialog is closed, then under its field.
    expect(await screen.findByText(`Prix promotionnel (FCFA) : ${PROMO_MESSAGES.prixPromoNotLower}`)).toBeInTheDocument()
    expect(answered).toBe(0)
    dialog = await openDetails('25 kg')
    expect(within(dialog).getByLabelText('Prix promotionnel (FCFA)')).toHaveAccessibleDescription(expect.stringContaining(PROMO_MESSAGES.prixPromoNotLower))
    expect(within(dialog).getByLabelText('Prix promotionnel (FCFA)')).toHaveAttribute('aria-invalid', 'true')
    await retype(within(dialog).getByLabelText('Prix promotionnel (FCFA)'), '15000')
    await userEvent.type(within(dialog).getByLabelText('Code-barres'), '6001234500017')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(`Code-barres : ${CATALOGUE_MESSAGES.codeBarresTaken}`)).toBeInTheDocument()
    expect(answered).toBe(1)
    dialog = await openDetails('25 kg')
    expect(within(dialog).getByLabelText('Code-barres')).toHaveAccessibleDescription(expect.stringContaining(CATALOGUE_MESSAGES.codeBarresTaken))
    expect(within(dialog).getByLabelText('Fin de la promotion (heure de Dakar)')).toHaveAccessibleDescription(PROMO_MESSAGES.dateInvalid)
    expect(within(dialog).getByLabelText('Prix promotionnel (FCFA)')).toHaveAttribute('aria-invalid', 'false')
    expect(within(dialog).getByLabelText('Seuil de stock bas')).toHaveAttribute('aria-invalid', 'false')
    // The other variant's fields carry none of them.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    dialog = await openDetails('5 kg')
    expect(within(dialog).getByLabelText('Code-barres')).toHaveAttribute('aria-invalid', 'false')
  }, FORM_TEST)

  it('a new variant sends only the details typed, else the product’s threshold for new variants', async () => {
    serveRice()
    renderAdmin('/produits/12')
    await screen.findByLabelText('Code de 25 kg')
    await retype(screen.getByLabelText('Seuil de stock bas des nouvelles variantes'), '4')
    await userEvent.type(screen.getByLabelText('Ajouter une valeur à « Contenance »'), '50 kg{Enter}')
    await userEvent.type(screen.getByLabelText('Ajouter une valeur à « Contenance »'), '1 kg{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Générer les variantes' }))
    const dialog = await openDetails('1 kg')
    expect(within(dialog).getByText('Vide : le seuil des nouvelles variantes.')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Prix promotionnel (FCFA)'), '900')
    await userEvent.type(within(dialog).getByLabelText('Seuil de stock bas'), '20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    const [, , fifty, one] = puts()[0]!.variantes
    expect(fifty).toEqual({ options: { Contenance: '50 kg' }, position: 2, code: 'EPI-G01-50KG', prix: 4000, qte: 0, seuil: 4 })
    expect(one).toEqual({ options: { Contenance: '1 kg' }, position: 3, code: 'EPI-G01-1KG', prix: 4000, qte: 0, prix_promo: 900, seuil: 20 })
  }, FORM_TEST)

  it('a reader sees each variant’s details under its values, with no dialog to edit them', async () => {
    serveRice()
    renderAdmin('/produits/12', { me: MANAGER })
    await screen.findByLabelText('Code de 25 kg')
    expect(screen.queryByRole('button', { name: /^Détails de/ })).not.toBeInTheDocument()
    const rows = within(screen.getByRole('table', { name: 'Variantes' })).getAllByRole('row')
    expect(within(rows[1]!).getByText(`Promo : ${formatPrix(3500).replaceAll('\u00a0', ' ')} jusqu’au 31/12/2026 23:59 · Seuil : 10 · Code-barres : 6001234500017`)).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Seuil : 5')).toBeInTheDocument()
  })
})
