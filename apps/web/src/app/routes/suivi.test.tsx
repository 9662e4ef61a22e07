// /suivi/:numero?k=…: the order a message's link names, read without signing in from
// GraphQL's suivi (the document the server runs to draw the page); the not-found page when the
// server refuses the key (null) or none is given.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { SuiviPage } from '@teranga/shared/order-messages'
import { renderApp } from '@/testing/render-app.tsx'
import { graphqlCalls, operationName, server } from '@/testing/server.ts'

const KEY = 'AbCdEfGhIjKlMnOpQrStUv'

const suivi: SuiviPage = {
  numerocommande: 'TRG-261127-K7MQ2X',
  etat: 'en_livraison',
  etat_text: 'En cours de livraison',
  etat_badge: 'primary',
  created_at_fr: '27/11/2026 10:15',
  modelivraison: 'Livraison à domicile',
  montantcommande: 9400,
  montantliv: 1000,
  remise: 0,
  montanttotal: 10_400,
  lignes: [{ designation: 'Riz parfumé 5 kg', quantite: 2, prix: 4700 }],
  livreur: { prenom: 'Moussa' },
  rembourse: 0,
  remboursements: [],
}

function serveSuivi(commande: SuiviPage = suivi) {
  server.use(
    http.post('*/graphql', async ({ request }) => {
      const { query, variables } = (await request.clone().json()) as { query: string; variables: { numero: string; k: string } }
      if (operationName(query) !== 'Suivi') return undefined
      return HttpResponse.json({ data: { suivi: variables.numero === commande.numerocommande && variables.k === KEY ? commande : null } })
    }),
  )
}

describe('tracking route', () => {
  it("shows the order's state, lines and amounts to a visitor", async () => {
    serveSuivi()
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}`)
    expect(await screen.findByRole('heading', { name: `Suivi de la commande ${suivi.numerocommande}` })).toBeInTheDocument()
    expect(screen.queryByTestId('order-slot')).not.toBeInTheDocument()
    expect(screen.getByText('En cours de livraison')).toBeInTheDocument()
    // Out for delivery: the courier by first name (issue 25 §3).
    expect(screen.getByText('En route avec Moussa')).toBeInTheDocument()
    const lines = within(screen.getByRole('table', { name: 'Articles de la commande' }))
    expect(lines.getByRole('row', { name: /Riz parfumé 5 kg/ })).toHaveTextContent('Riz parfumé 5 kg29 400 FCFA')
    expect(screen.getByText('10 400 FCFA')).toBeInTheDocument()
    expect(graphqlCalls('Suivi')[0]?.authorization).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Remboursements' })).not.toBeInTheDocument()
  })

  it('shows the delivery slot the order holds', async () => {
    serveSuivi({ ...suivi, creneau: { date: '2026-11-30', debut: '15:00', fin: '18:00', libelle: 'Lundi 30 novembre, 15:00–18:00' } })
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}`)
    expect(await screen.findByTestId('order-slot')).toHaveTextContent('Créneau prévu : Lundi 30 novembre, 15:00–18:00')
  })

  it('shows the refunds done: the amount given back, each refund with its date and lines', async () => {
    serveSuivi({
      ...suivi,
      etat: 'livree',
      etat_text: 'Livrée',
      livreur: null,
      rembourse: 4700,
      remboursements: [{ id: 1, montant: 4700, date_fr: '28/11/2026', lignes: [{ designation: 'Riz parfumé 5 kg', quantite: 1, total: 4700 }] }],
    })
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}`)
    expect(await screen.findByRole('heading', { name: 'Remboursements' })).toBeInTheDocument()
    expect(screen.getByText('Remboursé').nextElementSibling).toHaveTextContent('4 700 FCFA')
    // Delivered: nobody is on the way any more.
    expect(screen.queryByText(/En route avec/)).not.toBeInTheDocument()
    expect(screen.getByText(/remboursés le 28\/11\/2026/).closest('li')).toHaveTextContent('4 700 FCFA remboursés le 28/11/20261 × Riz parfumé 5 kg (4 700 FCFA)')
  })

  it('an altered key gets the not-found page', async () => {
    serveSuivi()
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY.slice(0, -1)}x`)
    expect(await screen.findByText('Oops! Page not found.')).toBeInTheDocument()
    expect(screen.queryByText('En cours de livraison')).not.toBeInTheDocument()
  })

  it('no key at all gets the not-found page without asking the server', async () => {
    serveSuivi()
    renderApp(`/suivi/${suivi.numerocommande}`)
    expect(await screen.findByText('Oops! Page not found.')).toBeInTheDocument()
    expect(graphqlCalls('Suivi')).toHaveLength(0)
  })
})
