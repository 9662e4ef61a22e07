// The picking list (issue 25 §2, ADR 055) on the whole route with canned answers: the shopper's
// note first, the lines grouped by category, « Ne pas remplacer » said and honoured, a line made
// short with the stepper, another replaced by a product found by name (at its own price, capped
// in the total), the summary of what the order will cost and what goes back, and the body sent.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Product } from '@teranga/shared/backoffice-catalogue'
import type { OrderDetail } from '@teranga/shared/backoffice-orders'
import { formatPrix } from '@teranga/shared/money'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, product, server } from '../../testing/server.ts'

const line = (id: number, designation: string, categorie: string, quantite: number, prix: number, extra: Partial<OrderDetail['lignes'][number]> = {}): OrderDetail['lignes'][number] => ({
  produit: { id, designation, code: `P${id}`, image: null },
  variante: { id: id * 10, designation, code: `P${id}` },
  quantite,
  prix,
  prix_fr: formatPrix(prix),
  total: prix * quantite,
  total_fr: formatPrix(prix * quantite),
  paye: prix * quantite,
  paye_fr: formatPrix(prix * quantite),
  ligne: id * 100,
  categorie,
  remplacer: true,
  quantite_commandee: null,
  remplace: null,
  supplement: 0,
  ...extra,
})

/** Paid 9 900 on Wave: 1 × huile 1 000, 3 × lait 900, 2 × riz 2 600 (no-replace); delivery 1 000. */
const preparing = orderDetail({
  etat: 'en_preparation',
  etat_text: 'En préparation',
  suivants: [],
  lignes: [line(1, 'Huile 1 L', 'Épicerie', 1, 1000), line(2, 'Lait caillé', 'Frais', 3, 900), line(3, 'Riz parfumé', 'Épicerie', 2, 2600, { remplacer: false })],
  montantcommande: 8900,
  montantliv: 1000,
  remise: 0,
  total: 9900,
  total_fr: formatPrix(9900),
  modepaiement: { code: 'WAVE', designation: 'Wave' },
  paiement: { provider: 'wave', statut: 'payee', montant: 9900 },
  note_preparation: 'Bananes pas trop mûres',
  preparee: null,
})

const dinor: Product = {
  ...product,
  id: 9,
  designation: 'Huile 1 L Dinor',
  code: 'DINOR1',
  variantes: [{ ...product.variantes[0]!, id: 90, designation: 'Huile 1 L Dinor', code: 'DINOR1', prix: 1200, prix_fr: formatPrix(1200), quantite: 12 }],
}

function serve() {
  const sent: unknown[] = []
  const searched: string[] = []
  server.use(
    http.get('*/api/admin/commande/:numero', () => HttpResponse.json(preparing)),
    http.get('*/api/produit', ({ request }) => {
      searched.push(new URL(request.url).searchParams.get('q') ?? '')
      return HttpResponse.json({ data: [dinor], total: 1, page: 1, count: 8 })
    }),
    http.post('*/api/commande/:numero/preparation', async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({ ...preparing, preparee: '2026-11-29T12:00:00Z' })
    }),
  )
  return { sent, searched }
}

/** An amount as testing-library reads a text (its no-break spaces made plain spaces). */
const shown = (amount: number) => formatPrix(amount).replaceAll('\u00a0', ' ')

const summary = () => screen.getByLabelText('Résumé de la préparation')
const value = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent

describe('picking list', () => {
  it('is offered on an order « En préparation » from its page', async () => {
    serve()
    renderAdmin('/commandes/T-000123')
    const link = await within(await screen.findByRole('group', { name: 'Actions' })).findByRole('link', { name: 'Préparer' })
    expect(link.getAttribute('href')).toMatch(/\/commandes\/T-000123\/preparation$/)
    // The note and the shopper's choice show on the order's page too.
    expect(screen.getByText('Bananes pas trop mûres')).toBeInTheDocument()
    expect(screen.getByText('Ne pas remplacer')).toBeInTheDocument()
  })

  it('groups the lines by category under the note, and sends a short line and a substitute', async () => {
    const { sent, searched } = serve()
    const user = userEvent.setup()
    renderAdmin('/commandes/T-000123/preparation')
    expect(await screen.findByRole('heading', { level: 1, name: 'Préparer la commande T-000123' })).toBeInTheDocument()
    expect(screen.getByText('Bananes pas trop mûres')).toBeInTheDocument()
    const epicerie = screen.getByRole('heading', { level: 2, name: 'Épicerie' }).closest('.card') as HTMLElement
    const frais = screen.getByRole('heading', { level: 2, name: 'Frais' }).closest('.card') as HTMLElement
    expect(within(epicerie).getByText('Huile 1 L')).toBeInTheDocument()
    expect(within(epicerie).getByText('Riz parfumé')).toBeInTheDocument()
    expect(within(frais).getByText('Lait caillé')).toBeInTheDocument()
    // « Ne pas remplacer »: no « Remplacer » on that line.
    const riz = within(epicerie).getByRole('group', { name: 'Préparation : Riz parfumé' })
    expect(within(riz).queryByRole('button', { name: 'Remplacer' })).not.toBeInTheDocument()
    expect(value('Nouveau total')).toBe(formatPrix(9900))

    // Two of the three laits are missing.
    await user.click(within(frais).getByRole('button', { name: 'Manquant' }))
    await user.click(within(frais).getByRole('button', { name: 'Moins : Quantité préparée : Lait caillé' }))
    expect(within(frais).getByRole('spinbutton', { name: 'Quantité préparée : Lait caillé' })).toHaveValue(1)

    // The huile replaced by Dinor, found by name: 1 200 charged 1 000 at most.
    await user.click(within(within(epicerie).getByRole('group', { name: 'Préparation : Huile 1 L' })).getByRole('button', { name: 'Remplacer' }))
    expect(screen.getByRole('button', { name: 'Valider la préparation' })).toBeDisabled()
    await user.type(within(epicerie).getByLabelText('Produit de remplacement (nom ou code)'), 'dinor')
    const found = await within(epicerie).findByRole('group', { name: 'Produits trouvés pour Huile 1 L' })
    await user.click(within(found).getByRole('button', { name: /Huile 1 L Dinor/ }))
    expect(searched.at(-1)).toBe('dinor')
    expect(within(epicerie).getByText('Huile 1 L Dinor')).toBeInTheDocument()

    expect(value('Nouveau total')).toBe(formatPrix(9900 - 1800))
    expect(value('À rembourser')).toBe(formatPrix(1800))
    expect(value('Supplément non facturé')).toBe(formatPrix(200))
    expect(within(summary()).getByText(/Le client sera remboursé de 1.800.FCFA sur Wave dès la validation/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Valider la préparation' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          lignes: [
            { produit: 1, variante: 10, quantite_preparee: 0, remplacement: { produit: 9, variante: 90, quantite: 1 } },
            { produit: 2, variante: 20, quantite_preparee: 1 },
            { produit: 3, variante: 30, quantite_preparee: 2 },
          ],
        },
      ]),
    )
    expect(await screen.findByRole('heading', { level: 1, name: /Commande T-000123/ })).toBeInTheDocument()
  })

  it('the order page of a prepared cash order says what was short and replaced, the amount to collect, and « Préparée » in its history', async () => {
    const prepared = orderDetail({
      ...preparing,
      modepaiement: { code: 'CASH', designation: 'Paiement à la livraison' },
      paiement: null,
      preparee: '2026-11-29T12:00:00Z',
      lignes: [
        line(1, 'Huile 1 L', 'Épicerie', 0, 1000, { quantite_commandee: 1, total: 0 }),
        line(2, 'Lait caillé', 'Frais', 1, 900, { quantite_commandee: 3, total: 900 }),
        line(9, 'Huile 1 L Dinor', 'Épicerie', 1, 1200, { remplace: 100, supplement: 200, total: 1000, remplacer: false }),
      ],
      montantcommande: 1900,
      total: 2900,
      a_encaisser: 2900,
      supplement: 200,
      supplement_accepte: false,
      historique: [
        { date: '2026-11-29T11:00:00Z', date_fr: '29 novembre 2026 à 11:00', de: 'confirmee', vers: 'en_preparation', vers_text: 'En préparation', acteur: 'staff', acteur_nom: 'Moussa Ba', motif: null },
        { date: '2026-11-29T12:00:00Z', date_fr: '29 novembre 2026 à 12:00', de: 'en_preparation', vers: 'en_preparation', vers_text: 'En préparation', acteur: 'staff', acteur_nom: 'Moussa Ba', motif: 'préparée : 1 × Huile 1 L remplacé(s) par Huile 1 L Dinor' },
      ],
    })
    server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json(prepared)))
    renderAdmin('/commandes/T-000123')
    const lines = await screen.findByRole('region', { name: 'Articles de la commande' })
    expect(within(lines).getByText('1 manquant(s) sur 1')).toBeInTheDocument()
    expect(within(lines).getByText('2 manquant(s) sur 3')).toBeInTheDocument()
    expect(within(lines).getByText(`Remplace Huile 1 L · facturé au plus ${shown(1000)}`)).toBeInTheDocument()
    expect(screen.getByText('À encaisser').nextElementSibling).toHaveTextContent(shown(2900))
    expect(screen.getByText('Supplément (non accepté)').nextElementSibling).toHaveTextContent(shown(200))
    expect(screen.getByText('Préparée')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Actions' })).queryByRole('link', { name: 'Préparer' })).not.toBeInTheDocument()
  })

  it('says an order already prepared cannot be prepared again', async () => {
    server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json({ ...preparing, preparee: '2026-11-29T12:00:00Z' })))
    renderAdmin('/commandes/T-000123/preparation')
    expect(await screen.findByText('Cette commande a déjà été préparée.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Valider la préparation' })).not.toBeInTheDocument()
  })
})
