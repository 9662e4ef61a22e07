// The order page names its payment and the history's actors in French, as people say them,
// never by the codes the server stores (« wave · payee », « wave »).
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, server } from '../../testing/server.ts'

const at = { date: '2026-11-24T09:30:00Z', date_fr: '24 novembre 2026 à 09:30', motif: null }

function serve(overrides: Parameters<typeof orderDetail>[0]) {
  server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json(orderDetail(overrides))))
}

const historyCard = async () => (await screen.findByRole('heading', { name: 'Historique' })).closest('.card') as HTMLElement
const paymentCard = () => screen.getByRole('heading', { name: 'Paiement' }).closest('.card') as HTMLElement

describe('order page labels', () => {
  it('shows the payment as « Wave · Payée » and the provider in the history as « Wave (paiement) »', async () => {
    serve({
      paiement: { provider: 'wave', statut: 'payee', montant: 12500 },
      historique: [
        { ...at, de: null, vers: 'en_attente_paiement', vers_text: 'En attente de paiement', acteur: 'client', acteur_nom: 'Fatou Sarr' },
        { ...at, de: 'en_attente_paiement', vers: 'payee', vers_text: 'Payée', acteur: 'provider', acteur_nom: 'wave' },
        { ...at, de: 'payee', vers: 'confirmee', vers_text: 'Confirmée', acteur: 'staff', acteur_nom: 'Moussa Ba' },
      ],
    })
    renderAdmin('/commandes/T-000123')
    const history = await historyCard()
    expect(within(paymentCard()).getByText('Wave · Payée')).toBeInTheDocument()
    expect(within(paymentCard()).queryByText(/payee|wave/)).not.toBeInTheDocument()
    const actors = Array.from(history.querySelectorAll('.list-group-item'), (item) => item.textContent)
    expect(actors).toEqual([
      'En attente de paiement24 novembre 2026 à 09:30 · Fatou Sarr (client)',
      'Payée24 novembre 2026 à 09:30 · Wave (paiement)',
      'Confirmée24 novembre 2026 à 09:30 · Moussa Ba',
    ])
  })

  it('names the other payment states and actors without a name in French too', async () => {
    serve({
      paiement: { provider: 'paytech', statut: 'a_rembourser', montant: 12500 },
      historique: [
        { ...at, de: null, vers: 'en_attente_paiement', vers_text: 'En attente de paiement', acteur: 'client', acteur_nom: null },
        { ...at, de: 'en_attente_paiement', vers: 'echec_paiement', vers_text: 'Paiement échoué', acteur: 'provider', acteur_nom: null },
        { ...at, de: 'echec_paiement', vers: 'annulee', vers_text: 'Annulée', acteur: 'system', acteur_nom: null },
        { ...at, de: 'annulee', vers: 'remboursee', vers_text: 'Remboursée', acteur: 'staff', acteur_nom: null },
      ],
    })
    renderAdmin('/commandes/T-000123')
    const history = await historyCard()
    expect(within(paymentCard()).getByText('PayTech · À rembourser')).toBeInTheDocument()
    const actors = Array.from(history.querySelectorAll('.list-group-item'), (item) => item.textContent?.split(' · ')[1])
    expect(actors).toEqual(['Le client', 'Paiement en ligne', 'Automatique', "Un membre de l'équipe"])
  })

  it('shows no payment line for an order never paid online', async () => {
    serve({ paiement: null, modepaiement: { code: 'CASH', designation: 'Paiement à la livraison' } })
    renderAdmin('/commandes/T-000123')
    await historyCard()
    expect(within(paymentCard()).getByText('Paiement à la livraison')).toBeInTheDocument()
    expect(within(paymentCard()).queryByText(/·/)).not.toBeInTheDocument()
  })
})
