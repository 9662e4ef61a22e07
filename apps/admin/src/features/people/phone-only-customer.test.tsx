// A customer who opened their account with a phone number (issue 18 §1) has neither name nor
// email until they give them: the back office names them by their phone everywhere.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, server } from '../../testing/server.ts'

const phoneOnly = { id: 8, prenom: null, name: null, email: null, telephone: '+221781112233' }

describe('a customer without an email', () => {
  it('is listed and opened by their phone', async () => {
    server.use(
      http.get('*/api/client', () =>
        HttpResponse.json({ metadata: { total: 1, per_page: 20, current_page: 1, last_page: 1 }, data: [{ ...phoneOnly, commandes: 0, points: 0, created_at: '2026-11-27' }] }),
      ),
    )
    renderAdmin('/clients')
    const row = await screen.findByRole('row', { name: /\+221 78 111 22 33/ })
    expect(within(row).getByRole('link', { name: '+221 78 111 22 33' })).toHaveAttribute('href', '/clients/8')
    expect(within(row).getByText('—')).toBeInTheDocument()
  })

  it("heads their page with the phone and says there is no email", async () => {
    server.use(
      http.get('*/api/client/:id', () =>
        HttpResponse.json({ ...phoneOnly, points: 0, privilege: null, created_at: '2026-11-27', created_at_fr: '27 novembre 2026', nb_commandes: 0, achats: 0, achats_fr: '0\u00a0FCFA', adresses: [], commandes: [], mouvements_points: [] }),
      ),
    )
    renderAdmin('/clients/8')
    expect(await screen.findByRole('heading', { name: '+221 78 111 22 33' })).toBeInTheDocument()
    expect(screen.getByText("Pas d'e-mail : compte ouvert avec un numéro de téléphone")).toBeInTheDocument()
  })

  it("names the order's customer by their phone", async () => {
    server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json(orderDetail({ client: { ...phoneOnly, nom: '+221781112233' } }))))
    renderAdmin('/commandes/T-000123')
    const card = (await screen.findByRole('heading', { name: 'Client' })).parentElement!
    expect(within(card).getByText('+221 78 111 22 33')).toBeInTheDocument()
  })
})
