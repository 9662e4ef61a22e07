// The order page reads, on a phone, in the order the one who delivers needs it: the customer
// with their phone (call, WhatsApp) and the address with its map, then lines and amounts, then history.
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAdmin } from '../../testing/render.tsx'
import { orderDetail, server } from '../../testing/server.ts'

const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)

describe('order page layout', () => {
  it('puts the customer, their phone and the address before the lines, and the history last', async () => {
    renderAdmin('/commandes/T-000123')
    await screen.findByRole('heading', { level: 1, name: /Commande T-000123/ })
    const customer = screen.getByRole('heading', { level: 2, name: 'Client' })
    const delivery = screen.getByRole('heading', { level: 2, name: 'Livraison' })
    const lines = screen.getByRole('heading', { level: 2, name: 'Articles' })
    const history = screen.getByRole('heading', { level: 2, name: 'Historique' })
    const call = screen.getByRole('link', { name: '+221 77 123 45 67' })
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' })
    const map = screen.getByRole('link', { name: 'Voir sur la carte' })
    expect(call).toHaveAttribute('href', 'tel:+221771234567')
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/221771234567')
    for (const [first, second] of [
      [customer, call],
      [call, whatsapp],
      [whatsapp, delivery],
      [delivery, map],
      [map, lines],
      [lines, history],
    ] as const)
      expect(before(first, second), `${first.textContent} avant ${second.textContent}`).toBe(true)
  })

  it('still leads with the customer for a depot pickup without phone or map', async () => {
    server.use(
      http.get('*/api/admin/commande/:numero', () =>
        HttpResponse.json(orderDetail({ tel: null, whatsapp: null, carte: null, adresseliv: null, zone: null, depot: { id: 1, designation: 'Dépôt Plateau' }, modelivraison: { code: 'RETRAIT', designation: 'Retrait au dépôt' } })),
      ),
    )
    renderAdmin('/commandes/T-000123')
    const customer = await screen.findByRole('heading', { level: 2, name: 'Client' })
    const pickup = screen.getByRole('heading', { level: 2, name: 'Retrait' })
    expect(before(customer, pickup)).toBe(true)
    expect(before(pickup, screen.getByRole('heading', { level: 2, name: 'Articles' }))).toBe(true)
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Voir sur la carte' })).not.toBeInTheDocument()
  })
})
