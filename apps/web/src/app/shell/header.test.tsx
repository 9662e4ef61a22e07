// The header on every page: favourites and cart counts, the user menu signed out and
// signed in (with sign-out), and the mobile side menu.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeLocalLine, makeProduit, makeSouscategorie } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failGraphql, failRest, graphqlCalls, restCalls } from '@/testing/server.ts'
import { storedToken, storeGuestCart } from '@/testing/browser-storage.ts'
// The Firebase the app sees in tests (vitest.config.ts swaps it in).
import * as firebase from '@/testing/fake-firebase.ts'

// Named by the badge's text with its unit, as the cart button is (never « Mes favoris (3) » beside « 3 »).
const favouritesName = (count: string) =>
  `Mes favoris, ${count}${count === '...' ? ' (chargement)' : count === '!' ? ' (liste indisponible)' : Number(count) > 1 ? ' produits' : ' produit'}`
const favouritesLink = (count: string) => screen.findByRole('link', { name: favouritesName(count) })
const accountButton = (name: string | RegExp) => screen.getByRole('button', { name, expanded: false })

describe('header', () => {
  it('shows the shop name linking home', async () => {
    renderApp('/product/abc')
    expect(screen.getByRole('link', { name: 'Teranga, accueil' })).toHaveAttribute('href', '/')
    await screen.findByRole('heading', { name: '404' })
  })

  describe('favourites badge', () => {
    it("shows '0' signed out and asks for nothing", async () => {
      renderApp('/product/abc')
      expect(await favouritesLink('0')).toHaveAttribute('href', '/profile/favorite')
      expect(screen.getByRole('link', { name: 'Mes favoris, 0 produit' })).toHaveTextContent('0')
      await screen.findByRole('heading', { name: '404' })
      expect(graphqlCalls('Favoris')).toHaveLength(0)
      expect(restCalls('GET', '/api/profile')).toHaveLength(0)
    })

    it("shows '...' while the profile loads", async () => {
      signInAs()
      failRest('get', '/api/profile', 'hang')
      renderApp('/product/abc')
      expect(await favouritesLink('...')).toHaveTextContent('...')
    })

    it("shows '...' while the favourites load, then their total", async () => {
      signInAs()
      db.produits = [makeProduit(), makeProduit(), makeProduit()]
      db.favoris = db.produits.map((p) => p.id)
      renderApp('/product/abc')
      expect(await favouritesLink('...')).toBeInTheDocument()
      expect(await favouritesLink('3')).toHaveTextContent('3')
    })

    it("shows '!' when the favourites fail", async () => {
      signInAs()
      failGraphql('Favoris', 500)
      renderApp('/product/abc')
      expect(await favouritesLink('!')).toHaveTextContent('!')
    })
  })

  describe('cart button', () => {
    it("counts the visitor's items, in its name too (the number it shows is part of what it is called)", async () => {
      storeGuestCart([makeLocalLine(makeProduit(), 2), makeLocalLine(makeProduit(), 1)])
      renderApp('/product/abc')
      expect(screen.getByRole('button', { name: 'Panier, 3 articles' })).toHaveTextContent('3')
      await screen.findByRole('heading', { name: '404' })
    })

    it("counts the customer's server cart", async () => {
      signInAs()
      db.produits = [makeProduit(), makeProduit()]
      db.cart = [
        { produit_id: db.produits[0]!.id, quantite: 4 },
        { produit_id: db.produits[1]!.id, quantite: 1 },
      ]
      renderApp('/product/abc')
      expect(screen.getByRole('button', { name: 'Panier, 0 article' })).toHaveTextContent('0')
      await waitFor(() => expect(screen.getByRole('button', { name: 'Panier, 5 articles' })).toHaveTextContent('5'))
    })
  })

  describe('user menu', () => {
    it('signed out, opens the sign-in form: email, password and Google', async () => {
      const { user } = renderApp('/product/abc')
      const toggle = accountButton('Connexion')
      await user.click(toggle)
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
      expect(within(panel).getByLabelText('E-mail')).toHaveAttribute('type', 'email')
      expect(within(panel).getByLabelText('Mot de passe')).toHaveAttribute('type', 'password')
      expect(within(panel).getByRole('button', { name: 'Continuer avec Google' })).toBeInTheDocument()
      // The sign-up link carries the page it is followed from, so signing up comes back to it.
      expect(within(panel).getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup?retour=%2Fproduct%2Fabc')

      await user.keyboard('{Escape}')
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
    })

    it('signed in, greets the customer with the loyalty points and account links', async () => {
      signInAs({ prenom: 'Moussa', nom: 'Sarr', email: 'moussa@example.sn', points: 120 })
      const { user } = renderApp('/product/abc')
      const toggle = await screen.findByRole('button', { name: 'Mon compte : Moussa Sarr' })
      await user.click(toggle)
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!

      expect(within(panel).getByText('Bonjour, Moussa Sarr')).toBeInTheDocument()
      expect(within(panel).getByText('moussa@example.sn')).toBeInTheDocument()
      expect(within(panel).getByText('Points de fidélité : 120')).toBeInTheDocument()
      expect(within(panel).getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/profile/account')
      expect(within(panel).getByRole('link', { name: 'Mes achats' })).toHaveAttribute('href', '/profile/orders')
      expect(within(panel).queryByLabelText('Mot de passe')).not.toBeInTheDocument()
    })

    it("'Déconnexion' revokes the token, leaves Firebase, clears the token and reloads", async () => {
      signInAs()
      const { user, onReload } = renderApp('/product/abc')
      await user.click(await screen.findByRole('button', { name: 'Mon compte : Awa Diop' }))
      await user.click(screen.getByRole('button', { name: 'Déconnexion' }))

      await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
      expect(restCalls('POST', '/api/logout')).toEqual([expect.objectContaining({ authorization: `Bearer ${db.token}` })])
      expect(firebase.firebaseSignOut).toHaveBeenCalledTimes(1)
      expect(storedToken()).toBeNull()
    })

    it("'Déconnexion' still signs out when the server cannot be reached", async () => {
      signInAs()
      failRest('post', '/api/logout', 'network')
      firebase.firebaseSignOut.mockRejectedValueOnce(new Error('offline'))
      const { user, onReload } = renderApp('/product/abc')
      await user.click(await screen.findByRole('button', { name: 'Mon compte : Awa Diop' }))
      await user.click(screen.getByRole('button', { name: 'Déconnexion' }))
      await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
      expect(storedToken()).toBeNull()
    })
  })

  describe('side menu', () => {
    it("'Ouvrir le menu' opens the dialog 'Menu' with the main links and the categories", async () => {
      const riz = makeSouscategorie({ designation: 'Riz' })
      db.souscategories = [riz]
      const { user, router } = renderApp('/product/abc')
      await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }))

      const dialog = await screen.findByRole('dialog', { name: 'Menu' })
      expect(within(dialog).getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/')
      expect(within(dialog).getByRole('link', { name: 'Mon panier' })).toHaveAttribute('href', '/cart')
      expect(within(dialog).getByRole('link', { name: 'Questions fréquentes' })).toHaveAttribute('href', '/faq')
      // The shop's grids, which only the footer (far below on a phone) linked before (issue 23).
      expect(within(dialog).getByRole('link', { name: 'Boutique' })).toHaveAttribute('href', '/shop')
      expect(within(dialog).getByRole('link', { name: 'Promotions' })).toHaveAttribute('href', '/promotions')
      expect(within(dialog).getByRole('link', { name: 'Nouveautés' })).toHaveAttribute('href', '/nouveautes')
      expect(within(dialog).getByRole('link', { name: 'Meilleures ventes' })).toHaveAttribute('href', '/best-sellers')

      await user.click(await within(dialog).findByRole('link', { name: 'Riz' }))
      // The category page loads on demand: the location changes once it has.
      await waitFor(() => expect(router.state.location.pathname).toBe(`/product_bycat/${riz.id}`))
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument())
    })

    it('closes with its close button', async () => {
      const { user } = renderApp('/product/abc')
      await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }))
      const dialog = await screen.findByRole('dialog', { name: 'Menu' })
      await user.click(within(dialog).getByRole('button', { name: 'Fermer le menu' }))
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument())
    })
  })
})
