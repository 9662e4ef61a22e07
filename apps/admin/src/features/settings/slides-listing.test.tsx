// The home page's slideshow in the settings: each slide by its image and its title, never by
// the stored key (« banners/slide-fraicheur »).
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

const slides = (data: unknown[]) => ({ metadata: { total: data.length, per_page: 100, current_page: 1, last_page: 1 }, data })

describe('slideshow listing', () => {
  it('shows each slide as its thumbnail and title, not its media key', async () => {
    server.use(
      http.get('*/api/caroussel', () =>
        HttpResponse.json(
          slides([
            { id: 1, image: 'banners/slide-fraicheur', titre: 'Fraîcheur du marché', description: 'Fruits et légumes du jour', position: 0 },
            { id: 2, image: 'banners/slide-tabaski', titre: null, description: null, position: 1 },
          ]),
        ),
      ),
    )
    renderAdmin('/parametres/diaporama')
    // A lazily loaded page: on a busy machine it takes a while to come.
    const fresh = await screen.findByRole('img', { name: 'Diapositive « Fraîcheur du marché »' }, { timeout: 10_000 })
    const table = screen.getByRole('table', { name: "Diaporama de l'accueil" })
    expect(fresh).toHaveAttribute('src', '/media/banners/slide-fraicheur-160.webp')
    expect(within(table).getByText('Fraîcheur du marché')).toBeInTheDocument()
    expect(within(table).getByText('Fruits et légumes du jour')).toBeInTheDocument()
    // A slide without a title is named by its place in the slideshow.
    expect(within(table).getByRole('img', { name: 'Diapositive sans titre' })).toHaveAttribute('src', '/media/banners/slide-tabaski-160.webp')
    expect(within(table).getByText('Diapositive 2')).toBeInTheDocument()
    expect(table).not.toHaveTextContent(/banners\//)
    expect(await seriousViolations()).toEqual([])
  })

  it('does not load an image stored as an address rather than a media key, and says it needs replacing', async () => {
    server.use(http.get('*/api/caroussel', () => HttpResponse.json(slides([{ id: 3, image: '//evil.example/x', titre: 'Ancienne', description: null, position: 0 }]))))
    renderAdmin('/parametres/diaporama')
    expect(await screen.findByText('Image à remplacer', {}, { timeout: 10_000 })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: "Diaporama de l'accueil" })
    expect(within(table).queryByRole('img')).not.toBeInTheDocument()
    expect(table).not.toHaveTextContent('evil.example')
  })
})
