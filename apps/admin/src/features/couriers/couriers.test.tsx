// « Livreurs »: the list, a new courier checked by the shared schema, an edit that deactivates,
// the server's refusal to delete a courier who carried orders shown as it says it.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DISPATCH_MESSAGES, type Courier } from '@teranga/shared/backoffice-dispatch'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, requests, server } from '../../testing/server.ts'

const moussa: Courier = { id: 3, nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: true }
const ibou: Courier = { id: 4, nom: 'Ibou Fall', telephone: '77 000 00 04', actif: false }

function couriers() {
  // These handlers answer before the shared recorder: they record the writes themselves.
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'GET' || !request.url.includes('/api/livreur')) return
    const text = await request.clone().text()
    requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined, authorization: request.headers.get('authorization') })
  })
  server.use(
    http.get('*/api/livreur', () => HttpResponse.json([moussa, ibou])),
    http.post('*/api/livreur', async ({ request }) => HttpResponse.json({ id: 9, actif: true, ...((await request.json()) as object) }, { status: 201 })),
    http.put('*/api/livreur/:id', async ({ request, params }) => HttpResponse.json({ id: Number(params.id), ...((await request.json()) as object) })),
    http.delete('*/api/livreur/:id', () => HttpResponse.json({ message: DISPATCH_MESSAGES.courierInUse }, { status: 409 })),
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  server.events.removeAllListeners('request:start')
})

describe('couriers page', () => {
  it('lists the couriers, adds one through the shared schema', async () => {
    couriers()
    renderAdmin('/livreurs')
    expect(await screen.findByRole('heading', { name: 'Livreurs' })).toBeInTheDocument()
    expect(await screen.findByText('Moussa Ndiaye')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '77 555 12 34' })).toHaveAttribute('href', 'tel:775551234')
    expect(screen.getByText('Inactif')).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])

    await userEvent.type(screen.getByLabelText('Téléphone'), 'pas un numéro')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }))
    expect(await screen.findByText(DISPATCH_MESSAGES.nomRequired)).toBeInTheDocument()
    expect(screen.getByText(DISPATCH_MESSAGES.telephoneInvalid)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await userEvent.type(screen.getByLabelText('Nom'), 'Awa Sarr')
    await userEvent.clear(screen.getByLabelText('Téléphone'))
    await userEvent.type(screen.getByLabelText('Téléphone'), '+221 77 123 45 67')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ nom: 'Awa Sarr', telephone: '+221 77 123 45 67', actif: true }))
  })

  it('deactivates a courier; a refused deletion shows the server message', async () => {
    couriers()
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderAdmin('/livreurs')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Moussa Ndiaye' }))
    const item = screen.getByDisplayValue('Moussa Ndiaye').closest('.list-group-item') as HTMLElement
    await userEvent.click(within(item).getByLabelText('Actif'))
    await userEvent.click(within(item).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: expect.objectContaining({ pathname: '/api/livreur/3' }), body: { nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: false } }))

    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Ibou Fall' }))
    expect(await screen.findByText(DISPATCH_MESSAGES.courierInUse)).toBeInTheDocument()
  })

  it('is for admins: a gestionnaire reads the admin-only notice and no nav link', async () => {
    renderAdmin('/livreurs', { me: MANAGER })
    expect(await screen.findByText(/Accès réservé aux administrateurs/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Livreurs' })).not.toBeInTheDocument()
  })
})
