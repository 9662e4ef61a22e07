// Home route: the reference blocks (slides, promotions, category tree and strip), the
// filtered and paginated grid, most viewed, favourites when signed in, and every failure.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { HOME_PAGE_SIZE } from '@teranga/shared/storefront-queries'
import { MESSAGES } from '@teranga/shared/messages'
import { makeCategorie, makePreferences, makeProduit, makeSlide, makeSouscategorie } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failGraphql, graphqlCalls, server } from '@/testing/server.ts'

function seedShop() {
  const legumes = makeCategorie({ designation: 'Légumes' })
  const epicerie = makeCategorie({ designation: 'Épicerie' })
  const tubercules = makeSouscategorie({ designation: 'Tubercules', categorie: legumes })
  const feuilles = makeSouscategorie({ designation: 'Feuilles', categorie: legumes })
  const riz = makeSouscategorie({ designation: 'Riz', categorie: epicerie })
  db.souscategories = [tubercules, feuilles, riz]
  db.preferences = makePreferences()
  db.slides = [makeSlide({ titre: 'Mangues de saison' }), makeSlide({ titre: 'Livraison offerte' })]
  return { tubercules, feuilles, riz }
}

const productGrid = () => screen.getByRole('region', { name: 'Nos produits' })

describe('home route', () => {
  it('shows the slides, the two promotions and the category tree whose leaves link to their page', async () => {
    const { tubercules, riz } = seedShop()
    renderApp('/')

    const first = await screen.findByRole('img', { name: 'Mangues de saison' })
    expect(first).toHaveAttribute('src', db.slides[0]!.image)
    // Only the current slide is exposed; the next one waits hidden.
    expect(screen.getByRole('img', { name: 'Livraison offerte', hidden: true })).toHaveAttribute('src', db.slides[1]!.image)
    expect(screen.getByRole('button', { name: 'Diapositive suivante' })).toBeInTheDocument()

    expect(screen.getByRole('img', { name: 'Promotion de la semaine' })).toHaveAttribute('src', '/media/promotion-1.webp')
    expect(screen.getByRole('img', { name: 'Offre spéciale' })).toHaveAttribute('src', '/media/promotion-2.webp')
    // Each promotion image leads to the products on sale (issue 23).
    expect(screen.getByRole('link', { name: 'Promotion de la semaine' })).toHaveAttribute('href', '/promotions')
    expect(screen.getByRole('link', { name: 'Offre spéciale' })).toHaveAttribute('href', '/promotions')

    const tree = screen.getByRole('navigation', { name: 'Catégories' })
    expect(await within(tree).findByText('Légumes')).toBeInTheDocument()
    expect(within(tree).getByText('Épicerie')).toBeInTheDocument()
    expect(within(within(tree).getByRole('list', { name: 'Légumes' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['Tubercules', 'Feuilles'])
    expect(within(tree).getByRole('link', { name: 'Tubercules' })).toHaveAttribute('href', `/product_bycat/${tubercules.id}`)
    expect(within(tree).getByRole('link', { name: 'Riz' })).toHaveAttribute('href', `/product_bycat/${riz.id}`)
  })

  it('moves between slides with the controls', async () => {
    seedShop()
    const { user } = renderApp('/')
    await screen.findByRole('img', { name: 'Mangues de saison' })
    await user.click(screen.getByRole('button', { name: 'Diapositive suivante' }))
    expect(screen.getByRole('img', { name: 'Livraison offerte' })).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Mangues de saison' })).not.toBeInTheDocument()
  })

  it('shows product cards with designation, stock, price in FCFA and both actions', async () => {
    const { riz } = seedShop()
    db.produits = [
      makeProduit({ designation: 'Riz parfumé 5 kg', prix: 4000, quantite: 12, souscategorie: riz }),
      makeProduit({ designation: 'Riz brisé', prix: 12500, quantite: 3, souscategorie: riz }),
      makeProduit({ designation: 'Riz local', prix: 900, quantite: 0, souscategorie: riz }),
    ]
    renderApp('/')

    const card = (await within(productGrid()).findByRole('heading', { name: 'Riz parfumé 5 kg' })).closest('article')!
    expect(within(card).getByText('12 en stock')).toBeInTheDocument()
    expect(within(card).getByText('4 000 FCFA')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Ajouter au panier' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByRole('link', { name: 'Riz parfumé 5 kg' })).toHaveAttribute('href', `/product/${db.produits[0]!.id}`)

    const few = screen.getByRole('heading', { name: 'Riz brisé' }).closest('article')!
    expect(within(few).getByText('Plus que 3 en stock')).toBeInTheDocument()
    expect(within(few).getByText('12 500 FCFA')).toBeInTheDocument()
    const none = screen.getByRole('heading', { name: 'Riz local' }).closest('article')!
    expect(within(none).getByText('Rupture de stock')).toBeInTheDocument()
  })

  it("filters the grid from the category strip, 'Tous les produits' first and clearing the filter", async () => {
    const { tubercules, riz } = seedShop()
    const rizBrise = makeProduit({ designation: 'Riz brisé', souscategorie: riz })
    db.produits = [makeProduit({ designation: 'Manioc', souscategorie: tubercules }), rizBrise]
    const { user, router } = renderApp('/')

    const strip = screen.getByRole('group', { name: 'Filtrer par catégorie' })
    await within(strip).findByRole('button', { name: 'Riz' })
    const chips = within(strip).getAllByRole('button')
    expect(chips.map((chip) => chip.textContent)).toEqual(['★Tous les produits', 'Tubercules', 'Feuilles', 'Riz'])
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true')
    await within(productGrid()).findByText('Manioc')

    // The category's products, as the server picks them.
    db.produits = [rizBrise]
    await user.click(within(strip).getByRole('button', { name: 'Riz' }))
    await waitFor(() => expect(within(productGrid()).queryByText('Manioc')).not.toBeInTheDocument())
    expect(within(productGrid()).getByText('Riz brisé')).toBeInTheDocument()
    expect(within(strip).getByRole('button', { name: 'Riz' })).toHaveAttribute('aria-pressed', 'true')
    expect(router.state.location.search).toBe(`?categorie=${riz.id}`)
    expect(graphqlCalls('Produits').at(-1)?.variables).toEqual({ page: 1, count: HOME_PAGE_SIZE, categorie_id: riz.id })

    await user.click(within(strip).getByRole('button', { name: 'Tous les produits' }))
    expect(await within(productGrid()).findByText('Manioc')).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
    // Back to the first, unfiltered page: answered from the cache, so the last request sent
    // for it is the very first one, without a category.
    expect(graphqlCalls('Produits').map((call) => call.variables?.['categorie_id'])).toEqual([undefined, riz.id])
  })

  it('pages through the products: previous disabled on page 1, next disabled on the last page', async () => {
    seedShop()
    db.produits = Array.from({ length: HOME_PAGE_SIZE + 2 }, (_, i) => makeProduit({ designation: `Article ${i + 1}` }))
    const { user, router } = renderApp('/')

    const pager = await screen.findByRole('navigation', { name: 'Pages des produits' })
    expect(within(pager).getByText('Page 1 / 2')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Précédent' })).toBeDisabled()
    expect(within(pager).getByRole('button', { name: 'Suivant' })).toBeEnabled()
    expect(within(productGrid()).getAllByRole('article')).toHaveLength(HOME_PAGE_SIZE)

    await user.click(within(pager).getByRole('button', { name: 'Suivant' }))
    expect(await within(productGrid()).findByText(`Article ${HOME_PAGE_SIZE + 1}`)).toBeInTheDocument()
    expect(within(pager).getByText('Page 2 / 2')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Suivant' })).toBeDisabled()
    expect(within(pager).getByRole('button', { name: 'Précédent' })).toBeEnabled()
    expect(within(productGrid()).getAllByRole('article')).toHaveLength(2)
    expect(router.state.location.search).toBe('?page=2')
    expect(graphqlCalls('Produits').at(-1)?.variables).toEqual({ page: 2, count: HOME_PAGE_SIZE })
  })

  it('brings the shopper back to the top of the grid on « Suivant » and « Précédent » (issue 23 §1)', async () => {
    seedShop()
    db.produits = Array.from({ length: HOME_PAGE_SIZE + 2 }, (_, i) => makeProduit({ designation: `Article ${i + 1}` }))
    const { user } = renderApp('/')
    const pager = await screen.findByRole('navigation', { name: 'Pages des produits' })
    // Scrolled down to the pager: the grid's top is 1 629 px above the screen (what a phone
    // showed), so the grid starts at 2 036 − 1 629 = 407 px from the document's top.
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(2036)
    const gridBox = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return DOMRect.fromRect(productGrid().contains(this) ? { y: -1629, height: 4000 } : {})
    })
    try {
      vi.mocked(window.scrollTo).mockClear()
      await user.click(within(pager).getByRole('button', { name: 'Suivant' }))
      expect(await within(productGrid()).findByText(`Article ${HOME_PAGE_SIZE + 1}`)).toBeInTheDocument()
      await waitFor(() => expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 2036 - 1629 - 8, left: 0 }))

      vi.mocked(window.scrollTo).mockClear()
      await user.click(within(screen.getByRole('navigation', { name: 'Pages des produits' })).getByRole('button', { name: 'Précédent' }))
      expect(await within(productGrid()).findByText('Article 1')).toBeInTheDocument()
      await waitFor(() => expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 2036 - 1629 - 8, left: 0 }))
    } finally {
      scrollY.mockRestore()
      gridBox.mockRestore()
    }
  })

  it('shows the empty-grid message when there are no products', async () => {
    seedShop()
    renderApp('/')
    expect(await within(productGrid()).findByText('Aucun produit dans cette catégorie pour le moment.')).toBeInTheDocument()
    expect(within(productGrid()).queryAllByRole('article')).toHaveLength(0)
  })

  it('shows the most-viewed products', async () => {
    seedShop()
    db.produits = [makeProduit({ designation: 'Bissap' }), makeProduit({ designation: 'Thiakry' })]
    db.mostViewed = [db.produits[1]!]
    renderApp('/')
    const section = screen.getByRole('region', { name: 'Les plus consultés' })
    expect(await within(section).findByRole('heading', { name: 'Thiakry' })).toBeInTheDocument()
    expect(within(section).queryByText('Bissap')).not.toBeInTheDocument()
  })

  it("shows 'Pourquoi nous choisir ?' with its four items", async () => {
    renderApp('/')
    const section = screen.getByRole('region', { name: 'Pourquoi nous choisir ?' })
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Satisfaction Garantie',
      'Livraison Rapide',
      'Paiement Sécurisé',
      'Produit de Proximité',
    ])
    // Settle the page's requests before the test ends.
    await screen.findByText('Aucun produit dans cette catégorie pour le moment.')
  })

  it('shows the favourites section only when signed in', async () => {
    seedShop()
    db.produits = [makeProduit({ designation: 'Café Touba' }), makeProduit({ designation: 'Bouye' })]
    const { unmount } = renderApp('/')
    await screen.findByRole('heading', { name: 'Café Touba' })
    expect(screen.queryByRole('region', { name: 'Mes favoris' })).not.toBeInTheDocument()
    unmount()

    signInAs()
    db.favoris = [db.produits[1]!.id]
    renderApp('/')
    const section = await screen.findByRole('region', { name: 'Mes favoris' })
    const heart = (await within(section).findByRole('heading', { name: 'Bouye' })).closest('article')!
    expect(within(heart).getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(section).queryByText('Café Touba')).not.toBeInTheDocument()
  })

  describe('when the API fails', () => {
    it('shows the products alert on a network error', async () => {
      seedShop()
      failGraphql('Produits', 'network')
      renderApp('/')
      expect(await within(productGrid()).findByRole('alert')).toHaveTextContent(MESSAGES.productsLoadError)
    })

    it('shows the products alert on a 500 and loads again with Réessayer', async () => {
      seedShop()
      db.produits = [makeProduit({ designation: 'Fonio' })]
      failGraphql('Produits', 500)
      const { user } = renderApp('/')
      const alert = await within(productGrid()).findByRole('alert')
      expect(alert).toHaveTextContent(MESSAGES.productsLoadError)
      expect(screen.queryByRole('navigation', { name: 'Pages des produits' })).not.toBeInTheDocument()

      server.resetHandlers()
      await user.click(within(alert).getByRole('button', { name: 'Réessayer' }))
      expect(await within(productGrid()).findByRole('heading', { name: 'Fonio' })).toBeInTheDocument()
    })

    it('shows the most-viewed alert', async () => {
      seedShop()
      failGraphql('PlusVus', 500)
      renderApp('/')
      const section = screen.getByRole('region', { name: 'Les plus consultés' })
      expect(await within(section).findByRole('alert')).toHaveTextContent(MESSAGES.mostViewedLoadError)
    })

    it('shows the categories alert in the tree and the strip', async () => {
      failGraphql('Categories', 'network')
      failGraphql('Souscategories', 500)
      renderApp('/')
      const tree = screen.getByRole('navigation', { name: 'Catégories' })
      expect(await within(tree).findByRole('alert')).toHaveTextContent(MESSAGES.categoriesLoadError)
      const alerts = await within(productGrid()).findAllByRole('alert')
      expect(alerts[0]).toHaveTextContent(MESSAGES.categoriesLoadError)
    })

    it('shows the favourites alert', async () => {
      signInAs()
      failGraphql('Favoris', 500)
      renderApp('/')
      const section = await screen.findByRole('region', { name: 'Mes favoris' })
      expect(await within(section).findByRole('alert')).toHaveTextContent(MESSAGES.favouritesLoadError)
    })
  })
})
