// The delivery slot at /paiement (issue 25 §1): the next days' slots as a short list, a day's
// name then its times, « Complet » on a full one (not choosable); a slot is required before
// confirming, sent with the order as {id, date}, and shown in the summary; the server's French
// refusal of a slot (full meanwhile) is said under the list. Canned answers only: which slots
// are open and what is full is the server's (delivery-slots.test.ts).
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { formatSlot, type OfferedSlot, SLOT_MESSAGES } from '@teranga/shared/delivery-slots'
import { DELIVERY_CONTEXT_KEY, EMPTY_DELIVERY_CONTEXT } from '@/features/checkout/delivery-context.ts'
import { account, makeZone } from '@/testing/account-api.ts'
import { checkout, installCheckoutApi } from '@/testing/checkout-api.ts'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, restCalls, server } from '@/testing/server.ts'

const PLATEAU = { id: 4, designation: 'Dakar Plateau', frais: 1500 }

const slot = (id: number, date: string, debut: string, fin: string, restant: number): OfferedSlot => ({ id, date, debut, fin, restant, libelle: formatSlot({ date, debut, fin }) })

beforeEach(() => {
  installCheckoutApi()
  account.zones = [makeZone(PLATEAU)]
})

function ready() {
  const customer = signInAs()
  const kit = makeProduit({ designation: 'Kit thiéboudienne', prix: 4000 })
  db.produits = [kit]
  db.cart = [{ produit_id: kit.id, quantite: 1 }]
  window.sessionStorage.setItem(
    DELIVERY_CONTEXT_KEY,
    JSON.stringify({
      ...EMPTY_DELIVERY_CONTEXT,
      deliveryMode: 'DOMICILE',
      paymentMode: 'CASH',
      address: { id: null, libelle: null, adresse: 'Rue 10, villa 4', zone: PLATEAU, telephone: '77 123 45 67', latitude: null, longitude: null },
      telephone: '77 123 45 67',
      userId: customer.id,
    }),
  )
}

describe('the delivery slot at /paiement', () => {
  it('lists the days then their times, « Complet » disabled; requires a choice; sends it and shows it', async () => {
    ready()
    checkout.creneaux = [slot(1, '2026-11-30', '09:00', '12:00', 0), slot(2, '2026-11-30', '15:00', '18:00', 3), slot(1, '2026-12-01', '09:00', '12:00', 20)]
    const asked: string[] = []
    server.use(
      http.get('*/api/creneaux', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json(checkout.creneaux)
      }),
    )
    const { user } = renderApp('/paiement')
    const list = await screen.findByRole('group', { name: 'Créneau de livraison' })
    expect(within(list).getByText('Lundi 30 novembre')).toBeInTheDocument()
    expect(within(list).getByText('Mardi 1 décembre')).toBeInTheDocument()
    const full = within(list).getByRole('radio', { name: 'Lundi 30 novembre, 09:00–12:00 : Complet' })
    expect(full).toBeDisabled()
    expect(within(list).getByText(SLOT_MESSAGES.complet)).toBeInTheDocument()
    expect(asked).toEqual(['?zone=4'])

    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await within(list).findByText(SLOT_MESSAGES.required)).toBeInTheDocument()
    expect(restCalls('POST', '/api/commande')).toHaveLength(0)

    await user.click(within(list).getByRole('radio', { name: 'Lundi 30 novembre, 15:00–18:00' }))
    expect(within(list).queryByText(SLOT_MESSAGES.required)).not.toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Récapitulatif de la commande' })
    expect(within(summary).getByText('Livraison prévue : Lundi 30 novembre, 15:00–18:00')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(restCalls('POST', '/api/commande')[0]?.body).toMatchObject({ creneau: { id: 2, date: '2026-11-30' } }))
  })

  it("says the server's refusal under the list and asks for another slot", async () => {
    ready()
    checkout.creneaux = [slot(2, '2026-11-30', '15:00', '18:00', 1)]
    server.use(http.post('*/api/commande', () => HttpResponse.json({ message: SLOT_MESSAGES.full, errors: { creneau: [SLOT_MESSAGES.full] } }, { status: 409 })))
    const { user } = renderApp('/paiement')
    const list = await screen.findByRole('group', { name: 'Créneau de livraison' })
    await user.click(within(list).getByRole('radio', { name: 'Lundi 30 novembre, 15:00–18:00' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await within(list).findByText(SLOT_MESSAGES.full)).toBeInTheDocument()
    expect(within(list).getByRole('radio', { name: 'Lundi 30 novembre, 15:00–18:00' })).not.toBeChecked()
    await waitFor(() => expect(restCalls('GET', '/api/creneaux').length).toBeGreaterThan(1))
  })

  it('shows no slot list and sends none when the shop has no slot for the zone', async () => {
    ready()
    const { user } = renderApp('/paiement')
    await screen.findByRole('button', { name: 'Confirmer la commande' })
    await waitFor(() => expect(restCalls('GET', '/api/creneaux')).toHaveLength(1))
    expect(screen.queryByRole('group', { name: 'Créneau de livraison' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(restCalls('POST', '/api/commande')).toHaveLength(1))
    expect(restCalls('POST', '/api/commande')[0]?.body).not.toHaveProperty('creneau')
  })
})
