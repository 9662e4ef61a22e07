// The header search: suggestions as you type (at most 5, image, designation, price), the
// empty answer, keyboard choice, Enter opening the chosen product or else the results page
// (issue 19 §2), and hiding after blur.
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEARCH_HIDE_DELAY_MS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { db, failGraphql, graphqlCalls } from '@/testing/server.ts'

const searchBox = () => screen.getByRole('combobox', { name: 'Rechercher un produit' })

function seedMangoes(count: number) {
  db.produits = [
    ...Array.from({ length: count }, (_, i) => makeProduit({ designation: `Mangue ${i + 1}`, prix: 1000 * (i + 1) })),
    makeProduit({ designation: 'Arachide' }),
  ]
}

describe('search box', () => {
  it('has the placeholder of the spec', () => {
    renderApp('/')
    expect(searchBox()).toHaveAttribute('placeholder', MESSAGES.searchPlaceholder)
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false')
  })

  it('suggests at most 5 matching products with image, designation and price', async () => {
    seedMangoes(7)
    const { user } = renderApp('/')
    await user.type(searchBox(), 'mangue')

    const options = await screen.findAllByRole('option')
    expect(options).toHaveLength(5)
    expect(searchBox()).toHaveAttribute('aria-expanded', 'true')
    const first = options[0]!
    expect(first).toHaveTextContent('Mangue 1')
    expect(within(first).getByText('1 000 FCFA')).toBeInTheDocument()
    expect(first.querySelector('img')).toHaveAttribute('src', db.produits[0]!.image)
    expect(within(screen.getByRole('listbox', { name: 'Suggestions' })).queryByText('Arachide')).not.toBeInTheDocument()
    // Typing is debounced: one request for the whole word, asking for 5.
    expect(graphqlCalls('Produits').filter((call) => call.variables?.['designation'])).toEqual([
      expect.objectContaining({ variables: { page: 1, count: 5, designation: 'mangue' } }),
    ])
  })

  it("says 'Aucun résultat trouvé' when nothing matches", async () => {
    seedMangoes(2)
    const { user } = renderApp('/')
    await user.type(searchBox(), 'caviar')
    expect(await screen.findByText(MESSAGES.searchNoResult)).toBeInTheDocument()
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it("shows the error's message when the search fails", async () => {
    failGraphql('Produits', 'network')
    const { user } = renderApp('/product/abc')
    await user.type(searchBox(), 'mangue')
    expect(await screen.findByText(MESSAGES.serverUnreachable)).toBeInTheDocument()
  })

  it('moves the selection with ArrowDown / ArrowUp and opens the product with Enter', async () => {
    seedMangoes(3)
    const { user, router } = renderApp('/')
    await user.type(searchBox(), 'mangue')
    const options = await screen.findAllByRole('option')
    const selected = () => screen.getAllByRole('option').map((option) => option.getAttribute('aria-selected'))
    expect(selected()).toEqual(['false', 'false', 'false'])

    await user.keyboard('{ArrowDown}')
    expect(selected()).toEqual(['true', 'false', 'false'])
    expect(searchBox()).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(selected()).toEqual(['false', 'false', 'true'])
    await user.keyboard('{ArrowDown}')
    expect(selected()).toEqual(['true', 'false', 'false'])
    await user.keyboard('{ArrowUp}')
    expect(selected()).toEqual(['false', 'false', 'true'])
    await user.keyboard('{ArrowUp}')
    expect(selected()).toEqual(['false', 'true', 'false'])

    await user.keyboard('{Enter}')
    expect(router.state.location.pathname).toBe(`/product/${db.produits[1]!.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Mangue 2' })).toBeInTheDocument()
    expect(searchBox()).toHaveValue('')
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('opens the results page on Enter when no suggestion is chosen, and a clicked suggestion', async () => {
    seedMangoes(2)
    const { user, router } = renderApp('/')
    await user.type(searchBox(), 'mangue')
    await screen.findAllByRole('option')
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultats pour « mangue »' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/recherche')
    expect(router.state.location.search).toBe('?q=mangue')
    expect(await within(screen.getByRole('main')).findAllByRole('article')).toHaveLength(2)
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false')

    await user.clear(searchBox())

    await user.type(searchBox(), 'mangue 2')
    await user.click(await screen.findByRole('option', { name: /Mangue 2/ }))
    expect(router.state.location.pathname).toBe(`/product/${db.produits[1]!.id}`)
  })

  it(`hides the suggestions ${SEARCH_HIDE_DELAY_MS} ms after the box loses focus`, async () => {
    seedMangoes(2)
    const { user } = renderApp('/')
    await user.type(searchBox(), 'mangue')
    await screen.findAllByRole('option')

    const blurredAt = performance.now()
    act(() => searchBox().blur())
    // Long enough to click a suggestion…
    expect(screen.getAllByRole('option')).toHaveLength(2)
    // …then gone.
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0))
    expect(performance.now() - blurredAt).toBeGreaterThanOrEqual(SEARCH_HIDE_DELAY_MS - 5)
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false')

    // Focusing again shows them at once.
    await user.click(searchBox())
    expect(await screen.findAllByRole('option')).toHaveLength(2)
  })

  it('hides the suggestions with Escape', async () => {
    seedMangoes(2)
    const { user } = renderApp('/')
    await user.type(searchBox(), 'mangue')
    await screen.findAllByRole('option')
    await user.keyboard('{Escape}')
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })
})
