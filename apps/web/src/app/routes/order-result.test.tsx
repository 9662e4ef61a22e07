// success and failed: the order's real state whatever page the provider sent the shopper to,
// polled while the payment is pending (and no longer once it moved, or after 2 minutes),
// retrying the payment and cancelling from the failed page, and the sad paths.
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { ORDER_POLL_INTERVAL_MS, ORDER_POLL_LIMIT_MS } from '@/features/checkout/components/order-result.tsx'
import { account, makeCommande, setOrderState } from '@/testing/account-api.ts'
import { installCheckoutApi } from '@/testing/checkout-api.ts'
import { stubLocationAssign } from '@/testing/location.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { failRest, restCalls } from '@/testing/server.ts'
import type { OrderStatus } from '@teranga/shared/order-status'

function placeOrder(etat: OrderStatus, code = 'WAVE') {
  const commande = makeCommande({
    etat,
    lignes: [
      { designation: 'Kit thiéboudienne', prix: 4000, quantite: 2 },
      { designation: 'Bissap 1 L', prix: 2500, quantite: 1 },
    ],
    montantliv: 1500,
    modepaiement: code === 'CASH' ? { code, designation: 'Paiement à la livraison' } : { code, designation: 'Wave' },
  })
  account.commandes.push(commande)
  return commande.numerocommande
}

const orderReads = (numero: string) => restCalls('GET', `/api/commande/${numero}`).length

beforeEach(installCheckoutApi)

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('order result pages', () => {
  it.each(['/success?commande=TRG-1', '/failed?commande=TRG-1'])('shows a visitor at %s the sign-in form', async (path) => {
    renderApp(path)
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Ma commande' })).toBeInTheDocument()
    expect(within(main).getByText('Connectez-vous pour voir votre commande.')).toBeInTheDocument()
    expect(within(main).getByLabelText('E-mail')).toBeInTheDocument()
    expect(restCalls('GET', /^\/api\/commande\//)).toHaveLength(0)
  })

  it('shows a cash order with its lines, amounts and real state', async () => {
    signInAs()
    const numero = placeOrder('en_attente', 'CASH')
    renderApp(`/success?commande=${numero}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre commande !' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: `Commande ${numero}` })).toBeInTheDocument()
    const state = screen.getByTestId('order-state')
    expect(state).toHaveTextContent('En attente de confirmation')
    expect(state).toHaveClass('badge', 'text-bg-secondary')
    expect(screen.getByText('Kit thiéboudienne × 2').nextElementSibling).toHaveTextContent('8 000 FCFA')
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('12 000 FCFA')
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/profile/orders')
    expect(screen.queryByRole('button', { name: 'Réessayer le paiement' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Annuler la commande' })).not.toBeInTheDocument()
  })

  it('says « Rien à payer » for a Wave order the discounts paid entirely (issue 23 §2), with no payment to retry', async () => {
    signInAs()
    const commande = makeCommande({ etat: 'en_attente', lignes: [{ designation: 'Bissap 1 L', prix: 2500, quantite: 2 }], montantliv: 0, remise: 5000, modepaiement: { code: 'WAVE', designation: 'Wave' } })
    account.commandes.push(commande)
    renderApp(`/success?commande=${commande.numerocommande}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre commande !' })).toBeInTheDocument()
    expect(screen.getByText('Rien à payer : vos réductions couvrent toute la commande. Nous la préparons.')).toBeInTheDocument()
    expect(screen.queryByText('Votre paiement a bien été reçu. Nous préparons votre commande.')).not.toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveTextContent('En attente de confirmation')
    expect(screen.queryByRole('button', { name: 'Réessayer le paiement' })).not.toBeInTheDocument()
  })

  it('polls a pending payment every 2 s until it is paid, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    signInAs()
    const numero = placeOrder('en_attente_paiement')
    renderApp(`/success?commande=${numero}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de vérification' })).toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveClass('text-bg-warning')
    expect(screen.getByTestId('order-state')).toHaveTextContent('En attente de paiement')
    const first = orderReads(numero)

    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS))
    await waitFor(() => expect(orderReads(numero)).toBe(first + 1))
    expect(screen.getByTestId('order-state')).toHaveTextContent('En attente de paiement')

    // The provider's webhook arrives.
    setOrderState(numero, 'payee')
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS))
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre commande !' })).toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveTextContent('Payée')
    expect(screen.getByTestId('order-state')).toHaveClass('text-bg-info')
    const afterPaid = orderReads(numero)
    await act(() => vi.advanceTimersByTimeAsync(5 * ORDER_POLL_INTERVAL_MS))
    expect(orderReads(numero)).toBe(afterPaid)
  })

  it('stops polling after about 2 minutes with a note, and offers to pay again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    signInAs()
    const numero = placeOrder('en_attente_paiement')
    renderApp(`/success?commande=${numero}`)
    await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de vérification' })
    expect(screen.queryByRole('button', { name: 'Réessayer le paiement' })).not.toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_LIMIT_MS + ORDER_POLL_INTERVAL_MS))
    expect(await screen.findByText(MESSAGES.paymentConfirmationSlow)).toBeInTheDocument()
    const reads = orderReads(numero)
    // About one read every 2 s for 2 minutes.
    expect(reads).toBeGreaterThanOrEqual(55)
    expect(reads).toBeLessThanOrEqual(65)
    await act(() => vi.advanceTimersByTimeAsync(10 * ORDER_POLL_INTERVAL_MS))
    expect(orderReads(numero)).toBe(reads)
    expect(screen.getByRole('button', { name: 'Réessayer le paiement' })).toBeInTheDocument()
  })

  it('shows a failed payment on the success page: the redirect proves nothing', async () => {
    const assign = stubLocationAssign()
    signInAs()
    const numero = placeOrder('echec_paiement')
    const { user } = renderApp(`/success?commande=${numero}`)
    expect(await screen.findByRole('heading', { level: 1, name: "Le paiement n'a pas abouti" })).toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveTextContent('Paiement échoué')
    expect(screen.getByTestId('order-state')).toHaveClass('text-bg-danger')
    await user.click(screen.getByRole('button', { name: 'Réessayer le paiement' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(account.paymentUrl))
    expect(restCalls('POST', `/api/commande/${numero}/paiement`)).toHaveLength(1)
  })

  it('shows a paid order on the failed page as paid', async () => {
    signInAs()
    const numero = placeOrder('payee')
    renderApp(`/failed?commande=${numero}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre commande !' })).toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveTextContent('Payée')
    expect(screen.queryByRole('button', { name: 'Réessayer le paiement' })).not.toBeInTheDocument()
  })

  it('retries the payment from the failed page', async () => {
    const assign = stubLocationAssign()
    signInAs()
    const numero = placeOrder('en_attente_paiement')
    const { user } = renderApp(`/failed?commande=${numero}`)
    expect(await screen.findByRole('heading', { level: 1, name: "Le paiement n'a pas abouti" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/profile/orders')
    await user.click(screen.getByRole('button', { name: 'Réessayer le paiement' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(account.paymentUrl))
  })

  it('says why the payment cannot start again, and stays', async () => {
    const assign = stubLocationAssign()
    signInAs()
    const numero = placeOrder('en_attente_paiement')
    failRest('post', '/api/commande/:numero/paiement', 409, MESSAGES.orderNotPayable)
    const { user } = renderApp(`/failed?commande=${numero}`)
    await user.click(await screen.findByRole('button', { name: 'Réessayer le paiement' }))
    expect(await screen.findByText(`${MESSAGES.paymentStartError} : ${MESSAGES.orderNotPayable}`)).toBeInTheDocument()
    expect(assign).not.toHaveBeenCalled()
  })

  it('cancels the order from the failed page after asking', async () => {
    signInAs()
    const numero = placeOrder('en_attente_paiement')
    const { user } = renderApp(`/failed?commande=${numero}`)
    await user.click(await screen.findByRole('button', { name: 'Annuler la commande' }))
    const confirm = screen.getByRole('group', { name: "Confirmer l'annulation" })
    await user.click(within(confirm).getByRole('button', { name: 'Non' }))
    expect(restCalls('POST', `/api/commande/${numero}/annulation`)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Annuler la commande' }))
    await user.click(screen.getByRole('button', { name: 'Oui, annuler la commande' }))
    expect(await screen.findByText(MESSAGES.orderCancelled)).toBeInTheDocument()
    expect(screen.getByTestId('order-state')).toHaveTextContent('Annulée')
    expect(screen.getByRole('heading', { level: 1, name: 'Cette commande est annulée' })).toBeInTheDocument()
    expect(restCalls('POST', `/api/commande/${numero}/annulation`)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Réessayer le paiement' })).not.toBeInTheDocument()
  })

  it("says 'Commande introuvable' for an unknown order or none", async () => {
    signInAs()
    const { unmount } = renderApp('/success?commande=TRG-000000-XXXXXX')
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderNotFound })).toBeInTheDocument()
    unmount()
    renderApp('/failed')
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderNotFound })).toBeInTheDocument()
  })

  it('shows an alert with a retry when the order cannot be read', async () => {
    signInAs()
    const numero = placeOrder('en_attente')
    failRest('get', '/api/commande/:numero', 'network')
    renderApp(`/success?commande=${numero}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.orderLoadError)
  })
})
