// « Codes promo »: the list with uses and sales, a new code checked by the shared schema and
// sent with the contract's field names, an edit, a deactivation; a gestionnaire only reads.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import { MESSAGES } from '@teranga/shared/messages'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, requests } from '../../testing/server.ts'

const sent = (method: string, path: string) => requests.find((r) => r.method === method && r.url.pathname === path)?.body

describe('discount codes page', () => {
  it('lists each code with its discount, conditions, uses and the sales it brought', async () => {
    renderAdmin('/codes-promo')
    expect(await screen.findByRole('heading', { name: 'Codes promo' })).toBeInTheDocument()
    const row = (await screen.findByText('NOEL20')).closest('tr')!
    expect(within(row).getByText('20 %')).toBeInTheDocument()
    expect(within(row).getByText('12 / 100')).toBeInTheDocument()
    expect(within(row).getByText('184 000 FCFA')).toBeInTheDocument()
    expect(within(row).getByText('36 800 FCFA')).toBeInTheDocument()
    expect(within(row).getByText(/dès 10 000 FCFA/)).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it('checks a new code with the shared schema, then sends the contract field names', async () => {
    renderAdmin('/codes-promo')
    const form = await screen.findByRole('form', { name: 'Nouveau code promo' })
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le code' }))
    expect(await within(form).findByText(MESSAGES.promoCodeRequired)).toBeInTheDocument()
    expect(await within(form).findByText(PROMO_MESSAGES.valeurInvalid)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/codepromo')).toBe(false)

    await userEvent.type(within(form).getByLabelText('Code'), 'tabaski')
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'montant')
    await userEvent.type(within(form).getByLabelText('Valeur'), '2000')
    await userEvent.type(within(form).getByLabelText('Panier minimum (FCFA)'), '10000')
    await userEvent.type(within(form).getByLabelText('Utilisations au total'), '50')
    await userEvent.click(within(form).getByLabelText('Première commande seulement'))
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le code' }))
    await waitFor(() =>
      expect(sent('POST', '/api/codepromo')).toMatchObject({ code: 'TABASKI', type: 'montant', valeur: 2000, minimum: 10000, utilisations_max: 50, premiere_commande: true }),
    )
  })

  it('refuses a percentage above 100 before sending', async () => {
    renderAdmin('/codes-promo')
    const form = await screen.findByRole('form', { name: 'Nouveau code promo' })
    await userEvent.type(within(form).getByLabelText('Code'), 'TROP')
    await userEvent.type(within(form).getByLabelText('Valeur'), '150')
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le code' }))
    expect(await within(form).findByText(PROMO_MESSAGES.pourcentageMax)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/codepromo')).toBe(false)
  })

  it('edits a code and deactivates another', async () => {
    renderAdmin('/codes-promo')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier NOEL20' }))
    const form = await screen.findByRole('form', { name: 'Modifier le code NOEL20' })
    expect(within(form).getByLabelText('Valeur')).toHaveValue('20')
    await userEvent.clear(within(form).getByLabelText('Valeur'))
    await userEvent.type(within(form).getByLabelText('Valeur'), '25')
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent('PUT', '/api/codepromo/5')).toMatchObject({ code: 'NOEL20', type: 'pourcentage', valeur: 25, minimum: 10000, utilisations_max: 100, par_client: 1 }))

    await userEvent.click(await screen.findByRole('button', { name: 'Désactiver NOEL20' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/codepromo/5')).toBe(true))
  })

  it('a gestionnaire reads the list without the form or the actions', async () => {
    renderAdmin('/codes-promo', { me: MANAGER })
    expect(await screen.findByText('NOEL20')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Nouveau code promo' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Désactiver NOEL20' })).not.toBeInTheDocument()
  })
})
