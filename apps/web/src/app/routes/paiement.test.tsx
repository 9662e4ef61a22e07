// /paiement: behind sign-in, the payment modes, the summary computed like the server's, and
// placing the order: cash to the success page, online to the provider's page, one
// Idempotency-Key for the attempt (kept across a network failure), stock and validation
// refusals said where the shopper can act on them. The fake API answers the order the test
// sets (`checkout.commande`) or the refusal it gives: the server's checks are in orders.test.ts.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { DELIVERY_CONTEXT_KEY, EMPTY_DELIVERY_CONTEXT, type DeliveryContext } from '@/features/checkout/delivery-context.ts'
import { account, makeCommande, makePrivileges, makeZone } from '@/testing/account-api.ts'
import { checkout, installCheckoutApi, makeDepot } from '@/testing/checkout-api.ts'
import { makeProduit } from '@/testing/factories.ts'
import { stubLocationAssign } from '@/testing/location.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failRest, graphqlCalls, invalidInput, restCalls, server } from '@/testing/server.ts'

const MERMOZ = { id: 1, designation: 'Mermoz', frais: 1500 }
const PLATEAU = makeDepot({ id: 7, designation: 'Dépôt Plateau', latitude: 14.6708, longitude: -17.4339, adresse: 'Rue Mohamed V, Plateau' })

function storeContext(customer: Utilisateur, context: Partial<DeliveryContext>) {
  window.sessionStorage.setItem(DELIVERY_CONTEXT_KEY, JSON.stringify({ ...EMPTY_DELIVERY_CONTEXT, ...context, userId: customer.id }))
}

const homeDelivery = (customer: Utilisateur, extra: Partial<DeliveryContext> = {}) =>
  storeContext(customer, {
    deliveryMode: 'DOMICILE',
    address: { id: null, libelle: null, adresse: 'Rue 10, villa 4', zone: MERMOZ, telephone: '77 123 45 67', latitude: 14.71, longitude: -17.46 },
    telephone: '77 123 45 67',
    ...extra,
  })

/** Thiéboudienne kit ×2 at 4 000 and Bissap ×1 at 2 500: 10 500 FCFA of goods. */
function fillCart() {
  const kit = makeProduit({ designation: 'Kit thiéboudienne', prix: 4000 })
  const bissap = makeProduit({ designation: 'Bissap 1 L', prix: 2500 })
  db.produits = [kit, bissap]
  db.cart = [
    { produit_id: kit.id, quantite: 2 },
    { produit_id: bissap.id, quantite: 1 },
  ]
  return { kit, bissap }
}

function summaryValue(label: string) {
  const summary = screen.getByRole('region', { name: 'Récapitulatif de la commande' })
  return within(summary).getByText(label).nextElementSibling?.textContent
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirmer la commande' })

beforeEach(() => {
  installCheckoutApi()
  account.zones = [makeZone(MERMOZ)]
  checkout.depots = [PLATEAU]
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('paiement route', () => {
  it('shows a visitor the sign-in form', async () => {
    renderApp('/paiement')
    const main = await screen.findByRole('main')
    expect(within(main).getByRole('heading', { level: 1, name: 'Paiement' })).toBeInTheDocument()
    expect(await within(main).findByText('Connectez-vous pour payer votre commande.')).toBeInTheDocument()
    expect(within(main).getByLabelText('E-mail')).toBeInTheDocument()
    expect(restCalls('GET', '/api/fidelite')).toHaveLength(0)
  })

  it('shows the payment modes with their images and the amounts with the loyalty discount', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    // The Or tier: 5 % off the goods and the delivery fee waived.
    const or = makePrivileges()[2]!
    account.fidelite = { points: 320, privilege: or, prochain: null, historique: [] }
    renderApp('/paiement')

    const modes = await screen.findByRole('group', { name: 'Mode de paiement' })
    const wave = within(modes).getByRole('radio', { name: 'Wave' })
    expect(wave).toHaveAccessibleDescription('Payez depuis votre application Wave.')
    expect(within(modes).getAllByRole('radio')).toHaveLength(3)
    expect(modes.querySelector(`label[for="${wave.id}"] img`)).toHaveAttribute('src', '/media/payments/wave.webp')
    expect(screen.getByRole('navigation', { name: 'Étapes de la commande' })).toBeInTheDocument()

    const summary = screen.getByRole('region', { name: 'Récapitulatif de la commande' })
    expect(within(summary).getByText('Kit thiéboudienne × 2').nextElementSibling).toHaveTextContent('8 000 FCFA')
    expect(summaryValue('Sous-total')).toBe('10\u00a0500\u00a0FCFA')
    expect(summaryValue('Livraison')).toBe('1\u00a0500\u00a0FCFA')
    // 5 % of 10 500 (525) and the 1 500 fee.
    expect(summaryValue('Remise fidélité (Or)')).toBe('−2\u00a0025\u00a0FCFA')
    expect(summaryValue('Total')).toBe('9\u00a0975\u00a0FCFA')
    expect(screen.getByText('Rue 10, villa 4, Mermoz · 77 123 45 67')).toBeInTheDocument()
  })

  it('shows a pickup as free, without a discount when the customer has no tier', async () => {
    const customer = signInAs()
    fillCart()
    storeContext(customer, { deliveryMode: 'RETRAIT', depot: PLATEAU.id, telephone: '77 000 11 22' })
    renderApp('/paiement')
    await screen.findByRole('group', { name: 'Mode de paiement' })
    expect(summaryValue('Livraison (retrait en dépôt)')).toBe('Gratuit')
    expect(screen.queryByText(/Remise fidélité/)).not.toBeInTheDocument()
    expect(summaryValue('Total')).toBe('10\u00a0500\u00a0FCFA')
    expect(await screen.findByText('Retrait au Dépôt Plateau (Rue Mohamed V, Plateau) · 77 000 11 22')).toBeInTheDocument()
  })

  it('still shows the amounts when the loyalty balance cannot be read', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    failRest('get', '/api/fidelite', 500)
    renderApp('/paiement')
    await screen.findByRole('group', { name: 'Mode de paiement' })
    expect(summaryValue('Total')).toBe('12\u00a0000\u00a0FCFA')
    expect(screen.getByText(MESSAGES.loyaltyDiscountUnknown)).toBeInTheDocument()
  })

  it('asks for a payment mode before ordering', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    const { user } = renderApp('/paiement')
    const modes = await screen.findByRole('group', { name: 'Mode de paiement' })
    await user.click(confirmButton())
    expect(modes).toHaveAccessibleDescription(MESSAGES.paymentModeRequired)
    expect(restCalls('POST', '/api/commande')).toHaveLength(0)
  })

  it('places a cash order, retrying with the same Idempotency-Key after a network error, then shows it', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer, { address: { id: null, libelle: null, adresse: 'Rue 10, villa 4', zone: MERMOZ, telephone: '77 123 45 67', latitude: 14.71, longitude: -17.46, repere: 'Derrière la pharmacie' } })
    server.use(http.post('*/api/commande', () => HttpResponse.error(), { once: true }))
    const { user, router } = renderApp('/paiement')
    // The recap shows the landmark for the courier with the address (issue 25 §3).
    expect(await screen.findByText('Repère : Derrière la pharmacie')).toBeInTheDocument()
    await user.click(await screen.findByRole('radio', { name: 'Paiement à la livraison' }))
    await user.click(confirmButton())

    expect(await screen.findByText(MESSAGES.serverUnreachable)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/paiement')
    await waitFor(() => expect(confirmButton()).toBeEnabled())
    const [firstKey] = checkout.orderKeys
    expect(firstKey).toMatch(/^[\w-]{8,100}$/)

    // A double click sends one order.
    await user.dblClick(confirmButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(checkout.orderKeys).toEqual([firstKey, firstKey])
    const numero = account.commandes[0]!.numerocommande
    expect(router.state.location.search).toBe(`?commande=${numero}`)
    expect(account.commandes).toHaveLength(1)
    expect(restCalls('POST', '/api/commande').at(-1)?.body).toEqual({
      modelivraison: 11,
      modepaiement: 1,
      tel: '77 123 45 67',
      adresseliv: 'Rue 10, villa 4',
      zone: 'Mermoz',
      latitude: 14.71,
      longitude: -17.46,
      repere: 'Derrière la pharmacie',
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre commande !' })).toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveTextContent('En attente de confirmation')
    // The checkout is over: its context is gone and the (emptied) cart is asked again.
    expect(window.sessionStorage.getItem(DELIVERY_CONTEXT_KEY)).toBeNull()
    await waitFor(() => expect(graphqlCalls('Panier').length).toBeGreaterThanOrEqual(2))
    expect(restCalls('POST', /\/paiement$/)).toHaveLength(0)
  })

  it('sends an online payment to the provider page', async () => {
    const assign = stubLocationAssign()
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    checkout.commande = makeCommande({ etat: 'en_attente_paiement', modepaiement: { code: 'WAVE', designation: 'Wave' } })
    const { user } = renderApp('/paiement')
    await user.click(await screen.findByRole('radio', { name: 'Wave' }))
    await user.click(confirmButton())

    await waitFor(() => expect(assign).toHaveBeenCalledWith(account.paymentUrl))
    const numero = account.commandes[0]!.numerocommande
    expect(restCalls('POST', `/api/commande/${numero}/paiement`)).toHaveLength(1)
    expect(restCalls('POST', '/api/commande')[0]?.body).toMatchObject({ modepaiement: 2 })
    expect(window.sessionStorage.getItem(DELIVERY_CONTEXT_KEY)).toBeNull()
  })

  it('an order the discounts paid entirely (0 FCFA) goes to its confirmation, with no provider page (issue 23 §2)', async () => {
    const assign = stubLocationAssign()
    const customer = signInAs()
    fillCart()
    homeDelivery(customer)
    const free = makeCommande({ etat: 'en_attente', lignes: [{ designation: 'Bissap 1 L', prix: 2500, quantite: 2 }], montantliv: 0, remise: 5000, modepaiement: { code: 'WAVE', designation: 'Wave' } })
    checkout.commande = free
    const { user, router } = renderApp('/paiement')
    await user.click(await screen.findByRole('radio', { name: 'Wave' }))
    await user.click(confirmButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(router.state.location.search).toBe(`?commande=${free.numerocommande}`)
    expect(await screen.findByText('Rien à payer : vos réductions couvrent toute la commande. Nous la préparons.')).toBeInTheDocument()
    expect(restCalls('POST', /\/paiement$/)).toHaveLength(0)
    expect(assign).not.toHaveBeenCalled()
  })

  it('sends a pickup order with its depot and phone', async () => {
    const customer = signInAs()
    fillCart()
    storeContext(customer, { deliveryMode: 'RETRAIT', depot: PLATEAU.id, telephone: '77 000 11 22', paymentMode: 'CASH' })
    const { user, router } = renderApp('/paiement')
    expect(await screen.findByRole('radio', { name: 'Paiement à la livraison' })).toBeChecked()
    await user.click(confirmButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(restCalls('POST', '/api/commande')[0]?.body).toEqual({ modelivraison: 12, modepaiement: 1, tel: '77 000 11 22', depot: PLATEAU.id })
  })

  it('takes the shopper to the failed page when the online payment cannot start', async () => {
    const customer = signInAs()
    fillCart()
    homeDelivery(customer, { paymentMode: 'OM' })
    checkout.commande = makeCommande({ etat: 'en_attente_paiement', modepaiement: { code: 'OM', designation: 'Orange Money' } })
    failRest('post', '/api/commande/:numero/paiement', 'network')
    const { user, router } = renderApp('/paiement')
    await user.click(await screen.findByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByText(`${MESSAGES.paymentStartError} : ${MESSAGES.serverUnreachable}`)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/failed'))
    expect(await screen.findByRole('button', { name: 'Réessayer le paiement' })).toBeInTheDocument()
  })

  it("says the server's stock message in a toast and stays", async () => {
    const customer = signInAs()
    fillCart()
    const stock = MESSAGES.insufficientStock('Kit thiéboudienne', 1)
    server.use(http.post('*/api/commande', () => HttpResponse.json({ message: stock, errors: { panier: [stock] } }, { status: 409 })))
    homeDelivery(customer, { paymentMode: 'CASH' })
    const { user, router } = renderApp('/paiement')
    await user.click(await screen.findByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByText(MESSAGES.insufficientStock('Kit thiéboudienne', 1))).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/paiement')
    await waitFor(() => expect(confirmButton()).toBeEnabled())
    expect(account.commandes).toHaveLength(0)
    expect(window.sessionStorage.getItem(DELIVERY_CONTEXT_KEY)).not.toBeNull()
  })

  it("shows the server's field errors with a way back to the address", async () => {
    const customer = signInAs()
    fillCart()
    // A zone the server no longer knows.
    server.use(http.post('*/api/commande', () => invalidInput([{ path: ['zone'], message: MESSAGES.orderZoneUnknown }])))
    homeDelivery(customer, { paymentMode: 'CASH' })
    const { user } = renderApp('/paiement')
    await user.click(await screen.findByRole('button', { name: 'Confirmer la commande' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGES.orderInvalidFields)
    expect(alert).toHaveTextContent(MESSAGES.orderZoneUnknown)
    expect(within(alert).getByRole('link', { name: "Modifier l'adresse" })).toHaveAttribute('href', '/livraison/addresse')
    expect(confirmButton()).toBeEnabled()
  })

  it('says the cart is empty, with a way back to the shop', async () => {
    const customer = signInAs()
    homeDelivery(customer)
    renderApp('/paiement')
    expect(await screen.findByText(MESSAGES.cartEmpty)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continuer mes achats' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('button', { name: 'Confirmer la commande' })).not.toBeInTheDocument()
  })

  it('sends a shopper who skipped the delivery steps back to them', async () => {
    signInAs()
    fillCart()
    const { router } = renderApp('/paiement')
    await waitFor(() => expect(router.state.location.pathname).toBe('/livraison/addresse'))
  })
})
