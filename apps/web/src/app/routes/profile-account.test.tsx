// /profile/account: the customer's details from the profile, changed with PUT /api/profile;
// the shared schema's messages and the server's 400 under the fields; the header follows.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { installAccountApi } from '@/testing/account-api.ts'
import { restCalls, server } from '@/testing/server.ts'

beforeEach(installAccountApi)

async function renderAccount() {
  const view = renderApp('/profile/account')
  const form = await screen.findByRole('form', { name: 'Mes informations' })
  return { ...view, form: within(form) }
}

describe('account route', () => {
  it("shows the customer's details from the profile", async () => {
    signInAs({ prenom: 'Fatou', nom: 'Ndiaye', email: 'fatou@example.sn', civilite: 0, telephone: '+221 76 000 11 22', ville: 'Thiès', pays: 'SEN' })
    const { form } = await renderAccount()
    expect(form.getByText('fatou@example.sn')).toBeInTheDocument()
    expect(form.getByRole('radio', { name: 'Madame' })).toBeChecked()
    expect(form.getByRole('radio', { name: 'Monsieur' })).not.toBeChecked()
    expect(form.getByLabelText('Prénom')).toHaveValue('Fatou')
    expect(form.getByLabelText('Nom')).toHaveValue('Ndiaye')
    expect(form.getByLabelText('Téléphone')).toHaveValue('+221 76 000 11 22')
    expect(form.getByLabelText('Ville')).toHaveValue('Thiès')
    expect(form.getByLabelText('Pays')).toHaveValue('SEN')
    // The same country list as the sign-up page: names in French, 3-letter codes.
    expect(form.getByRole('option', { name: 'France' })).toHaveValue('FRA')
    expect(form.getByRole('option', { name: 'Sénégal' })).toHaveValue('SEN')
  })

  it('saves the changes, says so, and the header greets the customer by the new name', async () => {
    signInAs({ prenom: 'Awa', nom: 'Diop', civilite: 0, points: 120 })
    const { user, form } = await renderAccount()
    await user.click(form.getByRole('radio', { name: 'Monsieur' }))
    await user.clear(form.getByLabelText('Prénom'))
    await user.type(form.getByLabelText('Prénom'), ' Mamadou ')
    await user.clear(form.getByLabelText('Ville'))
    await user.type(form.getByLabelText('Ville'), 'Saint-Louis')
    await user.selectOptions(form.getByLabelText('Pays'), 'FRA')
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument()
    expect(restCalls('PUT', '/api/profile')[0]?.body).toEqual({
      civilite: 1,
      prenom: 'Mamadou',
      nom: 'Diop',
      telephone: '+221 77 123 45 67',
      ville: 'Saint-Louis',
      pays: 'FRA',
    })
    const toggle = await screen.findByRole('button', { name: 'Mon compte : Mamadou Diop' })
    await user.click(toggle)
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(within(panel).getByText('Bonjour, Mamadou Diop')).toBeInTheDocument()
    // What the answer leaves out stays as the profile gave it.
    expect(within(panel).getByText('Points de fidélité : 120')).toBeInTheDocument()
    // No second profile call was needed.
    expect(restCalls('GET', '/api/profile')).toHaveLength(1)
  })

  it("shows the shared schema's messages under the fields and sends nothing", async () => {
    signInAs({ civilite: null, telephone: null })
    const { user, form } = await renderAccount()
    await user.clear(form.getByLabelText('Prénom'))
    await user.type(form.getByLabelText('Téléphone'), '77-abc')
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await form.findByText(MESSAGES.prenomRequired)).toBeInTheDocument()
    expect(form.getByLabelText('Prénom')).toHaveAccessibleDescription(MESSAGES.prenomRequired)
    expect(form.getByLabelText('Prénom')).toHaveAttribute('aria-invalid', 'true')
    expect(form.getByLabelText('Téléphone')).toHaveAccessibleDescription(MESSAGES.telephoneInvalid)
    expect(form.getByRole('radiogroup', { name: 'Civilité' })).toHaveAccessibleDescription(MESSAGES.civiliteRequired)
    expect(form.getByLabelText('Nom')).not.toHaveAttribute('aria-invalid')
    expect(restCalls('PUT', '/api/profile')).toHaveLength(0)

    // Put right, the messages go and the details are sent.
    await user.click(form.getByRole('radio', { name: 'Madame' }))
    await user.type(form.getByLabelText('Prénom'), 'Awa')
    await user.clear(form.getByLabelText('Téléphone'))
    await user.type(form.getByLabelText('Téléphone'), '771234567')
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument()
    expect(form.queryByText(MESSAGES.prenomRequired)).not.toBeInTheDocument()
    expect(restCalls('PUT', '/api/profile')).toHaveLength(1)
  })

  it("shows the server's 400 under the field it names", async () => {
    const message = 'Ce numéro est déjà utilisé par un autre compte.'
    server.use(http.put('*/api/profile', () => HttpResponse.json({ message: MESSAGES.invalidInput, errors: { telephone: [message] } }, { status: 400 })))
    signInAs({ prenom: 'Awa', nom: 'Diop' })
    const { user, form } = await renderAccount()
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await form.findByText(message)).toBeInTheDocument()
    expect(form.getByLabelText('Téléphone')).toHaveAccessibleDescription(message)
    expect(screen.queryByText(MESSAGES.profileUpdated)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mon compte : Awa Diop' })).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Enregistrer' })).toBeEnabled()
  })

  it('tells a failure without field errors in a toast, with the reason', async () => {
    server.use(http.put('*/api/profile', () => HttpResponse.json({ message: MESSAGES.internalError }, { status: 500 })))
    signInAs()
    const { user, form } = await renderAccount()
    await user.click(form.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(`${MESSAGES.profileUpdateError} : ${MESSAGES.internalError}`)).toBeInTheDocument()
    await waitFor(() => expect(form.getByRole('button', { name: 'Enregistrer' })).toBeEnabled())
  })
})
