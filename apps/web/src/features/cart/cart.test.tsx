// The cart of a visitor (browser storage) and of a customer (POST /api/panier): the dialog,
// the 'Mon Panier' panel, quantities, removal, stock refusals (the visitor's from the product's
// stock, the customer's as the server answers them: its checks are tested in favourites-cart.test.ts),
// and the merge at sign-in.
import { renderHook, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CART_ACTION, MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import type { Produit } from '@teranga/shared/storefront-answers'
import { makeLocalLine, makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failGraphql, failRest, refuseCartLine, restCalls } from '@/testing/server.ts'
import * as notify from '@/lib/notify.ts'
import { GUEST_CART_KEY, storedGuestCart, storeGuestCart } from '@/testing/browser-storage.ts'
import { useCart } from './components/cart-provider.tsx'

const cartButton = () => screen.getByRole('button', { name: /^Panier,/ })

function cardOf(designation: string) {
  return screen.getByRole('heading', { name: designation }).closest('article')!
}

async function openPanel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(cartButton())
  return screen.findByRole('dialog', { name: 'Mon Panier' })
}

/** Two products in the visitor's browser cart: 2 × 4 000 + 1 × 4 500 = 12 500 FCFA. */
function seedGuestCart(): { thiof: Produit; yassa: Produit } {
  const thiof = makeProduit({ designation: 'Thiof', prix: 4000, quantite: 10 })
  const yassa = makeProduit({ designation: 'Poulet yassa', prix: 4500, quantite: 5 })
  db.produits = [thiof, yassa]
  storeGuestCart([makeLocalLine(thiof, 2), makeLocalLine(yassa, 1)])
  return { thiof, yassa }
}

describe('useCart', () => {
  it('throws outside CartProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used within a CartProvider')
  })
})

describe('cart of a visitor', () => {
  it("adds from a card's dialog: title, price, quantity 1 to 99, link to the product", async () => {
    const bissap = makeProduit({ designation: 'Bissap', prix: 1500, quantite: 30 })
    db.produits = [bissap]
    const { user } = renderApp('/')
    await screen.findByRole('heading', { name: 'Bissap' })
    expect(cartButton()).toHaveTextContent('0')

    await user.click(within(cardOf('Bissap')).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bissap' })
    expect(within(dialog).getByText('1 500 FCFA')).toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: 'Bissap' })).toHaveAttribute('src', bissap.image)
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantité' })
    expect(quantity).toHaveValue(1)
    expect(quantity).toHaveAttribute('min', '1')
    expect(quantity).toHaveAttribute('max', '99')
    expect(within(dialog).getByRole('link', { name: 'Voir le produit' })).toHaveAttribute('href', `/product/${bissap.id}`)

    await user.clear(quantity)
    await user.type(quantity, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter au panier' }))

    expect(await screen.findByText(MESSAGES.cartAdded)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bissap' })).not.toBeInTheDocument())
    expect(cartButton()).toHaveTextContent('2')
    expect(storedGuestCart()).toEqual([{ produit_id: bissap.id, quantite: 2, prix: 1500, produit: bissap }])

    // A second add of the same product adds to its line.
    await user.click(within(cardOf('Bissap')).getByRole('button', { name: 'Ajouter au panier' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Bissap' })).getByRole('button', { name: 'Ajouter au panier' }))
    await waitFor(() => expect(cartButton()).toHaveTextContent('3'))
    expect(storedGuestCart()).toEqual([expect.objectContaining({ produit_id: bissap.id, quantite: 3 })])
    expect(restCalls('POST', '/api/panier')).toHaveLength(0)
  })

  it("'Voir le produit' closes the dialog and opens the product", async () => {
    const bissap = makeProduit({ designation: 'Bissap' })
    db.produits = [bissap]
    const { user, router } = renderApp('/')
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Ajouter au panier' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Bissap' })).getByRole('link', { name: 'Voir le produit' }))
    expect(router.state.location.pathname).toBe(`/product/${bissap.id}`)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('heading', { level: 1, name: 'Bissap' })).toBeInTheDocument()
  })

  it('refuses more than the stock, with a toast, and keeps the dialog open', async () => {
    const lait = makeProduit({ designation: 'Lait caillé', quantite: 3 })
    db.produits = [lait]
    storeGuestCart([makeLocalLine(lait, 2)])
    const { user } = renderApp('/')
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lait caillé' })
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantité' })
    await user.clear(quantity)
    await user.type(quantity, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter au panier' }))

    expect(await screen.findByText(`${MESSAGES.cartAddProductError} : ${MESSAGES.insufficientStock('Lait caillé', 3)}`)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Lait caillé' })).toBeInTheDocument()
    expect(storedGuestCart()).toEqual([expect.objectContaining({ produit_id: lait.id, quantite: 2 })])
    expect(cartButton()).toHaveTextContent('2')
  })

  it(`refuses a product beyond ${MAX_CART_LINES} different ones, with the message the server gives, and keeps the cart`, async () => {
    storeGuestCart(Array.from({ length: MAX_CART_LINES }, (_, i) => makeLocalLine(makeProduit({ designation: `Produit ${i}` }), 1)))
    db.produits = [makeProduit({ designation: 'Bissap', quantite: 30 })]
    const { user } = renderApp('/')
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bissap' })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter au panier' }))

    expect(await screen.findByText(`${MESSAGES.cartAddProductError} : ${MESSAGES.cartFull(MAX_CART_LINES)}`)).toBeInTheDocument()
    expect(storedGuestCart()).toHaveLength(MAX_CART_LINES)
    expect(cartButton()).toHaveTextContent(String(MAX_CART_LINES))
  })

  it.each(['0', '100'])('refuses a quantity of %s in the dialog, saying why', async (typed) => {
    db.produits = [makeProduit({ designation: 'Bissap', quantite: 500 })]
    const { user } = renderApp('/')
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bissap' })
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantité' })
    await user.clear(quantity)
    await user.type(quantity, typed)

    expect(quantity).toHaveAttribute('aria-invalid', 'true')
    expect(quantity).toHaveAccessibleDescription(MESSAGES.quantityRange)
    expect(within(dialog).getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled()
    expect(storedGuestCart()).toEqual([])
    expect(cartButton()).toHaveTextContent('0')
  })

  it("offers no add button for a product out of stock", async () => {
    db.produits = [makeProduit({ designation: 'Pain de singe', quantite: 0 })]
    const { user } = renderApp('/')
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pain de singe' })
    expect(within(dialog).getByRole('button', { name: 'Rupture de stock' })).toBeDisabled()
  })

  it("lists the lines in 'Mon Panier' with the total to 2 decimals", async () => {
    const { thiof, yassa } = seedGuestCart()
    const { user } = renderApp('/product/abc')
    expect(cartButton()).toHaveTextContent('3')
    const panel = await openPanel(user)

    const items = within(panel).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText('Thiof')).toBeInTheDocument()
    expect(within(items[0]!).getByText('4 000 FCFA')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('spinbutton', { name: 'Quantité de Thiof' })).toHaveValue(2)
    expect(within(items[0]!).getByRole('spinbutton', { name: 'Quantité de Thiof' })).toHaveAttribute('max', String(thiof.quantite))
    expect(within(items[1]!).getByText('Poulet yassa')).toBeInTheDocument()
    expect(within(items[1]!).getByRole('spinbutton', { name: 'Quantité de Poulet yassa' })).toHaveAttribute('max', String(yassa.quantite))
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('12 500 FCFA')
  })

  it("changes a quantity: 'Updated quantity', the total and the storage follow", async () => {
    const { thiof } = seedGuestCart()
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    const quantity = within(panel).getByRole('spinbutton', { name: 'Quantité de Thiof' })
    await user.clear(quantity)
    await user.type(quantity, '3')

    expect(await screen.findByText(MESSAGES.cartQuantityUpdated)).toBeInTheDocument()
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('16 500 FCFA')
    expect(cartButton()).toHaveTextContent('4')
    expect(storedGuestCart().find((line) => line.produit_id === thiof.id)?.quantite).toBe(3)
  })

  it.each([
    ['0', '0'],
    ['empty', ''],
    ['negative', '-2'],
    ['decimal', '1.5'],
  ])('ignores a %s quantity: no toast, no change', async (_label, typed) => {
    seedGuestCart()
    const success = vi.spyOn(notify.toast, 'success')
    const error = vi.spyOn(notify.toast, 'error')
    const before = storedGuestCart()
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    const quantity = within(panel).getByRole('spinbutton', { name: 'Quantité de Thiof' })

    await user.clear(quantity)
    if (typed) await user.type(quantity, typed)
    // Leaving the field commits at once (no wait for the typing pause) and undoes a bad value.
    await user.tab()

    expect(quantity).toHaveValue(2)
    expect(success).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
    expect(storedGuestCart()).toEqual(before)
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('12 500 FCFA')
  })

  it('refuses a quantity above the stock', async () => {
    seedGuestCart()
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    const quantity = within(panel).getByRole('spinbutton', { name: 'Quantité de Poulet yassa' })
    await user.clear(quantity)
    await user.type(quantity, '9{Enter}')
    expect(await screen.findByText(`${MESSAGES.cartQuantityError} : ${MESSAGES.insufficientStock('Poulet yassa', 5)}`)).toBeInTheDocument()
    expect(storedGuestCart().map((line) => line.quantite)).toEqual([2, 1])
    // The field shows what the cart holds, beside a total for that (issue 23), not the refused 9.
    await waitFor(() => expect(quantity).toHaveValue(1))
    expect(within(panel).getByTestId('cart-panel-total').textContent).toBe('12\u00a0500\u00a0FCFA')
  })

  it("removes a line: 'Produit supprimé du panier', then the empty cart", async () => {
    const { thiof } = seedGuestCart()
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)

    await user.click(within(panel).getByRole('button', { name: 'Supprimer Poulet yassa' }))
    expect(await screen.findByText(MESSAGES.cartRemoved)).toBeInTheDocument()
    expect(within(panel).queryByText('Poulet yassa')).not.toBeInTheDocument()
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('8 000 FCFA')
    expect(storedGuestCart()).toEqual([expect.objectContaining({ produit_id: thiof.id })])

    await user.click(within(panel).getByRole('button', { name: 'Supprimer Thiof' }))
    expect(await within(panel).findByText(MESSAGES.cartEmpty)).toBeInTheDocument()
    expect(cartButton()).toHaveTextContent('0')
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull()
  })

  it("shows 'Votre panier est vide.' for an empty cart", async () => {
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    expect(within(panel).getByText(MESSAGES.cartEmpty)).toBeInTheDocument()
    expect(within(panel).queryByTestId('cart-panel-total')).not.toBeInTheDocument()
  })

  it("'Passer la commande' closes the panel and opens /cart", async () => {
    seedGuestCart()
    const { user, router } = renderApp('/product/abc')
    const panel = await openPanel(user)
    await user.click(within(panel).getByRole('button', { name: 'Passer la commande' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mon Panier' })).not.toBeInTheDocument())
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon panier' })).toBeInTheDocument()
  })

  it('ignores a stored cart that is not valid JSON or not lines', async () => {
    window.localStorage.setItem(GUEST_CART_KEY, '{pas du json')
    const { unmount } = renderApp('/product/abc')
    expect(cartButton()).toHaveTextContent('0')
    unmount()
    storeGuestCart([{ produit_id: 1, quantite: 0, produit: {} }, { nimporte: 'quoi' }])
    renderApp('/product/abc')
    expect(cartButton()).toHaveTextContent('0')
    await screen.findByRole('heading', { name: '404' })
  })
})

describe('cart of a signed-in customer', () => {
  function seedCustomer() {
    const customer = signInAs()
    const thiof = makeProduit({ designation: 'Thiof', prix: 4000, quantite: 10 })
    const yassa = makeProduit({ designation: 'Poulet yassa', prix: 4500, quantite: 5 })
    db.produits = [thiof, yassa]
    return { customer, thiof, yassa }
  }

  it("adds with action 0: 'Produit ajouté au panier' and the server's count", async () => {
    const { customer, thiof } = seedCustomer()
    const { user } = renderApp('/')
    await user.click(within(await screen.findByRole('heading', { name: 'Thiof' }).then((h) => h.closest('article')!)).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Thiof' })
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantité' })
    await user.clear(quantity)
    await user.type(quantity, '4')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter au panier' }))

    expect(await screen.findByText(MESSAGES.cartAdded)).toBeInTheDocument()
    expect(restCalls('POST', '/api/panier').map((call) => call.body)).toEqual([
      { produit: thiof.id, user: customer.id, action: CART_ACTION.add, quantite: 4 },
    ])
    await waitFor(() => expect(cartButton()).toHaveTextContent('4'))
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull()
  })

  it("tells the server's refusal (409): a toast starting with the add error", async () => {
    const { yassa } = seedCustomer()
    db.cart = [{ produit_id: yassa.id, quantite: 5 }]
    refuseCartLine(yassa.id, MESSAGES.insufficientStock('Poulet yassa', 5))
    const { user } = renderApp(`/product/${yassa.id}`)
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }))
    const toast = await screen.findByText(new RegExp(`^${MESSAGES.cartAddProductError}`))
    expect(toast).toHaveTextContent(`${MESSAGES.cartAddProductError} : ${MESSAGES.insufficientStock('Poulet yassa', 5)}`)
    expect(db.cart).toEqual([{ produit_id: yassa.id, quantite: 5 }])
  })

  it('shows the add error when the server cannot be reached', async () => {
    const { thiof } = seedCustomer()
    failRest('post', '/api/panier', 'network')
    const { user } = renderApp(`/product/${thiof.id}`)
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText(new RegExp(`^${MESSAGES.cartAddProductError}`))).toBeInTheDocument()
  })

  it('changes a quantity with action 1 and removes with action 2', async () => {
    const { customer, thiof, yassa } = seedCustomer()
    db.cart = [
      { produit_id: thiof.id, quantite: 2 },
      { produit_id: yassa.id, quantite: 1 },
    ]
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    expect(await within(panel).findByTestId('cart-panel-total')).toHaveTextContent('12 500 FCFA')

    const quantity = within(panel).getByRole('spinbutton', { name: 'Quantité de Thiof' })
    await user.clear(quantity)
    await user.type(quantity, '5{Enter}')
    expect(await screen.findByText(MESSAGES.cartQuantityUpdated)).toBeInTheDocument()
    await waitFor(() => expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('24 500 FCFA'))

    await user.click(within(panel).getByRole('button', { name: 'Supprimer Poulet yassa' }))
    expect(await screen.findByText(MESSAGES.cartRemoved)).toBeInTheDocument()
    await waitFor(() => expect(within(panel).queryByText('Poulet yassa')).not.toBeInTheDocument())
    expect(cartButton()).toHaveTextContent('5')

    // A server line names its variant (here each product's only one, answered with the product's id).
    expect(restCalls('POST', '/api/panier').map((call) => call.body)).toEqual([
      { produit: thiof.id, variante: thiof.id, user: customer.id, action: CART_ACTION.update, quantite: 5 },
      { produit: yassa.id, variante: yassa.id, user: customer.id, action: CART_ACTION.remove },
    ])
  })

  it('shows the errors of a failed update and a failed removal', async () => {
    const { thiof } = seedCustomer()
    db.cart = [{ produit_id: thiof.id, quantite: 2 }]
    failRest('post', '/api/panier', 500)
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    const quantity = await within(panel).findByRole('spinbutton', { name: 'Quantité de Thiof' })
    await user.clear(quantity)
    await user.type(quantity, '3{Enter}')
    expect(await screen.findByText(`${MESSAGES.cartQuantityError} : ${MESSAGES.internalError}`)).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Supprimer Thiof' }))
    expect(await screen.findByText(`${MESSAGES.cartRemoveError} : ${MESSAGES.internalError}`)).toBeInTheDocument()
  })

  it('shows the cart error in the panel when the server cart cannot be read', async () => {
    seedCustomer()
    failGraphql('Panier', 500)
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    expect(await within(panel).findByRole('alert')).toHaveTextContent(MESSAGES.cartLoadError)
  })

  it('after the server refuses a quantity above the stock, the field shows the quantity in the cart (issue 23)', async () => {
    const { thiof } = seedCustomer()
    db.cart = [{ produit_id: thiof.id, quantite: 4 }]
    refuseCartLine(thiof.id, MESSAGES.insufficientStock('Thiof', 10))
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    const quantity = await within(panel).findByRole('spinbutton', { name: 'Quantité de Thiof' })
    await user.clear(quantity)
    await user.type(quantity, '500{Enter}')
    expect(await screen.findByText(`${MESSAGES.cartQuantityError} : ${MESSAGES.insufficientStock('Thiof', 10)}`)).toBeInTheDocument()
    await waitFor(() => expect(quantity).toHaveValue(4))
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('16 000 FCFA')
  })

  it('offline, a signed-in customer sees the last copy of their cart, read only, never « Votre panier est vide. » (issue 23)', async () => {
    const { thiof, yassa } = seedCustomer()
    db.cart = [
      { produit_id: thiof.id, quantite: 2 },
      { produit_id: yassa.id, quantite: 1 },
    ]
    // Online first: the server's cart is read, and its copy kept.
    const online = renderApp('/product/abc')
    const panel = await openPanel(online.user)
    expect(await within(panel).findByTestId('cart-panel-total')).toHaveTextContent('12 500 FCFA')
    online.unmount()

    // The phone reloads offline: the token is kept, the profile cannot be asked.
    failRest('get', '/api/profile', 'network')
    failGraphql('Panier', 'network')
    const { user } = renderApp('/product/abc')
    const offlinePanel = await openPanel(user)
    expect(await within(offlinePanel).findByText(MESSAGES.cartOfflineCopy)).toBeInTheDocument()
    expect(within(offlinePanel).queryByText(MESSAGES.cartEmpty)).not.toBeInTheDocument()
    expect(within(offlinePanel).getByText('Thiof')).toBeInTheDocument()
    expect(within(offlinePanel).getByTestId('cart-panel-total')).toHaveTextContent('12 500 FCFA')
    expect(cartButton()).toHaveTextContent('3')
    // Read only: changing it needs the connection.
    expect(within(offlinePanel).getByRole('spinbutton', { name: 'Quantité de Thiof' })).toBeDisabled()
    expect(within(offlinePanel).getByRole('button', { name: 'Supprimer Thiof' })).toBeDisabled()
  })

  it('signing out forgets the copy of the cart', async () => {
    const { thiof } = seedCustomer()
    db.cart = [{ produit_id: thiof.id, quantite: 2 }]
    const { user } = renderApp('/product/abc')
    const panel = await openPanel(user)
    expect(await within(panel).findByTestId('cart-panel-total')).toHaveTextContent('8 000 FCFA')
    expect(window.localStorage.getItem('teranga.panier-compte')).not.toBeNull()
    window.localStorage.removeItem('teranga.token')
    window.dispatchEvent(new StorageEvent('storage', { key: 'teranga.token' }))
    await waitFor(() => expect(window.localStorage.getItem('teranga.panier-compte')).toBeNull())
  })

  it("merges the visitor's cart at sign-in: the local quantity for lines already there, new lines added", async () => {
    const { customer, thiof, yassa } = seedCustomer()
    db.cart = [{ produit_id: thiof.id, quantite: 1 }]
    storeGuestCart([makeLocalLine(thiof, 3), makeLocalLine(yassa, 2)])
    renderApp('/product/abc')

    await waitFor(() => expect(restCalls('POST', '/api/panier')).toHaveLength(2))
    expect(restCalls('POST', '/api/panier').map((call) => call.body)).toEqual([
      { produit: thiof.id, user: customer.id, action: CART_ACTION.update, quantite: 3 },
      { produit: yassa.id, user: customer.id, action: CART_ACTION.add, quantite: 2 },
    ])
    await waitFor(() => expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull())
    await waitFor(() => expect(cartButton()).toHaveTextContent('5'))
    expect(db.cart).toEqual([
      { produit_id: thiof.id, quantite: 3 },
      { produit_id: yassa.id, quantite: 2 },
    ])
  })

  it('merges into an empty server cart with adds only', async () => {
    const { customer, thiof } = seedCustomer()
    storeGuestCart([makeLocalLine(thiof, 2)])
    renderApp('/product/abc')
    await waitFor(() => expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull())
    expect(restCalls('POST', '/api/panier').map((call) => call.body)).toEqual([{ produit: thiof.id, user: customer.id, action: CART_ACTION.add, quantite: 2 }])
    await waitFor(() => expect(cartButton()).toHaveTextContent('2'))
  })

  it('tells which line could not be merged', async () => {
    const { thiof, yassa } = seedCustomer()
    storeGuestCart([makeLocalLine(thiof, 1), makeLocalLine(yassa, 8)])
    refuseCartLine(yassa.id, MESSAGES.insufficientStock('Poulet yassa', 5))
    renderApp('/product/abc')
    expect(await screen.findByText(`${MESSAGES.cartAddItemError} : ${MESSAGES.insufficientStock('Poulet yassa', 5)}`)).toBeInTheDocument()
    await waitFor(() => expect(cartButton()).toHaveTextContent('1'))
  })

  it('tells a reason once when several lines are refused for it (a full server cart)', async () => {
    seedCustomer()
    const others = Array.from({ length: 3 }, (_, i) => makeProduit({ designation: `Produit ${i}` }))
    storeGuestCart(others.map((p) => makeLocalLine(p, 1)))
    failRest('post', '/api/panier', 409, MESSAGES.cartFull(MAX_CART_LINES))
    const error = vi.spyOn(notify.toast, 'error')
    renderApp('/product/abc')
    await waitFor(() => expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull())
    expect(error.mock.calls.map(([message]) => message)).toEqual([`${MESSAGES.cartAddItemError} : ${MESSAGES.cartFull(MAX_CART_LINES)}`])
  })
})
