// /livraison: the address and delivery-mode steps behind sign-in, the shared address checks,
// saved and new addresses, the zone's fee, the delivery context kept across a reload, and the
// pickup depots ordered from where the shopper stands (or not, when they refuse).
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { DELIVERY_CONTEXT_KEY } from '@/features/checkout/delivery-context.ts'
import { account, makeAdresse, makeZone } from '@/testing/account-api.ts'
import { checkout, installCheckoutApi, makeDepot } from '@/testing/checkout-api.ts'
import { installFakeGeolocation } from '@/testing/geolocation.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { failRest, restCalls } from '@/testing/server.ts'

const storedContext = () => JSON.parse(window.sessionStorage.getItem(DELIVERY_CONTEXT_KEY) ?? 'null') as Record<string, unknown> | null

const PLATEAU = makeDepot({ id: 1, designation: 'Dépôt Plateau', latitude: 14.6708, longitude: -17.4339 })
const SACRE_COEUR = makeDepot({ id: 2, designation: 'Dépôt Sacré-Cœur', latitude: 14.7205, longitude: -17.4662 })
const RUFISQUE = makeDepot({ id: 3, designation: 'Dépôt Rufisque', latitude: 14.7161, longitude: -17.2728 })

beforeEach(() => {
  installCheckoutApi()
  account.zones = [makeZone({ id: 1, designation: 'Mermoz', frais: 1000 }), makeZone({ id: 2, designation: 'Dakar Plateau', frais: 1500 })]
  checkout.depots = [PLATEAU, SACRE_COEUR, RUFISQUE]
})

async function addressForm() {
  return screen.findByRole('textbox', { name: 'Adresse' })
}

describe('livraison: address step', () => {
  it('shows a visitor the sign-in form, and asks the server for nothing of theirs', async () => {
    const { router } = renderApp('/livraison')
    const main = await screen.findByRole('main')
    expect(await within(main).findByText('Connectez-vous pour choisir la livraison de votre commande.')).toBeInTheDocument()
    expect(within(main).getByLabelText('E-mail')).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(within(main).queryByRole('navigation', { name: 'Étapes de la commande' })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/livraison')
    expect(restCalls('GET', '/api/adresses')).toHaveLength(0)
  })

  it('shows a spinner while the session is checked', async () => {
    signInAs()
    failRest('get', '/api/profile', 'hang')
    renderApp('/livraison/addresse')
    const main = await screen.findByRole('main')
    await within(main).findByRole('heading', { level: 1, name: 'Adresse de livraison' })
    expect(within(main).getByRole('status')).toHaveTextContent('Chargement…')
    expect(within(main).queryByLabelText('E-mail')).not.toBeInTheDocument()
  })

  it('opens the address step from /livraison, with the steps and the phone of the profile', async () => {
    signInAs({ telephone: '+221 77 555 44 33' })
    const { router } = renderApp('/livraison')
    await addressForm()
    expect(router.state.location.pathname).toBe('/livraison/addresse')
    expect(screen.getByRole('heading', { level: 1, name: 'Adresse de livraison' })).toBeInTheDocument()
    const steps = screen.getByRole('navigation', { name: 'Étapes de la commande' })
    expect(within(steps).getByText('Adresse').closest('[aria-current]')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('+221 77 555 44 33')
    expect(await screen.findByRole('region', { name: 'Carte : touchez pour placer votre adresse' })).toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.mapUnavailable)).not.toBeInTheDocument()
  })

  it('says under each field what is wrong, with the shared messages', async () => {
    signInAs()
    const { user, router } = renderApp('/livraison/addresse')
    await addressForm()
    await user.clear(screen.getByRole('textbox', { name: 'Téléphone' }))
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '12')
    await user.type(screen.getByRole('textbox', { name: 'Adresse' }), 'ab')
    await user.click(screen.getByRole('button', { name: 'Continuer' }))

    // The resolver checks asynchronously: wait for its verdict rather than race it.
    const adresse = screen.getByRole('textbox', { name: 'Adresse' })
    await waitFor(() => expect(adresse).toHaveAttribute('aria-invalid', 'true'))
    expect(adresse).toHaveAccessibleDescription(MESSAGES.adresseLength)
    expect(screen.getByRole('combobox', { name: 'Zone de livraison' })).toHaveAccessibleDescription(MESSAGES.orderZoneUnknown)
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription(MESSAGES.telephoneInvalid)
    expect(router.state.location.pathname).toBe('/livraison/addresse')
    expect(storedContext()?.['address'] ?? null).toBeNull()
  })

  it("shows the chosen zone's fee, then goes on with the typed address", async () => {
    signInAs()
    const { user, router } = renderApp('/livraison/addresse')
    await user.type(await addressForm(), 'Rue 10, villa 4')
    const zone = screen.getByRole('combobox', { name: 'Zone de livraison' })
    expect(within(zone).getByRole('option', { name: 'Mermoz — 1\u00a0000\u00a0FCFA' })).toBeInTheDocument()
    await user.selectOptions(zone, screen.getByRole('option', { name: 'Dakar Plateau — 1\u00a0500\u00a0FCFA' }))
    expect(screen.getByText('Frais de livraison : 1 500 FCFA')).toBeInTheDocument()
    // The landmark for the courier (issue 25 §3), optional, trimmed.
    const repere = screen.getByRole('textbox', { name: 'Point de repère (facultatif)' })
    expect(repere).toHaveAttribute('placeholder', MESSAGES.reperePlaceholder)
    await user.type(repere, ' Derrière la pharmacie, portail bleu ')
    await user.click(screen.getByRole('button', { name: 'Continuer' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/livraison/modelivraison'))
    expect(storedContext()).toMatchObject({
      address: { id: null, adresse: 'Rue 10, villa 4', zone: { id: 2, designation: 'Dakar Plateau', frais: 1500 }, telephone: '+221 77 123 45 67', repere: 'Derrière la pharmacie, portail bleu' },
      deliveryMode: 'DOMICILE',
    })
    // Not kept in the address book unless asked.
    expect(restCalls('POST', '/api/adresses')).toHaveLength(0)
    const home = await screen.findByRole('radio', { name: /Livraison à domicile/ })
    expect(home).toBeChecked()
    expect(home).toHaveAccessibleName('Livraison à domicile 1\u00a0500\u00a0FCFA')
  })

  it('saves the new address when asked, with its point on the map from the phone', async () => {
    signInAs()
    const geo = installFakeGeolocation()
    geo.moveTo(14.71234567, -17.46891234)
    const { user, router } = renderApp('/livraison/addresse')
    await user.type(await addressForm(), 'Cité Keur Gorgui, immeuble 3')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Zone de livraison' }), screen.getByRole('option', { name: 'Mermoz — 1\u00a0000\u00a0FCFA' }))
    await user.click(screen.getByRole('button', { name: 'Utiliser ma position' }))
    expect(await screen.findByText('Position choisie : 14.71235, -17.46891')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Enregistrer cette adresse' }))
    await user.type(screen.getByRole('textbox', { name: "Nom de l'adresse (facultatif)" }), 'Bureau')
    await user.type(screen.getByRole('textbox', { name: 'Point de repère (facultatif)' }), 'Portail bleu')
    await user.click(screen.getByRole('button', { name: 'Continuer' }))

    expect(await screen.findByText(MESSAGES.addressAdded)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/livraison/modelivraison'))
    await waitFor(() => expect(restCalls('POST', '/api/adresses')[0]?.body).toBeDefined())
    expect(restCalls('POST', '/api/adresses')[0]?.body).toEqual({
      libelle: 'Bureau',
      adresse: 'Cité Keur Gorgui, immeuble 3',
      zone: 1,
      telephone: '+221 77 123 45 67',
      latitude: 14.712346,
      longitude: -17.468912,
      repere: 'Portail bleu',
    })
    const saved = account.adresses[0]!
    expect(storedContext()).toMatchObject({ address: { id: saved.id, libelle: 'Bureau', latitude: 14.712346, longitude: -17.468912, repere: 'Portail bleu' } })
  })

  it("says why the address could not be saved, and stays", async () => {
    signInAs()
    failRest('post', '/api/adresses', 409, MESSAGES.addressLimit(0))
    const { user, router } = renderApp('/livraison/addresse')
    await user.type(await addressForm(), 'Rue 10, villa 4')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Zone de livraison' }), screen.getByRole('option', { name: 'Mermoz — 1\u00a0000\u00a0FCFA' }))
    await user.click(screen.getByRole('checkbox', { name: 'Enregistrer cette adresse' }))
    await user.click(screen.getByRole('button', { name: 'Continuer' }))
    expect(await screen.findByText(`${MESSAGES.addressSaveError} : ${MESSAGES.addressLimit(0)}`)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/livraison/addresse')
    expect(storedContext()?.['address'] ?? null).toBeNull()
  })

  it('says so when the phone will not give its position, and the map stays optional', async () => {
    signInAs()
    const geo = installFakeGeolocation()
    geo.deny()
    const { user } = renderApp('/livraison/addresse')
    await addressForm()
    await user.click(screen.getByRole('button', { name: 'Utiliser ma position' }))
    expect(await screen.findByText(MESSAGES.positionDenied)).toBeInTheDocument()
    expect(screen.queryByText(/Position choisie/)).not.toBeInTheDocument()
  })

  it('offers the saved addresses, the default one chosen, and goes on with it', async () => {
    signInAs()
    const mermoz = account.zones[0]!
    account.adresses = [
      makeAdresse({ libelle: 'Maison', adresse: 'Rue 10, Mermoz', zone: mermoz, repere: 'Face à la mosquée' }),
      makeAdresse({ libelle: 'Bureau', adresse: 'Avenue Pompidou', zone: account.zones[1]!, pardefaut: true }),
    ]
    const { user, router } = renderApp('/livraison/addresse')
    const group = await screen.findByRole('group', { name: 'Adresse de livraison' })
    expect(within(group).getByRole('radio', { name: /Bureau/ })).toBeChecked()
    expect(screen.queryByRole('textbox', { name: 'Adresse' })).not.toBeInTheDocument()
    expect(screen.getByText('Frais de livraison : 1 500 FCFA')).toBeInTheDocument()

    // The landmark field follows the chosen address: empty for Bureau, Maison's own once chosen,
    // and the shopper may change it for this order.
    const repere = screen.getByRole('textbox', { name: 'Point de repère (facultatif)' })
    expect(repere).toHaveValue('')
    await user.click(within(group).getByRole('radio', { name: /Maison/ }))
    expect(within(group).getByText('Repère : Face à la mosquée')).toBeInTheDocument()
    expect(screen.getByText('Frais de livraison : 1 000 FCFA')).toBeInTheDocument()
    await waitFor(() => expect(repere).toHaveValue('Face à la mosquée'))
    await user.clear(repere)
    await user.type(repere, 'Face à la mosquée, portail vert')
    await user.click(screen.getByRole('button', { name: 'Continuer' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/livraison/modelivraison'))
    expect(storedContext()).toMatchObject({ address: { id: account.adresses[0]!.id, adresse: 'Rue 10, Mermoz', zone: { designation: 'Mermoz', frais: 1000 }, repere: 'Face à la mosquée, portail vert' } })
    expect(await screen.findByText('Rue 10, Mermoz, Mermoz · frais de livraison 1 000 FCFA')).toBeInTheDocument()
  })

  it('refuses a saved address without a zone and lets the shopper type a new one', async () => {
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Ancienne', adresse: 'Quelque part', zone: null, pardefaut: true })]
    const { user, router } = renderApp('/livraison/addresse')
    const group = await screen.findByRole('group', { name: 'Adresse de livraison' })
    await user.click(screen.getByRole('button', { name: 'Continuer' }))
    expect(group).toHaveAccessibleDescription(MESSAGES.orderZoneUnknown)
    expect(router.state.location.pathname).toBe('/livraison/addresse')
    await user.click(within(group).getByRole('radio', { name: 'Nouvelle adresse' }))
    expect(screen.getByRole('textbox', { name: 'Adresse' })).toBeInTheDocument()
  })

  it('keeps the delivery context through a reload', async () => {
    signInAs()
    const first = renderApp('/livraison/addresse')
    await first.user.type(await addressForm(), 'Rue 10, villa 4')
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Zone de livraison' }), screen.getByRole('option', { name: 'Mermoz — 1\u00a0000\u00a0FCFA' }))
    await first.user.click(screen.getByRole('button', { name: 'Continuer' }))
    await screen.findByRole('radio', { name: /Livraison à domicile/ })
    first.unmount()

    // A new page: new router, new query cache; only the tab's storage remains.
    renderApp('/livraison/modelivraison')
    expect(await screen.findByRole('radio', { name: /Livraison à domicile/ })).toBeChecked()
    expect(screen.getByText('Rue 10, villa 4, Mermoz · frais de livraison 1 000 FCFA')).toBeInTheDocument()
    screen.getByRole('link', { name: "Changer d'adresse" }).click()
    expect(await addressForm()).toHaveValue('Rue 10, villa 4')
    expect(screen.getByRole('combobox', { name: 'Zone de livraison' })).toHaveValue('1')
  })

  it("does not show one customer's context to another in the same tab", async () => {
    window.sessionStorage.setItem(
      DELIVERY_CONTEXT_KEY,
      JSON.stringify({ userId: 999, address: { id: null, libelle: null, adresse: 'Chez un autre', zone: { id: 1, designation: 'Mermoz', frais: 1000 }, telephone: '770000000', latitude: null, longitude: null } }),
    )
    signInAs({ id: 5 })
    renderApp('/livraison/addresse')
    expect(await addressForm()).toHaveValue('')
  })
})

describe('livraison: delivery mode step', () => {
  it('lets a shopper who collects at a depot skip the address', async () => {
    signInAs()
    const { user, router } = renderApp('/livraison/addresse')
    await addressForm()
    await user.click(screen.getByRole('button', { name: 'Je préfère retirer ma commande dans un dépôt (gratuit)' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/livraison/modelivraison'))
    expect(await screen.findByRole('radio', { name: /Retrait en dépôt/ })).toBeChecked()
    expect(await screen.findByRole('group', { name: 'Choisissez votre dépôt' })).toBeInTheDocument()
  })

  it('sends a shopper without an address back to the address step for home delivery', async () => {
    signInAs()
    const { user, router } = renderApp('/livraison/modelivraison')
    const group = await screen.findByRole('group', { name: 'Mode de livraison' })
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }))
    expect(group).toHaveAccessibleDescription(MESSAGES.deliveryModeRequired)

    await user.click(within(group).getByRole('radio', { name: /Livraison à domicile/ }))
    expect(screen.getByText("Aucune adresse choisie pour l'instant.")).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/livraison/addresse'))
  })

  it('lists the depots from the nearest, chooses it, follows the shopper, and stops watching on leaving', async () => {
    signInAs()
    const geo = installFakeGeolocation()
    // Near Sacré-Cœur (VDN).
    geo.moveTo(14.7215, -17.4655)
    const { user, router } = renderApp('/livraison/modelivraison')
    await user.click(await screen.findByRole('radio', { name: /Retrait en dépôt/ }))
    expect(screen.getByRole('radio', { name: /Retrait en dépôt/ })).toHaveAccessibleName('Retrait en dépôt Gratuit')

    const depots = await screen.findByRole('group', { name: 'Choisissez votre dépôt' })
    await waitFor(() => expect(within(depots).getByRole('radio', { name: /Dépôt Sacré-Cœur/ })).toBeChecked())
    const names = within(depots).getAllByRole('radio').map((radio) => radio.getAttribute('aria-labelledby') && document.getElementById(radio.getAttribute('aria-labelledby')!)?.textContent)
    expect(names).toEqual(['Dépôt Sacré-Cœur Le plus proche à 130 m', 'Dépôt Plateau à 6,6 km', 'Dépôt Rufisque à 20,7 km'])
    expect(await screen.findByRole('region', { name: 'Carte des dépôts de retrait' })).toBeInTheDocument()
    expect(storedContext()).toMatchObject({ depot: SACRE_COEUR.id, depotIsNearest: true, currentPosition: { lat: 14.7215, lng: -17.4655 } })

    // The shopper drives to Rufisque: the nearest (still chosen for them) follows.
    act(() => geo.moveTo(14.72, -17.27))
    await waitFor(() => expect(within(depots).getByRole('radio', { name: /Dépôt Rufisque Le plus proche/ })).toBeChecked())

    // Their own choice stays, wherever they go.
    await user.click(within(depots).getByRole('radio', { name: /Dépôt Plateau/ }))
    act(() => geo.moveTo(14.7215, -17.4655))
    await waitFor(() => expect(within(depots).getByRole('radio', { name: /Dépôt Sacré-Cœur Le plus proche/ })).not.toBeChecked())
    expect(within(depots).getByRole('radio', { name: /Dépôt Plateau/ })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/paiement'))
    expect(storedContext()).toMatchObject({ deliveryMode: 'RETRAIT', depot: PLATEAU.id, telephone: '+221 77 123 45 67' })
    await waitFor(() => expect(geo.activeWatches()).toBe(0))
  })

  it('clears the position watch when the page goes away', async () => {
    signInAs()
    const geo = installFakeGeolocation()
    geo.moveTo(14.7215, -17.4655)
    const { user, unmount } = renderApp('/livraison/modelivraison')
    await user.click(await screen.findByRole('radio', { name: /Retrait en dépôt/ }))
    await screen.findByText('Le plus proche')
    expect(geo.activeWatches()).toBe(1)
    unmount()
    expect(geo.geolocation.clearWatch).toHaveBeenCalled()
    expect(geo.activeWatches()).toBe(0)
  })

  it('keeps the usual order and says why when the shopper refuses their position', async () => {
    signInAs()
    const geo = installFakeGeolocation()
    geo.deny()
    const { user, router } = renderApp('/livraison/modelivraison')
    await user.click(await screen.findByRole('radio', { name: /Retrait en dépôt/ }))
    expect(await screen.findByText(MESSAGES.geolocationDenied)).toBeInTheDocument()
    const depots = screen.getByRole('group', { name: 'Choisissez votre dépôt' })
    expect(within(depots).getAllByRole('radio').map((r) => document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Dépôt Plateau',
      'Dépôt Sacré-Cœur',
      'Dépôt Rufisque',
    ])
    expect(within(depots).getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true)
    expect(screen.queryByText('Le plus proche')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }))
    expect(depots).toHaveAccessibleDescription(MESSAGES.orderDepotRequired)
    await user.click(within(depots).getByRole('radio', { name: 'Dépôt Rufisque' }))
    await user.clear(screen.getByRole('textbox', { name: 'Téléphone' }))
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }))
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription(MESSAGES.telephoneInvalid)
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '77 000 11 22')
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/paiement'))
    expect(storedContext()).toMatchObject({ deliveryMode: 'RETRAIT', depot: RUFISQUE.id, telephone: '77 000 11 22' })
  })

  it('says so, in the usual order, on a phone without location', async () => {
    signInAs()
    const { user } = renderApp('/livraison/modelivraison')
    await user.click(await screen.findByRole('radio', { name: /Retrait en dépôt/ }))
    expect(await screen.findByText(MESSAGES.geolocationUnavailable)).toBeInTheDocument()
    expect(screen.getAllByTestId('depot-option')).toHaveLength(3)
  })
})
