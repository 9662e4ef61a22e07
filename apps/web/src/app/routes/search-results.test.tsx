// /recherche?q=… (issue 19 §2): the search's results sorted, filtered and paged from the
// address, and when nothing matches « Aucun résultat pour « … » » with other searches to try,
// the filters to take off and the most viewed products. The fake API answers each search as
// the test gives it: matching, sorting and spelling are the server's (catalogue-grids.test.ts,
// search-spellings.test.ts).
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { GRID_MESSAGES } from '@teranga/shared/catalogue-grid'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { db, graphqlCalls } from '@/testing/server.ts'

const main = () => screen.getByRole('main')
const names = async () => (await within(main()).findAllByRole('article')).map((card) => within(card).getByRole('heading').textContent)

describe('/recherche', () => {
  it('lists the matches, sorted and filtered from the address', async () => {
    const [parfume, brise] = [makeProduit({ designation: 'Riz parfumé', prix: 9000 }), makeProduit({ designation: 'Riz brisé', prix: 4000 })]
    db.produits = [parfume, brise]
    const { user, router } = renderApp('/recherche?q=riz')
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultats pour « riz »' })).toBeInTheDocument()
    expect(await names()).toEqual(['Riz parfumé', 'Riz brisé'])
    expect(screen.getByText('2 produits')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Recherche « riz » — Teranga'))
    expect(screen.getByLabelText('Trier par')).toHaveValue('')
    expect(within(screen.getByLabelText('Trier par')).getByRole('option', { name: 'Pertinence' })).toBeInTheDocument()
    expect(graphqlCalls('Produits').at(-1)?.variables).toEqual({ page: 1, count: HOME_PAGE_SIZE, designation: 'riz' })

    db.produits = [brise, parfume]
    await user.selectOptions(screen.getByLabelText('Trier par'), 'Prix croissant')
    await waitFor(() => expect(router.state.location.search).toBe('?q=riz&tri=prix_croissant'))
    await waitFor(async () => expect(await names()).toEqual(['Riz brisé', 'Riz parfumé']))
    db.produits = [brise]
    await user.type(screen.getByLabelText('Prix max (FCFA)'), '5000')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=riz&tri=prix_croissant&prix_max=5000'))
    await waitFor(async () => expect(await names()).toEqual(['Riz brisé']))
    expect(graphqlCalls('Produits').at(-1)?.variables).toEqual({ page: 1, count: HOME_PAGE_SIZE, designation: 'riz', tri: 'prix_croissant', prix_max: 5000 })
  })

  it('says when nothing matches, with other searches, the filters to take off and the most viewed products', async () => {
    const mangue = makeProduit({ designation: 'Mangue Kent', prix: 1500 })
    db.mostViewed = [makeProduit({ designation: 'Thiof frais', prix: 6000 })]
    const { user, router } = renderApp('/recherche?q=mangue%20kent%20bio&en_stock=1&prix_min=2000')
    expect(await screen.findByRole('heading', { level: 2, name: GRID_MESSAGES.noResult('mangue kent bio') })).toBeInTheDocument()
    expect(await within(main()).findByRole('heading', { name: 'Thiof frais' })).toBeInTheDocument()
    expect(within(main()).getByRole('heading', { level: 2, name: 'Les produits les plus consultés' })).toBeInTheDocument()
    expect(graphqlCalls('Produits').at(-1)?.variables).toEqual({ page: 1, count: HOME_PAGE_SIZE, designation: 'mangue kent bio', prix_min: 2000, en_stock: true })

    db.produits = [mangue]
    await user.click(screen.getByRole('link', { name: 'mangue' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=mangue'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultats pour « mangue »' })).toBeInTheDocument()
    expect(await names()).toEqual(['Mangue Kent'])

    // Nothing at that price; without the filters, the answer already seen.
    db.produits = []
    router.navigate('/recherche?q=mangue&prix_min=2000')
    await user.click(await screen.findByRole('link', { name: 'Chercher sans les filtres de prix et de stock' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=mangue'))
    expect(await names()).toEqual(['Mangue Kent'])
  })

  it('offers the close spellings the server finds, which open their results', async () => {
    db.orthographes = ['mangue']
    const { user, router } = renderApp('/recherche?q=mangie&tri=prix_croissant')
    expect(await screen.findByRole('heading', { level: 2, name: GRID_MESSAGES.noResult('mangie') })).toBeInTheDocument()
    const suggestion = await screen.findByText(/Vouliez-vous dire/)
    expect(suggestion).toHaveTextContent('Vouliez-vous dire : mangue ?')
    expect(graphqlCalls('Orthographes').at(-1)?.variables).toEqual({ q: 'mangie' })
    db.produits = [makeProduit({ designation: 'Mangue Kent', prix: 1500 })]
    await user.click(within(suggestion).getByRole('link', { name: 'mangue' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=mangue&tri=prix_croissant'))
    expect(await names()).toEqual(['Mangue Kent'])
  })

  it('without a term, says how to search', async () => {
    renderApp('/recherche')
    expect(await screen.findByRole('heading', { level: 1, name: 'Recherche' })).toBeInTheDocument()
    expect(screen.getByText(/Tapez le nom d'un produit/)).toBeInTheDocument()
    expect(graphqlCalls('Produits')).toHaveLength(0)
  })
})
