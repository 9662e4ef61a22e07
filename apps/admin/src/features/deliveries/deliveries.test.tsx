// « Mes livraisons » (issue 25 §3): a courier signed in sees this page alone (the nav and every
// other address lead here), one card per order with the map, call and WhatsApp links and the
// amount to collect; « Livrée » sends the amount (prefilled), « Échec de livraison » the reason.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { COURIER_MESSAGES, type CourierDeliveries, type CourierDelivery } from '@teranga/shared/backoffice-dispatch'
import type { StaffMember } from '@teranga/shared/backoffice-staff'
import { formatPrix } from '@teranga/shared/money'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { requests, server } from '../../testing/server.ts'

const COURIER: StaffMember = { id: 8, email: null, prenom: 'Moussa', name: 'Ndiaye', role: 'livreur' }

const cash: CourierDelivery = {
  numero: 'T-000301',
  etat: 'en_livraison',
  etat_texte: 'En cours de livraison',
  prenom: 'Aminata',
  adresse: 'Rue 10, villa 24, Mermoz',
  repere: 'Derrière la pharmacie, portail bleu',
  telephone: '+221 77 123 45 67',
  appel: 'tel:+221771234567',
  whatsapp: 'https://wa.me/221771234567',
  carte: 'https://www.google.com/maps/search/?api=1&query=14.7167,-17.4677',
  creneau: '09:00–11:00',
  a_encaisser: 12500,
  montant_total: 12500,
  paiement_a_la_livraison: true,
  montant_encaisse: null,
}
const online: CourierDelivery = { ...cash, numero: 'T-000302', prenom: 'Fatou', repere: null, creneau: '12:00–14:00', carte: null, a_encaisser: 0, paiement_a_la_livraison: false }
const failed: CourierDelivery = { ...cash, numero: 'T-000303', prenom: 'Ibou', etat: 'echec_livraison', etat_texte: 'Échec de livraison', creneau: null }

function deliveries(answer: CourierDeliveries = { livreur: { id: 3, nom: 'Moussa Ndiaye' }, commandes: [cash, online, failed] }) {
  // These handlers answer before the shared recorder: the moves are recorded here.
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== 'POST' || !request.url.includes('/api/livraisons/')) return
    const text = await request.clone().text()
    requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined, authorization: request.headers.get('authorization') })
  })
  server.use(
    http.get('*/api/livraisons', () => HttpResponse.json(answer)),
    http.post('*/api/livraisons/:numero/livree', () => new HttpResponse(null, { status: 204 })),
    http.post('*/api/livraisons/:numero/echec', () => new HttpResponse(null, { status: 204 })),
  )
}

afterEach(() => server.events.removeAllListeners('request:start'))

const posted = (path: string) => requests.find((r) => r.method === 'POST' && r.url.pathname === path)?.body

describe('« Mes livraisons »', () => {
  it('is all a courier sees: any address leads there, one card per order with its links and amount', async () => {
    deliveries()
    renderAdmin('/commandes', { me: COURIER })
    expect(await screen.findByRole('heading', { name: 'Mes livraisons' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Commandes' })).not.toBeInTheDocument()
    const first = await screen.findByRole('article', { name: '09:00–11:00 · Aminata' })
    expect(within(first).getByText('Rue 10, villa 24, Mermoz')).toBeInTheDocument()
    // The landmark under the address (issue 25 §3); an order without one shows no line for it.
    expect(within(first).getByText('Repère : Derrière la pharmacie, portail bleu')).toBeInTheDocument()
    expect(first.textContent).toContain(`À encaisser : ${formatPrix(12500)}`)
    expect(within(first).getByRole('link', { name: 'Carte' })).toHaveAttribute('href', cash.carte)
    expect(within(first).getByRole('link', { name: 'Appeler' })).toHaveAttribute('href', 'tel:+221771234567')
    expect(within(first).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/221771234567')
    const second = screen.getByRole('article', { name: '12:00–14:00 · Fatou' })
    expect(within(second).getByText('Payée en ligne : rien à encaisser')).toBeInTheDocument()
    expect(within(second).queryByRole('link', { name: 'Carte' })).not.toBeInTheDocument()
    expect(second.textContent).not.toContain('Repère')
    // A failed delivery is shown, with no move left to the courier.
    const third = screen.getByRole('article', { name: 'Sans créneau · Ibou' })
    expect(within(third).getByText('Échec de livraison')).toBeInTheDocument()
    expect(within(third).queryByRole('button', { name: 'Livrée' })).not.toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it('« Livrée » sends the amount collected, prefilled with the total and checked by the shared schema', async () => {
    deliveries()
    renderAdmin('/livraisons', { me: COURIER })
    const card = await screen.findByRole('article', { name: '09:00–11:00 · Aminata' })
    await userEvent.click(within(card).getByRole('button', { name: 'Livrée' }))
    const amount = await screen.findByLabelText('Montant encaissé (FCFA)')
    expect(amount).toHaveValue(12500)
    await userEvent.clear(amount)
    await userEvent.type(amount, '-5')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer la livraison' }))
    expect(await screen.findByText(COURIER_MESSAGES.amountInvalid)).toBeInTheDocument()
    await userEvent.clear(amount)
    await userEvent.type(amount, '12000')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer la livraison' }))
    await waitFor(() => expect(posted('/api/livraisons/T-000301/livree')).toEqual({ montant_encaisse: 12000 }))
  })

  it('« Échec de livraison » asks the reason, and what happened for « Autre »', async () => {
    deliveries()
    renderAdmin('/livraisons', { me: COURIER })
    const card = await screen.findByRole('article', { name: '09:00–11:00 · Aminata' })
    await userEvent.click(within(card).getByRole('button', { name: 'Échec de livraison' }))
    const dialog = await screen.findByRole('dialog', { name: 'Échec de livraison : T-000301' })
    await userEvent.click(within(dialog).getByRole('button', { name: "Enregistrer l'échec" }))
    expect(await within(dialog).findByText(COURIER_MESSAGES.reasonInvalid)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByLabelText('Autre'))
    await userEvent.click(within(dialog).getByRole('button', { name: "Enregistrer l'échec" }))
    expect(await within(dialog).findByText(COURIER_MESSAGES.detailRequired)).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText("Que s'est-il passé ?"), 'Portail fermé')
    await userEvent.click(within(dialog).getByRole('button', { name: "Enregistrer l'échec" }))
    await waitFor(() => expect(posted('/api/livraisons/T-000301/echec')).toEqual({ raison: 'autre', precision: 'Portail fermé' }))
  })

  it('says so when there is nothing to deliver today', async () => {
    deliveries({ livreur: { id: 3, nom: 'Moussa Ndiaye' }, commandes: [] })
    renderAdmin('/livraisons', { me: COURIER })
    expect(await screen.findByText(COURIER_MESSAGES.none)).toBeInTheDocument()
  })
})
