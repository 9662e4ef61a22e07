// Promotions in the storefront (issue 19 §1, §4): a product on sale shows its old price struck
// through and its « -20 % » badge; /paiement takes a discount code, shows its discount before
// confirming and sends it with the order, and says the server's French reason for a refusal;
// after a failed payment the order page pays the same order with another mode.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROMO_MESSAGES } from '@teranga/shared/promotions'
import { formatPrix } from '@teranga/shared/money'
import { DELIVERY_CONTEXT_KEY, EMPTY_DELIVERY_CONTEXT } from '@/features/checkout/delivery-context.ts'
import { account, makeCommande, makeZone } from '@/testing/account-api.ts'
import { installCheckoutApi } from '@/testing/checkout-api.ts'
import { makeProduit, makeSouscategorie } from '@/testing/factories.ts'
import { stubLocationAssign } from '@/testing/location.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, restCalls, server } from '@/testing/server.ts'

const MERMOZ = { id: 1, designation: 'Mermoz', frais: 1500 }

beforeEach(() => {
  installCheckoutApi()
  account.zones = [makeZone(MERMOZ)]
})
afterEach(() => vi.unstubAllGlobals())

describe('a product on sale', () => {
  it('shows the regular price struck through and the badge on its page', async () => {
    const mangue = makeProduit({ designation: 'Mangue Kent', prix: 4000, prix_initial: 5000 })
    db.produits = [mangue]
    renderApp(`/product/${mangue.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Mangue Kent' })).toBeInTheDocument()
    expect(screen.getByLabelText('Promotion : moins 20 %')).toHaveTextContent('-20 %')
    const old = screen.getByLabelText('Prix habituel : 5 000 FCFA')
    expect(old.tagName).toBe('DEL')
    expect(old).toHaveTextContent('5 000 FCFA')
  })

  it('shows them on its card in a grid, beside the price paid', async () => {
    const riz = makeSouscategorie({ designation: 'Riz' })
    db.souscategories = [riz]
    db.produits = [makeProduit({ designation: 'Riz parfumé', prix: 7500, prix_initial: 10000, souscategorie: riz }), makeProduit({ designation: 'Riz brisé', prix: 3000, souscategorie: riz })]
    renderApp(`/product_bycat/${riz.id}`)
    const main = await screen.findByRole('main')
    const [onSale, regular] = await within(main).findAllByRole('article')
    expect(within(onSale!).getByText('7 500 FCFA')).toHaveClass('product-price')
    expect(within(onSale!).getByLabelText('Promotion : moins 25 %')).toHaveTextContent('-25 %')
    expect(within(onSale!).getByLabelText('Prix habituel : 10 000 FCFA').tagName).toBe('DEL')
    expect(within(regular!).queryByText(/^-\d+ %$/)).not.toBeInTheDocument()
    expect(regular!.querySelector('del')).toBeNull()
  })

  it('shows neither on a product without a sale', async () => {
    const mil = makeProduit({ designation: 'Mil', prix: 1200 })
    db.produits = [mil]
    renderApp(`/product/${mil.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Mil' })).toBeInTheDocument()
    expect(screen.queryByText(/^-\d+ %$/)).not.toBeInTheDocument()
    expect(document.querySelector('del')).toBeNull()
  })
})

describe('the discount code at /paiement', () => {
  /** 10 500 FCFA of goods, home delivery to Mermoz (1 500), paid cash. */
  function ready() {
    const customer = signInAs()
    const kit = makeProduit({ designation: 'Kit thiéboudienne', prix: 4000 })
    const bissap = makeProduit({ designation: 'Bissap 1 L', prix: 2500 })
    db.produits = [kit, bissap]
    db.cart = [
      { produit_id: kit.id, quantite: 2 },
      { produit_id: bissap.id, quantite: 1 },
    ]
    window.sessionStorage.setItem(
      DELIVERY_CONTEXT_KEY,
      JSON.stringify({
        ...EMPTY_DELIVERY_CONTEXT,
        deliveryMode: 'DOMICILE',
        paymentMode: 'CASH',
        address: { id: null, libelle: null, adresse: 'Rue 10, villa 4', zone: MERMOZ, telephone: '77 123 45 67', latitude: 14.71, longitude: -17.46 },
        telephone: '77 123 45 67',
        userId: customer.id,
      }),
    )
    // The server's answers: 20 % off with NOEL20, the others refused with their reasons.
    server.use(
      http.post('*/api/codepromo/verifier', async ({ request }) => {
        const { code } = (await request.json()) as { code: string }
        if (code === 'NOEL20') return HttpResponse.json({ code, remise: 2100, remiseformat: formatPrix(2100) })
        const message = code === 'VIEUX' ? PROMO_MESSAGES.expired : PROMO_MESSAGES.minimum(20000)
        return HttpResponse.json({ message, errors: { codepromo: [message] } }, { status: 409 })
      }),
    )
  }
  const summaryValue = (label: string) => within(screen.getByRole('region', { name: 'Récapitulatif de la commande' })).getByText(label).nextElementSibling?.textContent

  it('shows the discount line before confirming, then sends the code with the order', async () => {
    ready()
    const { user } = renderApp('/paiement')
    await user.type(await screen.findByRole('textbox', { name: 'Code promo' }), 'noel20')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(await screen.findByTestId('promo-applied')).toHaveTextContent('Code NOEL20 appliqué : −2 100 FCFA')
    expect(summaryValue('Code promo NOEL20')).toBe('−2\u00a0100\u00a0FCFA')
    expect(summaryValue('Total')).toBe(formatPrix(10500 + 1500 - 2100))
    expect(restCalls('POST', '/api/codepromo/verifier')[0]?.body).toEqual({ code: 'NOEL20' })

    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(restCalls('POST', '/api/commande')[0]?.body).toMatchObject({ codepromo: 'NOEL20' }))
  })

  it("says the server's reason for a refused code, and the order goes without it", async () => {
    ready()
    const { user } = renderApp('/paiement')
    const field = await screen.findByRole('textbox', { name: 'Code promo' })
    await user.type(field, 'VIEUX')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(await screen.findByText(PROMO_MESSAGES.expired)).toBeInTheDocument()
    expect(field).toHaveAccessibleDescription(PROMO_MESSAGES.expired)
    await user.clear(field)
    await user.type(field, 'GROSPANIER')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(await screen.findByText('Montant minimum : 20 000 FCFA')).toBeInTheDocument()
    expect(screen.queryByText(/^Code promo /)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(restCalls('POST', '/api/commande')).toHaveLength(1))
    expect(restCalls('POST', '/api/commande')[0]?.body).not.toHaveProperty('codepromo')
  })

  it('checks the code as typed before asking the server', async () => {
    ready()
    const { user } = renderApp('/paiement')
    await user.type(await screen.findByRole('textbox', { name: 'Code promo' }), 'x!')
    await user.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Le code ne peut contenir que des lettres')
    expect(restCalls('POST', '/api/codepromo/verifier')).toHaveLength(0)
  })
})

describe('paying again another way', () => {
  function failedWaveOrder(delivery: 'DOMICILE' | 'RETRAIT' = 'DOMICILE') {
    signInAs()
    const commande = makeCommande({
      etat: 'echec_paiement',
      lignes: [{ designation: 'Kit thiéboudienne', prix: 4000, quantite: 2 }],
      montantliv: 1500,
      modepaiement: { code: 'WAVE', designation: 'Wave' },
      ...(delivery === 'RETRAIT' ? { modelivraison: { id: 2, code: 'RETRAIT', designation: 'Retrait en dépôt' }, depot: { id: 7, designation: 'Dépôt Plateau' } } : {}),
    })
    commande.modepaiement.id = 2
    account.commandes.push(commande)
    server.use(
      http.post('*/api/commande/:numero/paiement', async ({ request }) => {
        const { modepaiement } = (await request.json()) as { modepaiement: number }
        if (modepaiement === 1) return HttpResponse.json({ url: null, commande: { ...commande, etat: 'en_attente', etat_text: 'En attente de confirmation', modepaiement: { id: 1, code: 'CASH', designation: 'Paiement à la livraison' } } })
        return HttpResponse.json({ url: 'https://paytech.example/checkout/1', commande: { ...commande, etat: 'en_attente_paiement' } })
      }),
    )
    return commande.numerocommande
  }

  it('pays the same order with Orange Money: the provider page opens', async () => {
    const numero = failedWaveOrder()
    const assign = stubLocationAssign()
    const { user } = renderApp(`/failed?commande=${numero}`)
    const form = await screen.findByRole('form', { name: 'Payer autrement' })
    expect(within(form).queryByRole('radio', { name: 'Wave' })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('radio', { name: 'Orange Money' }))
    await user.click(within(form).getByRole('button', { name: 'Payer avec ce mode' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paytech.example/checkout/1'))
    expect(restCalls('POST', `/api/commande/${numero}/paiement`)[0]?.body).toEqual({ modepaiement: 3 })
    expect(restCalls('POST', '/api/commande')).toHaveLength(0)
  })

  it('cash on delivery for a home delivery: the order now waits for confirmation', async () => {
    const numero = failedWaveOrder()
    const { user } = renderApp(`/failed?commande=${numero}`)
    const form = await screen.findByRole('form', { name: 'Payer autrement' })
    await user.click(within(form).getByRole('radio', { name: 'Paiement à la livraison' }))
    await user.click(within(form).getByRole('button', { name: 'Payer avec ce mode' }))
    expect(await screen.findByText('Votre commande sera réglée à la livraison.')).toBeInTheDocument()
    expect(await screen.findByTestId('order-state')).toHaveTextContent('En attente de confirmation')
  })

  it('does not offer cash for a pickup', async () => {
    const numero = failedWaveOrder('RETRAIT')
    renderApp(`/failed?commande=${numero}`)
    const form = await screen.findByRole('form', { name: 'Payer autrement' })
    expect(within(form).getByRole('radio', { name: 'Orange Money' })).toBeInTheDocument()
    expect(within(form).queryByRole('radio', { name: 'Paiement à la livraison' })).not.toBeInTheDocument()
  })
})
