// The first admin's checklist on the home page (issue 23 §5): each step named in French,
// ticked when done, linking to its page; the missing keys named; nothing for a gestionnaire
// nor once the shop is set up.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, requests, server } from '../../testing/server.ts'

const newShop = {
  etapes: [
    { cle: 'categories', fait: true },
    { cle: 'produits', fait: false },
    { cle: 'zones', fait: false },
    { cle: 'depots', fait: false },
    { cle: 'coordonnees', fait: false },
    { cle: 'cles', fait: false },
  ],
  cles_manquantes: ['WAVE', 'PAYTECH', 'SMS'],
  terminee: false,
}

describe('the first admin checklist', () => {
  it('lists what a new shop lacks, ticks what is done, and links each step to its page', async () => {
    server.use(http.get('*/api/admin/mise-en-route', () => HttpResponse.json(newShop)))
    renderAdmin('/')
    const card = await screen.findByRole('region', { name: 'Mise en route de la boutique' }, { timeout: 10_000 })
    expect(card).toHaveTextContent('1 étape sur 6 faite')
    const links = within(card).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['✓Créer les catégories : faitAu moins une catégorie et une sous-catégorie', '/parametres/categories'],
      ['○Ajouter les produits : à faireUn à un ou par import CSV, avec prix et stock', '/produits'],
      ['○Définir les zones de livraison : à faireLes quartiers livrés et leurs frais', '/parametres/zones'],
      ['○Ajouter les dépôts : à faireLes points de retrait et leurs horaires', '/parametres/depots'],
      ['○Saisir les coordonnées : à faireLe téléphone et l’e-mail de la boutique', '/parametres/coordonnees'],
      ['○Installer les clés : à faireManquent : Wave, PayTech, SMS Orange', '/parametres/paiement'],
    ])
    expect(links[0]).toHaveAttribute('data-done', 'true')
    expect(links[1]).toHaveAttribute('data-done', 'false')
    expect(await seriousViolations()).toEqual([])
  })

  it('is not shown once every step is done', async () => {
    renderAdmin('/')
    expect(await screen.findByRole('heading', { name: "Aujourd'hui" })).toBeInTheDocument()
    await vi.waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/admin/mise-en-route')).toBe(true), { timeout: 10_000 })
    expect(screen.queryByRole('region', { name: 'Mise en route de la boutique' })).not.toBeInTheDocument()
  })

  it('is not asked for by a gestionnaire', async () => {
    renderAdmin('/', { me: MANAGER })
    expect(await screen.findByRole('heading', { name: "Aujourd'hui" })).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname === '/api/admin/mise-en-route')).toBe(false)
  })
})
