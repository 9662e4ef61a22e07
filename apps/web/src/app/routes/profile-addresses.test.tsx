// /profile/delivery_address: the saved addresses with zone and fee; adding (zone chosen from
// the zone table, fee shown), changing, deleting after a confirmation; the shared schema's
// and the server's messages; the server's 409 when the customer has too many.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { account, installAccountApi, makeAdresse, makeZone } from '@/testing/account-api.ts'
import { failRest, restCalls, server } from '@/testing/server.ts'

beforeEach(() => {
  installAccountApi()
  account.zones = [makeZone({ designation: 'Mermoz', frais: 1000 }), makeZone({ designation: 'Parcelles', frais: 2000 }), makeZone({ designation: 'Rufisque', frais: 5000 })]
})

const zone = (designation: string) => account.zones.find((z) => z.designation === designation)!

async function renderAddresses() {
  const view = renderApp('/profile/delivery_address')
  const main = await screen.findByRole('main')
  await within(main).findByRole('heading', { level: 1, name: 'Mes adresses' })
  return { ...view, main: within(main) }
}

describe('addresses route', () => {
  it('lists the saved addresses with their zone and fee', async () => {
    signInAs()
    account.adresses = [
      makeAdresse({ libelle: 'Maison', adresse: 'Villa 12, Mermoz', zone: zone('Mermoz'), pardefaut: true }),
      makeAdresse({ libelle: 'Bureau', adresse: 'Immeuble Fahd, Plateau', zone: null, telephone: '+221 33 800 00 00' }),
    ]
    const { main } = await renderAddresses()
    const maison = await main.findByRole('article', { name: 'Maison' })
    expect(within(maison).getByText('Villa 12, Mermoz')).toBeInTheDocument()
    expect(within(maison).getByText('Zone : Mermoz · Livraison 1 000 FCFA')).toBeInTheDocument()
    expect(within(maison).getByText('Par défaut')).toBeInTheDocument()
    const bureau = main.getByRole('article', { name: 'Bureau' })
    expect(within(bureau).getByText('Zone : non précisée')).toBeInTheDocument()
    expect(within(bureau).getByText('Téléphone : +221 33 800 00 00')).toBeInTheDocument()
    expect(within(bureau).queryByText('Par défaut')).not.toBeInTheDocument()
  })

  it('says when there is no address yet', async () => {
    signInAs()
    const { main } = await renderAddresses()
    expect(await main.findByText("Vous n'avez pas encore d'adresse enregistrée.")).toBeInTheDocument()
  })

  it('adds an address: zones with their fee, the phone of the profile, then the list', async () => {
    signInAs({ telephone: '+221 77 555 44 33' })
    const { user, main } = await renderAddresses()
    await user.click(await main.findByRole('button', { name: 'Ajouter une adresse' }))
    const form = within(main.getByRole('form', { name: 'Nouvelle adresse' }))
    expect(form.getByLabelText('Téléphone')).toHaveValue('+221 77 555 44 33')
    const select = form.getByLabelText('Zone de livraison')
    expect(await within(select).findByRole('option', { name: 'Mermoz — 1\u00a0000\u00a0FCFA' })).toBeInTheDocument()
    expect(within(select).getByRole('option', { name: 'Rufisque — 5\u00a0000\u00a0FCFA' })).toBeInTheDocument()

    await user.type(form.getByLabelText('Adresse'), 'Cité Keur Gorgui, villa 4')
    await user.selectOptions(select, String(zone('Parcelles').id))
    expect(form.getByText('Frais de livraison : 2 000 FCFA')).toBeInTheDocument()
    await user.type(form.getByLabelText("Nom de l'adresse (facultatif)"), 'Chez maman')
    await user.type(form.getByLabelText('Point de repère (facultatif)'), 'Derrière la pharmacie, portail bleu')
    // The first address is the default one unless the customer says otherwise.
    expect(form.getByLabelText('Adresse par défaut')).toBeChecked()
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(MESSAGES.addressAdded)).toBeInTheDocument()
    expect(restCalls('POST', '/api/adresses')[0]?.body).toEqual({
      libelle: 'Chez maman',
      adresse: 'Cité Keur Gorgui, villa 4',
      zone: zone('Parcelles').id,
      telephone: '+221 77 555 44 33',
      latitude: null,
      longitude: null,
      pardefaut: true,
      repere: 'Derrière la pharmacie, portail bleu',
    })
    const card = await main.findByRole('article', { name: 'Chez maman' })
    expect(within(card).getByText('Repère : Derrière la pharmacie, portail bleu')).toBeInTheDocument()
    expect(within(card).getByText('Zone : Parcelles · Livraison 2 000 FCFA')).toBeInTheDocument()
    expect(within(card).getByText('Par défaut')).toBeInTheDocument()
    expect(main.queryByRole('form', { name: 'Nouvelle adresse' })).not.toBeInTheDocument()
  })

  it("shows the shared schema's messages and sends nothing", async () => {
    signInAs({ telephone: null })
    const { user, main } = await renderAddresses()
    await user.click(await main.findByRole('button', { name: 'Ajouter une adresse' }))
    const form = within(main.getByRole('form', { name: 'Nouvelle adresse' }))
    await user.type(form.getByLabelText('Adresse'), 'A')
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await form.findByText(MESSAGES.adresseLength)).toBeInTheDocument()
    expect(form.getByLabelText('Adresse')).toHaveAccessibleDescription(MESSAGES.adresseLength)
    expect(form.getByLabelText('Zone de livraison')).toHaveAccessibleDescription(MESSAGES.orderZoneUnknown)
    expect(form.getByLabelText('Téléphone')).toHaveAccessibleDescription(MESSAGES.telephoneInvalid)
    expect(restCalls('POST', '/api/adresses')).toHaveLength(0)

    // 'Annuler' closes the form.
    await user.click(form.getByRole('button', { name: 'Annuler' }))
    expect(main.queryByRole('form', { name: 'Nouvelle adresse' })).not.toBeInTheDocument()
  })

  it('changes an address in place', async () => {
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Maison', adresse: 'Villa 12, Mermoz', zone: zone('Mermoz'), latitude: 14.71, longitude: -17.47, repere: 'Face à la mosquée' })]
    const { user, main } = await renderAddresses()
    const card = await main.findByRole('article', { name: 'Maison' })
    await user.click(within(card).getByRole('button', { name: 'Modifier' }))
    const form = within(within(card).getByRole('form', { name: "Modifier l'adresse" }))
    expect(form.getByLabelText('Adresse')).toHaveValue('Villa 12, Mermoz')
    expect(await form.findByDisplayValue('Mermoz — 1 000 FCFA')).toBeInTheDocument()
    await user.selectOptions(form.getByLabelText('Zone de livraison'), String(zone('Rufisque').id))
    await user.clear(form.getByLabelText('Adresse'))
    await user.type(form.getByLabelText('Adresse'), 'Route de Bargny')
    // The landmark is shown to change; emptied, it is cleared.
    expect(form.getByLabelText('Point de repère (facultatif)')).toHaveValue('Face à la mosquée')
    await user.clear(form.getByLabelText('Point de repère (facultatif)'))
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(MESSAGES.addressUpdated)).toBeInTheDocument()
    const id = account.adresses[0]!.id
    expect(restCalls('PUT', `/api/adresses/${id}`)[0]?.body).toEqual({
      libelle: 'Maison',
      adresse: 'Route de Bargny',
      zone: zone('Rufisque').id,
      telephone: '+221 77 123 45 67',
      // The point placed on the map stays.
      latitude: 14.71,
      longitude: -17.47,
      pardefaut: false,
      repere: null,
    })
    expect(await within(card).findByText('Zone : Rufisque · Livraison 5 000 FCFA')).toBeInTheDocument()
    expect(within(card).getByText('Route de Bargny')).toBeInTheDocument()
    expect(card.textContent).not.toContain('Repère')
  })

  it("shows the server's 400 under the field it names", async () => {
    const message = 'Cette zone ne peut plus être livrée.'
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Maison', zone: zone('Mermoz') })]
    server.use(http.put('*/api/adresses/:id', () => HttpResponse.json({ message: MESSAGES.invalidInput, errors: { zone: [message] } }, { status: 400 })))
    const { user, main } = await renderAddresses()
    const card = await main.findByRole('article', { name: 'Maison' })
    await user.click(within(card).getByRole('button', { name: 'Modifier' }))
    const form = within(within(card).getByRole('form', { name: "Modifier l'adresse" }))
    await form.findByDisplayValue('Mermoz — 1 000 FCFA')
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))
    expect(await form.findByText(message)).toBeInTheDocument()
    expect(form.getByLabelText('Zone de livraison')).toHaveAccessibleDescription(message)
    expect(screen.queryByText(MESSAGES.addressUpdated)).not.toBeInTheDocument()
  })

  it("shows the server's refusal of the landmark under its field", async () => {
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Maison', zone: zone('Mermoz') })]
    server.use(http.put('*/api/adresses/:id', () => HttpResponse.json({ message: MESSAGES.invalidInput, errors: { repere: [MESSAGES.repereTooLong] } }, { status: 400 })))
    const { user, main } = await renderAddresses()
    const card = await main.findByRole('article', { name: 'Maison' })
    await user.click(within(card).getByRole('button', { name: 'Modifier' }))
    const form = within(within(card).getByRole('form', { name: "Modifier l'adresse" }))
    await form.findByDisplayValue('Mermoz — 1 000 FCFA')
    await user.type(form.getByLabelText('Point de repère (facultatif)'), 'Portail bleu')
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))
    expect(await form.findByText(MESSAGES.repereTooLong)).toBeInTheDocument()
    expect(form.getByLabelText('Point de repère (facultatif)')).toHaveAccessibleDescription(MESSAGES.repereTooLong)
  })

  it("shows the server's limit (409) and keeps the form", async () => {
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Maison' })]
    failRest('post', '/api/adresses', 409, MESSAGES.addressLimit(1))
    const { user, main } = await renderAddresses()
    await user.click(await main.findByRole('button', { name: 'Ajouter une adresse' }))
    const form = within(main.getByRole('form', { name: 'Nouvelle adresse' }))
    expect(form.getByLabelText('Adresse par défaut')).not.toBeChecked()
    await user.type(form.getByLabelText('Adresse'), 'Rue 5, Yoff')
    await within(form.getByLabelText('Zone de livraison')).findByRole('option', { name: 'Mermoz — 1\u00a0000\u00a0FCFA' })
    await user.selectOptions(form.getByLabelText('Zone de livraison'), String(zone('Mermoz').id))
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await form.findByRole('alert')).toHaveTextContent(MESSAGES.addressLimit(1))
    expect(form.getByLabelText('Adresse')).toHaveValue('Rue 5, Yoff')
    expect(main.getAllByRole('article')).toHaveLength(1)
    expect(screen.queryByText(MESSAGES.addressAdded)).not.toBeInTheDocument()
  })

  it('deletes an address after a confirmation, and not without', async () => {
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Maison', adresse: 'Villa 12, Mermoz' }), makeAdresse({ libelle: 'Bureau' })]
    const { user, main } = await renderAddresses()
    const card = await main.findByRole('article', { name: 'Maison' })

    await user.click(within(card).getByRole('button', { name: 'Supprimer' }))
    let dialog = await screen.findByRole('dialog', { name: 'Supprimer cette adresse ?' })
    expect(within(dialog).getByText('Maison : Villa 12, Mermoz')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(restCalls('DELETE', /^\/api\/adresses\//)).toHaveLength(0)

    await user.click(within(card).getByRole('button', { name: 'Supprimer' }))
    dialog = await screen.findByRole('dialog', { name: 'Supprimer cette adresse ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText(MESSAGES.addressDeleted)).toBeInTheDocument()
    await waitFor(() => expect(main.queryByRole('article', { name: 'Maison' })).not.toBeInTheDocument())
    expect(main.getByRole('article', { name: 'Bureau' })).toBeInTheDocument()
    expect(restCalls('DELETE', /^\/api\/adresses\//)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('keeps the dialog open with the reason when the deletion fails', async () => {
    signInAs()
    account.adresses = [makeAdresse({ libelle: 'Maison' })]
    failRest('delete', '/api/adresses/:id', 500)
    const { user, main } = await renderAddresses()
    const card = await main.findByRole('article', { name: 'Maison' })
    await user.click(within(card).getByRole('button', { name: 'Supprimer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer cette adresse ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`${MESSAGES.addressDeleteError} : ${MESSAGES.internalError}`)
    expect(main.getByRole('article', { name: 'Maison' })).toBeInTheDocument()
  })

  it('tells when the addresses cannot be loaded', async () => {
    signInAs()
    failRest('get', '/api/adresses', 500)
    const { main } = await renderAddresses()
    expect(await main.findByText(MESSAGES.addressesLoadError)).toBeInTheDocument()
  })
})
