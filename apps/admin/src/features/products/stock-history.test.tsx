// A product's stock history on its page: each change with its date, sign, stock after, the
// reason's French label, and who made it (a staff member) or which order (a link to it).
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { STOCK_REASONS, type StockHistoryLine } from '@teranga/shared/backoffice-catalogue'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

const line = (overrides: Partial<StockHistoryLine>): StockHistoryLine => ({
  id: 1,
  date: '2026-11-24T09:30:00Z',
  date_fr: '24 novembre 2026 à 09:30',
  delta: -2,
  quantite_apres: 8,
  raison: 'vente',
  raison_text: STOCK_REASONS.vente,
  motif: null,
  staff: null,
  commande: { numero: 'TRG-261124-AB12CD' },
  variante: null,
  ...overrides,
})

const history: StockHistoryLine[] = [
  line({ id: 5, delta: 2, quantite_apres: 12, raison: 'remboursement', raison_text: STOCK_REASONS.remboursement, motif: 'Colis abîmé', staff: { id: 1, email: 'admin@teranga.sn', nom: 'Awa Diop' }, commande: { numero: 'TRG-261124-EF34GH' } }),
  line({ id: 4, delta: 2, quantite_apres: 10, raison: 'annulation', raison_text: STOCK_REASONS.annulation, motif: 'délai de paiement dépassé', commande: { numero: 'TRG-261124-IJ56KL' } }),
  line({ id: 3, delta: -2, quantite_apres: 8 }),
  line({ id: 2, delta: 5, quantite_apres: 10, raison: 'manuel', raison_text: STOCK_REASONS.manuel, motif: 'Livraison du fournisseur', staff: { id: 2, email: 'gestion@teranga.sn', nom: null }, commande: null }),
  line({ id: 1, delta: 5, quantite_apres: 5, raison: 'import', raison_text: STOCK_REASONS.import, staff: { id: 1, email: 'admin@teranga.sn', nom: 'Awa Diop' }, commande: null }),
]

const rowOf = (text: string) => screen.getByRole('cell', { name: text }).closest('tr') as HTMLElement

describe('stock history', () => {
  it('shows each line with its label, sign, stock after, and the staff member or the order, never an object', async () => {
    server.use(http.get('*/api/produit/:id/mouvements', () => HttpResponse.json({ metadata: { total: 5, per_page: 20, current_page: 1, last_page: 1 }, data: history })))
    renderAdmin('/produits/3')
    const table = await screen.findByRole('table', { name: 'Historique du stock' })
    const sale = await within(table).findByRole('link', { name: 'Commande TRG-261124-AB12CD' })
    expect(within(table).getAllByRole('row')).toHaveLength(history.length + 1)
    expect(table.textContent).not.toContain('[object Object]')

    expect(sale).toHaveAttribute('href', '/commandes/TRG-261124-AB12CD')
    expect(within(sale.closest('tr')!).getByText('Vente')).toBeInTheDocument()
    expect(within(sale.closest('tr')!).getByText('−2')).toBeInTheDocument()

    const refund = within(table).getByRole('link', { name: 'Commande TRG-261124-EF34GH' }).closest('tr') as HTMLElement
    expect(refund).toHaveTextContent('+2')
    expect(refund).toHaveTextContent('12')
    expect(refund).toHaveTextContent('Remboursement')
    expect(refund).toHaveTextContent('Colis abîmé')
    expect(refund).toHaveTextContent('Awa Diop')

    expect(rowOf('Annulation de commande délai de paiement dépassé')).toHaveTextContent('Commande TRG-261124-IJ56KL')
    // A staff member without a name is shown by their email.
    expect(rowOf('Mouvement manuel Livraison du fournisseur')).toHaveTextContent('gestion@teranga.sn')
    expect(rowOf('Import CSV')).toHaveTextContent('+5')
    expect(rowOf('Import CSV')).toHaveTextContent('Awa Diop')
    expect(await seriousViolations()).toEqual([])
  })
})
