// Product route /product/{id}: the details and purchase controls, similar products, one
// recorded view, and a clear page for an unknown or malformed id or a failing API.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { makeCategorie, makeProduit, makeSouscategorie } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { db, failGraphql, graphqlCalls, requests } from '@/testing/server.ts'

function seedProducts() {
  const fruits = makeSouscategorie({ designation: 'Fruits', categorie: makeCategorie({ designation: 'Produits frais' }) })
  const autre = makeSouscategorie({ designation: 'Céréales' })
  const mangue = makeProduit({
    designation: 'Mangue Kent',
    prix: 1500,
    quantite: 8,
    unite: 'kg',
    description: 'Mangues de Casamance, cueillies mûres.',
    code: 'MNG-01',
    souscategorie: fruits,
  })
  const papaye = makeProduit({ designation: 'Papaye', souscategorie: fruits })
  const mil = makeProduit({ designation: 'Mil', souscategorie: autre })
  db.produits = [mangue, papaye, mil]
  // The similar products as the server picks them (the same sub-category, catalogue.test.ts).
  db.similaires = [papaye]
  return { mangue, papaye, mil }
}

describe('product route', () => {
  it('shows the product details', async () => {
    const { mangue } = seedProducts()
    renderApp(`/product/${mangue.id}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Mangue Kent' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Mangue Kent' })).toHaveAttribute('src', mangue.image)
    expect(screen.getByText('Produits frais › Fruits')).toBeInTheDocument()
    expect(screen.getByText('1 500 FCFA', { exact: false })).toHaveTextContent('1 500 FCFA / kg')
    expect(screen.getByText('8 en stock')).toBeInTheDocument()
    expect(screen.getByText('Mangues de Casamance, cueillies mûres.')).toBeInTheDocument()
    expect(screen.getByText('Réf. MNG-01')).toBeInTheDocument()
    expect(screen.getByRole('spinbutton', { name: 'Quantité' })).toHaveValue(1)
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Mangue Kent — Teranga'))
  })

  it('adds the chosen quantity to the cart', async () => {
    const { mangue } = seedProducts()
    const { user } = renderApp(`/product/${mangue.id}`)
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantité' })
    await user.clear(quantity)
    await user.type(quantity, '3')
    await user.click(within(quantity.closest('form')!).getByRole('button', { name: 'Ajouter au panier' }))

    expect(await screen.findByText(MESSAGES.cartAdded)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Panier,/ })).toHaveTextContent('3')
  })

  it('disables the add button of a product out of stock', async () => {
    const epuise = makeProduit({ designation: 'Pain de singe', quantite: 0 })
    db.produits = [epuise]
    renderApp(`/product/${epuise.id}`)
    expect(await screen.findByRole('button', { name: 'Rupture de stock' })).toBeDisabled()
  })

  it('lists the similar products the server answers for this product', async () => {
    const { mangue } = seedProducts()
    renderApp(`/product/${mangue.id}`)
    const section = await screen.findByRole('region', { name: 'Produits similaires' })
    expect(await within(section).findByRole('heading', { name: 'Papaye' })).toBeInTheDocument()
    expect(graphqlCalls('Similaires')[0]?.variables).toEqual({ page: 1, count: 6, produit_id: mangue.id })
  })

  it('records one view of the product', async () => {
    const { mangue } = seedProducts()
    renderApp(`/product/${mangue.id}`)
    await screen.findByRole('heading', { level: 1, name: 'Mangue Kent' })
    await waitFor(() => expect(graphqlCalls('EnregistrerVue')).toHaveLength(1))
    expect(graphqlCalls('EnregistrerVue')[0]?.variables).toEqual({ id: mangue.id })
    // Let the similar products arrive: nothing else may count the visit again.
    await screen.findByRole('heading', { name: 'Papaye' })
    expect(graphqlCalls('EnregistrerVue')).toHaveLength(1)
  })

  it("shows the spec's not-found page for an unknown id, saying what is missing, without counting a view", async () => {
    seedProducts()
    renderApp('/product/4242')
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument()
    expect(screen.getByText('Oops! Page not found.')).toBeInTheDocument()
    expect(screen.getByText(MESSAGES.productMissing)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.title).toBe('Produit introuvable — Teranga'))
    expect(graphqlCalls('Produit')[0]?.variables).toEqual({ id: 4242 })
    expect(graphqlCalls('EnregistrerVue')).toHaveLength(0)
  })

  it("shows the not-found page for a malformed id without asking the API", async () => {
    renderApp('/product/abc')
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument()
    expect(screen.getByText(MESSAGES.productMissing)).toBeInTheDocument()
    expect(graphqlCalls('Produit')).toHaveLength(0)
  })

  it('shows an alert when the API cannot be reached', async () => {
    const { mangue } = seedProducts()
    failGraphql('Produit', 'network')
    renderApp(`/product/${mangue.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.serverUnreachable)
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
    expect(requests.filter((r) => r.operation === 'EnregistrerVue')).toHaveLength(0)
  })

  it("shows the server's message on a 500", async () => {
    const { mangue } = seedProducts()
    failGraphql('Produit', 500)
    renderApp(`/product/${mangue.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.internalError)
  })

  it('shows the similar-products alert when only they fail', async () => {
    const { mangue } = seedProducts()
    failGraphql('Similaires', 500)
    renderApp(`/product/${mangue.id}`)
    const section = await screen.findByRole('region', { name: 'Produits similaires' })
    expect(await within(section).findByRole('alert')).toHaveTextContent(MESSAGES.productsLoadError)
    expect(screen.getByRole('heading', { level: 1, name: 'Mangue Kent' })).toBeInTheDocument()
  })
})
