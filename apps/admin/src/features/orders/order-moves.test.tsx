// The order page offers the moves that fit the order: from « En préparation », a home delivery
// goes out with a courier and a depot pickup waits at the depot, never the other way round,
// even when a server lists both.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '@teranga/shared/order-status'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, requests, server } from '../../testing/server.ts'

const inPreparation = (modelivraison: { code: string; designation: string }) =>
  orderDetail({
    etat: 'en_preparation',
    etat_text: ORDER_STATUSES.en_preparation.text,
    modelivraison,
    suivants: [
      { etat: 'en_livraison', etat_text: ORDER_STATUSES.en_livraison.text },
      { etat: 'prete_retrait', etat_text: ORDER_STATUSES.prete_retrait.text },
    ],
  })

const cases = [
  { name: 'a home delivery', modelivraison: { code: 'DOMICILE', designation: 'Livraison à domicile' }, fits: 'en_livraison', other: 'prete_retrait' },
  { name: 'a depot pickup', modelivraison: { code: 'RETRAIT', designation: 'Retrait en dépôt' }, fits: 'prete_retrait', other: 'en_livraison' },
] as const

describe('order page moves', () => {
  it.each(cases)('$name in preparation is offered its own move only', async ({ modelivraison, fits, other }) => {
    server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json(inPreparation(modelivraison))))
    renderAdmin('/commandes/T-000123')
    const actions = await screen.findByRole('group', { name: 'Actions' })
    const offered = await within(actions).findByRole('button', { name: ORDER_STATUSES[fits].text })
    expect(within(actions).queryByRole('button', { name: ORDER_STATUSES[other].text })).not.toBeInTheDocument()
    await userEvent.click(offered)
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/commande/T-000123/etat')?.body).toEqual({ etat: fits }))
  })
})
