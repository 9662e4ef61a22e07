// The order page's documents (ADR 061): « Facture (PDF) » and one « Avoir (PDF) » per credit
// note when the server lists them, none before; each downloaded with the token.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { INVOICE_LINKS } from '@teranga/shared/invoices'
import { renderAdmin } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

describe('the order page’s documents', () => {
  it('offers the invoice and the credit note, and downloads the invoice with the token', async () => {
    server.use(
      http.get('*/api/commande/:numero/documents', () => HttpResponse.json({ facture: 'F-2026-000123', avoirs: [{ numero: 'A-2026-000045', montant: 1500, montant_fr: '1 500 FCFA' }] })),
      http.get('*/api/commande/:numero/facture.pdf', () => new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } })),
    )
    URL.createObjectURL = vi.fn(() => 'blob:facture')
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderAdmin('/commandes/T-000123')
    const invoice = await screen.findByRole('button', { name: `${INVOICE_LINKS.facture} F-2026-000123` })
    expect(screen.getByRole('button', { name: `${INVOICE_LINKS.avoir} A-2026-000045` })).toBeInTheDocument()
    await userEvent.click(invoice)
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(click.mock.contexts[0]).toMatchObject({ download: 'F-2026-000123.pdf', href: 'blob:facture' })
    click.mockRestore()
  })

  it('shows nothing before the order has an invoice', async () => {
    let asked = 0
    server.use(
      http.get('*/api/commande/:numero/documents', () => {
        asked++
        return HttpResponse.json({ facture: null, avoirs: [] })
      }),
    )
    renderAdmin('/commandes/T-000123')
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => expect(asked).toBe(1))
    expect(screen.queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument()
  })
})
