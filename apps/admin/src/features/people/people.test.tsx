// A customer's page: the points adjustment asks for a reason and sends the contract's fields.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { requests } from '../../testing/server.ts'

describe('customer page', () => {
  it('adjusts the points with a reason', async () => {
    renderAdmin('/clients/7')
    expect(await screen.findByRole('heading', { name: 'Fatou Sarr' })).toBeInTheDocument()
    // The last orders, with the shared machine's label.
    expect(await screen.findByRole('link', { name: 'T-000123' })).toHaveAttribute('href', '/commandes/T-000123')
    expect(screen.getByText(/Livrée/)).toBeInTheDocument()
    // What their orders that count as sales brought (ADR 050).
    expect(screen.getByText(/^Achats/)).toHaveTextContent('Achats : 12 500 FCFA (1 commande)')
    expect(await seriousViolations()).toEqual([])
    await userEvent.type(screen.getByLabelText('Points (+/−)'), '50')
    await userEvent.click(screen.getByRole('button', { name: 'Ajuster' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.motifRequired)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Motif'), 'Geste commercial')
    await userEvent.click(screen.getByRole('button', { name: 'Ajuster' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/client/7/points')?.body).toEqual({ points: 50, motif: 'Geste commercial' }))
  })

  it('reads the audit log: who changed what, before and after, filtered in the URL and paged', async () => {
    renderAdmin('/journal')
    expect(await screen.findByText(/Modification — Produit n° 12 · admin@teranga\.sn/)).toBeInTheDocument()
    expect(screen.getByRole('row', { name: 'Prix 1\u00a0500\u00a0FCFA 1\u00a0750\u00a0FCFA' })).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Ressource'), 'Produit')
    await userEvent.type(screen.getByLabelText('Identifiant'), '12')
    await waitFor(() => {
      const last = requests.filter((r) => r.url.pathname === '/api/audit').at(-1)!
      expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ resource: 'produit', resource_id: '12', page: '1' })
    })
  })
})
