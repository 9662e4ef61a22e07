// Settings: every form's messages and body, the payment modes' order, deletions.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { CATALOGUE_MESSAGES } from '@teranga/shared/backoffice-catalogue'
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { INVOICE_MESSAGES } from '@teranga/shared/invoices'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { MANAGER, requests, server } from '../../testing/server.ts'

describe('settings', () => {
  it('checks and adds a delivery zone', async () => {
    renderAdmin('/parametres/zones')
    expect(await screen.findByText('Plateau', {}, { timeout: 10_000 })).toBeInTheDocument()
    // The shared zone schema speaks, with the server's own messages.
    await userEvent.type(screen.getByLabelText('Zone'), '  ')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la zone' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.designationRequired)).toBeInTheDocument()
    expect(screen.getByText(SETTINGS_MESSAGES.fraisInvalid)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/zone')).toBe(false)
    await userEvent.clear(screen.getByLabelText('Zone'))
    await userEvent.type(screen.getByLabelText('Zone'), 'Almadies')
    await userEvent.type(screen.getByLabelText('Frais (FCFA)'), '2 000')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la zone' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/zone')?.body).toEqual({ designation: 'Almadies', frais: 2000 }))
    expect(await seriousViolations()).toEqual([])
  })

  it('asks for the depot position on the map and checks the category name', async () => {
    const depots = renderAdmin('/parametres/depots')
    expect(await screen.findByText(/Dépôt Plateau/)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Dépôt'), 'Dépôt Almadies')
    await userEvent.type(screen.getByLabelText('Adresse'), 'Route des Almadies')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le dépôt' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.depotPositionRequired)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/depot')).toBe(false)
    depots.unmount()
    renderAdmin('/parametres/categories')
    await userEvent.type(await screen.findByLabelText('Nouvelle catégorie'), 'A')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }))
    expect(await screen.findByText(CATALOGUE_MESSAGES.designationMin)).toBeInTheDocument()
  })

  it('other pages have no serious accessibility violation', async () => {
    for (const url of ['/produits', '/clients', '/equipe', '/journal']) {
      const view = renderAdmin(url)
      await screen.findByRole('heading', { level: 1 })
      expect(await seriousViolations(), url).toEqual([])
      view.unmount()
    }
  })

  it("changes a zone's fee in place, checked before it is sent", async () => {
    renderAdmin('/parametres/zones')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier les frais de Plateau' }))
    const fee = screen.getByLabelText('Frais de Plateau (FCFA)')
    await userEvent.clear(fee)
    await userEvent.type(fee, 'cher')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.fraisInvalid)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'PUT' && r.url.pathname === '/api/zone/1')).toBe(false)
    await userEvent.clear(fee)
    await userEvent.type(fee, '2000')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/zone/1')?.body).toEqual({ designation: 'Plateau', frais: 2000 }))
  })

  it('orders the payment modes: each mode at its index, only the changed ones sent', async () => {
    renderAdmin('/parametres/paiement')
    await userEvent.click(await screen.findByRole('button', { name: 'Descendre Paiement à la livraison' }))
    await waitFor(() => {
      const puts = requests.filter((r) => r.method === 'PUT' && r.url.pathname.startsWith('/api/modepaiement/'))
      // Positions 1 and 2, swapped: Wave goes to 0, cash stays at 1 (already its index).
      expect(puts.map((r) => [r.url.pathname, r.body])).toEqual([['/api/modepaiement/2', { actif: true, position: 0 }]])
    })
  })

  it('takes only an https site web, and names a promotion image that is an address, as the server does', async () => {
    server.use(http.get('*/api/preference', () => HttpResponse.json({ id: 1, email: 'contact@teranga.sn', siteweb: 'https://teranga.sn', promotion: '//evil.example/x' })))
    renderAdmin('/parametres/coordonnees')
    const site = await screen.findByLabelText('Site web')
    await waitFor(() => expect(site).toHaveValue('https://teranga.sn'))
    for (const link of ['javascript:alert(1)', 'http://teranga.sn', '//evil.example']) {
      await userEvent.clear(site)
      await userEvent.type(site, link)
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
      expect(await screen.findByText(SETTINGS_MESSAGES.urlInvalid)).toBeInTheDocument()
    }
    // The stored promotion is an address: named under its upload, to be replaced, never loaded.
    expect(screen.getByText(SETTINGS_MESSAGES.promotionInvalid)).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: "Aperçu de l'image" })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Image promotion 1 (facultatif)')).toHaveAttribute('type', 'file')
    expect(requests.some((r) => r.method === 'PUT' && r.url.pathname === '/api/preference')).toBe(false)
  })

  it('lists the countries other than Senegal whose numbers get the order messages: calling codes, a wrong one named', async () => {
    renderAdmin('/parametres/coordonnees')
    const countries = await screen.findByLabelText(/Autres pays recevant les SMS/, {}, { timeout: 10_000 })
    await userEvent.type(countries, '33, 2210')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.messageCountryInvalid)).toBeInTheDocument()
    expect(countries).toHaveAccessibleDescription(SETTINGS_MESSAGES.messageCountryInvalid)
    expect(requests.some((r) => r.method === 'PUT' && r.url.pathname === '/api/preference')).toBe(false)
    await userEvent.clear(countries)
    await userEvent.type(countries, '+33, 1')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/preference').at(-1)?.body).toMatchObject({ indicatifsMessages: ['33', '1'] }))
  })

  it('edits the contact details with the server schema, and adds a slide, a tier and a sub-category', async () => {
    let view = renderAdmin('/parametres/coordonnees')
    const email = await screen.findByLabelText('E-mail')
    await waitFor(() => expect(email).toHaveValue('contact@teranga.sn'))
    await userEvent.clear(email)
    await userEvent.type(email, 'pas-un-email')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.emailInvalid)).toBeInTheDocument()
    await userEvent.clear(email)
    await userEvent.type(email, 'bonjour@teranga.sn')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/preference')?.body).toMatchObject({ email: 'bonjour@teranga.sn', telephone: '+221 33 800 00 00' }))

    // The staff's numbers told of each new order: as typed, one per line; a wrong one is named.
    const alerts = screen.getByLabelText(/Numéros prévenus par SMS/)
    await userEvent.type(alerts, '77 000 11 22{Enter}12')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    expect(await screen.findByText(PHONE_MESSAGES.senegal)).toBeInTheDocument()
    expect(alerts).toHaveAccessibleDescription(PHONE_MESSAGES.senegal)
    await userEvent.clear(alerts)
    await userEvent.type(alerts, '77 000 11 22{Enter}+221 76 555 44 33')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/preference').at(-1)?.body).toMatchObject({ telephonesAlertes: ['+221770001122', '+221765554433'] }),
    )

    // A slide needs its image.
    view.unmount()
    view = renderAdmin('/parametres/diaporama')
    await userEvent.type(await screen.findByLabelText('Titre'), 'Korité')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la diapositive' }))
    expect(await screen.findByText(SETTINGS_MESSAGES.imageRequired)).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/caroussel')).toBe(false)

    // A loyalty tier with both rewards.
    view.unmount()
    view = renderAdmin('/parametres/fidelite')
    await userEvent.type(await screen.findByLabelText('Niveau'), 'Or')
    await userEvent.type(screen.getByLabelText('Seuil (points)'), '500')
    await userEvent.type(screen.getByLabelText('Remise (%)'), '10')
    await userEvent.click(screen.getByLabelText('Livraison gratuite'))
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le niveau' }))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/privilege')?.body).toMatchObject({
        designation: 'Or',
        point: 500,
        recompenses: [
          { type: 'LIVRAISON_GRATUITE', valeur: 100 },
          { type: 'REMISE_POURCENT', valeur: 10 },
        ],
      }),
    )

    // A sub-category names its category.
    view.unmount()
    renderAdmin('/parametres/categories')
    await userEvent.type(await screen.findByLabelText('Sous-catégorie'), 'Riz parfumé')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la sous-catégorie' }))
    expect(await screen.findByText('La categorie est requise')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Catégorie'), '1')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la sous-catégorie' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/souscategorie')?.body).toMatchObject({ designation: 'Riz parfumé', categorie_id: 1 }))
    expect(await seriousViolations()).toEqual([])
  })

  it('edits a tier in place: its values in the form, saved with PUT', async () => {
    renderAdmin('/parametres/fidelite')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Argent' }))
    expect(screen.getByLabelText('Niveau')).toHaveValue('Argent')
    expect(screen.getByLabelText('Remise (%)')).toHaveValue('5')
    const remise = screen.getByLabelText('Remise (%)')
    await userEvent.clear(remise)
    await userEvent.type(remise, '7')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le niveau' }))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/privilege/1')?.body).toEqual({
        designation: 'Argent',
        couleur: '#c0c0c0',
        point: 100,
        recompenses: [{ type: 'REMISE_POURCENT', valeur: 7 }],
      }),
    )
  })

  it('edits a slide in place, keeping its image unless a new one is chosen', async () => {
    renderAdmin('/parametres/diaporama')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Tabaski' }))
    const title = screen.getByLabelText('Titre')
    expect(title).toHaveValue('Tabaski')
    // Its image is shown under the field, as the home page renders it.
    expect(screen.getByRole('img', { name: "Aperçu de l'image" })).toHaveAttribute('src', '/media/uploads/abc-160.webp')
    await userEvent.clear(title)
    await userEvent.type(title, 'Tabaski 2027')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la diapositive' }))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/caroussel/1')?.body).toMatchObject({ image: 'uploads/abc', titre: 'Tabaski 2027', position: 0 }),
    )
  })

  it('edits a depot in place, its position kept', async () => {
    renderAdmin('/parametres/depots')
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Dépôt Plateau' }))
    const address = screen.getByLabelText('Adresse')
    expect(address).toHaveValue('Avenue Pompidou')
    await userEvent.clear(address)
    await userEvent.type(address, 'Avenue Georges Pompidou, 12')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le dépôt' }))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/depot/1')?.body).toMatchObject({ designation: 'Dépôt Plateau', adresse: 'Avenue Georges Pompidou, 12', latitude: 14.67, longitude: -17.43 }),
    )
  })

  it("uploads a category's image, checked by its bytes first, and sends its key", async () => {
    renderAdmin('/parametres/categories')
    const input = await screen.findByLabelText('Image de la catégorie (facultatif)')
    await userEvent.upload(input, new File([new TextEncoder().encode('pas une image')], 'photo.png', { type: 'image/png' }))
    expect(await screen.findByText('Le type de fichier est invalide')).toBeInTheDocument()
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
    await userEvent.upload(input, new File([png], 'epicerie.png', { type: 'image/png' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/media')).toBe(true))
    await userEvent.type(screen.getByLabelText('Nouvelle catégorie'), 'Boissons')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/categorie')?.body).toEqual({ designation: 'Boissons', image: 'uploads/0123456789abcdef0123456789abcdef' }),
    )
  })

  it('deletes after a confirmation, and shows the server refusing a zone still in use', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const slides = renderAdmin('/parametres/diaporama')
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Tabaski' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/caroussel/1')).toBe(true))
    slides.unmount()
    renderAdmin('/parametres/zones')
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Plateau' }))
    expect(await screen.findByText('Cette zone est utilisée par des commandes : elle ne peut pas être supprimée.')).toBeInTheDocument()
    confirm.mockRestore()
  })

  it('lists the sections on /parametres, each opening its own page with the way back', async () => {
    renderAdmin('/parametres')
    const list = await screen.findByRole('list', { name: 'Sections des paramètres' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/parametres/zones',
      '/parametres/creneaux',
      '/parametres/paiement',
      '/parametres/depots',
      '/parametres/categories',
      '/parametres/diaporama',
      '/parametres/fidelite',
      '/parametres/coordonnees',
      '/parametres/alertes',
      '/parametres/facturation',
      '/parametres/pages',
    ])
    // The index alone loads nothing of the sections.
    expect(requests.some((r) => ['/api/zone', '/api/caroussel', '/api/privilege'].includes(r.url.pathname))).toBe(false)
    await userEvent.click(screen.getByRole('link', { name: /Niveaux de fidélité/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Niveaux de fidélité' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Modifier Argent' })).toBeInTheDocument()
    expect(screen.queryByText('Zones de livraison')).not.toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
    await userEvent.click(screen.getByRole('link', { name: '← Paramètres' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument()
  })

  it("says « Cette page n'existe pas » for an unknown section, and keeps every section for admins", async () => {
    const view = renderAdmin('/parametres/inconnue')
    expect(await screen.findByRole('heading', { level: 1, name: "Cette page n'existe pas" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Retour aux paramètres' })).toHaveAttribute('href', '/parametres')
    view.unmount()
    renderAdmin('/parametres/zones', { me: MANAGER })
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès réservé aux administrateurs' })).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname === '/api/zone')).toBe(false)
  })
})

describe('« Facturation » (ADR 061)', () => {
  it('checks the NINEA and the VAT rate with the server’s messages, then sends the identity', async () => {
    const sent: unknown[] = []
    server.use(
      http.get('*/api/facturation', () => HttpResponse.json({ nom: null, adresse: null, ninea: null, rccm: null, telephone: null, pied: null, tva_taux: null })),
      http.put('*/api/facturation', async ({ request }) => {
        const body = (await request.json()) as object
        sent.push(body)
        return HttpResponse.json({ nom: null, adresse: null, ninea: null, rccm: null, telephone: null, pied: null, tva_taux: null, ...body })
      }),
    )
    renderAdmin('/parametres/facturation')
    const form = await screen.findByRole('form', { name: 'Facturation' })
    await userEvent.type(within(form).getByLabelText('Raison sociale'), 'Teranga SARL')
    await userEvent.type(within(form).getByLabelText('NINEA'), '12')
    await userEvent.type(within(form).getByLabelText('Taux de TVA (%, vide : pas de TVA)'), '0')
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(form).findByText(INVOICE_MESSAGES.nineaInvalid)).toBeInTheDocument()
    expect(within(form).getAllByText(INVOICE_MESSAGES.tvaInvalid, { exact: false }).length).toBeGreaterThan(0)
    expect(sent).toEqual([])
    await userEvent.clear(within(form).getByLabelText('NINEA'))
    await userEvent.type(within(form).getByLabelText('NINEA'), '0123456 2G3')
    await userEvent.clear(within(form).getByLabelText('Taux de TVA (%, vide : pas de TVA)'))
    await userEvent.type(within(form).getByLabelText('Taux de TVA (%, vide : pas de TVA)'), '18')
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ nom: 'Teranga SARL', ninea: '0123456 2G3', tva_taux: 18 })]))
    expect(await screen.findByText('Facturation enregistrée')).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })
  it('refuses a NINEA longer than its 40 characters (spaces between the digits) before sending', async () => {
    const sent: unknown[] = []
    server.use(
      http.get('*/api/facturation', () => HttpResponse.json({ nom: null, adresse: null, ninea: null, rccm: null, telephone: null, pied: null, tva_taux: null })),
      http.put('*/api/facturation', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ nom: null, adresse: null, ninea: null, rccm: null, telephone: null, pied: null, tva_taux: null })
      }),
    )
    renderAdmin('/parametres/facturation')
    const form = await screen.findByRole('form', { name: 'Facturation' })
    const ninea = within(form).getByLabelText('NINEA')
    await userEvent.click(ninea)
    await userEvent.paste(`0123456${' '.repeat(40)}2G3`)
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(form).findByText(INVOICE_MESSAGES.nineaInvalid)).toBeInTheDocument()
    expect(sent).toEqual([])
  })
})
