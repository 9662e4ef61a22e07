// « Suivi de mes commandes » on /profile/account: the customer's channel from
// GET /api/profile/messages, changed with PUT; the shared schema's message for a refused choice.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { ORDER_MESSAGES_TEXT } from '@teranga/shared/order-messages'
import { account, installAccountApi } from '@/testing/account-api.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { restCalls, server } from '@/testing/server.ts'

beforeEach(installAccountApi)

async function renderChoice() {
  const view = renderApp('/profile/account')
  const form = within(await screen.findByRole('form', { name: ORDER_MESSAGES_TEXT.title }))
  return { ...view, form }
}

describe('order messages choice', () => {
  it('shows the stored choice, and saves another one', async () => {
    signInAs()
    account.canal = 'whatsapp'
    const { user, form } = await renderChoice()
    await waitFor(() => expect(form.getByRole('radio', { name: 'Par WhatsApp' })).toBeChecked())
    expect(form.getByRole('radio', { name: 'Par SMS' })).not.toBeChecked()

    await user.click(form.getByRole('radio', { name: 'Ne pas me prévenir' }))
    await user.click(form.getByRole('button', { name: ORDER_MESSAGES_TEXT.save }))
    expect(await screen.findByText(ORDER_MESSAGES_TEXT.saved)).toBeInTheDocument()
    expect(restCalls('PUT', '/api/profile/messages').map((call) => call.body)).toEqual([{ canal: 'aucun' }])
    expect(account.canal).toBe('aucun')
  })

  it('SMS by default', async () => {
    signInAs()
    const { form } = await renderChoice()
    await waitFor(() => expect(form.getByRole('radio', { name: 'Par SMS' })).toBeChecked())
    expect(ORDER_MESSAGES_TEXT.intro).toMatch(/numéro de téléphone donné à la commande/)
    expect(form.getByText(ORDER_MESSAGES_TEXT.intro)).toBeInTheDocument()
  })

  it("shows the server's refusal under the choice", async () => {
    signInAs()
    server.use(http.put('*/api/profile/messages', () => HttpResponse.json({ message: 'Les données envoyées sont invalides.', errors: { canal: [ORDER_MESSAGES_TEXT.channelInvalid] } }, { status: 400 })))
    const { user, form } = await renderChoice()
    await waitFor(() => expect(form.getByRole('radio', { name: 'Par SMS' })).toBeChecked())
    await user.click(form.getByRole('radio', { name: 'Par WhatsApp' }))
    await user.click(form.getByRole('button', { name: ORDER_MESSAGES_TEXT.save }))
    expect(await form.findByText(ORDER_MESSAGES_TEXT.channelInvalid)).toBeInTheDocument()
    expect(form.getByRole('radiogroup')).toHaveAccessibleDescription(ORDER_MESSAGES_TEXT.channelInvalid)
  })
})
