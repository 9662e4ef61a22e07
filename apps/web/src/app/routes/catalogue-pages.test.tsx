// The shop's grids (issue 19 §2): /shop, /promotions, /nouveautes and /best-sellers, with their
// sort, price range and « En stock uniquement » kept in the address, page by page. The fake API
// answers each list as the test gives it: sorting and filtering are the server's, tested on the
// server (catalogue-grids.test.ts); here the screen sends the right variables and shows the answer.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { GRID_MESSAGES } from '@teranga/shared/catalogue-grid'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { db, graphqlCalls } from '@/testing/server.ts'

const names = async () => (await within(screen.getByRole('main')).findAllByRole('article')).map((card) => within(card).getByRole('heading').textContent)
const lastVariables = () => graphqlCalls('Produits').at(-1)?.variables

describe('/shop', () => {
  it('sorts, filters by price and stock, pages, with every choice in the address', async () => {
    const [riz, huile, sucre, cafe] = [
      makeProduit({ designation: 'Riz', prix: 5000 }),
      makeProduit({ designation: 'Huile', prix: 1500, quantite: 0 }),
      makeProduit({ designation: 'Sucre', prix: 800 }),
      makeProduit({ designation: 'Café', prix: 3000 }),
    ]
    db.produits = [riz, huile, sucre, cafe]
    const { user, router } = renderApp('/shop')
    expect(await screen.findByRole('heading', { level: 1, name: 'Boutique' })).toBeInTheDocument()
    expect(await names()).toEqual(['Riz', 'Huile', 'Sucre', 'Café'])
    await waitFor(() => expect(document.title).toBe('Boutique — Teranga'))

    db.produits = [sucre, huile, cafe, riz]
    await user.selectOptions(screen.getByLabelText('Trier par'), 'Prix croissant')
    await waitFor(() => expect(router.state.location.search).toBe('?tri=prix_croissant'))
    await waitFor(async () => expect(await names()).toEqual(['Sucre', 'Huile', 'Café', 'Riz']))
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, tri: 'prix_croissant' })

    db.produits = [huile, cafe]
    await user.type(screen.getByLabelText('Prix min (FCFA)'), '1000')
    await user.type(screen.getByLabelText('Prix max (FCFA)'), '4000')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tri=prix_croissant&prix_min=1000&prix_max=4000'))
    await waitFor(async () => expect(await names()).toEqual(['Huile', 'Café']))
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, tri: 'prix_croissant', prix_min: 1000, prix_max: 4000 })

    db.produits = [cafe]
    await user.click(screen.getByLabelText('En stock uniquement'))
    await waitFor(() => expect(router.state.location.search).toBe('?tri=prix_croissant&prix_min=1000&prix_max=4000&en_stock=1'))
    await waitFor(async () => expect(await names()).toEqual(['Café']))
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, tri: 'prix_croissant', prix_min: 1000, prix_max: 4000, en_stock: true })

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tri=prix_croissant'))
    expect(screen.getByLabelText('Prix min (FCFA)')).toHaveValue('')
  })

  it('reads its state from the address (a reload, a shared link) and keeps it across pages', async () => {
    // The answer as the server sorts it, most expensive first.
    db.produits = Array.from({ length: HOME_PAGE_SIZE + 2 }, (_, i) => makeProduit({ designation: `Produit ${String(i + 1).padStart(2, '0')}`, prix: 100 * (i + 1) })).reverse()
    const { user, router } = renderApp('/shop?tri=prix_decroissant&prix_max=100000&en_stock=1')
    expect(await screen.findByLabelText('Trier par')).toHaveValue('prix_decroissant')
    expect(screen.getByLabelText('Prix max (FCFA)')).toHaveValue('100000')
    expect(screen.getByLabelText('En stock uniquement')).toBeChecked()
    expect((await names())[0]).toBe(`Produit ${HOME_PAGE_SIZE + 2}`)
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, tri: 'prix_decroissant', prix_max: 100000, en_stock: true })

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Suivant' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tri=prix_decroissant&prix_max=100000&en_stock=1&page=2'))
    await waitFor(async () => expect(await names()).toEqual(['Produit 02', 'Produit 01']))
    expect(lastVariables()).toEqual({ page: 2, count: HOME_PAGE_SIZE, tri: 'prix_decroissant', prix_max: 100000, en_stock: true })
  })

  it('leaves out what the address holds that makes no sense, and refuses a range upside down', async () => {
    db.produits = [makeProduit({ designation: 'Riz', prix: 5000 })]
    const { user, router } = renderApp('/shop?tri=cher&prix_min=abc&page=-2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Boutique' })).toBeInTheDocument()
    expect(await names()).toEqual(['Riz'])
    expect(screen.getByLabelText('Trier par')).toHaveValue('')
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE })

    await user.type(screen.getByLabelText('Prix min (FCFA)'), '5000')
    await user.type(screen.getByLabelText('Prix max (FCFA)'), '100')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(GRID_MESSAGES.prixRange)
    expect(router.state.location.search).toBe('?tri=cher&prix_min=abc&page=-2')
  })
})

describe('/promotions, /nouveautes, /best-sellers', () => {
  it('/promotions asks for the sales that run, and says when there are none', async () => {
    db.produits = [makeProduit({ designation: 'Thiof en promotion' })]
    const { unmount } = renderApp('/promotions')
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeInTheDocument()
    expect(await names()).toEqual(['Thiof en promotion'])
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, promotion: true })
    unmount()

    db.produits = []
    renderApp('/promotions')
    expect(await screen.findByText('Aucune promotion en cours pour le moment.')).toBeInTheDocument()
  })

  it('/nouveautes shows the newest first, /best-sellers the most sold, each its own sort by default', async () => {
    const [a, b, c] = [makeProduit({ designation: 'A' }), makeProduit({ designation: 'B' }), makeProduit({ designation: 'C' })]
    db.produits = [c, b, a]
    const { unmount } = renderApp('/nouveautes')
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveautés' })).toBeInTheDocument()
    expect(await names()).toEqual(['C', 'B', 'A'])
    expect(screen.getByLabelText('Trier par')).toHaveValue('nouveautes')
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, tri: 'nouveautes' })
    unmount()

    db.produits = [b, c, a]
    const { user, router } = renderApp('/best-sellers')
    expect(await screen.findByRole('heading', { level: 1, name: 'Meilleures ventes' })).toBeInTheDocument()
    expect(await names()).toEqual(['B', 'C', 'A'])
    expect(lastVariables()).toEqual({ page: 1, count: HOME_PAGE_SIZE, tri: 'meilleures_ventes' })
    await user.selectOptions(screen.getByLabelText('Trier par'), 'Prix décroissant')
    await waitFor(() => expect(router.state.location.search).toBe('?tri=prix_decroissant'))
    expect(router.state.location.pathname).toBe('/best-sellers')
  })
})
