// A product with options (ADR 053 §5), as the storefront shows it: the product page's rows of
// buttons (radio groups) with the chosen variant's price, stock and code, `?variante=` read and
// replaced, a sold-out combination disabled and one never sold absent; the cards' « à partir
// de » and their choice sheet; the cart's lines by variant, in the browser and on the server.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CART_ACTION } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { GUEST_CART_KEY, storedGuestCart, storeGuestCart } from '@/testing/browser-storage.ts'
import { makeLocalLine, makeLocalVariantLine, makeProduit, makeVariantProduct } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, restCalls } from '@/testing/server.ts'

function seedRice() {
  const riz = makeVariantProduct({ designation: 'Riz brisé parfumé', unite: 'sac', code: 'EPI-G01', options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg', '50 kg'] }] }, [
    { valeurs: ['5 kg'], prix: 4000, quantite: 140, code: 'EPI-0001' },
    { valeurs: ['25 kg'], prix: 17500, quantite: 2, code: 'EPI-0002' },
    { valeurs: ['50 kg'], prix: 33000, quantite: 0, code: 'EPI-0003' },
  ])
  db.produits = [riz]
  const [petit, grand, epuise] = riz.variantes!
  return { riz, petit: petit!, grand: grand!, epuise: epuise! }
}

const radios = (name: string) => within(screen.getByRole('group', { name: new RegExp(`^${name}`) })).getAllByRole('radio')

describe('a product with variants, on its page', () => {
  it('shows each option as a row of buttons, the first in stock chosen, its price, stock and code', async () => {
    const { riz } = seedRice()
    const { router } = renderApp(`/product/${riz.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Riz brisé parfumé' })).toBeInTheDocument()
    expect(radios('Contenance').map((r) => [r.getAttribute('value'), (r as HTMLInputElement).checked, (r as HTMLInputElement).disabled])).toEqual([
      ['5 kg', true, false],
      ['25 kg', false, false],
      // Sold out: shown, not chosen.
      ['50 kg', false, true],
    ])
    expect(screen.getByRole('radio', { name: '50 kg (rupture de stock)' })).toBeDisabled()
    expect(screen.getByText('4 000 FCFA', { exact: false })).toHaveTextContent('4 000 FCFA / sac')
    expect(screen.getByText('140 en stock')).toBeInTheDocument()
    expect(screen.getByText('Réf. EPI-0001')).toBeInTheDocument()
    // Nothing chosen yet: the address is left as it came.
    expect(router.state.location.search).toBe('')
  })

  it('follows ?variante= and, at each choice, replaces the address: price, stock and code follow', async () => {
    const { riz, petit, grand } = seedRice()
    const { user, router } = renderApp(`/product/${riz.id}?variante=${grand.id}`)
    expect(await screen.findByText('Réf. EPI-0002')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '25 kg' })).toBeChecked()
    expect(screen.getByText('17 500 FCFA', { exact: false })).toHaveTextContent('17 500 FCFA / sac')
    expect(screen.getByText('Plus que 2 en stock')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: '5 kg' }))
    expect(await screen.findByText('Réf. EPI-0001')).toBeInTheDocument()
    expect(screen.getByText('140 en stock')).toBeInTheDocument()
    expect(router.state.location.search).toBe(`?variante=${petit.id}`)
    // Replaced, not pushed: going back leaves the product page's history as it was.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('takes an unknown variant in the address for the first in stock', async () => {
    const { riz } = seedRice()
    renderApp(`/product/${riz.id}?variante=99999`)
    expect(await screen.findByText('Réf. EPI-0001')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '5 kg' })).toBeChecked()
  })

  it('shows a combination never sold as no button, and a value that leads elsewhere with the one before kept', async () => {
    const tee = makeVariantProduct({ designation: 'Tee-shirt', options: [{ nom: 'Taille', valeurs: ['M', 'L'] }, { nom: 'Couleur', valeurs: ['Blanc', 'Noir'] }] }, [
      { valeurs: ['M', 'Blanc'], prix: 3000, quantite: 5, code: 'TS-MB' },
      { valeurs: ['M', 'Noir'], prix: 3000, quantite: 0, code: 'TS-MN' },
      { valeurs: ['L', 'Blanc'], prix: 3500, quantite: 4, code: 'TS-LB' },
    ])
    db.produits = [tee]
    const { user } = renderApp(`/product/${tee.id}`)
    expect(await screen.findByText('Réf. TS-MB')).toBeInTheDocument()
    expect(radios('Taille').map((r) => r.getAttribute('value'))).toEqual(['M', 'L'])
    expect(radios('Couleur').map((r) => [r.getAttribute('value'), (r as HTMLInputElement).disabled])).toEqual([
      ['Blanc', false],
      ['Noir', true],
    ])
    await user.click(screen.getByRole('radio', { name: 'L' }))
    expect(await screen.findByText('Réf. TS-LB')).toBeInTheDocument()
    // L is sold in white only: black is not offered.
    expect(radios('Couleur').map((r) => r.getAttribute('value'))).toEqual(['Blanc'])
  })

  it('adds the chosen variant to a visitor’s cart, a line per variant, shown by its name and price', async () => {
    const { riz, petit, grand } = seedRice()
    const { user } = renderApp(`/product/${riz.id}?variante=${grand.id}`)
    const add = await screen.findByRole('button', { name: 'Ajouter au panier' })
    await user.click(add)
    expect(await screen.findByText(MESSAGES.cartAdded)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: '5 kg' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    await waitFor(() => expect(storedGuestCart()).toHaveLength(2))
    expect(storedGuestCart().map((l) => [l.produit_id, l.variante_id, l.prix, l.quantite])).toEqual([
      [riz.id, grand.id, 17500, 1],
      [riz.id, petit.id, 4000, 1],
    ])
    // Beyond the variant's stock (2 of 25 kg): refused, naming the variant.
    await user.click(screen.getByRole('radio', { name: '25 kg' }))
    const quantity = screen.getByRole('spinbutton', { name: 'Quantité' })
    await user.clear(quantity)
    await user.type(quantity, '2')
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText(MESSAGES.insufficientStock('Riz brisé parfumé 25 kg', 2), { exact: false })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /^Panier,/ }))
    const panel = await screen.findByRole('dialog', { name: 'Mon Panier' })
    expect(within(panel).getByText('Riz brisé parfumé 25 kg')).toBeInTheDocument()
    expect(within(panel).getByText('Riz brisé parfumé 5 kg')).toBeInTheDocument()
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('21 500 FCFA')
    await user.click(within(panel).getByRole('button', { name: 'Supprimer Riz brisé parfumé 25 kg' }))
    await waitFor(() => expect(storedGuestCart().map((l) => l.variante_id)).toEqual([petit.id]))
  })

  it('sends the variant to a customer’s cart, and shows the server’s lines by variant', async () => {
    const { riz, grand } = seedRice()
    const customer = signInAs()
    const { user } = renderApp(`/product/${riz.id}?variante=${grand.id}`)
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText(MESSAGES.cartAdded)).toBeInTheDocument()
    expect(restCalls('POST', '/api/panier').map((c) => c.body)).toEqual([{ produit: riz.id, variante: grand.id, user: customer.id, action: CART_ACTION.add, quantite: 1 }])
    await user.click(screen.getByRole('button', { name: /^Panier,/ }))
    const panel = await screen.findByRole('dialog', { name: 'Mon Panier' })
    expect(await within(panel).findByText('Riz brisé parfumé 25 kg')).toBeInTheDocument()
    expect(within(panel).getByTestId('cart-panel-total')).toHaveTextContent('17 500 FCFA')
  })
})

describe('a product with variants, on a card', () => {
  it('says « à partir de » its lowest price, and its cart button opens the choice of a variant', async () => {
    const { riz, grand } = seedRice()
    const mil = makeProduit({ designation: 'Mil', prix: 700 })
    db.produits = [riz, mil]
    const { user } = renderApp('/')
    const card = (await screen.findByRole('heading', { name: 'Riz brisé parfumé' })).closest('article')!
    expect(card).toHaveTextContent('à partir de 4 000 FCFA')
    expect((await screen.findByRole('heading', { name: 'Mil' })).closest('article')).not.toHaveTextContent('à partir de')

    await user.click(within(card).getByRole('button', { name: 'Ajouter au panier' }))
    const sheet = await screen.findByRole('dialog', { name: 'Riz brisé parfumé' })
    expect(within(sheet).getByRole('radio', { name: '5 kg' })).toBeChecked()
    expect(within(sheet).getByRole('radio', { name: '50 kg (rupture de stock)' })).toBeDisabled()
    await user.click(within(sheet).getByRole('radio', { name: '25 kg' }))
    expect(within(sheet).getByText('17 500 FCFA')).toBeInTheDocument()
    expect(within(sheet).getByRole('link', { name: 'Voir le produit' })).toHaveAttribute('href', `/product/${riz.id}?variante=${grand.id}`)
    await user.click(within(sheet).getByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText(MESSAGES.cartAdded)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Riz brisé parfumé' })).not.toBeInTheDocument())
    expect(storedGuestCart().map((l) => [l.produit_id, l.variante_id, l.quantite])).toEqual([[riz.id, grand.id, 1]])
  })

  it('keeps the dialog of a product with one variant: it adds the product, stored as before', async () => {
    const mil = makeProduit({ designation: 'Mil', prix: 700 })
    db.produits = [mil]
    const { user } = renderApp('/')
    const card = (await screen.findByRole('heading', { name: 'Mil' })).closest('article')!
    await user.click(within(card).getByRole('button', { name: 'Ajouter au panier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mil' })
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter au panier' }))
    await waitFor(() => expect(storedGuestCart()).toEqual([{ produit_id: mil.id, quantite: 1, prix: 700, produit: mil }]))
  })
})

describe('the browser’s cart across variants', () => {
  it('keeps a line stored before variants working: shown, changed and merged as its product’s only variant', async () => {
    const mil = makeProduit({ designation: 'Mil', prix: 700 })
    const { riz, grand } = seedRice()
    db.produits = [riz, mil]
    storeGuestCart([makeLocalLine(mil, 2), makeLocalVariantLine(riz, grand, 1)])
    const customer = signInAs()
    db.cart = [{ produit_id: mil.id, quantite: 1 }]
    renderApp('/cart')
    await waitFor(() => expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull())
    // The older line names no variant (the server takes the product's only one); the other does.
    expect(restCalls('POST', '/api/panier').map((c) => c.body)).toEqual([
      { produit: mil.id, user: customer.id, action: CART_ACTION.update, quantite: 2 },
      { produit: riz.id, variante: grand.id, user: customer.id, action: CART_ACTION.add, quantite: 1 },
    ])
    expect(await screen.findByRole('link', { name: 'Riz brisé parfumé 25 kg' })).toHaveAttribute('href', `/product/${riz.id}?variante=${grand.id}`)
    expect(screen.getByRole('link', { name: 'Mil' })).toBeInTheDocument()
  })
})
