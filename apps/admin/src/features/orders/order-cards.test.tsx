// The orders list at a phone's width: cards with the next move the shared machine offers for
// the order's delivery mode, and the filters behind one « Filtres » button with their count.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ORDER_STATUSES } from '@teranga/shared/order-status'
import { PHONE_QUERY } from '../../lib/use-media-query.ts'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { orderSummary, requests, server } from '../../testing/server.ts'

const page = (data: unknown[]) => ({ metadata: { total: data.length, per_page: 20, current_page: 1, last_page: 1 }, data })
const moves = () => requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/etat'))
const PICKUP = { code: 'RETRAIT', designation: 'Retrait au dépôt' }

beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query === PHONE_QUERY, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
  )
})
afterEach(() => vi.restoreAllMocks())

describe('orders list on a phone', () => {
  it('shows a card per order with its number, customer, amount and state, and no table', async () => {
    renderAdmin('/commandes')
    const list = await screen.findByRole('list', { name: 'Commandes' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const first = within(cards[0]!)
    expect(first.getByRole('link', { name: 'T-000123' })).toHaveAttribute('href', '/commandes/T-000123')
    expect(first.getByText('Fatou Sarr')).toBeInTheDocument()
    expect(first.getByText('12 500 FCFA')).toBeInTheDocument()
    expect(first.getByText('Payée')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 sur 1')
    expect(await seriousViolations()).toEqual([])
  })

  it('sorted by slot, groups the cards under each slot (issue 25 §1)', async () => {
    const slot = (debut: string, fin: string) => ({ date: '2026-11-30', debut, fin, libelle: `Lundi 30 novembre, ${debut}–${fin}` })
    server.use(
      http.get('*/api/commande', () =>
        HttpResponse.json(page([orderSummary({ numero: 'T-1', creneau: slot('09:00', '12:00') }), orderSummary({ numero: 'T-2', creneau: slot('09:00', '12:00') }), orderSummary({ numero: 'T-3', creneau: slot('15:00', '18:00') }), orderSummary({ numero: 'T-4' })])),
      ),
    )
    renderAdmin('/commandes?sort=creneau&dir=asc')
    const morning = await screen.findByRole('list', { name: 'Commandes : Lundi 30 novembre, 09:00–12:00' })
    expect(within(morning).getAllByRole('link').map((a) => a.textContent)).toEqual(['T-1', 'T-2'])
    expect(within(screen.getByRole('list', { name: 'Commandes : Lundi 30 novembre, 15:00–18:00' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['T-3'])
    expect(within(screen.getByRole('list', { name: 'Commandes : Sans créneau' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['T-4'])
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Lundi 30 novembre, 09:00–12:00', 'Lundi 30 novembre, 15:00–18:00', 'Sans créneau'])
    expect(await seriousViolations()).toEqual([])
  })

  it("offers each order the machine's first move for its delivery mode, never a payment outcome, a cancel or a refund", async () => {
    server.use(
      http.get('*/api/commande', () =>
        HttpResponse.json(
          page([
            orderSummary({ numero: 'T-1', etat: 'payee', etat_text: 'Payée' }),
            orderSummary({ numero: 'T-2', etat: 'en_preparation', etat_text: 'En préparation' }),
            orderSummary({ numero: 'T-3', etat: 'en_preparation', etat_text: 'En préparation', modelivraison: PICKUP, zone: null }),
            orderSummary({ numero: 'T-4', etat: 'en_attente_paiement', etat_text: 'En attente de paiement' }),
            orderSummary({ numero: 'T-5', etat: 'livree', etat_text: 'Livrée' }),
            orderSummary({ numero: 'T-6', etat: 'annulee', etat_text: 'Annulée' }),
          ]),
        ),
      ),
    )
    renderAdmin('/commandes')
    const cards = within(await screen.findByRole('list', { name: 'Commandes' })).getAllByRole('listitem')
    expect(cards.map((card) => within(card).queryByRole('button')?.textContent ?? null)).toEqual([
      ORDER_STATUSES.confirmee.text,
      ORDER_STATUSES.en_livraison.text,
      ORDER_STATUSES.prete_retrait.text,
      null,
      null,
      null,
    ])
  })

  it("moves an order at a tap and says the server's answer", async () => {
    renderAdmin('/commandes')
    await userEvent.click(await screen.findByRole('button', { name: 'Passer la commande T-000123 à Confirmée' }))
    await waitFor(() => expect(moves().map((r) => [r.url.pathname, r.body])).toEqual([['/api/commande/T-000123/etat', { etat: 'confirmee' }]]))
    expect(await screen.findByText('Commande T-000123 : Confirmée')).toBeInTheDocument()
    // The list is asked again, to show the order in its new state.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/commande').length).toBeGreaterThan(1))
  })

  it("shows the server's French refusal as it says it", async () => {
    server.use(http.post('*/api/commande/:numero/etat', () => HttpResponse.json({ message: 'Cette commande a déjà changé d’état.', errors: { etat: ['Cette commande a déjà changé d’état.'] } }, { status: 409 })))
    renderAdmin('/commandes')
    await userEvent.click(await screen.findByRole('button', { name: 'Passer la commande T-000124 à Confirmée' }))
    expect(await screen.findByText('Cette commande a déjà changé d’état.')).toBeInTheDocument()
    expect(screen.queryByText(/Commande T-000124 :/)).not.toBeInTheDocument()
  })

  it('keeps the search in sight and the filters behind « Filtres », which counts the active ones', async () => {
    renderAdmin('/commandes?etat=payee&zone=Plateau&q=771')
    await screen.findByRole('list', { name: 'Commandes' })
    expect(screen.getByLabelText('Rechercher (numéro, téléphone, client)')).toHaveValue('771')
    expect(screen.queryByLabelText('État')).not.toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Filtres 2 actifs' })
    await userEvent.click(button)
    const panel = await screen.findByRole('dialog', { name: 'Filtres' })
    expect(within(panel).getByLabelText('État')).toHaveValue('payee')
    expect(within(panel).getByLabelText('Zone')).toHaveValue('Plateau')
    await userEvent.selectOptions(within(panel).getByLabelText('Mode de paiement'), 'WAVE')
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/commande').at(-1)!.url.searchParams.get('modepaiement')).toBe('WAVE'))
    await userEvent.click(within(panel).getByRole('button', { name: 'Voir les commandes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Filtres 3 actifs' })).toBeInTheDocument()
  })

  it('says « Filtres » alone when none is active, and « Aucun résultat. » for an empty page', async () => {
    server.use(http.get('*/api/commande', () => HttpResponse.json(page([]))))
    renderAdmin('/commandes')
    expect(await screen.findByText('Aucun résultat.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filtres' })).toBeInTheDocument()
  })
})

describe('orders list on a wider screen', () => {
  it('keeps the table', async () => {
    vi.restoreAllMocks()
    renderAdmin('/commandes')
    expect(await screen.findByRole('table', { name: 'Commandes' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Filtres/ })).not.toBeInTheDocument()
    expect(screen.getByLabelText('État')).toBeInTheDocument()
  })
})

