// Refunds on the order page (ADR 025): the dialog refunds chosen lines (each back to stock or
// not) or an amount within what remains, and lists past refunds; cancelling a paid order says
// where the money goes and refunds it in the same gesture.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ORDERS_MESSAGES, type OrderDetail } from '@teranga/shared/backoffice-orders'
import { formatPrix } from '@teranga/shared/money'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, requests, server } from '../../testing/server.ts'

/** An amount as testing-library reads a text (its no-break spaces made plain spaces). */
const shown = (amount: number) => formatPrix(amount).replaceAll('\u00a0', ' ')

const delivered = (overrides: Partial<OrderDetail> = {}) =>
  orderDetail({
    etat: 'livree',
    etat_text: 'Livrée',
    suivants: [],
    remboursable: true,
    rembourse: 5000,
    rembourse_fr: formatPrix(5000),
    remboursements: [
      {
        id: 1,
        montant: 5000,
        montant_fr: formatPrix(5000),
        provider: 'wave',
        statut: 'effectue',
        motif: 'Sac déchiré',
        par: 'Moussa Ba',
        date: '2026-11-25T10:00:00Z',
        date_fr: '25 novembre 2026 à 10:00',
        lignes: [{ produit: { id: 3, designation: 'Riz parfumé 5 kg' }, variante: null, quantite: 1, prix: 5000, total: 5000, total_fr: formatPrix(5000), restock: true }],
      },
    ],
    ...overrides,
  })

/** The refund requests' bodies (this file's handler answers them, before the shared recorder). */
let refunds: unknown[] = []
const refundRequests = () => refunds

function serve(order: OrderDetail) {
  refunds = []
  server.use(
    http.get('*/api/admin/commande/:numero', () => HttpResponse.json(order)),
    http.post('*/api/commande/:numero/remboursement', async ({ request }) => {
      refunds.push(await request.json())
      return HttpResponse.json(order)
    }),
  )
}

async function openRefund() {
  renderAdmin('/commandes/T-000123')
  await userEvent.click(await within(await screen.findByRole('group', { name: 'Actions' })).findByRole('button', { name: 'Rembourser' }))
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByRole('heading', { name: 'Rembourser la commande T-000123' })).toBeInTheDocument()
  return dialog
}

describe('order page refunds', () => {
  it('lists past refunds, and refunds a chosen line back to stock within what remains', async () => {
    serve(delivered())
    const dialog = await openRefund()
    expect(within(dialog).getByText(`Reste à rembourser : ${shown(7500)}`)).toBeInTheDocument()
    expect(within(dialog).getByText(/Sac déchiré/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByLabelText('Certains articles'))
    const quantity = within(dialog).getByLabelText('Quantité à rembourser : Riz parfumé 5 kg')
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '5')
    // Only one bag is left to refund: the field keeps to it.
    expect(quantity).toHaveValue(1)
    await userEvent.click(within(dialog).getByLabelText('Remettre en stock : Riz parfumé 5 kg'))
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Second sac abîmé')
    expect(within(dialog).getByText(`Le client sera remboursé de ${shown(5000)} sur Wave.`)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: `Rembourser ${formatPrix(5000)}` }))
    await waitFor(() => expect(refundRequests()).toEqual([{ motif: 'Second sac abîmé', lignes: [{ produit: 3, quantite: 1, restock: true }] }]))
    expect(await screen.findByText(`Remboursements · ${shown(5000)} remboursés`)).toBeInTheDocument()
  })

  it('refunds an amount; more than remains is refused before anything is sent', async () => {
    serve(delivered())
    const dialog = await openRefund()
    await userEvent.click(within(dialog).getByLabelText('Un montant'))
    await userEvent.type(within(dialog).getByLabelText('Montant (FCFA)'), '9000')
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Geste commercial')
    await userEvent.click(within(dialog).getByRole('button', { name: /^Rembourser/ }))
    expect(await within(dialog).findByText(ORDERS_MESSAGES.refundTooMuch(7500).replaceAll('\u00a0', ' '))).toBeInTheDocument()
    expect(refundRequests()).toEqual([])
    const amount = within(dialog).getByLabelText('Montant (FCFA)')
    await userEvent.clear(amount)
    await userEvent.type(amount, '2000')
    await userEvent.click(within(dialog).getByRole('button', { name: `Rembourser ${formatPrix(2000)}` }))
    await waitFor(() => expect(refundRequests()).toEqual([{ motif: 'Geste commercial', montant: 2000 }]))
  })

  it('cancelling a paid order says where the money goes and refunds it with the same reason', async () => {
    serve(orderDetail())
    renderAdmin('/commandes/T-000123')
    await userEvent.click(await within(await screen.findByRole('group', { name: 'Actions' })).findByRole('button', { name: 'Annuler la commande' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Annuler la commande T-000123' })).toBeInTheDocument()
    expect(within(dialog).getByText(`Le client sera remboursé de ${shown(12500)} sur Wave.`)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Rembourser le client maintenant')).toBeChecked()
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Rupture de stock')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }))
    await waitFor(() => expect(refundRequests()).toEqual([{ motif: 'Rupture de stock' }]))
    expect(requests.find((r) => r.url.pathname === '/api/commande/T-000123/etat')?.body).toEqual({ etat: 'annulee', motif: 'Rupture de stock' })
  })

  it('an unpaid order is cancelled with no refund offered', async () => {
    serve(orderDetail({ etat: 'en_attente', etat_text: 'En attente', paiement: null, modepaiement: { code: 'CASH', designation: 'Paiement à la livraison' } }))
    renderAdmin('/commandes/T-000123')
    await userEvent.click(await within(await screen.findByRole('group', { name: 'Actions' })).findByRole('button', { name: 'Annuler la commande' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Annuler la commande T-000123' })).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Rembourser le client maintenant')).not.toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Client injoignable')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }))
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/commande/T-000123/etat')?.body).toEqual({ etat: 'annulee', motif: 'Client injoignable' }))
    expect(refundRequests()).toEqual([])
  })
  it('after a discount, a line refunds what was paid for it (issue 23 §2): the same francs as the server; « the rest » is what remains', async () => {
    // 12 000 of goods, 10 % off (1 200), 2 500 of delivery: 13 300 paid on Wave; still being prepared.
    serve(
      orderDetail({
        etat: 'en_preparation',
        etat_text: 'En préparation',
        suivants: [],
        remboursable: true,
        total: 13300,
        total_fr: formatPrix(13300),
        montantcommande: 12000,
        remise: 1200,
        paiement: { provider: 'wave', statut: 'payee', montant: 13300 },
        lignes: [
          { produit: { id: 3, designation: 'Riz parfumé 5 kg', code: 'RIZ5', image: null }, variante: null, quantite: 2, prix: 5000, prix_fr: formatPrix(5000), total: 10000, total_fr: formatPrix(10000), paye: 9000, paye_fr: formatPrix(9000) },
          { produit: { id: 4, designation: 'Lait caillé 1 L', code: 'LAIT1', image: null }, variante: null, quantite: 3, prix: 1000, prix_fr: formatPrix(1000), total: 3000, total_fr: formatPrix(3000), paye: 2700, paye_fr: formatPrix(2700) },
        ],
      }),
    )
    const dialog = await openRefund()
    expect(within(dialog).getByText(`Reste à rembourser : ${shown(13300)}`)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: `Rembourser ${formatPrix(13300)}` })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByLabelText('Certains articles'))
    expect(within(dialog).getByText(`3 × ${shown(1000)}, payé ${shown(2700)}`)).toBeInTheDocument()
    const lait = within(dialog).getByLabelText('Quantité à rembourser : Lait caillé 1 L')
    await userEvent.clear(lait)
    await userEvent.type(lait, '2')
    expect(within(dialog).getByRole('button', { name: `Rembourser ${formatPrix(1800)}` })).toBeInTheDocument()
    const riz = within(dialog).getByLabelText('Quantité à rembourser : Riz parfumé 5 kg')
    await userEvent.clear(riz)
    await userEvent.type(riz, '1')
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Articles manquants')
    await userEvent.click(within(dialog).getByRole('button', { name: `Rembourser ${formatPrix(6300)}` }))
    await waitFor(() =>
      expect(refundRequests()).toEqual([
        {
          motif: 'Articles manquants',
          lignes: [
            { produit: 3, quantite: 1, restock: false },
            { produit: 4, quantite: 2, restock: false },
          ],
        },
      ]),
    )
  })
})
