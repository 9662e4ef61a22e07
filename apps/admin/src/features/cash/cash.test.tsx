// « Caisse »: the day's couriers with their figures in FCFA, a red line where a difference is
// not 0, a hand-back checked by the shared schema then sent for the day shown, the server's
// refusal shown on its field, another day chosen from the last 30 days.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CASH_MESSAGES, type CashCourierDay, type CashDaySummary } from '@teranga/shared/backoffice-cash'
import { DISPATCH_MESSAGES, type Courier } from '@teranga/shared/backoffice-dispatch'
import { formatPrix } from '@teranga/shared/money'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { PHONE_QUERY } from '../../lib/use-media-query.ts'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, server } from '../../testing/server.ts'

const today = shopDay()
const yesterday = addDays(today, -1)
const awa: Courier = { id: 3, nom: 'Awa Diop', telephone: '77 555 12 34', actif: true }
const ibou: Courier = { id: 4, nom: 'Ibrahima Fall', telephone: '77 000 00 04', actif: true }

const byDay: Record<string, CashCourierDay[]> = {
  [today]: [
    { livreur: { id: awa.id, nom: awa.nom }, commandes: 2, a_encaisser: 14_500, encaisse: 14_000, remis: 10_000, ecart: 4_000, ecart_encaissement: 500 },
    { livreur: { id: ibou.id, nom: ibou.nom }, commandes: 1, a_encaisser: 2_800, encaisse: 2_800, remis: 2_800, ecart: 0, ecart_encaissement: 0 },
  ],
  [yesterday]: [{ livreur: { id: awa.id, nom: awa.nom }, commandes: 1, a_encaisser: 4_000, encaisse: 4_000, remis: 4_000, ecart: 0, ecart_encaissement: 0 }],
}
const zero = { commandes: 0, a_encaisser: 0, encaisse: 0, remis: 0, ecart: 0, ecart_encaissement: 0 }
const summary: CashDaySummary[] = Array.from({ length: 30 }, (_, i) => ({ date: addDays(today, -i), ...zero }))
summary[0] = { date: today, commandes: 3, a_encaisser: 17_300, encaisse: 16_800, remis: 12_800, ecart: 4_000, ecart_encaissement: 500 }
summary[1] = { date: yesterday, commandes: 1, a_encaisser: 4_000, encaisse: 4_000, remis: 4_000, ecart: 0, ecart_encaissement: 0 }

const posted: unknown[] = []
function cash(refusal?: { status: number; body: Record<string, unknown> }) {
  server.use(
    http.get('*/api/caisse', ({ request }) => HttpResponse.json(byDay[new URL(request.url).searchParams.get('date') ?? today] ?? [])),
    http.get('*/api/caisse/jours', () => HttpResponse.json(summary)),
    http.get('*/api/livreur', () => HttpResponse.json([awa, ibou])),
    http.post('*/api/caisse/remise', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      posted.push(body)
      if (refusal) return HttpResponse.json(refusal.body, { status: refusal.status })
      return HttpResponse.json({ id: 1, ...body, note: body.note || null, created_at: `${today}T12:00:00Z` }, { status: 201 })
    }),
  )
}

afterEach(() => {
  posted.length = 0
  vi.restoreAllMocks()
})

describe('the cash page', () => {
  it("shows the day's couriers in FCFA, red where a difference is not 0, and the last 30 days", async () => {
    cash()
    renderAdmin('/caisse', { me: MANAGER })
    expect(await screen.findByRole('heading', { name: 'Caisse' })).toBeInTheDocument()
    const day = await screen.findByRole('region', { name: /par livreur/ })
    const awaRow = (await within(day).findByRole('rowheader', { name: 'Awa Diop' })).closest('tr')!
    expect(awaRow).toHaveClass('table-danger')
    expect(within(awaRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', formatPrix(14_500), formatPrix(14_000), formatPrix(10_000), formatPrix(4_000), formatPrix(500)])
    expect(within(day).getByRole('rowheader', { name: 'Ibrahima Fall' }).closest('tr')).not.toHaveClass('table-danger')

    const days = screen.getByRole('region', { name: 'Caisse des 30 derniers jours' })
    const rows = within(days).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(30)
    expect(rows[0]).toHaveClass('table-danger')
    expect(rows[1]).not.toHaveClass('table-danger')
    expect(within(rows[0]!).getAllByRole('cell')[4]!.textContent).toBe(formatPrix(4_000))
    expect(screen.getByRole('link', { name: 'Caisse' })).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])

    // Another day from the summary.
    await userEvent.click(within(rows[1]!).getByRole('button'))
    expect(await screen.findByLabelText('Jour')).toHaveValue(yesterday)
    await waitFor(() => expect(within(screen.getByRole('region', { name: /par livreur/ })).getAllByRole('row')).toHaveLength(2))
  })

  it('records a hand-back for the day shown, checked by the shared schema; a refusal shows on its field', async () => {
    cash()
    renderAdmin('/caisse')
    await screen.findByRole('option', { name: 'Awa Diop' })
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la remise' }))
    expect(await screen.findByText(CASH_MESSAGES.livreurRequired)).toBeInTheDocument()
    expect(screen.getByText(CASH_MESSAGES.montantInvalid)).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByLabelText('Livreur'), 'Awa Diop')
    await userEvent.type(screen.getByLabelText('Montant remis (FCFA)'), '-2000')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la remise' }))
    expect(await screen.findByText(CASH_MESSAGES.noteRequiredForCorrection)).toBeInTheDocument()
    expect(posted).toEqual([])

    await userEvent.type(screen.getByLabelText('Note'), 'Saisie en double')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la remise' }))
    await waitFor(() => expect(posted).toEqual([{ livreur: awa.id, date: today, montant: -2000, note: 'Saisie en double' }]))
    expect(await screen.findByText(CASH_MESSAGES.remiseSaved)).toBeInTheDocument()
  })

  it("shows the server's refusal on the courier's field", async () => {
    cash({ status: 400, body: { message: DISPATCH_MESSAGES.courierNotFound, errors: { livreur: [DISPATCH_MESSAGES.courierNotFound] } } })
    renderAdmin('/caisse')
    await screen.findByRole('option', { name: 'Ibrahima Fall' })
    await userEvent.selectOptions(screen.getByLabelText('Livreur'), 'Ibrahima Fall')
    await userEvent.type(screen.getByLabelText('Montant remis (FCFA)'), '2800')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la remise' }))
    expect(await screen.findByText(DISPATCH_MESSAGES.courierNotFound)).toBeInTheDocument()
  })

  it('on a phone, shows a card per courier with every figure, and the days with their two differences', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === PHONE_QUERY, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
    )
    cash()
    renderAdmin('/caisse', { me: MANAGER })
    const list = await screen.findByRole('list', { name: /par livreur/ })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first).toHaveClass('list-group-item-danger')
    expect(second).not.toHaveClass('list-group-item-danger')
    const figures = (item: HTMLElement) => [...item.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(figures(first!)).toEqual([
      ['À encaisser', formatPrix(14_500)],
      ['Encaissé', formatPrix(14_000)],
      ['Remis', formatPrix(10_000)],
      ['Reste à remettre', formatPrix(4_000)],
      ['Non encaissé', formatPrix(500)],
    ])
    const days = within(screen.getByRole('region', { name: 'Caisse des 30 derniers jours' })).getAllByRole('row')
    expect(within(days[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Jour', 'Reste à remettre', 'Non encaissé'])
    expect(days[1]).toHaveClass('table-danger')
    expect(await seriousViolations()).toEqual([])
  })
})
