// The header search: suggestions as you type (at most 5, image, designation, price), the
// empty answer, keyboard choice, Enter opening the chosen product or else the results page
// (issue 19 §2), and hiding after blur. The fake API answers each search as the test gives it
// (`answerSearch`): matching is the server's (catalogue.test.ts).
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEARCH_HIDE_DELAY_MS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { answerSearch, db, failGraphql, graphqlCalls } from '@/testing/server.ts'

const searchBox = () => screen.getByRole('combobox', { name: 'Rechercher un produit' })

/** The home grid holds other products; searching « mangue » answers `count` mangoes. */
function seedMangoes(count: number) {
  const mangues = Array.from({ length: count }, (_, i) => makeProduit({ designation: `Mangue ${i + 1}`, prix: 1000 * (i + 1) }))
  db.produits = [makeProduit({ designation: 'Arachide' }), ...mangues]
  answerSearch('mangue', mangues)
  return mangues
}

describe('search box', () => {
  it('has the placeholder of the spec', () => {
    renderApp('/')
    expect(searchBox()).toHaveAttribute('placeholder', MESSAGES.searchPlaceholder)
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false')
  })

  it('suggests the matching products the server answers (asking for 5) with image, designation and price', async () => {
    const [first] = seedMangoes(5)
    const { user } = renderApp('/')
    await user.type(searchBox(), 'mangue')

    const options = await screen.findAllByRole('option')
    expect(options).toHaveLength(5)
    expect(searchBox()).toHaveAttribute('aria-expanded', 'true')
    expect(options[0]).toHaveTextContent('Mangue 1')
    expect(within(options[0]!).getByText('1 000 FCFA')).toBeInTheDocument()
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', first!.image)
    expect(within(screen.getByRole('listbox', { name: 'Suggestions' })).queryByText('Arachide')).not.toBeInTheDocument()
    // Typing is debounced: one request for the whole word, asking for 5.
    expect(graphqlCalls('Produits').filter((call) => call.variables?.['designation'])).toEqual([
      expect.objectContaining({ variables: { page: 1, count: 5, designation: 'mangue' } }),
    ])
  })

  it("says 'Aucun résultat trouvé' when nothing matches", async () => {
    seedMangoes(2)
    answerSearch('caviar', [])
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
    const mangues = seedMangoes(3)
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
    expect(router.state.location.pathname).toBe(`/product/${mangues[1]!.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Mangue 2' })).toBeInTheDocument()
    expect(searchBox()).toHaveValue('')
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('opens the results page on Enter when no suggestion is chosen, and a clicked suggestion', async () => {
    const mangues = seedMangoes(2)
    // The results page asks the first page of the grid (12), the box 5: one answer for both here.
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

    answerSearch('mangue 2', [mangues[1]!])
    await user.type(searchBox(), 'mangue 2')
    await user.click(await screen.findByRole('option', { name: /Mangue 2/ }))
    expect(router.state.location.pathname).toBe(`/product/${mangues[1]!.id}`)
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
