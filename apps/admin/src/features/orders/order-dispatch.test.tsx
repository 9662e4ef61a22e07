// The order page's courier and notes: an active courier chosen for a home delivery, a note
// checked by the shared schema then sent, both lines of the order's history; none for a pickup.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { DISPATCH_MESSAGES, type Courier } from '@teranga/shared/backoffice-dispatch'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, requests, server } from '../../testing/server.ts'

const couriers: Courier[] = [
  { id: 3, nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: true },
  { id: 4, nom: 'Ibou Fall', telephone: '77 000 00 04', actif: false },
]

function api(detail = orderDetail({ etat: 'en_preparation', modelivraison: { code: 'DOMICILE', designation: 'Livraison à domicile' } })) {
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'GET') return
    const text = await request.clone().text()
    requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined, authorization: request.headers.get('authorization') })
  })
  server.use(
    http.get('*/api/admin/commande/:numero', () => HttpResponse.json(detail)),
    http.get('*/api/livreur', () => HttpResponse.json(couriers)),
    http.put('*/api/commande/:numero/livreur', () =>
      HttpResponse.json({ livreur: couriers[0], affectations: [{ livreur: couriers[0], date: '2026-11-24T10:00:00Z', date_fr: '24 novembre 2026 à 10:00', par: 'admin@teranga.sn' }], notes: [] }),
    ),
    http.post('*/api/commande/:numero/note', () => HttpResponse.json({ id: 1, texte: 'Portail bleu', date: '2026-11-24T10:05:00Z', date_fr: '24 novembre 2026 à 10:05', auteur: 'admin@teranga.sn' }, { status: 201 })),
  )
}

afterEach(() => server.events.removeAllListeners('request:start'))

describe('order page: courier and notes', () => {
  it('hands a home delivery to an active courier and adds a note through the shared schema', async () => {
    api()
    renderAdmin('/commandes/T-000123')
    const select = await screen.findByLabelText('Livreur')
    await waitFor(() => expect(within(select).getByRole('option', { name: /Moussa Ndiaye/ })).toBeInTheDocument())
    // An inactive courier is not offered.
    expect(within(select).queryByRole('option', { name: /Ibou Fall/ })).not.toBeInTheDocument()
    await userEvent.selectOptions(select, '3')
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ livreur: 3 }))
    expect(requests.find((r) => r.method === 'PUT')?.url.pathname).toBe('/api/commande/T-000123/livreur')

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }))
    expect(await screen.findByText(DISPATCH_MESSAGES.noteRequired)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    await userEvent.type(screen.getByLabelText(/Note interne/), '  Portail bleu ')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ texte: 'Portail bleu' }))
  })

  it("shows the hand-overs and notes in the order's history, in date order", async () => {
    api(
      orderDetail({
        etat: 'en_livraison',
        modelivraison: { code: 'DOMICILE', designation: 'Livraison à domicile' },
        livreur: couriers[0]!,
        affectations: [{ livreur: couriers[0]!, date: '2026-11-24T10:00:00Z', date_fr: '24 novembre 2026 à 10:00', par: 'gestion@teranga.sn' }],
        notes: [{ id: 1, texte: 'Appeler avant 18 h', date: '2026-11-24T09:45:00Z', date_fr: '24 novembre 2026 à 09:45', auteur: 'admin@teranga.sn' }],
      }),
    )
    renderAdmin('/commandes/T-000123')
    const history = (await screen.findByRole('heading', { name: 'Historique' })).closest('.card') as HTMLElement
    const lines = [...history.querySelectorAll('.list-group-item')].map((li) => li.textContent)
    expect(lines.findIndex((l) => l?.includes('Note : Appeler avant 18 h'))).toBeLessThan(lines.findIndex((l) => l?.includes('Confiée à Moussa Ndiaye')))
    expect(lines.find((l) => l?.includes('Confiée à Moussa Ndiaye'))).toContain('gestion@teranga.sn')
  })

  it('offers no courier for a depot pickup', async () => {
    api(orderDetail({ etat: 'en_preparation', modelivraison: { code: 'RETRAIT', designation: 'Retrait au dépôt' } }))
    renderAdmin('/commandes/T-000123')
    expect(await screen.findByRole('button', { name: 'Ajouter la note' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Livreur')).not.toBeInTheDocument()
  })
})
