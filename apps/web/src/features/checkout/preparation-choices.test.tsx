// /paiement's preparation choices (issue 25 §2), on the whole route with canned answers: each
// line offers « Remplacer par un produit similaire » (the default) or « Ne pas remplacer », and a
// note for the preparer; the order's body carries only what the shopper changed; a note too long
// is said under it with the server's own message and no order is sent.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { DELIVERY_CONTEXT_KEY, EMPTY_DELIVERY_CONTEXT } from '@/features/checkout/delivery-context.ts'
import { account, makeZone } from '@/testing/account-api.ts'
import { installCheckoutApi } from '@/testing/checkout-api.ts'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, restCalls } from '@/testing/server.ts'

const MERMOZ = { id: 1, designation: 'Mermoz', frais: 1500 }

function homeDelivery(customer: Utilisateur) {
  window.sessionStorage.setItem(
    DELIVERY_CONTEXT_KEY,
    JSON.stringify({
      ...EMPTY_DELIVERY_CONTEXT,
      deliveryMode: 'DOMICILE',
      address: { id: null, libelle: null, adresse: 'Rue 10, villa 4', zone: MERMOZ, telephone: '77 123 45 67', latitude: null, longitude: null },
      telephone: '77 123 45 67',
      userId: customer.id,
    }),
  )
}

function fillCart() {
  const huile = makeProduit({ designation: 'Huile 1 L', prix: 1500 })
  const lait = makeProduit({ designation: 'Lait caillé', prix: 900 })
  db.produits = [huile, lait]
  db.cart = [
    { produit_id: huile.id, quantite: 1 },
    { produit_id: lait.id, quantite: 2 },
  ]
  return { huile, lait }
}

beforeEach(() => {
  installCheckoutApi()
  account.zones = [makeZone(MERMOZ)]
})

describe('paiement: if a product is missing', () => {
  it('offers a choice per line (replace by default) and a note; the order carries what the shopper chose', async () => {
    const customer = signInAs()
    const products = fillCart()
    homeDelivery(customer)
    const { user, router } = renderApp('/paiement')
    const section = await screen.findByRole('region', { name: 'Si un produit manque' })
    const huile = within(section).getByRole('combobox', { name: 'Huile 1 L' })
    const lait = within(section).getByRole('combobox', { name: 'Lait caillé' })
    expect(huile).toHaveDisplayValue('Remplacer par un produit similaire')
    expect(lait).toHaveDisplayValue('Remplacer par un produit similaire')
    await user.selectOptions(lait, 'Ne pas remplacer')
    await user.type(within(section).getByRole('textbox', { name: /Note pour le préparateur/ }), 'Bananes pas trop mûres')

    await user.click(screen.getByRole('radio', { name: 'Paiement à la livraison' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    const body = restCalls('POST', '/api/commande').at(-1)?.body as Record<string, unknown>
    expect(body.note).toBe('Bananes pas trop mûres')
    // The line's variant (a product sold one way: its only variant).
    expect(body.ne_pas_remplacer).toEqual([products.lait.variantes?.[0]?.id ?? products.lait.id])
  })

  it('leaves the body as before when nothing is chosen', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    const { user, router } = renderApp('/paiement')
    await user.click(await screen.findByRole('radio', { name: 'Paiement à la livraison' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    const body = restCalls('POST', '/api/commande').at(-1)?.body as Record<string, unknown>
    expect(body).not.toHaveProperty('note')
    expect(body).not.toHaveProperty('ne_pas_remplacer')
  })

  it('says a note too long under it, with the server’s message, and sends nothing', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    const { user } = renderApp('/paiement')
    const note = await screen.findByRole('textbox', { name: /Note pour le préparateur/ })
    await user.click(note)
    await user.paste('x'.repeat(501))
    expect(note).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.orderNoteTooLong))
    await user.click(screen.getByRole('radio', { name: 'Paiement à la livraison' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(restCalls('POST', '/api/commande')).toHaveLength(0)
  })
})
