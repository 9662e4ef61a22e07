// The /cart page: every line with its amount, the total, the way on to delivery, the empty
// cart, and the customer's cart from the server.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { makeLocalLine, makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failGraphql } from '@/testing/server.ts'
import { storedGuestCart, storeGuestCart } from '@/testing/browser-storage.ts'

describe('cart route', () => {
  it('lists the lines, their amounts and the total, with the link to delivery', async () => {
    const thiof = makeProduit({ designation: 'Thiof', prix: 4000 })
    const yassa = makeProduit({ designation: 'Poulet yassa', prix: 4500 })
    storeGuestCart([makeLocalLine(thiof, 2), makeLocalLine(yassa, 1)])
    renderApp('/cart')

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon panier' })).toBeInTheDocument()
    const main = screen.getByRole('main')
    const items = within(main).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('link', { name: 'Thiof' })).toHaveAttribute('href', `/product/${thiof.id}`)
    expect(within(items[0]!).getByText("4 000 FCFA l'unité")).toBeInTheDocument()
    expect(within(items[0]!).getByText('8 000 FCFA')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('spinbutton', { name: 'Quantité de Thiof' })).toHaveValue(2)
    expect(within(items[1]!).getByText('4 500 FCFA', { selector: 'span' })).toBeInTheDocument()

    const summary = screen.getByRole('complementary', { name: 'Récapitulatif' })
    expect(within(summary).getByText('Articles').nextSibling).toHaveTextContent('3')
    expect(within(summary).getByTestId('cart-page-total')).toHaveTextContent('12 500 FCFA')
    expect(within(summary).getByRole('link', { name: 'Passer à la livraison' })).toHaveAttribute('href', '/livraison')
  })

  it('updates and removes lines from the page', async () => {
    const thiof = makeProduit({ designation: 'Thiof', prix: 4000 })
    const yassa = makeProduit({ designation: 'Poulet yassa', prix: 4500 })
    storeGuestCart([makeLocalLine(thiof, 2), makeLocalLine(yassa, 1)])
    const { user } = renderApp('/cart')

    const quantity = await screen.findByRole('spinbutton', { name: 'Quantité de Poulet yassa' })
    await user.clear(quantity)
    await user.type(quantity, '3{Enter}')
    expect(await screen.findByText(MESSAGES.cartQuantityUpdated)).toBeInTheDocument()
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent('21 500 FCFA')

    await user.click(screen.getByRole('button', { name: 'Supprimer Thiof' }))
    expect(await screen.findByText(MESSAGES.cartRemoved)).toBeInTheDocument()
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent('13 500 FCFA')
    expect(storedGuestCart()).toEqual([expect.objectContaining({ produit_id: yassa.id, quantite: 3 })])
  })

  it("shows 'Votre panier est vide.' with a way back to the shop", async () => {
    renderApp('/cart')
    expect(await screen.findByText(MESSAGES.cartEmpty)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continuer mes achats' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('link', { name: 'Passer à la livraison' })).not.toBeInTheDocument()
  })

  it("shows the customer's cart from the server", async () => {
    signInAs()
    const mafe = makeProduit({ designation: 'Mafé', prix: 2500 })
    db.produits = [mafe]
    db.cart = [{ produit_id: mafe.id, quantite: 2 }]
    renderApp('/cart')
    expect(await screen.findByRole('link', { name: 'Mafé' })).toBeInTheDocument()
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent('5 000 FCFA')
  })

  it("shows an alert when the customer's cart cannot be read", async () => {
    signInAs()
    failGraphql('Panier', 'network')
    renderApp('/cart')
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.cartLoadError)
  })
})
