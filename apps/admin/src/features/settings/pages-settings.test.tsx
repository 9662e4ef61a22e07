// The shop's own pages in the back office: each page's title, description and Markdown, checked
// with the server's schema before it is sent, saved with PUT /api/pages/{slug}, and the server's
// refusal shown on its field.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CONTENT_MESSAGES, type PageContenu } from '@teranga/shared/content-pages'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

const page = (slug: PageContenu['slug'], titre: string, contenu: string): PageContenu => ({ slug, titre, description: `Description de ${titre}.`, contenu, html: '', updated_at: '2026-11-01T10:00:00.000Z' })

let saved: Array<{ slug: string; body: unknown }>
beforeEach(() => {
  saved = []
  const pages = [page('cgv', 'Conditions générales de vente', '## Prix\n\nEn FCFA.'), page('contact', 'Nous contacter', 'Appelez-nous.'), page('faq', 'Questions fréquentes', '### Comment commander ?'), page('livraison', 'Livraison et retrait', '## Dakar')]
  server.use(
    http.get('*/api/pages', () => HttpResponse.json(pages)),
    http.put('*/api/pages/:slug', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, string>
      saved.push({ slug: String(params['slug']), body })
      if (body['contenu']?.includes('trop')) return HttpResponse.json({ message: 'Données invalides.', errors: { contenu: [CONTENT_MESSAGES.contenuTooLong] } }, { status: 400 })
      return HttpResponse.json({ ...pages.find((p) => p.slug === params['slug']), ...body })
    }),
  )
})

describe('pages settings', () => {
  it("edits a page's title and text, checked before it is sent", async () => {
    renderAdmin('/parametres/pages')
    const form = await screen.findByRole('form', { name: 'Page « Conditions générales de vente »' }, { timeout: 10_000 })
    expect(within(form).getByLabelText('Texte de la page (Markdown)')).toHaveValue('## Prix\n\nEn FCFA.')
    const titre = within(form).getByLabelText('Titre (onglet et moteurs de recherche)')
    await userEvent.clear(titre)
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer la page' }))
    expect(await within(form).findByText(CONTENT_MESSAGES.titreRequired)).toBeInTheDocument()
    expect(saved).toEqual([])

    await userEvent.type(titre, 'Conditions de vente')
    const contenu = within(form).getByLabelText('Texte de la page (Markdown)')
    await userEvent.type(contenu, '\n\n**Paiement** par Wave.')
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer la page' }))
    await waitFor(() =>
      expect(saved).toEqual([
        { slug: 'cgv', body: { titre: 'Conditions de vente', description: 'Description de Conditions générales de vente.', contenu: '## Prix\n\nEn FCFA.\n\n**Paiement** par Wave.' } },
      ]),
    )
    expect(await screen.findByText('Page enregistrée')).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it("opens another page's tab and shows the server's refusal on its field", async () => {
    renderAdmin('/parametres/pages')
    await userEvent.click(await screen.findByRole('button', { name: 'Questions fréquentes' }, { timeout: 10_000 }))
    const form = await screen.findByRole('form', { name: 'Page « Questions fréquentes »' })
    const contenu = within(form).getByLabelText('Texte de la page (Markdown)')
    expect(contenu).toHaveValue('### Comment commander ?')
    await userEvent.type(contenu, ' trop')
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer la page' }))
    expect(await within(form).findByText(CONTENT_MESSAGES.contenuTooLong)).toBeInTheDocument()
    expect(saved.map((s) => s.slug)).toEqual(['faq'])
    expect(within(form).getByRole('link', { name: 'Voir la page sur la boutique' })).toHaveAttribute('href', '/faq')
  })
})
