// Categories, sub-categories and zones renamed in place and put in order, depots put in order,
// and a depot's opening hours in its form (issue 16 §2 and §4).
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES } from '@teranga/shared/backoffice-catalogue'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'

const CATEGORIES = [
  { id: 1, designation: 'Épicerie', position: 0 },
  { id: 2, designation: 'Boissons', position: 1 },
  { id: 3, designation: 'Fruits', position: 2 },
]
const SUBCATEGORIES = [
  { id: 4, designation: 'Riz', position: 0, categorie: { id: 1, designation: 'Épicerie' } },
  { id: 5, designation: 'Huiles', position: 1, categorie: { id: 1, designation: 'Épicerie' } },
  { id: 6, designation: 'Jus', position: 0, categorie: { id: 2, designation: 'Boissons' } },
]

// The handlers below answer before the shared recorder: these tests keep their own record.
const calls: Array<{ method: string; pathname: string; body: unknown }> = []
beforeEach(() => {
  calls.length = 0
})
/** Answers with `handlers`, recording every call first (msw tries the handlers used last first). */
function answerWith(...handlers: Parameters<typeof server.use>) {
  server.use(...handlers)
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const text = request.method === 'GET' ? '' : await request.clone().text()
      calls.push({ method: request.method, pathname: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined })
      return undefined
    }),
  )
}
const sent = (method: string, pathname: string) => calls.filter((r) => r.method === method && r.pathname === pathname).map((r) => r.body)

function catalogueApi(...more: Parameters<typeof server.use>) {
  answerWith(
    ...more,
    http.get('*/api/categorie', () => HttpResponse.json(CATEGORIES)),
    http.get('*/api/souscategorie', () => HttpResponse.json(SUBCATEGORIES)),
    http.put('*/api/categorie/ordre', () => HttpResponse.json(CATEGORIES)),
    http.put('*/api/souscategorie/ordre', () => HttpResponse.json(SUBCATEGORIES)),
    http.put('*/api/categorie/:id', async ({ request, params }) => {
      const body = (await request.json()) as { designation: string }
      if (body.designation === 'Boissons') return HttpResponse.json({ message: 'Cette désignation existe déjà.', errors: { designation: ['Cette désignation existe déjà.'] } }, { status: 409 })
      return HttpResponse.json({ id: Number(params.id), ...body })
    }),
    http.put('*/api/souscategorie/:id', async ({ request, params }) => HttpResponse.json({ id: Number(params.id), ...((await request.json()) as object) })),
  )
}

describe('categories in place', () => {
  it('renames a category: click the name, Enter saves, Escape cancels, checked by the shared schema', async () => {
    catalogueApi()
    renderAdmin('/parametres/categories')
    await userEvent.click(await screen.findByRole('button', { name: 'Renommer Fruits' }, { timeout: 10_000 }))
    const field = screen.getByLabelText('Nouveau nom de Fruits')
    expect(field).toHaveFocus()
    await userEvent.clear(field)
    await userEvent.type(field, 'Légumes{Escape}')
    expect(screen.queryByLabelText('Nouveau nom de Fruits')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Renommer Fruits' })).toBeInTheDocument()
    expect(sent('PUT', '/api/categorie/3')).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Renommer Fruits' }))
    await userEvent.clear(screen.getByLabelText('Nouveau nom de Fruits'))
    await userEvent.type(screen.getByLabelText('Nouveau nom de Fruits'), 'F{Enter}')
    expect(await screen.findByText(CATALOGUE_MESSAGES.designationMin)).toBeInTheDocument()
    expect(sent('PUT', '/api/categorie/3')).toEqual([])

    await userEvent.clear(screen.getByLabelText('Nouveau nom de Fruits'))
    await userEvent.type(screen.getByLabelText('Nouveau nom de Fruits'), 'Boissons{Enter}')
    expect(await screen.findByText('Cette désignation existe déjà.')).toBeInTheDocument()

    await userEvent.clear(screen.getByLabelText('Nouveau nom de Fruits'))
    await userEvent.type(screen.getByLabelText('Nouveau nom de Fruits'), '  Fruits et légumes {Enter}')
    await waitFor(() => expect(sent('PUT', '/api/categorie/3').at(-1)).toEqual({ designation: 'Fruits et légumes' }))
    await waitFor(() => expect(screen.queryByLabelText('Nouveau nom de Fruits')).not.toBeInTheDocument())
  })

  it('moves a category up and down with buttons of at least 44 px, the whole order sent to the server', async () => {
    catalogueApi()
    renderAdmin('/parametres/categories')
    const list = await screen.findByRole('list', { name: /Catégories/ }, { timeout: 10_000 })
    await within(list).findByRole('button', { name: 'Renommer Épicerie' })
    expect(within(list).getByRole('button', { name: 'Monter Épicerie' })).toBeDisabled()
    expect(within(list).getByRole('button', { name: 'Descendre Fruits' })).toBeDisabled()
    const down = within(list).getByRole('button', { name: 'Descendre Épicerie' })
    expect(down.style.minHeight).toBe('44px')
    expect(down.style.minWidth).toBe('44px')
    await userEvent.click(down)
    await waitFor(() => expect(sent('PUT', '/api/categorie/ordre')).toEqual([{ ids: [2, 1, 3] }]))
    // By keyboard: the button is focused and Enter presses it.
    within(list).getByRole('button', { name: 'Monter Fruits' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(sent('PUT', '/api/categorie/ordre').at(-1)).toEqual({ ids: [1, 3, 2] }))
    expect(await seriousViolations()).toEqual([])
  })

  it('moves a sub-category among its own category’s only, and says why the server refused', async () => {
    catalogueApi(http.put('*/api/souscategorie/ordre', () => HttpResponse.json({ message: SETTINGS_MESSAGES.orderStale, errors: { ids: [SETTINGS_MESSAGES.orderStale] } }, { status: 409 })))
    renderAdmin('/parametres/categories')
    const list = await screen.findByRole('list', { name: /Sous-catégories/ }, { timeout: 10_000 })
    await within(list).findByRole('button', { name: 'Renommer Huiles' })
    // Huiles is the last of Épicerie's, Jus the first of Boissons': neither moves across.
    expect(within(list).getByRole('button', { name: 'Descendre Huiles' })).toBeDisabled()
    expect(within(list).getByRole('button', { name: 'Monter Jus' })).toBeDisabled()
    await userEvent.click(within(list).getByRole('button', { name: 'Monter Huiles' }))
    await waitFor(() => expect(sent('PUT', '/api/souscategorie/ordre')).toEqual([{ ids: [5, 4] }]))
    expect(await screen.findByText(SETTINGS_MESSAGES.orderStale)).toBeInTheDocument()

    await userEvent.click(within(list).getByRole('button', { name: 'Renommer Jus' }))
    await userEvent.type(screen.getByLabelText('Nouveau nom de Jus'), ' de fruits{Enter}')
    await waitFor(() => expect(sent('PUT', '/api/souscategorie/6')).toEqual([{ designation: 'Jus de fruits', categorie_id: 2 }]))
  })
})

describe('zones in place', () => {
  it('renames a zone keeping its fee and moves it', async () => {
    answerWith(
      http.get('*/api/zone', () => HttpResponse.json([{ id: 1, designation: 'Plateau', frais: 1500, position: 0 }, { id: 2, designation: 'Ngor', frais: 2000, position: 1 }])),
      http.put('*/api/zone/ordre', () => HttpResponse.json({ data: [] })),
    )
    renderAdmin('/parametres/zones')
    await userEvent.click(await screen.findByRole('button', { name: 'Renommer Ngor' }, { timeout: 10_000 }))
    await userEvent.type(screen.getByLabelText('Nouveau nom de Ngor'), ' Virage')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent('PUT', '/api/zone/2')).toEqual([{ designation: 'Ngor Virage', frais: 2000 }]))
    await userEvent.click(screen.getByRole('button', { name: 'Monter Ngor' }))
    await waitFor(() => expect(sent('PUT', '/api/zone/ordre')).toEqual([{ ids: [2, 1] }]))
  })
})

describe('depots in order', () => {
  it('moves a depot with the same buttons, the whole order sent, and says why the server refused', async () => {
    answerWith(
      http.get('*/api/depot', () =>
        HttpResponse.json([
          { id: 1, designation: 'Dépôt Plateau', description: null, adresse: 'Avenue Pompidou', latitude: 14.67, longitude: -17.43, horaires: null, position: 0 },
          { id: 2, designation: 'Dépôt Yoff', description: null, adresse: 'Route de l’aéroport', latitude: 14.75, longitude: -17.47, horaires: null, position: 1 },
        ]),
      ),
      http.put('*/api/depot/ordre', () => HttpResponse.json({ message: SETTINGS_MESSAGES.orderStale, errors: { ids: [SETTINGS_MESSAGES.orderStale] } }, { status: 409 })),
    )
    renderAdmin('/parametres/depots')
    const list = await screen.findByRole('list', { name: /Dépôts/ }, { timeout: 10_000 })
    await within(list).findByText(/Dépôt Yoff/)
    expect(within(list).getByRole('button', { name: 'Monter Dépôt Plateau' })).toBeDisabled()
    expect(within(list).getByRole('button', { name: 'Descendre Dépôt Yoff' })).toBeDisabled()
    const up = within(list).getByRole('button', { name: 'Monter Dépôt Yoff' })
    expect(up.style.minHeight).toBe('44px')
    await userEvent.click(up)
    await waitFor(() => expect(sent('PUT', '/api/depot/ordre')).toEqual([{ ids: [2, 1] }]))
    expect(await screen.findByText(SETTINGS_MESSAGES.orderStale)).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })
})

describe('depot opening hours', () => {
  it('edits the hours day by day, reads back the storefront sentence, refuses a closing before the opening', async () => {
    answerWith(
      http.get('*/api/depot', () => HttpResponse.json([{ id: 1, designation: 'Dépôt Plateau', adresse: 'Avenue Pompidou', latitude: 14.67, longitude: -17.43, horaires: null, position: 0, retrait_creneaux: false, retrait_capacite: null }])),
      http.put('*/api/depot/:id', async ({ request }) => HttpResponse.json({ id: 1, ...((await request.json()) as object) })),
    )
    renderAdmin('/parametres/depots')
    expect(await screen.findByText('Horaires non renseignés', {}, { timeout: 10_000 })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Modifier Dépôt Plateau' }))
    expect(screen.getByText('Non renseignés : cochez les jours d’ouverture.')).toBeInTheDocument()
    for (const day of ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi']) await userEvent.click(screen.getByRole('checkbox', { name: `Ouvert le ${day}` }))
    fireEvent.change(screen.getByLabelText('Ouverture le samedi'), { target: { value: '13:00' } })
    fireEvent.change(screen.getByLabelText('Fermeture le samedi'), { target: { value: '09:00' } })
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le dépôt' }))
    expect(await screen.findByText(`Samedi : ${SETTINGS_MESSAGES.hoursOrder}`)).toBeInTheDocument()
    expect(sent('PUT', '/api/depot/1')).toEqual([])

    fireEvent.change(screen.getByLabelText('Ouverture le samedi'), { target: { value: '09:00' } })
    fireEvent.change(screen.getByLabelText('Fermeture le samedi'), { target: { value: '13:00' } })
    expect(screen.getByText('Affiché aux clients : Lun–Ven 8 h–19 h, Sam 9 h–13 h, fermé le dimanche')).toBeInTheDocument()
    // Pickup windows from these hours (ADR 058), 30 orders a day; 0 is refused in French.
    await userEvent.click(screen.getByRole('checkbox', { name: /Retrait sur créneaux/ }))
    await userEvent.type(screen.getByLabelText('Commandes à retirer par jour'), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le dépôt' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.retraitCapaciteInvalid)).toBeInTheDocument()
    expect(sent('PUT', '/api/depot/1')).toEqual([])
    await userEvent.clear(screen.getByLabelText('Commandes à retirer par jour'))
    await userEvent.type(screen.getByLabelText('Commandes à retirer par jour'), '30')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le dépôt' }))
    const week = { ouverture: '08:00', fermeture: '19:00' }
    await waitFor(() =>
      expect(sent('PUT', '/api/depot/1')).toEqual([
        {
          designation: 'Dépôt Plateau',
          description: null,
          adresse: 'Avenue Pompidou',
          latitude: 14.67,
          longitude: -17.43,
          horaires: { lun: week, mar: week, mer: week, jeu: week, ven: week, sam: { ouverture: '09:00', fermeture: '13:00' }, dim: null },
          retrait_creneaux: true,
          retrait_capacite: 30,
        },
      ]),
    )
  })
})
