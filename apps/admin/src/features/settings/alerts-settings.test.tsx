// « Alertes » (issue 26 §4): the saved settings shown, the shared schema's French messages
// before anything is sent, the body the form sends, and a refusal of the server shown under its
// field. Canned answers only: what the server accepts is tested on the server (stock-alerts.test.ts).
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { ALERT_MESSAGES, type AlertSettings } from '@teranga/shared/staff-alerts'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

const SAVED: AlertSettings = { canal: 'sms', resume_heure: '08:00', stock: true, impayees: false, impayees_minutes: 10, paiement_echoue: false }

let puts: unknown[] = []

beforeEach(() => {
  puts = []
  server.use(
    http.get('*/api/preference/alertes', () => HttpResponse.json(SAVED)),
    http.put('*/api/preference/alertes', async ({ request }) => {
      const body = (await request.json()) as Partial<AlertSettings>
      puts.push(body)
      if (body.impayees_minutes === 20) return HttpResponse.json({ message: ALERT_MESSAGES.impayeesMinutesInvalid, errors: { impayees_minutes: [ALERT_MESSAGES.impayeesMinutesInvalid] } }, { status: 400 })
      return HttpResponse.json({ ...SAVED, ...body })
    }),
  )
})

describe('the « Alertes » settings', () => {
  it('shows the saved settings, refuses a wrong delay in French before sending, then sends the whole form', async () => {
    renderAdmin('/parametres/alertes')
    const form = await screen.findByRole('form', { name: 'Alertes' }, { timeout: 10_000 })
    expect(form).toBeInTheDocument()
    expect(screen.getByLabelText('Envoyées par')).toHaveValue('sms')
    expect(screen.getByLabelText(/Résumé du jour des stocks bas/)).toHaveValue('08:00')
    expect(screen.getByLabelText(/Stock bas : un message/)).toBeChecked()
    expect(screen.getByLabelText('Commande non payée bientôt annulée')).not.toBeChecked()

    const minutes = screen.getByLabelText(/Prévenir quand il reste/)
    await userEvent.clear(minutes)
    await userEvent.type(minutes, '40')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les alertes' }))
    expect(await screen.findByText(ALERT_MESSAGES.impayeesMinutesInvalid)).toBeInTheDocument()
    expect(puts).toHaveLength(0)

    await userEvent.clear(minutes)
    await userEvent.type(minutes, '12')
    await userEvent.selectOptions(screen.getByLabelText('Envoyées par'), 'WhatsApp')
    await userEvent.clear(screen.getByLabelText(/Résumé du jour des stocks bas/))
    await userEvent.click(screen.getByLabelText('Commande non payée bientôt annulée'))
    await userEvent.click(screen.getByLabelText('Deux paiements échoués pour une même commande'))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les alertes' }))
    await waitFor(() => expect(puts).toEqual([{ canal: 'whatsapp', resume_heure: null, stock: true, impayees: true, impayees_minutes: 12, paiement_echoue: true }]))
    expect(await screen.findByText('Alertes enregistrées')).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it("shows the server's refusal under its field", async () => {
    renderAdmin('/parametres/alertes')
    const minutes = await screen.findByLabelText(/Prévenir quand il reste/, {}, { timeout: 10_000 })
    await userEvent.clear(minutes)
    await userEvent.type(minutes, '20')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les alertes' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(await screen.findAllByText(ALERT_MESSAGES.impayeesMinutesInvalid)).not.toHaveLength(0)
    expect(minutes).toHaveClass('is-invalid')
  })
})
