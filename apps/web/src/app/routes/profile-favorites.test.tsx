// /profile/favorite inside the customer's space: the favourites page by page (the page in the
// address), the heart removing one, the menu beside it; visitors see the sign-in form.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { installAccountApi } from '@/testing/account-api.ts'
import { db, failGraphql, graphqlCalls } from '@/testing/server.ts'

beforeEach(installAccountApi)

describe('favourites route in the profile', () => {
  it('asks a visitor to sign in', async () => {
    renderApp('/profile/favorite')
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Mes favoris' })).toBeInTheDocument()
    expect(within(main).getByText('Connectez-vous pour voir vos favoris.')).toBeInTheDocument()
    expect(within(main).getByLabelText('Mot de passe')).toBeInTheDocument()
    expect(graphqlCalls('Favoris')).toHaveLength(0)
  })

  it('lists the favourites beside the menu, page by page, the page in the address', async () => {
    signInAs()
    db.produits = Array.from({ length: 10 }, (_, i) => makeProduit({ designation: `Favori ${i + 1}` }))
    db.favoris = db.produits.map((p) => p.id)
    const { user, router } = renderApp('/profile/favorite')
    const main = within(await screen.findByRole('main'))
    // The cards' titles come right under the page's title: no level skipped.
    expect(await main.findByRole('heading', { level: 2, name: 'Favori 1' })).toBeInTheDocument()
    expect(main.getByRole('heading', { level: 1, name: 'Mes favoris' })).toBeInTheDocument()
    expect(within(main.getByRole('navigation', { name: 'Mon espace client' })).getByRole('link', { name: 'Mes favoris' })).toHaveAttribute('aria-current', 'page')
    expect(main.getAllByRole('article')).toHaveLength(8)

    const pager = main.getByRole('navigation', { name: 'Pages des favoris' })
    await user.click(within(pager).getByRole('button', { name: 'Suivant' }))
    expect(await main.findByRole('heading', { name: 'Favori 9' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')
    await waitFor(() => expect(document.title).toBe('Mes favoris — Teranga'))
  })

  it('takes a product out of the favourites with its heart', async () => {
    signInAs()
    db.produits = [makeProduit({ designation: 'Miel de Casamance' }), makeProduit({ designation: 'Bissap séché' })]
    db.favoris = db.produits.map((p) => p.id)
    const { user } = renderApp('/profile/favorite')
    const main = within(await screen.findByRole('main'))
    const miel = (await main.findByRole('heading', { name: 'Miel de Casamance' })).closest('article')!
    await user.click(within(miel).getByRole('button', { name: 'Retirer des favoris' }))
    await waitFor(() => expect(main.queryByRole('heading', { name: 'Miel de Casamance' })).not.toBeInTheDocument())
    expect(main.getByRole('heading', { name: 'Bissap séché' })).toBeInTheDocument()
    expect(db.favoris).toEqual([db.produits[1]!.id])
  })

  it('tells when the favourites cannot be loaded', async () => {
    signInAs()
    failGraphql('Favoris', 500)
    renderApp('/profile/favorite')
    expect(await screen.findByText(MESSAGES.favouritesLoadError)).toBeInTheDocument()
  })
})
