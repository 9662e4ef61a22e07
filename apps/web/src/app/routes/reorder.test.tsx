// « Commander à nouveau » (issue 25 §5): from « Mes achats », the order's lines put back by the
// server and the cart panel opened on its answer, naming what is no longer on sale or out of
// stock and what was put in with less; from the tracking page, a visitor is sent to sign in.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import type { SuiviPage } from '@teranga/shared/order-messages'
import { REORDER_MESSAGES } from '@teranga/shared/reorder'
import type { ReorderAnswer } from '@teranga/shared/reorder-answer'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { account, installAccountApi, makeCommande } from '@/testing/account-api.ts'
import { makePanier, makeProduit } from '@/testing/factories.ts'
import { db, operationName, restCalls, server } from '@/testing/server.ts'

beforeEach(installAccountApi)

describe('commander à nouveau', () => {
  it("puts the order back in the cart and shows in the panel what could not be", async () => {
    const riz = makeProduit({ designation: 'Riz parfumé 5 kg', prix: 4500 })
    const sucre = makeProduit({ designation: 'Sucre en morceaux', prix: 900 })
    const commande = makeCommande({
      etat: 'livree',
      lignes: [
        { designation: 'Riz parfumé 5 kg', prix: 4000, quantite: 2 },
        { designation: 'Lait caillé', prix: 800, quantite: 1 },
        { designation: 'Sucre en morceaux', prix: 900, quantite: 4 },
      ],
    })
    account.commandes = [commande]
    // The cart as the server holds it afterwards (today's prices), read again by the panel.
    db.produits = [riz, sucre]
    db.cart = [
      { produit_id: riz.id, quantite: 2 },
      { produit_id: sucre.id, quantite: 1 },
    ]
    const answer: ReorderAnswer = {
      panier: makePanier([
        { produit: riz, quantite: 2 },
        { produit: sucre, quantite: 1 },
      ]),
      indisponibles: [{ produit: 77, variante: 78, designation: 'Lait caillé', motif: 'indisponible' }],
      partiels: [{ produit: sucre.id, variante: sucre.id, designation: 'Sucre en morceaux', demande: 4, ajoute: 1 }],
    }
    server.use(http.post('*/api/commande/:numero/recommander', () => HttpResponse.json(answer)))

    signInAs()
    const { user } = renderApp('/profile/orders')
    const card = await screen.findByRole('article', { name: `Commande ${commande.numerocommande}` })
    await user.click(within(card).getByRole('button', { name: REORDER_MESSAGES.button }))

    const panel = await screen.findByRole('dialog', { name: 'Mon Panier' })
    const notice = within(panel).getByRole('status')
    expect(notice).toHaveTextContent(REORDER_MESSAGES.done)
    expect(within(notice).getByText(REORDER_MESSAGES.unavailableTitle)).toBeInTheDocument()
    expect(within(notice).getByText(`Lait caillé : ${REORDER_MESSAGES.unavailable}`)).toBeInTheDocument()
    expect(within(notice).getByText(REORDER_MESSAGES.partialTitle)).toBeInTheDocument()
    expect(within(notice).getByText(`Sucre en morceaux : ${REORDER_MESSAGES.partial(4, 1)}`)).toBeInTheDocument()
    expect(within(panel).getByText('Riz parfumé 5 kg')).toBeInTheDocument()
    expect(within(panel).getByTestId('cart-panel-total').textContent).toBe(formatPrix(2 * 4500 + 900))
    expect(restCalls('POST', `/api/commande/${commande.numerocommande}/recommander`)).toHaveLength(1)

    // Closed and opened again, the panel is the cart alone.
    await user.click(within(panel).getByRole('button', { name: 'Fermer le panier' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mon Panier' })).not.toBeInTheDocument())
  })

  it("tells the server's refusal", async () => {
    const commande = makeCommande({ etat: 'livree' })
    account.commandes = [commande]
    server.use(http.post('*/api/commande/:numero/recommander', () => HttpResponse.json({ message: MESSAGES.orderNotFound }, { status: 404 })))
    signInAs()
    const { user } = renderApp('/profile/orders')
    const card = await screen.findByRole('article', { name: `Commande ${commande.numerocommande}` })
    await user.click(within(card).getByRole('button', { name: REORDER_MESSAGES.button }))
    expect(await screen.findByText(`${REORDER_MESSAGES.error} : ${MESSAGES.orderNotFound}`)).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Mon Panier' })).not.toBeInTheDocument()
  })

  it('on the tracking page, a visitor is sent to sign in on « Mes achats »', async () => {
    const suivi: SuiviPage = {
      numerocommande: 'TRG-261127-K7MQ2X',
      etat: 'livree',
      etat_text: 'Livrée',
      etat_badge: 'success',
      created_at_fr: '27/11/2026 10:15',
      modelivraison: 'Livraison à domicile',
      montantcommande: 9400,
      montantliv: 1000,
      remise: 0,
      montanttotal: 10_400,
      lignes: [{ designation: 'Riz parfumé 5 kg', quantite: 2, prix: 4700 }],
      livreur: null,
      rembourse: 0,
      remboursements: [],
    }
    server.use(
      http.post('*/graphql', async ({ request }) => {
        const { query } = (await request.clone().json()) as { query: string }
        return operationName(query) === 'Suivi' ? HttpResponse.json({ data: { suivi } }) : undefined
      }),
    )
    renderApp(`/suivi/${suivi.numerocommande}?k=AbCdEfGhIjKlMnOpQrStUv`)
    expect(await screen.findByRole('link', { name: REORDER_MESSAGES.signInToReorder })).toHaveAttribute('href', '/profile/orders')
  })
})
