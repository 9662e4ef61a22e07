// The orders list's filters as the API's query string, the order page's moves and the
// cancel reason (the slips: slips.test.tsx).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { http, HttpResponse } from 'msw'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { orderDetail, orderSummary, requests, server } from '../../testing/server.ts'
import { ordersQuery } from './filters.ts'

const listRequests = () => requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/commande')

describe('orders list', () => {
  it('sends the URL filters, page and sort to the server', async () => {
    renderAdmin('/commandes?etat=payee&du=2026-11-01&au=2026-11-24&modelivraison=livraison&zone=Plateau&depot=2&livreur=3&modepaiement=wave&q=771&page=2&sort=montant&dir=asc')
    expect(await screen.findByRole('link', { name: 'T-000123' })).toBeInTheDocument()
    const params = Object.fromEntries(listRequests().at(-1)!.url.searchParams)
    expect(params).toEqual({ etat: 'payee', du: '2026-11-01', au: '2026-11-24', modelivraison: 'livraison', zone: 'Plateau', depot: '2', livreur: '3', modepaiement: 'wave', q: '771', page: '2', count: '20', sort: 'montant', dir: 'asc' })
    expect(await seriousViolations()).toEqual([])
  })

  it('filters by slot date, sorts by slot and shows each order’s slot (issue 25 §1)', async () => {
    const slot = { date: '2026-11-30', debut: '09:00', fin: '12:00', libelle: 'Lundi 30 novembre, 09:00–12:00' }
    const asked: URLSearchParams[] = []
    server.use(
      http.get('*/api/commande', ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return HttpResponse.json({ data: [orderSummary({ creneau: slot }), orderSummary({ numero: 'T-000124' })], metadata: { total: 2, per_page: 20, current_page: 1, last_page: 1 } })
      }),
    )
    renderAdmin('/commandes?creneau_date=2026-11-30&sort=creneau&dir=asc')
    expect(await screen.findAllByText('Lundi 30 novembre, 09:00–12:00')).not.toHaveLength(0)
    // Sorted by slot, the rows are grouped under each slot: a heading row opens each group.
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Lundi 30 novembre, 09:00–12:00', 'Sans créneau'])
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ creneau_date: '2026-11-30', sort: 'creneau', dir: 'asc' })
    await userEvent.clear(screen.getAllByLabelText('Date du créneau')[0]!)
    await waitFor(() => expect(asked.at(-1)!.get('creneau_date')).toBeNull())
  })

  it('asks the server again when a filter or the sort changes, back to page 1', async () => {
    renderAdmin('/commandes?page=3')
    await screen.findByRole('link', { name: 'T-000123' })
    await userEvent.selectOptions(screen.getByLabelText('État'), 'en_preparation')
    await waitFor(() => expect(listRequests().at(-1)!.url.searchParams.get('etat')).toBe('en_preparation'))
    expect(listRequests().at(-1)!.url.searchParams.get('page')).toBe('1')
    await userEvent.click(screen.getByRole('button', { name: /Montant/ }))
    await waitFor(() => expect(listRequests().at(-1)!.url.searchParams.get('sort')).toBe('montant'))
  })

  it('downloads the filtered CSV export with the token', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:export')
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderAdmin('/commandes?etat=livree&page=2')
    await screen.findByRole('link', { name: 'T-000123' })
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (CSV)' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    const exported = requests.find((r) => r.url.pathname === '/api/commande/export.csv')!
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ etat: 'livree', sort: 'datecomm', dir: 'desc' })
    expect(exported.authorization).toBe('Bearer api-token')
    click.mockRestore()
  })

  it('shows new orders arriving live, read with the token from the event stream', async () => {
    let authorization: string | null = null
    server.use(
      http.get('*/api/admin/evenements', ({ request }) => {
        authorization = request.headers.get('authorization')
        const body = new ReadableStream({
          start(controller) {
            const encoder = new TextEncoder()
            controller.enqueue(encoder.encode(': ping\n\n'))
            controller.enqueue(encoder.encode('event: commande\ndata: {"type":"placed","numero":"T-000999","etat":"payee"}\n\n'))
          },
        })
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
      }),
    )
    renderAdmin('/commandes')
    expect(await screen.findByText('1 nouvelle')).toBeInTheDocument()
    expect(authorization).toBe('Bearer api-token')
  })

  it('reads the list again when the stream says resync (the server may have missed events) and when it connects again after a break', async () => {
    let opened = 0
    server.use(
      http.get('*/api/admin/evenements', () => {
        opened++
        const first = opened === 1
        const body = new ReadableStream({
          start(controller) {
            const encoder = new TextEncoder()
            controller.enqueue(encoder.encode(': connecté\n\n'))
            // The first stream says resync, then ends (the app connects again 5 s later); the second stays open.
            if (first) {
              setTimeout(() => {
                controller.enqueue(encoder.encode('event: resync\ndata: {}\n\n'))
                setTimeout(() => controller.close(), 50)
              }, 50)
            }
          },
        })
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
      }),
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      renderAdmin('/commandes')
      expect(await screen.findByRole('link', { name: 'T-000123' })).toBeInTheDocument()
      const before = listRequests().length
      await waitFor(() => expect(listRequests().length).toBe(before + 1))
      vi.advanceTimersByTime(5000)
      await waitFor(() => expect(opened).toBe(2))
      await waitFor(() => expect(listRequests().length).toBe(before + 2))
    } finally {
      vi.useRealTimers()
    }
  })

  it('builds the export query without paging', () => {
    expect(ordersQuery(new URLSearchParams('etat=livree&page=4'), { paging: false })).toBe('etat=livree&sort=datecomm&dir=desc')
  })
})

describe('order page', () => {
  it('shows the order and moves it with the allowed buttons', async () => {
    renderAdmin('/commandes/T-000123')
    expect(await screen.findByRole('heading', { name: /Commande T-000123/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '+221 77 123 45 67' })).toHaveAttribute('href', 'tel:+221771234567')
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/221771234567')
    expect(screen.getByRole('link', { name: 'Voir sur la carte' })).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Confirmée' }))
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/commande/T-000123/etat')?.body).toEqual({ etat: 'confirmee' }))
  })

  it('asks for a reason before cancelling', async () => {
    renderAdmin('/commandes/T-000123')
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler la commande' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(screen.getAllByRole('button', { name: 'Annuler la commande' }).at(-1)!)
    expect(await screen.findByText(ORDERS_MESSAGES.motifRequired)).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname.endsWith('/etat'))).toBe(false)
    await userEvent.type(screen.getByLabelText('Motif'), 'Client injoignable')
    await userEvent.click(screen.getAllByRole('button', { name: 'Annuler la commande' }).at(-1)!)
    await waitFor(() => expect(requests.find((r) => r.url.pathname.endsWith('/etat'))?.body).toEqual({ etat: 'annulee', motif: 'Client injoignable' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
  })

  it("never offers « Payée » or « Paiement échoué », the payment provider's word, even from an answer that lists them", async () => {
    const suivants = [
      { etat: 'payee', etat_text: 'Payée' },
      { etat: 'echec_paiement', etat_text: 'Paiement échoué' },
      { etat: 'annulee', etat_text: 'Annulée' },
    ]
    server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json(orderDetail({ etat: 'en_attente_paiement', etat_text: 'En attente de paiement', suivants }))))
    renderAdmin('/commandes/T-000123')
    const actions = await screen.findByRole('group', { name: 'Actions' })
    expect(await within(actions).findByRole('button', { name: 'Annuler la commande' })).toBeInTheDocument()
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Annuler la commande'])
  })
})
