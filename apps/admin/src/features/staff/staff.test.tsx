// « Équipe »: invite by email with a role (the shared schema's messages, the server's refusal
// on the field), change a role, remove a member, delete a waiting invitation.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAFF_MESSAGES, type Invitation } from '@teranga/shared/backoffice-staff'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { requests, server } from '../../testing/server.ts'

const waiting: Invitation = {
  id: 5,
  email: 'recrue@teranga.sn',
  telephone: null,
  role: 'gestionnaire',
  livreur: null,
  lien: 'https://teranga.sn/admin/',
  etat: 'en_attente',
  invite_par: 'admin@teranga.sn',
  date: '2026-11-20T10:00:00Z',
  expire_le: '2026-12-04T10:00:00Z',
  acceptee_le: null,
}
const accepted: Invitation = { ...waiting, id: 4, email: 'ancienne@teranga.sn', etat: 'acceptee', acceptee_le: '2026-11-21T09:00:00Z' }

function invitations(list: Invitation[] = [waiting, accepted]) {
  // Handlers added here answer before the shared recorder: they record the writes themselves.
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'GET' || !/\/api\/(invitation|staff)/.test(request.url)) return
    const text = await request.clone().text()
    requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined, authorization: request.headers.get('authorization') })
  })
  server.use(
    http.get('*/api/invitation', () => HttpResponse.json(list)),
    http.get('*/api/livreur', () => HttpResponse.json([{ id: 3, nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: true }])),
    http.post('*/api/invitation', async ({ request }) => {
      const body = (await request.json()) as { email?: string; telephone?: string; role: 'admin' | 'gestionnaire' }
      if (body.telephone) return HttpResponse.json({ ...waiting, id: 10, email: null, lien: 'https://teranga.sn/admin/', ...body }, { status: 201 })
      if (body.email === 'deja@teranga.sn') return HttpResponse.json({ message: STAFF_MESSAGES.alreadyInvited, errors: { email: [STAFF_MESSAGES.alreadyInvited] } }, { status: 409 })
      return HttpResponse.json({ ...waiting, id: 9, ...body }, { status: 201 })
    }),
    http.delete('*/api/invitation/:id', () => new HttpResponse(null, { status: 204 })),
    http.put('*/api/staff/:id', async ({ request, params }) => HttpResponse.json({ id: Number(params.id), email: 'gestion@teranga.sn', prenom: 'Moussa', name: 'Ba', ...((await request.json()) as object) })),
    http.delete('*/api/staff/:id', () => new HttpResponse(null, { status: 204 })),
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  server.events.removeAllListeners('request:start')
})

describe('staff page', () => {
  it('lists the members with their roles and the invitations with their state', async () => {
    invitations()
    renderAdmin('/equipe')
    expect(await screen.findByRole('heading', { name: 'Équipe' })).toBeInTheDocument()
    expect(await screen.findByText('recrue@teranga.sn')).toBeInTheDocument()
    expect(screen.getByText('En attente')).toBeInTheDocument()
    expect(screen.getByText('Acceptée')).toBeInTheDocument()
    expect(screen.getByLabelText('Rôle de Moussa Ba')).toHaveValue('gestionnaire')
    // The signed-in admin cannot demote or remove themselves from here.
    expect(screen.getByLabelText('Rôle de Awa Diop')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Retirer Awa Diop' })).not.toBeInTheDocument()
    // An accepted invitation is a record, not something to delete.
    expect(screen.getByRole('button', { name: "Supprimer l'invitation de recrue@teranga.sn" })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: "Supprimer l'invitation de ancienne@teranga.sn" })).not.toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it('invites with the shared schema: a bad address is refused before sending, the server refusal shows on the field', async () => {
    invitations()
    renderAdmin('/equipe')
    const email = await screen.findByPlaceholderText('E-mail')
    await userEvent.type(email, 'pas-une-adresse')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    expect(await screen.findByText(STAFF_MESSAGES.emailInvalid)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/invitation')).toBe(false)

    await userEvent.clear(email)
    await userEvent.type(email, 'deja@teranga.sn')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    expect(await screen.findByText(STAFF_MESSAGES.alreadyInvited)).toBeInTheDocument()

    await userEvent.clear(email)
    await userEvent.type(email, 'Nouvelle@Teranga.sn')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rôle' }), 'admin')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/invitation').at(-1)?.body).toEqual({ email: 'nouvelle@teranga.sn', role: 'admin' }))
    expect(await screen.findByText(STAFF_MESSAGES.invited('nouvelle@teranga.sn'))).toBeInTheDocument()
  })

  it('changes a role, removes a member after confirming, deletes a waiting invitation', async () => {
    invitations()
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderAdmin('/equipe')
    await userEvent.selectOptions(await screen.findByLabelText('Rôle de Moussa Ba'), 'admin')
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/staff/2')?.body).toEqual({ role: 'admin' }))

    await userEvent.click(screen.getByRole('button', { name: 'Retirer Moussa Ba' }))
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('Ses sessions du back-office seront fermées'))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/staff/2')).toBe(true))
    expect(await screen.findByText(STAFF_MESSAGES.removed)).toBeInTheDocument()

    const item = screen.getByText('recrue@teranga.sn').closest('.list-group-item') as HTMLElement
    await userEvent.click(within(item).getByRole('button', { name: /Supprimer/ }))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/invitation/5')).toBe(true))
  })

  it("invites a courier by phone, naming the courier of the list; the number follows the shop's phone rule", async () => {
    invitations()
    renderAdmin('/equipe')
    await userEvent.click(await screen.findByLabelText('Par téléphone'))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rôle' }), 'livreur')
    const phone = screen.getByLabelText('Numéro de téléphone')
    await userEvent.type(phone, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    expect(await screen.findByText(/Ce numéro sénégalais n'existe pas/)).toBeInTheDocument()
    await userEvent.clear(phone)
    await userEvent.type(phone, '77 123 45 67')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    expect(await screen.findByText(STAFF_MESSAGES.courierRequired)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/invitation')).toBe(false)
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Livreur' }), 'Moussa Ndiaye')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/invitation').at(-1)?.body).toEqual({ telephone: '+221771234567', role: 'livreur', livreur: 3 }),
    )
    expect(await screen.findByText(STAFF_MESSAGES.invitedPhone('+221771234567'))).toBeInTheDocument()
  })

  it('shares a waiting invitation: the link copied, or sent on WhatsApp with a French text', async () => {
    const byPhone: Invitation = { ...waiting, id: 7, email: null, telephone: '+221771234567', role: 'livreur', livreur: 3 }
    invitations([waiting, byPhone, accepted])
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderAdmin('/equipe')
    await userEvent.click(await screen.findByRole('button', { name: "Copier le lien de l'invitation de recrue@teranga.sn" }))
    const text = `${STAFF_MESSAGES.shareText('Gestionnaire')} https://teranga.sn/admin/`
    expect(writeText).toHaveBeenCalledWith(text)
    expect(await screen.findByText(STAFF_MESSAGES.linkCopied)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: "Partager sur WhatsApp l'invitation de recrue@teranga.sn" })).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`)
    // By phone: to the invitee's own WhatsApp, their number shown as people read it.
    const courierText = `${STAFF_MESSAGES.shareText('Livreur')} https://teranga.sn/admin/`
    expect(screen.getByRole('link', { name: "Partager sur WhatsApp l'invitation de +221 77 123 45 67" })).toHaveAttribute('href', `https://wa.me/221771234567?text=${encodeURIComponent(courierText)}`)
    // An accepted invitation has nothing left to share.
    expect(screen.queryByRole('button', { name: "Copier le lien de l'invitation de ancienne@teranga.sn" })).not.toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })
})
