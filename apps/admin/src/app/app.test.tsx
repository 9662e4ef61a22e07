// Sign-in, the page for customers, the role-driven nav, a 401 returning to sign-in, the home page.
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { REPORT_SALES_RULE_TEXT } from '@teranga/shared/backoffice-reports'
import { tokenStorage } from '../lib/api.ts'
import { renderAdmin, seriousViolations } from '../testing/render.tsx'
import { MANAGER, requests, server } from '../testing/server.ts'

describe('sign-in', () => {
  it('signs in with email and password, exchanges the ID token, then asks who is signed in', async () => {
    renderAdmin('/', { signedIn: false })
    // The sign-in form loads on demand: the orders list is what the entry carries.
    expect(await screen.findByText(/admin@teranga\.sn/)).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'admin@teranga.sn')
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'teranga-admin')
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('heading', { name: "Aujourd'hui" })).toBeInTheDocument()
    const login = requests.find((r) => r.url.pathname === '/api/sociallogin')
    expect(login?.body).toMatchObject({ idToken: 'id-token-of-admin@teranga.sn-0123456789' })
    expect(tokenStorage.get()).toBe('api-token')
  })

  it('says why when the sign-in fails', async () => {
    renderAdmin('/', { signedIn: false })
    await userEvent.type(await screen.findByLabelText('Adresse e-mail'), 'admin@teranga.sn')
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'mauvais')
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Erreur lors de la connexion/)
  })

  it('shows a customer the team-only page, with sign-out', async () => {
    renderAdmin('/', { me: 'customer' })
    expect(await screen.findByRole('heading', { name: "Accès réservé à l'équipe" })).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(tokenStorage.get()).toBeNull()
  })

  it('drops the token and returns to sign-in on a 401', async () => {
    server.use(http.get('*/api/admin/tableau', () => HttpResponse.json({ message: 'Session expirée' }, { status: 401 })))
    renderAdmin('/')
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(tokenStorage.get()).toBeNull()
  })
})

describe('navigation by role', () => {
  it('shows an admin every section', async () => {
    renderAdmin('/')
    const nav = (await screen.findAllByRole('navigation', { name: 'Navigation principale' }))[0]!
    const links = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(links).toEqual(['Accueil', 'Commandes', 'Produits', 'Clients', 'Codes promo', 'Caisse', 'Rapports', 'Paramètres', 'Livreurs', 'Équipe', 'Journal'])
  })

  it('shows a gestionnaire orders, products, customers, the discount codes and the cash, no settings or staff', async () => {
    renderAdmin('/', { me: MANAGER })
    const nav = (await screen.findAllByRole('navigation', { name: 'Navigation principale' }))[0]!
    const links = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(links).toEqual(['Accueil', 'Commandes', 'Produits', 'Clients', 'Codes promo', 'Caisse'])
  })

  it('shows a gestionnaire the catalogue read-only', async () => {
    renderAdmin('/produits/3', { me: MANAGER })
    const designation = await screen.findByLabelText('Désignation')
    await waitFor(() => expect(designation).toHaveValue('Riz parfumé 5 kg'))
    expect(designation).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Archiver' })).not.toBeInTheDocument()
  })
})

describe('admin-only pages', () => {
  it('tells a gestionnaire that settings, staff, the log and the CSV import are for admins, with the way home', async () => {
    for (const url of ['/parametres', '/equipe', '/journal', '/produits/import']) {
      const { unmount } = renderAdmin(url, { me: MANAGER })
      expect(await screen.findByRole('heading', { level: 1, name: 'Accès réservé aux administrateurs' }), url).toBeInTheDocument()
      expect(screen.getByText(/réservée aux administrateurs de la boutique/)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/')
      expect(screen.queryByText(/Cette page n'existe pas/)).not.toBeInTheDocument()
      // The admin-only page asks nothing of the server that would refuse it.
      expect(requests.filter((r) => ['/api/preference', '/api/staff', '/api/audit', '/api/zone'].includes(r.url.pathname))).toEqual([])
      unmount()
    }
    expect(await seriousViolations()).toEqual([])
  })

  it('takes a gestionnaire home from there', async () => {
    renderAdmin('/equipe', { me: MANAGER })
    await userEvent.click(await screen.findByRole('link', { name: "Retour à l'accueil" }))
    expect(await screen.findByRole('heading', { name: "Aujourd'hui" })).toBeInTheDocument()
  })

  it("opens those pages for an admin, and says « Cette page n'existe pas » for an unknown address", async () => {
    renderAdmin('/equipe')
    expect(await screen.findByRole('heading', { level: 1, name: 'Équipe' })).toBeInTheDocument()
    expect(screen.queryByText('Accès réservé aux administrateurs')).not.toBeInTheDocument()
    cleanup()
    renderAdmin('/nulle-part', { me: MANAGER })
    expect(await screen.findByRole('heading', { level: 1, name: "Cette page n'existe pas" })).toBeInTheDocument()
  })
})

describe('home', () => {
  it("shows today's work: counts linking to the filtered orders, expiring orders, low stock, sales", async () => {
    renderAdmin('/')
    const paid = await screen.findByRole('link', { name: /4\s*Payées/ })
    expect(paid).toHaveAttribute('href', '/commandes?etat=payee')
    expect(screen.getByText(/T-000200/)).toBeInTheDocument()
    expect(screen.getByText('Riz parfumé 5 kg')).toBeInTheDocument()
    expect(screen.getByText('45 000 FCFA')).toBeInTheDocument()
    expect(screen.getByText('312 500 FCFA')).toBeInTheDocument()
    // What the sales count, told once (ADR 050).
    expect(screen.getByText(REPORT_SALES_RULE_TEXT)).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })
})
