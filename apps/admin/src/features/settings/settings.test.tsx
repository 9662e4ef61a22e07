// Settings: the zone form's messages and body.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { requests } from '../../testing/server.ts'

describe('settings', () => {
  it('checks and adds a delivery zone', async () => {
    renderAdmin('/parametres')
    expect(await screen.findByText('Plateau')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Zone'), 'A')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la zone' }))
    expect(await screen.findByText('La désignation doit contenir au moins 2 caractères')).toBeInTheDocument()
    expect(screen.getByText('Les frais sont requis')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Zone'), 'lmadies')
    await userEvent.type(screen.getByLabelText('Frais (FCFA)'), '2000')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la zone' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/zone')?.body).toEqual({ designation: 'Almadies', frais: 2000 }))
    expect(await seriousViolations()).toEqual([])
  })

  it('asks for the depot position on the map and checks the category name', async () => {
    renderAdmin('/parametres')
    expect(await screen.findByText(/Dépôt Plateau/)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Dépôt'), 'Dépôt Almadies')
    await userEvent.type(screen.getByLabelText('Adresse'), 'Route des Almadies')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le dépôt' }))
    expect(await screen.findByText('Choisissez la position sur la carte')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/depot')).toBe(false)
    await userEvent.type(screen.getByLabelText('Nouvelle catégorie'), 'A')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }))
    expect(await screen.findByText('La désignation doit contenir au moins 2 caractères')).toBeInTheDocument()
  })

  it('other pages have no serious accessibility violation', async () => {
    for (const url of ['/produits', '/clients', '/equipe', '/journal']) {
      const view = renderAdmin(url)
      await screen.findByRole('heading', { level: 1 })
      expect(await seriousViolations(), url).toEqual([])
      view.unmount()
    }
  })
})
