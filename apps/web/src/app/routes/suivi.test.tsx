// /suivi/:numero?k=…: the order a message's link names, read without signing in from
// GET /api/suivi/{numero}?k=…; the not-found page when the server refuses the key or none is given.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import type { Suivi } from '@teranga/shared/order-messages'
import { renderApp } from '@/testing/render-app.tsx'
import { restCalls, server } from '@/testing/server.ts'

const KEY = 'AbCdEfGhIjKlMnOpQrStUv'

const suivi: Suivi = {
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
}

function serveSuivi() {
  server.use(
    http.get('*/api/suivi/:numero', ({ params, request }) =>
      params['numero'] === suivi.numerocommande && new URL(request.url).searchParams.get('k') === KEY
        ? HttpResponse.json({ commande: suivi })
        : HttpResponse.json({ message: MESSAGES.orderNotFound }, { status: 404 }),
    ),
  )
}

describe('tracking route', () => {
  it("shows the order's state, lines and amounts to a visitor", async () => {
    serveSuivi()
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}`)
    expect(await screen.findByRole('heading', { name: `Suivi de la commande ${suivi.numerocommande}` })).toBeInTheDocument()
    expect(screen.getByText('En cours de livraison')).toBeInTheDocument()
    const lines = within(screen.getByRole('table', { name: 'Articles de la commande' }))
    expect(lines.getByRole('row', { name: /Riz parfumé 5 kg/ })).toHaveTextContent('Riz parfumé 5 kg29 400 FCFA')
    expect(screen.getByText('10 400 FCFA')).toBeInTheDocument()
    expect(restCalls('GET', `/api/suivi/${suivi.numerocommande}`)[0]?.authorization).toBeNull()
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
    expect(restCalls('GET', `/api/suivi/${suivi.numerocommande}`)).toHaveLength(0)
  })
})
