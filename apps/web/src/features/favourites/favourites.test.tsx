// The heart of a product: signed out it only says to sign in; signed in it adds (POST) or
// removes (DELETE) the favourite, refreshes the products' `like`, and tells failures.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failRest, requests, restCalls } from '@/testing/server.ts'

async function heartOf(designation: string) {
  const card = (await screen.findByRole('heading', { name: designation })).closest('article')!
  return within(card).getByRole('button', { name: /favoris$/ })
}

describe('favourites', () => {
  it('signed out, the heart asks to sign in and sends nothing', async () => {
    db.produits = [makeProduit({ designation: 'Miel de mangrove' })]
    const { user } = renderApp('/')
    const heart = await heartOf('Miel de mangrove')
    const sentBefore = requests.length
    await user.click(heart)

    expect(await screen.findByText(MESSAGES.favouriteSignedOut)).toBeInTheDocument()
    expect(requests.slice(sentBefore)).toEqual([])
    expect(restCalls('POST', '/api/favorie')).toHaveLength(0)
    expect(heart).toHaveAttribute('aria-pressed', 'false')
  })

  it("signed in, posts {client, produit}: 'Produit ajouté aux favoris' and the heart fills", async () => {
    const customer = signInAs()
    const miel = makeProduit({ designation: 'Miel de mangrove' })
    db.produits = [miel]
    const { user } = renderApp('/')
    // The grid's card, not the favourites section's (empty for now).
    const grid = screen.getByRole('region', { name: 'Nos produits' })
    const heart = within((await within(grid).findByRole('heading', { name: 'Miel de mangrove' })).closest('article')!).getByRole('button', {
      name: 'Ajouter aux favoris',
    })
    await user.click(heart)

    expect(await screen.findByText(MESSAGES.favouriteAdded)).toBeInTheDocument()
    expect(restCalls('POST', '/api/favorie').map((call) => call.body)).toEqual([{ client: customer.id, produit: miel.id }])
    // Every signed-in product answer is fetched again with its new `like`.
    await waitFor(() => expect(within(grid).getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute('aria-pressed', 'true'))
    const favourites = screen.getByRole('region', { name: 'Mes favoris' })
    expect(await within(favourites).findByRole('heading', { name: 'Miel de mangrove' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Mes favoris, 1 produit' })).toBeInTheDocument()
  })

  it('a liked product shows a pressed heart, and pressing it deletes the favourite', async () => {
    signInAs()
    const miel = makeProduit({ designation: 'Miel de mangrove' })
    db.produits = [miel]
    db.favoris = [miel.id]
    const { user } = renderApp(`/product/${miel.id}`)
    const heart = await screen.findByRole('button', { name: 'Retirer des favoris', pressed: true })
    await user.click(heart)

    expect(await screen.findByText(MESSAGES.favouriteRemoved)).toBeInTheDocument()
    expect(restCalls('DELETE', `/api/favorie/${miel.id}`)).toHaveLength(1)
    expect(restCalls('POST', '/api/favorie')).toHaveLength(0)
    expect(await screen.findByRole('button', { name: 'Ajouter aux favoris', pressed: false })).toBeInTheDocument()
    expect(db.favoris).toEqual([])
  })

  it('tells a failure to add', async () => {
    signInAs()
    db.produits = [makeProduit({ designation: 'Miel de mangrove' })]
    failRest('post', '/api/favorie', 500)
    const { user } = renderApp(`/product/${db.produits[0]!.id}`)
    await user.click(await screen.findByRole('button', { name: 'Ajouter aux favoris' }))
    expect(await screen.findByText(MESSAGES.favouriteError)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('tells a failure to remove', async () => {
    signInAs()
    const miel = makeProduit({ designation: 'Miel de mangrove' })
    db.produits = [miel]
    db.favoris = [miel.id]
    failRest('delete', '/api/favorie/:produit', 'network')
    const { user } = renderApp(`/product/${miel.id}`)
    await user.click(await screen.findByRole('button', { name: 'Retirer des favoris' }))
    expect(await screen.findByText(MESSAGES.favouriteError)).toBeInTheDocument()
  })

  it('lists every favourite page by page on /profile/favorite, or asks a visitor to sign in', async () => {
    const { unmount } = renderApp('/profile/favorite')
    expect(await screen.findByText('Connectez-vous pour voir vos favoris.')).toBeInTheDocument()
    unmount()

    signInAs()
    db.produits = Array.from({ length: 10 }, (_, i) => makeProduit({ designation: `Favori ${i + 1}` }))
    db.favoris = db.produits.map((p) => p.id)
    const { user } = renderApp('/profile/favorite')
    // The page loads on demand: nothing is drawn until it has.
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Favori 1' })).toBeInTheDocument()
    expect(within(main).getAllByRole('article')).toHaveLength(8)
    const pager = within(main).getByRole('navigation', { name: 'Pages des favoris' })
    await user.click(within(pager).getByRole('button', { name: 'Suivant' }))
    expect(await within(main).findByRole('heading', { name: 'Favori 9' })).toBeInTheDocument()
    expect(within(main).getByRole('navigation', { name: 'Pages des favoris' })).toHaveTextContent('Page 2 / 2')
  })
})
