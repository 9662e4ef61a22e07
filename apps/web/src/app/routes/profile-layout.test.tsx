// /profile: the customer's space behind sign-in, its menu, the index opening the account
// page, and the header's account links reaching their pages.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render as renderOnServer } from '@/entry-server.tsx'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { installAccountApi } from '@/testing/account-api.ts'
import { failRest, restCalls } from '@/testing/server.ts'

const PAGES = [
  ['Mon compte', '/profile/account'],
  ['Mes adresses', '/profile/delivery_address'],
  ['Mes achats', '/profile/orders'],
  ['Mes récompenses', '/profile/recompenses'],
  ['Mes favoris', '/profile/favorite'],
  ['Paramètres', '/profile/profileparam'],
] as const

beforeEach(installAccountApi)

describe('profile layout', () => {
  it.each([
    ['/profile/account', 'Mon compte', 'Connectez-vous pour voir et modifier vos informations.'],
    ['/profile/delivery_address', 'Mes adresses', 'Connectez-vous pour gérer vos adresses de livraison.'],
    ['/profile/orders', 'Mes achats', 'Connectez-vous pour voir vos commandes.'],
    ['/profile/recompenses', 'Mes récompenses', 'Connectez-vous pour voir vos points de fidélité.'],
    ['/profile/profileparam', 'Paramètres', 'Connectez-vous pour gérer les paramètres de votre compte.'],
    ['/profile', 'Mon compte', 'Connectez-vous pour accéder à votre compte.'],
  ])('shows a visitor at %s the sign-in form and asks the server nothing', async (path, title, prompt) => {
    const { router } = renderApp(path)
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(within(main).getByText(prompt)).toBeInTheDocument()
    expect(within(main).getByLabelText('E-mail')).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Continuer avec Google' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Mon espace client' })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
    expect(restCalls('GET', /^\/api\/(adresses|fidelite)$/)).toHaveLength(0)
  })

  it('shows a spinner while the profile loads', async () => {
    signInAs()
    failRest('get', '/api/profile', 'hang')
    renderApp('/profile/orders')
    const main = await screen.findByRole('main')
    await within(main).findByRole('heading', { level: 1, name: 'Mes achats' })
    expect(within(main).getByRole('status')).toHaveTextContent('Chargement…')
    expect(within(main).queryByLabelText('E-mail')).not.toBeInTheDocument()
  })

  it('opens the account page from /profile, with the menu of every page', async () => {
    signInAs({ prenom: 'Moussa', nom: 'Sarr' })
    const { router } = renderApp('/profile')
    const nav = await screen.findByRole('navigation', { name: 'Mon espace client' })
    expect(await screen.findByLabelText('Prénom')).toHaveValue('Moussa')
    expect(router.state.location.pathname).toBe('/profile/account')
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument()
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(PAGES)
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Mes achats' })).not.toHaveAttribute('aria-current')
    await waitFor(() => expect(document.title).toBe('Mon compte — Teranga'))
  })

  it('goes from page to page through the menu', async () => {
    signInAs()
    const { user, router } = renderApp('/profile/account')
    const nav = await screen.findByRole('navigation', { name: 'Mon espace client' })
    await user.click(within(nav).getByRole('link', { name: 'Mes récompenses' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes récompenses' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile/recompenses')
    expect(within(nav).getByRole('link', { name: 'Mes récompenses' })).toHaveAttribute('aria-current', 'page')
    await waitFor(() => expect(document.title).toBe('Mes récompenses — Teranga'))
  })

  it("reaches 'Mon compte' and 'Mes achats' from the header's user menu", async () => {
    signInAs()
    const { user, router } = renderApp('/product/abc')
    const toggle = await screen.findByRole('button', { name: 'Mon compte : Awa Diop' })
    await user.click(toggle)
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    await user.click(within(panel).getByRole('link', { name: 'Mes achats' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes achats' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile/orders')
    expect(await screen.findByText("Vous n'avez pas encore de commande.")).toBeInTheDocument()

    await user.click(toggle)
    await user.click(within(panel).getByRole('link', { name: 'Mon compte' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile/account')
    expect(screen.getByLabelText('Prénom')).toHaveValue('Awa')
  })

  it('keeps unknown profile paths on the 404 page', async () => {
    // The routing error goes to the console.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    signInAs()
    renderApp('/profile/inconnu')
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument()
  })

  it.each([['Mon compte', '/profile'] as const, ...PAGES])('is rendered by the server as a visitor sees it, with status 200: %s (%s)', async (title, path) => {
    const { html, status } = await renderOnServer(path, [])
    expect(status).toBe(200)
    expect(html).toContain(`>${title}</h1>`)
    expect(html).toContain('Continuer avec Google')
  })
})
