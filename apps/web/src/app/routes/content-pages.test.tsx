// The shop's own pages (issue 19 §2): the owner's text under its title for /cgv, /faq (beside the
// fees, depots and payment modes from the shop's data), /informations-livraison and /contact
// (with the shop's phone, WhatsApp, e-mail, address and hours from its settings); and the
// product page's « Partager sur WhatsApp » link (§3).
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CONTENT_MESSAGES } from '@teranga/shared/content-pages'
import { makePreferences, makeProduit } from '@/testing/factories.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { db, failGraphql } from '@/testing/server.ts'

describe('content pages', () => {
  it('/cgv shows the title and text the owner wrote', async () => {
    db.pages['cgv'] = { slug: 'cgv', titre: 'Conditions de vente', description: 'Nos conditions.', html: '<h2>Paiement</h2>\n<p>Par <strong>Wave</strong>.</p>\n' }
    renderApp('/cgv')
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions de vente' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'Paiement' })).toBeInTheDocument()
    expect(screen.getByText('Wave')).toContainHTML('<strong>Wave</strong>')
    await waitFor(() => expect(document.title).toBe('Conditions de vente — Teranga'))
  })

  it('/faq shows the fees the owner set for the zones and adds the owner’s questions', async () => {
    // The owner moved Mermoz to 1 250 FCFA: the FAQ says what the checkout charges (issue 23).
    db.zones = [
      { id: 1, designation: 'Mermoz', frais: 1250, fraisformat: '1 250 FCFA' },
      { id: 2, designation: 'Cité Keur Gorgui', frais: 1000, fraisformat: '1 000 FCFA' },
      { id: 3, designation: 'Fann', frais: 1500, fraisformat: '1 500 FCFA' },
    ]
    renderApp('/faq')
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeInTheDocument()
    const fees = await screen.findByRole('table', { name: 'Frais de livraison par zone' })
    expect(within(fees).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1\u00a0000\u00a0FCFACité Keur Gorgui', '1\u00a0250\u00a0FCFAMermoz', '1\u00a0500\u00a0FCFAFann'])
    const questions = screen.getByRole('region', { name: 'Vos questions' })
    expect(await within(questions).findByRole('heading', { level: 3, name: 'Comment passer commande ?' })).toBeInTheDocument()
  })

  it('/informations-livraison shows the delivery text and the fee of each zone', async () => {
    renderApp('/informations-livraison')
    expect(await screen.findByRole('heading', { level: 1, name: 'Livraison et retrait' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'Livraison à domicile' })).toBeInTheDocument()
    const fees = await screen.findByRole('table', { name: 'Frais de livraison par zone' })
    expect(within(fees).getByRole('row', { name: /Mermoz/ })).toHaveTextContent('1 000 FCFA')
  })

  it('/contact lists the phone, WhatsApp, e-mail, address and hours from the settings', async () => {
    db.preferences = makePreferences({ telephone: '+221 33 800 00 00', whatsapp: '77 123 45 67', email: 'bonjour@teranga.sn', lieu: 'Dakar, Plateau', horaires: 'Lun–Sam 8 h–20 h' })
    renderApp('/contact')
    expect(await screen.findByRole('heading', { level: 1, name: 'Nous contacter' })).toBeInTheDocument()
    const details = await screen.findByRole('region', { name: 'Nos coordonnées' })
    expect(within(details).getByRole('link', { name: '+221 33 800 00 00' })).toHaveAttribute('href', 'tel:+221338000000')
    expect(within(details).getByRole('link', { name: /Écrivez-nous sur WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/221771234567')
    expect(within(details).getByRole('link', { name: 'bonjour@teranga.sn' })).toHaveAttribute('href', 'mailto:bonjour@teranga.sn')
    expect(within(details).getByText('Dakar, Plateau')).toBeInTheDocument()
    expect(within(details).getByText('Lun–Sam 8 h–20 h')).toBeInTheDocument()
  })

  it('says so in French when the text cannot be loaded', async () => {
    failGraphql('PageContenu', 500)
    renderApp('/cgv')
    expect(await screen.findByText(CONTENT_MESSAGES.pageLoadError)).toBeInTheDocument()
  })
})

describe('sharing a product', () => {
  it('« Partager sur WhatsApp » opens wa.me with the name, the price in FCFA and the address', async () => {
    const mangue = makeProduit({ designation: 'Mangue Kent', prix: 12500 })
    db.produits = [mangue]
    renderApp(`/product/${mangue.id}`)
    const link = await screen.findByRole('link', { name: 'Partager sur WhatsApp' })
    const href = new URL(link.getAttribute('href')!)
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/')
    expect(href.searchParams.get('text')).toBe(`Mangue Kent — 12\u00a0500\u00a0FCFA\n${window.location.origin}/product/${mangue.id}`)
    expect(link).toHaveAttribute('target', '_blank')
  })
})
