// The product form's spec messages, the image checked by its bytes, the CSV import's dry run,
// and the list's prices: a running sale over its struck price, a sale to come, the promotion filter.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES, IMAGE_MAX_BYTES, productFormSchema } from '@teranga/shared/backoffice-catalogue'
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import { checkImage } from '../../components/image-upload.tsx'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { product, requests, server } from '../../testing/server.ts'

const messagesOf = (input: Record<string, unknown>) => {
  const result = productFormSchema.safeParse({ designation: 'Riz', prix: '5000', qte: '3', unite: 'sac', categorie_id: '4', ...input })
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('product form', () => {
  it('says each spec message', () => {
    expect(messagesOf({ designation: '' })).toEqual(['La désignation est requise'])
    expect(messagesOf({ prix: '' })).toEqual(['Le prix est requis'])
    expect(messagesOf({ prix: 'abc' })).toEqual(['Le prix doit être un nombre'])
    expect(messagesOf({ prix: '-5' })).toEqual(['Le prix doit être positif'])
    expect(messagesOf({ qte: '1.5' })).toEqual(['La quantité doit être un entier'])
    expect(messagesOf({ qte: '0' })).toEqual(['La quantité doit être au moins 1'])
    expect(messagesOf({ unite: '' })).toEqual(["L'unité est requise"])
    expect(messagesOf({ categorie_id: '' })).toEqual(['La categorie est requise'])
    expect(messagesOf({})).toEqual([])
  })

  it('checks the sale price against the price and its dates against each other', () => {
    expect(messagesOf({ prix_promo: '5000' })).toEqual([PROMO_MESSAGES.prixPromoNotLower])
    expect(messagesOf({ prix_promo: '4000', promo_debut: '2026-12-24T08:00', promo_fin: '2026-12-20T08:00' })).toEqual([PROMO_MESSAGES.finBeforeDebut])
    expect(messagesOf({ promo_fin: '2026-12-20T08:00' })).toEqual([PROMO_MESSAGES.promoDatesWithoutPrice])
    expect(messagesOf({ prix_promo: '', promo_debut: '', promo_fin: '' })).toEqual([])
  })

  it('sends the sale price and its dates (Dakar time) with the product', async () => {
    renderAdmin('/produits/nouveau')
    await screen.findByRole('option', { name: 'Riz' })
    await userEvent.type(screen.getByLabelText('Désignation'), 'Riz en promo')
    await userEvent.type(screen.getByLabelText('Prix (FCFA)'), '5000')
    await userEvent.type(screen.getByLabelText('Quantité'), '10')
    await userEvent.type(screen.getByLabelText('Unité'), 'sac')
    await userEvent.selectOptions(screen.getByLabelText('Sous-catégorie'), '4')
    await userEvent.type(screen.getByLabelText('Prix promotionnel (FCFA)'), '5000')
    await userEvent.click(screen.getByRole('button', { name: 'Créer le produit' }))
    expect(await screen.findByText(PROMO_MESSAGES.prixPromoNotLower)).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Prix promotionnel (FCFA)'))
    await userEvent.type(screen.getByLabelText('Prix promotionnel (FCFA)'), '4000')
    await userEvent.type(screen.getByLabelText('Fin (heure de Dakar)'), '2026-12-31T23:59')
    await userEvent.click(screen.getByRole('button', { name: 'Créer le produit' }))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/produit')?.body).toMatchObject({ prix: 5000, prix_promo: 4000, promo_debut: null, promo_fin: '2026-12-31T23:59:00.000Z' }),
    )
  })

  it('shows the messages on the empty form and sends nothing', async () => {
    renderAdmin('/produits/nouveau')
    await userEvent.click(await screen.findByRole('button', { name: 'Créer le produit' }))
    for (const message of ['La désignation est requise', 'Le prix est requis', "L'unité est requise", 'La categorie est requise']) expect(await screen.findByText(message)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/produit')).toBe(false)
    expect(await seriousViolations()).toEqual([])
  })

  it('creates a product with the contract field names', async () => {
    renderAdmin('/produits/nouveau')
    await screen.findByRole('option', { name: 'Riz' })
    await userEvent.type(screen.getByLabelText('Désignation'), 'Riz brisé')
    await userEvent.type(screen.getByLabelText('Prix (FCFA)'), '4500')
    await userEvent.type(screen.getByLabelText('Quantité'), '10')
    await userEvent.type(screen.getByLabelText('Unité'), 'sac')
    await userEvent.selectOptions(screen.getByLabelText('Sous-catégorie'), '4')
    await userEvent.click(screen.getByRole('button', { name: 'Créer le produit' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/produit')?.body).toMatchObject({ designation: 'Riz brisé', prix: 4500, qte: 10, unite: 'sac', categorie_id: 4 }))
  })

  it('checks the image by its size and its first bytes, not its name', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])
    const gif = new TextEncoder().encode('GIF89a....')
    expect(await checkImage(new File([png], 'photo.png', { type: 'image/png' }))).toBeNull()
    expect(await checkImage(new File([jpeg], 'photo.gif'))).toBeNull()
    expect(await checkImage(new File([gif], 'x'))).toBeNull()
    expect(await checkImage(new File([new TextEncoder().encode('<svg></svg>')], 'photo.png', { type: 'image/png' }))).toBe(CATALOGUE_MESSAGES.imageType)
    expect(await checkImage(new File([png, new Uint8Array(IMAGE_MAX_BYTES)], 'grande.png', { type: 'image/png' }))).toBe(CATALOGUE_MESSAGES.imageTooLarge)
  })

  it('shows the image message in the form and uploads nothing', async () => {
    renderAdmin('/produits/nouveau')
    const input = await screen.findByLabelText(/^Image/)
    await userEvent.upload(input, new File([new TextEncoder().encode('not an image')], 'photo.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByText('Le type de fichier est invalide')).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname === '/api/media')).toBe(false)
  })
})

describe('CSV import', () => {
  it('shows the dry run row errors and writes nothing', async () => {
    renderAdmin('/produits/import')
    const csv = 'code;designation;prix;quantite;unite;souscategorie_id;description;seuil\nRIZ;Riz;5000;3;sac;4;;\nX;Y;abc;1;kg;4;;\n'
    await userEvent.upload(await screen.findByLabelText('Fichier CSV'), new File([csv], 'produits.csv', { type: 'text/csv' }))
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }))
    expect(await screen.findByText('Le prix doit être un nombre')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: "Confirmer l'import" })).not.toBeInTheDocument()
    const sent = requests.filter((r) => r.url.pathname === '/api/produit/import')
    expect(sent.map((r) => r.url.searchParams.get('dry_run'))).toEqual(['1'])
    expect(sent[0]!.body).toBe(csv)
    expect(await seriousViolations()).toEqual([])
  })

  it('sends the file’s bytes as they are, and shows the server’s warning when it read Windows-1252', async () => {
    const received: Uint8Array[] = []
    server.use(
      http.post('*/api/produit/import', async ({ request }) => {
        received.push(new Uint8Array(await request.arrayBuffer()))
        return HttpResponse.json({ dry_run: true, crees: 1, modifies: 0, produits_crees: 1, produits_modifies: 0, erreurs: [], encodage: 'Windows-1252', avertissement: CATALOGUE_MESSAGES.csvReadAsWindows1252, apercu: [] })
      }),
    )
    renderAdmin('/produits/import')
    // « Crème » as French Excel saves it: é and è are single bytes, not valid UTF-8.
    const bytes = new Uint8Array([...new TextEncoder().encode('code;designation\nCR;Cr'), 0xe8, ...new TextEncoder().encode('me\n')])
    await userEvent.upload(await screen.findByLabelText('Fichier CSV'), new File([bytes], 'produits.csv', { type: 'text/csv' }))
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }))
    expect(await screen.findByText(CATALOGUE_MESSAGES.csvReadAsWindows1252)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: "Confirmer l'import" })).toBeEnabled()
    expect(received.map((body) => [...body])).toEqual([[...bytes]])
  })
})

describe('the products list', () => {
  it('shows a running sale over the struck regular price with its « -20 % », a sale to come with its day, and filters by promotion', async () => {
    const running = { ...product, id: 11, designation: 'Riz en promotion', prix: 5000, prix_fr: '5 000 FCFA', prix_promo: 4000, promo_active: true }
    const later = { ...product, id: 12, designation: 'Huile bientôt en promo', prix: 2000, prix_fr: '2 000 FCFA', prix_promo: 1500, promo_debut: '2099-12-24T08:00:00.000Z', promo_active: false, promo_programmee: true }
    // This handler answers before the shared recorder: it keeps the addresses asked itself.
    const asked: URL[] = []
    server.use(
      http.get('*/api/produit', ({ request }) => {
        asked.push(new URL(request.url))
        return HttpResponse.json({ metadata: { total: 3, per_page: 20, current_page: 1, last_page: 1 }, data: [running, later, product] })
      }),
    )
    renderAdmin('/produits')
    const row = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!
    const sale = await row('Riz en promotion')
    expect(within(sale).getByText('4 000 FCFA').tagName).toBe('STRONG')
    expect(within(sale).getByText('5 000 FCFA').tagName).toBe('S')
    expect(within(sale).getByLabelText('Promotion en cours : moins 20 %')).toHaveTextContent('-20 %')
    expect(within(await row('Huile bientôt en promo')).getByText('Promo le 24 déc.')).toBeInTheDocument()
    expect(within(await row(product.designation)).queryByText(/Promo|%/)).toBeNull()

    await userEvent.selectOptions(screen.getByLabelText('Promotion'), 'En promotion')
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('promo')).toBe('en_cours'))
  })
})
