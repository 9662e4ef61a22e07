// /product_bycat/{id}: one sub-category's products page by page, and a clear page for a
// category that does not exist.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { MESSAGES } from '@teranga/shared/messages'
import { makeCategorie, makeProduit, makeSouscategorie } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { db, failGraphql, graphqlCalls } from '@/testing/server.ts'

describe('product-by-category route', () => {
  it("lists the sub-category's products under its name, page by page", async () => {
    const riz = makeSouscategorie({ designation: 'Riz', categorie: makeCategorie({ designation: 'Épicerie' }) })
    const autre = makeSouscategorie({ designation: 'Huiles' })
    db.souscategories = [riz, autre]
    // The sub-category's products, as the server picks them (catalogue-counts.test.ts).
    db.produits = Array.from({ length: HOME_PAGE_SIZE + 1 }, (_, i) => makeProduit({ designation: `Riz ${i + 1}`, souscategorie: riz }))
    const { user, router } = renderApp(`/product_bycat/${riz.id}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Riz' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveTextContent('Accueil › Épicerie')
    const main = screen.getByRole('main')
    expect(await within(main).findAllByRole('article')).toHaveLength(HOME_PAGE_SIZE)
    // The cards' titles come right under the page's title: no level skipped.
    expect(within(main).getByRole('heading', { level: 2, name: 'Riz 1' })).toBeInTheDocument()
    expect(graphqlCalls('Produits')[0]?.variables).toEqual({ page: 1, count: HOME_PAGE_SIZE, categorie_id: riz.id })

    await user.click(within(main).getByRole('button', { name: 'Suivant' }))
    expect(await within(main).findByRole('heading', { name: `Riz ${HOME_PAGE_SIZE + 1}` })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')
  })

  it("shows the spec's not-found page for an unknown or malformed id, saying what is missing", async () => {
    db.souscategories = [makeSouscategorie({ designation: 'Riz' })]
    const { unmount } = renderApp('/product_bycat/999')
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument()
    expect(screen.getByText("Cette catégorie n'existe pas ou n'est plus proposée.")).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Catégorie introuvable — Teranga'))
    unmount()
    renderApp('/product_bycat/abc')
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument()
  })

  it('shows the products alert when they fail', async () => {
    const riz = makeSouscategorie({ designation: 'Riz' })
    db.souscategories = [riz]
    failGraphql('Produits', 500)
    renderApp(`/product_bycat/${riz.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productsLoadError)
  })
})
