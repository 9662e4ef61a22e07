// A depot's opening hours, as the back office saves them (issue 16 §2): shown where the shopper
// picks a depot, and on the order's page for a pickup.
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { account, makeCommande } from '@/testing/account-api.ts'
import { checkout, installCheckoutApi, makeDepot } from '@/testing/checkout-api.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'

const HOURS = 'Lun–Ven 8 h–19 h, Sam 9 h–13 h, fermé le dimanche'
const PLATEAU = makeDepot({ id: 1, designation: 'Dépôt Plateau', latitude: 14.6708, longitude: -17.4339, description: null, horairestexte: HOURS })
const RUFISQUE = makeDepot({ id: 3, designation: 'Dépôt Rufisque', latitude: 14.7161, longitude: -17.2728, description: null, horairestexte: null })

beforeEach(() => {
  installCheckoutApi()
  checkout.depots = [PLATEAU, RUFISQUE]
})

describe('depot opening hours', () => {
  it('says when each depot is open where the shopper picks one, and nothing for a depot without hours', async () => {
    signInAs()
    const { user } = renderApp('/livraison/modelivraison')
    await user.click(await screen.findByRole('radio', { name: /Retrait en dépôt/ }))
    const depots = await screen.findByRole('group', { name: 'Choisissez votre dépôt' })
    expect(within(depots).getByRole('radio', { name: /Dépôt Plateau/ })).toHaveAccessibleDescription(`Adresse du Dépôt Plateau Horaires : ${HOURS}`)
    expect(within(depots).getByRole('radio', { name: /Dépôt Rufisque/ })).toHaveAccessibleDescription('Adresse du Dépôt Rufisque')
    expect(within(depots).queryAllByText(/Horaires/)).toHaveLength(1)
  })

  it("shows a pickup order's depot, address and hours on its page", async () => {
    signInAs()
    const commande = makeCommande({
      montantliv: 0,
      modelivraison: { id: 12, code: 'RETRAIT', designation: 'Retrait en dépôt' },
      depot: { id: 1, designation: 'Dépôt Plateau', adresse: 'Avenue Pompidou', horairestexte: HOURS },
      adresseliv: 'Avenue Pompidou',
    })
    account.commandes.push(commande)
    renderApp(`/success?commande=${commande.numerocommande}`)
    const place = await screen.findByTestId('pickup-place')
    expect(place).toHaveTextContent(`À retirer au Dépôt Plateau, Avenue Pompidou`)
    expect(place).toHaveTextContent(`Horaires : ${HOURS}`)
  })

  it('shows no pickup place for a home delivery', async () => {
    signInAs()
    const commande = makeCommande()
    account.commandes.push(commande)
    renderApp(`/success?commande=${commande.numerocommande}`)
    expect(await screen.findByText(`Commande ${commande.numerocommande}`)).toBeInTheDocument()
    expect(screen.queryByTestId('pickup-place')).not.toBeInTheDocument()
  })
})
