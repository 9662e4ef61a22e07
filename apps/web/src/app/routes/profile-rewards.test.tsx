// /profile/recompenses: the balance and tier, the way to the next tier, every tier with its
// rewards (the customer's highlighted), the history, and the header's balance kept in step.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { account, installAccountApi } from '@/testing/account-api.ts'
import { failGraphql, server } from '@/testing/server.ts'

beforeEach(installAccountApi)

const tier = (designation: string) => account.privileges.find((p) => p.designation === designation)!

async function renderRewards() {
  const view = renderApp('/profile/recompenses')
  const main = await screen.findByRole('main')
  await within(main).findByRole('heading', { level: 1, name: 'Mes récompenses' })
  return { ...view, main: within(main) }
}

describe('rewards route', () => {
  it('shows the balance, the tier highlighted, the progress to the next one and the history', async () => {
    signInAs({ points: 180 })
    account.fidelite = {
      points: 180,
      privilege: tier('Argent'),
      prochain: tier('Or'),
      historique: [
        { id: 2, points: 25, motif: 'Commande livrée', numerocommande: 'TRG-261120-K7MQ2X', date: '2026-11-20T10:00:00Z', date_fr: '20/11/2026' },
        { id: 1, points: -5, motif: 'Commande remboursée', numerocommande: null, date: '2026-11-02T10:00:00Z', date_fr: '02/11/2026' },
      ],
    }
    const { main } = await renderRewards()

    const balance = await main.findByRole('region', { name: 'Mon solde' })
    expect(within(balance).getByText('180 points')).toBeInTheDocument()
    expect(balance).toHaveTextContent('Votre niveau : Argent')
    expect(within(balance).getByText('Encore 120 points pour atteindre le niveau Or.')).toBeInTheDocument()
    const progress = within(balance).getByRole('progressbar', { name: 'Encore 120 points pour atteindre le niveau Or.' })
    // 80 of the 200 points between Argent (100) and Or (300).
    expect(progress).toHaveAttribute('aria-valuenow', '40')

    const tiers = main.getByRole('region', { name: 'Les niveaux de fidélité' })
    const cards = within(tiers).getAllByRole('article')
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Niveau Bronze', 'Niveau Argent', 'Niveau Or'])
    const argent = within(tiers).getByRole('article', { name: 'Niveau Argent' })
    expect(argent).toHaveAttribute('aria-current', 'true')
    expect(within(argent).getByText('Votre niveau')).toBeInTheDocument()
    expect(within(argent).getByText('À partir de 100 points')).toBeInTheDocument()
    expect(within(argent).getByText('2 % de remise sur vos achats')).toBeInTheDocument()
    const or = within(tiers).getByRole('article', { name: 'Niveau Or' })
    expect(or).not.toHaveAttribute('aria-current')
    expect(within(or).queryByText('Votre niveau')).not.toBeInTheDocument()
    expect(within(or).getByText('5 % de remise sur vos achats')).toBeInTheDocument()
    expect(within(or).getByText('Livraison gratuite')).toBeInTheDocument()

    const history = within(main.getByRole('region', { name: 'Historique de mes points' })).getByRole('table')
    const rows = within(history).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Date', 'Motif', 'Points', 'Commande'],
      ['20/11/2026', 'Commande livrée', '+25', 'TRG-261120-K7MQ2X'],
      ['02/11/2026', 'Commande remboursée', '-5', '—'],
    ])
  })

  it("brings the header's balance up to date", async () => {
    signInAs({ points: 150 })
    account.fidelite = { points: 180, privilege: tier('Argent'), prochain: tier('Or'), historique: [] }
    const { user, main } = await renderRewards()
    await main.findByRole('region', { name: 'Mon solde' })
    const toggle = screen.getByRole('button', { name: 'Mon compte : Awa Diop' })
    await user.click(toggle)
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(await within(panel).findByText('Points de fidélité : 180')).toBeInTheDocument()
  })

  it('congratulates a customer at the highest tier, and says when there is no history yet', async () => {
    signInAs({ points: 420 })
    account.fidelite = { points: 420, privilege: tier('Or'), prochain: null, historique: [] }
    const { main } = await renderRewards()
    const balance = await main.findByRole('region', { name: 'Mon solde' })
    expect(within(balance).getByText(/Vous avez atteint le plus haut niveau de fidélité/)).toBeInTheDocument()
    expect(within(balance).queryByRole('progressbar')).not.toBeInTheDocument()
    expect(main.getByRole('article', { name: 'Niveau Or' })).toHaveAttribute('aria-current', 'true')
    expect(main.getByText('Aucun mouvement de points pour le moment.')).toBeInTheDocument()
  })

  it('shows a new customer the way to the first tier', async () => {
    signInAs({ points: 0 })
    account.fidelite = { points: 0, privilege: null, prochain: tier('Argent'), historique: [] }
    const { main } = await renderRewards()
    const balance = await main.findByRole('region', { name: 'Mon solde' })
    expect(within(balance).getByText('0 point')).toBeInTheDocument()
    expect(within(balance).getByText("Vous n'avez pas encore de niveau de fidélité.")).toBeInTheDocument()
    expect(within(balance).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
    expect(main.queryByText('Votre niveau')).not.toBeInTheDocument()
  })

  it('tells when the balance cannot be loaded, and loads it on retry', async () => {
    signInAs()
    account.fidelite = { points: 12, privilege: tier('Bronze'), prochain: tier('Argent'), historique: [] }
    server.use(http.get('*/api/fidelite', () => HttpResponse.json({ message: MESSAGES.internalError }, { status: 500 }), { once: true }))
    const { user, main } = await renderRewards()
    expect(await main.findByText(MESSAGES.loyaltyLoadError)).toBeInTheDocument()
    await user.click(main.getByRole('button', { name: 'Réessayer' }))
    expect(await main.findByText('12 points')).toBeInTheDocument()
  })

  it('tells when the tiers cannot be loaded', async () => {
    signInAs()
    failGraphql('Privileges', 500)
    const { main } = await renderRewards()
    expect(await main.findByText(MESSAGES.loyaltyLoadError)).toBeInTheDocument()
  })
})
