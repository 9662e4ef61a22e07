// A signed-in account without a staff role: an invitee whose address is not confirmed yet gets
// the confirmation e-mail from here (an invitation is accepted only for a confirmed address).
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import * as firebase from '../../lib/firebase.ts'
import { renderAdmin } from '../../testing/render.tsx'

describe('team-only page', () => {
  it("sends the confirmation e-mail and says what comes next", async () => {
    renderAdmin('/', { me: 'customer' })
    await userEvent.click(await screen.findByRole('button', { name: "Envoyer l'e-mail de confirmation" }))
    expect(await screen.findByRole('status')).toHaveTextContent("E-mail de confirmation envoyé à recrue@teranga.sn. Ouvrez le lien qu'il contient, puis reconnectez-vous")
    expect(firebase.sendVerificationEmail).toHaveBeenCalled()
  })

  it('says so when the address is already confirmed, or when the page lost the Firebase session', async () => {
    vi.mocked(firebase.sendVerificationEmail).mockResolvedValueOnce({ status: 'already', email: 'client@exemple.sn' }).mockResolvedValueOnce({ status: 'no-session' })
    renderAdmin('/', { me: 'customer' })
    const button = await screen.findByRole('button', { name: "Envoyer l'e-mail de confirmation" })
    await userEvent.click(button)
    expect(await screen.findByRole('status')).toHaveTextContent("L'adresse client@exemple.sn est déjà confirmée")
    await userEvent.click(button)
    expect(await screen.findByText("Reconnectez-vous d'abord pour recevoir l'e-mail de confirmation.")).toBeInTheDocument()
  })
})
