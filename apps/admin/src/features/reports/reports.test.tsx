// « Rapports »: the period picker asks the server for the right days (last month, then the
// previous period for the comparison), the grouping is sent, the total and « +12 % » shown,
// the summary's lists; a gestionnaire has no such page.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ReportGrouping, SalesReport, SalesSummary } from '@teranga/shared/backoffice-reports'
import { formatPrix } from '@teranga/shared/money'
import { shopDay } from '@teranga/shared/shop-day'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, server } from '../../testing/server.ts'
import { periodFor, previousPeriod } from './period.ts'

const today = shopDay()
const figures = (net: number) => ({ commandes: 4, articles: 9, montant_articles: net, remises: 0, livraison: 0, rembourse: 0, net })
const asked: Array<{ du: string; au: string; par: string }> = []

function reports() {
  server.use(
    http.get('*/api/rapport/ventes', ({ request }) => {
      const q = new URL(request.url).searchParams
      const [du, au, par] = [q.get('du')!, q.get('au')!, q.get('par') as ReportGrouping]
      asked.push({ du, au, par })
      // The period shown sells 112 000 FCFA; any other (the one before) 100 000.
      const shown = par !== 'mois'
      const lignes = par === 'modepaiement' ? [{ cle: 'WAVE', libelle: 'Wave', ...figures(112_000) }] : [{ cle: du, libelle: du, ...figures(shown ? 112_000 : 100_000) }]
      const report: SalesReport = { du, au, par, lignes, total: figures(shown ? 112_000 : 100_000) }
      return HttpResponse.json(report)
    }),
    http.get('*/api/rapport/synthese', ({ request }) => {
      const q = new URL(request.url).searchParams
      const summary: SalesSummary = {
        du: q.get('du')!,
        au: q.get('au')!,
        commandes: 4,
        panier_moyen: 28_000,
        clients: { nouveaux: 3, habitues: 1 },
        meilleures_ventes: [{ id: 1, designation: 'Riz brisé 5 kg', articles: 6, net: 26_000 }],
        modes: [{ code: 'WAVE', designation: 'Wave', commandes: 4, net: 112_000, part: 100 }],
        invendus: [{ id: 2, designation: 'Bissap séché', quantite: 40 }],
      }
      return HttpResponse.json(summary)
    }),
  )
}

describe('« Rapports »', () => {
  it('asks for last month and the month before, shows the net and « +12 % », then the grouping chosen', async () => {
    reports()
    asked.length = 0
    renderAdmin('/rapports')
    expect(await screen.findByRole('heading', { name: 'Rapports' })).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Période'), 'mois_dernier')
    const last = periodFor('mois_dernier', today)
    const before = previousPeriod(last)
    await waitFor(() => expect(asked).toContainEqual({ ...last, par: 'jour' }))
    expect(asked).toContainEqual({ ...before, par: 'mois' })
    await waitFor(() => expect(screen.getByTestId('rapport-net').textContent).toBe(formatPrix(112_000)))
    expect(await screen.findByText(/^\+12\s%\spar rapport à la période précédente$/)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('rapport-panier').textContent).toBe(formatPrix(28_000)))
    expect(screen.getByText('Riz brisé 5 kg')).toBeInTheDocument()
    expect(screen.getByText('Bissap séché')).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByLabelText('Regroupement'), 'modepaiement')
    await waitFor(() => expect(asked).toContainEqual({ ...last, par: 'modepaiement' }))
    expect(await screen.findByRole('region', { name: /par mode de paiement/ })).toHaveTextContent('Wave')
    expect(screen.getByRole('button', { name: 'Télécharger (CSV)' })).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it('is not a gestionnaire’s page', async () => {
    reports()
    renderAdmin('/rapports', { me: MANAGER })
    expect(await screen.findByRole('heading', { name: 'Accès réservé aux administrateurs' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Rapports' })).not.toBeInTheDocument()
  })
})
