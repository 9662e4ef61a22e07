// « Créneaux de livraison » (issue 25 §1): the slots listed as « Lundi 09:00–12:00 » with their
// capacity, cut-off and zones; the shared slot schema's French messages before anything is
// sent; the body a new slot and an edited one send; days off added and removed. Canned answers
// only: what the server accepts is tested on the server (delivery-slots.test.ts).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SLOT_MESSAGES, type FermetureRow, type SlotRow } from '@teranga/shared/delivery-slots'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, server } from '../../testing/server.ts'

const MORNING: SlotRow = { id: 7, jour: 1, debut: '09:00', fin: '12:00', capacite: 20, zones: [1], delai_minutes: 120, depot: null, actif: true, horaires: false }
/** A pickup window written from a depot's opening hours (ADR 058): shown, not edited here. */
const FROM_HOURS: SlotRow = { id: 9, jour: 2, debut: '08:00', fin: '20:00', capacite: 10_000, zones: null, delai_minutes: 60, depot: 4, actif: true, horaires: true }
const KORITE: FermetureRow = { id: 3, date: '2027-03-30', motif: 'Korité' }

/** What this file's handlers received (they answer before the shared recorder). */
let received: Array<{ method: string; path: string; body: unknown }> = []
const sent = (method: string, path: string) => received.filter((r) => r.method === method && r.path === path)
const answer =
  (respond: (body: unknown) => Response) =>
  async ({ request }: { request: Request }) => {
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json()
    received.push({ method: request.method, path: new URL(request.url).pathname, body })
    return respond(body)
  }

beforeEach(() => {
  received = []
  server.use(
    http.get('*/api/creneau', answer(() => HttpResponse.json([MORNING]))),
    http.post('*/api/creneau', answer((body) => HttpResponse.json({ id: 8, ...(body as object) }, { status: 201 }))),
    http.put('*/api/creneau/:id', answer((body) => HttpResponse.json({ id: 7, ...(body as object) }))),
    http.delete('*/api/creneau/:id', answer(() => new HttpResponse(null, { status: 204 }))),
    http.get('*/api/fermeture', answer(() => HttpResponse.json([KORITE]))),
    http.post('*/api/fermeture', answer(() => HttpResponse.json({ message: SLOT_MESSAGES.fermetureExists, errors: { date: [SLOT_MESSAGES.fermetureExists] } }, { status: 409 }))),
    http.delete('*/api/fermeture/:id', answer(() => new HttpResponse(null, { status: 204 }))),
  )
})

describe('delivery slots settings', () => {
  it('lists the slots and days off, checks a new slot with the shared messages, then sends it', async () => {
    renderAdmin('/parametres/creneaux')
    // The first page of the run waits for its lazy chunk (as settings.test.tsx's first does).
    const slots = await screen.findByRole('list', { name: 'Créneaux' }, { timeout: 10_000 })
    const morning = await within(slots).findByText('Lundi 09:00–12:00', {}, { timeout: 5_000 })
    expect(morning.closest('li')).toHaveTextContent("20 commandes · jusqu'à 2 h avant · Plateau")
    expect(await screen.findByText('Mardi 30 mars')).toBeInTheDocument()
    expect(screen.getByText('Korité')).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Nouveau créneau' })
    await userEvent.selectOptions(within(form).getByLabelText('Jour'), 'Samedi')
    await userEvent.clear(within(form).getByLabelText('Début'))
    await userEvent.type(within(form).getByLabelText('Début'), '15:00')
    await userEvent.clear(within(form).getByLabelText('Fin'))
    await userEvent.type(within(form).getByLabelText('Fin'), '14:00')
    await userEvent.clear(within(form).getByLabelText('Capacité (commandes)'))
    await userEvent.type(within(form).getByLabelText('Capacité (commandes)'), '0')
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter le créneau' }))
    expect(await within(form).findByText(SLOT_MESSAGES.finAfterDebut, {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(within(form).getByText(SLOT_MESSAGES.capaciteInvalid)).toBeInTheDocument()
    expect(sent('POST', '/api/creneau')).toHaveLength(0)

    await userEvent.clear(within(form).getByLabelText('Fin'))
    await userEvent.type(within(form).getByLabelText('Fin'), '18:00')
    await userEvent.clear(within(form).getByLabelText('Capacité (commandes)'))
    await userEvent.type(within(form).getByLabelText('Capacité (commandes)'), '15')
    await userEvent.selectOptions(within(form).getByLabelText('Zones desservies'), 'Plateau')
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter le créneau' }))
    await waitFor(() =>
      expect(sent('POST', '/api/creneau')[0]?.body).toEqual({ jour: 6, debut: '15:00', fin: '18:00', capacite: 15, zones: [1], delai_minutes: 120, depot: null, actif: true }),
    )
    expect(await seriousViolations()).toEqual([])
  })

  it("shows a depot's windows as following its opening hours, without « Modifier » nor « Supprimer »", async () => {
    server.use(
      http.get('*/api/creneau', () => HttpResponse.json([MORNING, FROM_HOURS])),
      http.get('*/api/depot', () => HttpResponse.json([{ id: 4, designation: 'Dépôt Plateau', description: null, adresse: null, latitude: 14.67, longitude: -17.43, horaires: null, position: 0, retrait_creneaux: true, retrait_capacite: null }])),
    )
    renderAdmin('/parametres/creneaux')
    const slots = await screen.findByRole('list', { name: 'Créneaux' }, { timeout: 10_000 })
    const window = (await within(slots).findByText('Mardi 08:00–20:00', {}, { timeout: 5_000 })).closest('li')!
    await waitFor(() => expect(window).toHaveTextContent("Sans limite · jusqu'à 1 h avant la fermeture · Retrait : Dépôt Plateau · Suit les horaires du dépôt"))
    expect(within(window).queryByRole('button')).toBeNull()
    expect(screen.getByTestId('slots-from-hours')).toHaveTextContent('suivent ses horaires')
    expect(within(slots).getByRole('button', { name: 'Modifier Lundi 09:00–12:00' })).toBeInTheDocument()
  })

  it('says « 1 commande » in the singular: a slot of one order, a depot taking one pickup a day', async () => {
    server.use(
      http.get('*/api/creneau', () => HttpResponse.json([{ ...MORNING, capacite: 1 }])),
      http.get('*/api/depot', () => HttpResponse.json([{ id: 4, designation: 'Dépôt Plateau', description: null, adresse: null, latitude: 14.67, longitude: -17.43, horaires: null, position: 0, retrait_creneaux: true, retrait_capacite: 1 }])),
    )
    const { unmount } = renderAdmin('/parametres/creneaux')
    const slots = await screen.findByRole('list', { name: 'Créneaux' }, { timeout: 10_000 })
    const morning = (await within(slots).findByText('Lundi 09:00–12:00', {}, { timeout: 5_000 })).closest('li')!
    expect(morning).toHaveTextContent("1 commande · jusqu'à 2 h avant · Plateau")
    expect(morning).not.toHaveTextContent('1 commandes')
    unmount()
    renderAdmin('/parametres/depots')
    expect(await screen.findByText(/Retrait sur créneaux \(1 commande par jour\)/, {}, { timeout: 10_000 })).toBeInTheDocument()
  })

  it('edits a slot in the form, and deletes one after a confirmation', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderAdmin('/parametres/creneaux')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Lundi 09:00–12:00' }, { timeout: 10_000 }))
    const form = screen.getByRole('form', { name: 'Modifier le créneau Lundi 09:00–12:00' })
    expect(within(form).getByLabelText('Capacité (commandes)')).toHaveValue('20')
    await userEvent.clear(within(form).getByLabelText('Capacité (commandes)'))
    await userEvent.type(within(form).getByLabelText('Capacité (commandes)'), '25')
    await userEvent.click(within(form).getByLabelText('Proposé aux clients'))
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer le créneau' }))
    await waitFor(() => expect(sent('PUT', '/api/creneau/7')[0]?.body).toEqual({ jour: 1, debut: '09:00', fin: '12:00', capacite: 25, zones: [1], delai_minutes: 120, depot: null, actif: false }))

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Lundi 09:00–12:00' }))
    await waitFor(() => expect(sent('DELETE', '/api/creneau/7')).toHaveLength(1))
  })

  it("says the server's refusal of a day off under its field, and removes one", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderAdmin('/parametres/creneaux')
    const form = await screen.findByRole('form', { name: 'Nouvelle fermeture' }, { timeout: 10_000 })
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter la fermeture' }))
    expect(await within(form).findByText(SLOT_MESSAGES.dateInvalid)).toBeInTheDocument()
    expect(within(form).getByText(SLOT_MESSAGES.motifLength)).toBeInTheDocument()
    expect(sent('POST', '/api/fermeture')).toHaveLength(0)
    await userEvent.type(within(form).getByLabelText('Date'), '2027-03-30')
    await userEvent.type(within(form).getByLabelText('Motif'), 'Korité')
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter la fermeture' }))
    expect(await within(form).findByText(SLOT_MESSAGES.fermetureExists)).toBeInTheDocument()
    expect(sent('POST', '/api/fermeture')[0]?.body).toEqual({ date: '2027-03-30', motif: 'Korité' })

    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer la fermeture du Mardi 30 mars' }))
    await waitFor(() => expect(sent('DELETE', '/api/fermeture/3')).toHaveLength(1))
  })

  it('is for admins only', async () => {
    renderAdmin('/parametres/creneaux', { me: MANAGER })
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Créneaux de livraison')
    expect(sent('GET', '/api/creneau')).toHaveLength(0)
  })
})
