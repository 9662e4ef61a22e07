// /profile/orders ("Mes achats"): the orders page by page with their state badges, their
// lines and amounts on demand, cancelling only while allowed, and paying online again.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INVOICE_LINKS, INVOICE_MESSAGES } from '@teranga/shared/invoices'
import { MESSAGES } from '@teranga/shared/messages'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { account, installAccountApi, makeCommande } from '@/testing/account-api.ts'
import { stubLocationAssign } from '@/testing/location.ts'
import { failGraphql, failRest, graphqlCalls, restCalls } from '@/testing/server.ts'

beforeEach(installAccountApi)
afterEach(() => vi.unstubAllGlobals())

const WAVE = { code: 'WAVE', designation: 'Wave' }
const OM = { code: 'OM', designation: 'Orange Money' }

async function renderOrders(path = '/profile/orders') {
  signInAs()
  const view = renderApp(path)
  const main = await screen.findByRole('main')
  await within(main).findByRole('heading', { level: 1, name: 'Mes achats' })
  return { ...view, main: within(main) }
}

const orderCard = (main: ReturnType<typeof within>, numero: string) => main.findByRole('article', { name: `Commande ${numero}` })

describe('orders route', () => {
  it('lists each order with its date, state badge, total, payment and delivery', async () => {
    const cash = makeCommande({ etat: 'en_attente', created_at_fr: '20/11/2026 à 09:15' })
    const wave = makeCommande({ etat: 'en_attente_paiement', modepaiement: WAVE })
    const livree = makeCommande({
      etat: 'livree',
      depot: { id: 2, designation: 'Dépôt Sacré-Cœur' },
      modelivraison: { id: 2, code: 'RETRAIT', designation: 'Retrait en dépôt' },
      montantliv: 0,
    })
    // Its delivery slot (issue 25 §1), as the server words it.
    cash.creneau = { date: '2026-11-30', debut: '09:00', fin: '12:00', libelle: 'Lundi 30 novembre, 09:00–12:00' }
    account.commandes = [cash, wave, livree]
    const { main } = await renderOrders()

    const first = await orderCard(main, cash.numerocommande)
    expect(within(first).getByText('20/11/2026 à 09:15')).toBeInTheDocument()
    expect(within(first).getByText('En attente de confirmation')).toHaveClass('badge', 'text-bg-secondary')
    expect(within(first).getByText('14 500 FCFA')).toBeInTheDocument()
    expect(within(first).getByText('Paiement à la livraison')).toBeInTheDocument()
    expect(within(first).getByText('Livraison à domicile : Rue 10, Mermoz')).toBeInTheDocument()
    expect(within(first).getByText('Livraison prévue')).toBeInTheDocument()
    expect(within(first).getByTestId('order-slot')).toHaveTextContent('Lundi 30 novembre, 09:00–12:00')
    expect(within(await orderCard(main, wave.numerocommande)).queryByTestId('order-slot')).not.toBeInTheDocument()

    expect(within(await orderCard(main, wave.numerocommande)).getByText('En attente de paiement')).toHaveClass('text-bg-warning')
    const pickup = await orderCard(main, livree.numerocommande)
    expect(within(pickup).getByText('Livrée')).toHaveClass('text-bg-success')
    expect(within(pickup).getByText('Retrait')).toBeInTheDocument()
    expect(within(pickup).getByText('Retrait en dépôt : Dépôt Sacré-Cœur')).toBeInTheDocument()
    expect(within(pickup).getByText('13 000 FCFA')).toBeInTheDocument()
  })

  it('shows the lines and amounts of an order on demand', async () => {
    const commande = makeCommande({
      lignes: [
        { designation: 'Riz parfumé 5 kg', prix: 6500, quantite: 2 },
        { designation: 'Huile 1 L', prix: 1250, quantite: 3 },
      ],
      montantliv: 1000,
      remise: 350,
    })
    account.commandes = [commande]
    const { user, main } = await renderOrders()
    const card = await orderCard(main, commande.numerocommande)
    expect(within(card).queryByRole('table')).not.toBeInTheDocument()

    const toggle = within(card).getByRole('button', { name: 'Voir les détails' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(within(card).getByRole('button', { name: 'Masquer les détails' })).toHaveAttribute('aria-expanded', 'true')
    const rows = within(within(card).getByRole('table')).getAllByRole('row')
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      [],
      ['Riz parfumé 5 kg', '2', '6\u00a0500\u00a0FCFA', '13\u00a0000\u00a0FCFA'],
      ['Huile 1 L', '3', '1\u00a0250\u00a0FCFA', '3\u00a0750\u00a0FCFA'],
    ])
    const amounts = [...card.querySelectorAll('dl')].at(-1)!
    expect(amounts).toHaveTextContent('Montant des articles16 750 FCFA')
    expect(amounts).toHaveTextContent('Livraison1 000 FCFA')
    expect(amounts).toHaveTextContent('Remise fidélité-350 FCFA')
    expect(amounts).toHaveTextContent('Total17 400 FCFA')

    await user.click(within(card).getByRole('button', { name: 'Masquer les détails' }))
    expect(within(card).queryByRole('table')).not.toBeInTheDocument()
  })

  it("shows a discount code's line apart from the loyalty discount", async () => {
    const commande = makeCommande({ lignes: [{ designation: 'Riz parfumé 5 kg', prix: 6500, quantite: 2 }], montantliv: 1000, remise: 2350 })
    commande.codepromo = { code: 'NOEL20', remise: 2000, remiseformat: '2 000 FCFA' }
    account.commandes = [commande]
    const { user, main } = await renderOrders()
    const card = await orderCard(main, commande.numerocommande)
    await user.click(within(card).getByRole('button', { name: 'Voir les détails' }))
    const amounts = [...card.querySelectorAll('dl')].at(-1)!
    expect(amounts).toHaveTextContent('Code promo NOEL20-2 000 FCFA')
    expect(amounts).toHaveTextContent('Remise fidélité-350 FCFA')
  })

  it("offers 'Annuler la commande' only while the customer may cancel", async () => {
    account.commandes = [
      makeCommande({ etat: 'en_attente' }),
      makeCommande({ etat: 'en_attente_paiement', modepaiement: WAVE }),
      makeCommande({ etat: 'confirmee' }),
      makeCommande({ etat: 'echec_paiement', modepaiement: OM }),
      makeCommande({ etat: 'annulee' }),
    ]
    const { main } = await renderOrders()
    const [enAttente, enAttentePaiement, confirmee, echec, annulee] = await Promise.all(account.commandes.map((c) => orderCard(main, c.numerocommande)))
    expect(within(enAttente!).getByRole('button', { name: 'Annuler la commande' })).toBeInTheDocument()
    expect(within(enAttentePaiement!).getByRole('button', { name: 'Annuler la commande' })).toBeInTheDocument()
    for (const card of [confirmee!, echec!, annulee!]) expect(within(card).queryByRole('button', { name: 'Annuler la commande' })).not.toBeInTheDocument()
  })

  it('cancels after a confirmation, then shows the new state', async () => {
    const commande = makeCommande({ etat: 'en_attente' })
    account.commandes = [commande]
    const { user, main } = await renderOrders()
    const card = await orderCard(main, commande.numerocommande)
    const listed = graphqlCalls('Commandes').length

    await user.click(within(card).getByRole('button', { name: 'Annuler la commande' }))
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette commande ?' })
    expect(within(dialog).getByText(new RegExp(commande.numerocommande))).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }))

    expect(await screen.findByText(MESSAGES.orderCancelled)).toBeInTheDocument()
    expect(restCalls('POST', `/api/commande/${commande.numerocommande}/annulation`)).toHaveLength(1)
    expect(await within(card).findByText('Annulée')).toHaveClass('text-bg-danger')
    expect(within(card).queryByRole('button', { name: 'Annuler la commande' })).not.toBeInTheDocument()
    expect(graphqlCalls('Commandes').length).toBeGreaterThan(listed)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("keeps the order when the server refuses the cancellation, with the server's reason", async () => {
    const commande = makeCommande({ etat: 'en_attente' })
    account.commandes = [commande]
    const { user, main } = await renderOrders()
    const card = await orderCard(main, commande.numerocommande)
    // Confirmed by the shop meanwhile.
    failRest('post', '/api/commande/:numero/annulation', 409, MESSAGES.orderNotCancellable)
    await user.click(within(card).getByRole('button', { name: 'Annuler la commande' }))
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette commande ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`${MESSAGES.orderCancelError} : ${MESSAGES.orderNotCancellable}`)
    expect(screen.queryByText(MESSAGES.orderCancelled)).not.toBeInTheDocument()
  })

  it('sends the customer to the payment page to pay, or to try again after a failure', async () => {
    const assign = stubLocationAssign()
    const pending = makeCommande({ etat: 'en_attente_paiement', modepaiement: WAVE })
    const failed = makeCommande({ etat: 'echec_paiement', modepaiement: OM })
    const cash = makeCommande({ etat: 'en_attente' })
    const paid = makeCommande({ etat: 'payee', modepaiement: WAVE })
    account.commandes = [pending, failed, cash, paid]
    const { user, main } = await renderOrders()

    for (const commande of [cash, paid]) {
      const card = await orderCard(main, commande.numerocommande)
      expect(within(card).queryByRole('button', { name: /^(Payer|Réessayer le paiement)$/ })).not.toBeInTheDocument()
      expect(within(card).queryByRole('link', { name: 'Payer autrement' })).not.toBeInTheDocument()
    }
    expect(within(await orderCard(main, pending.numerocommande)).getByRole('button', { name: 'Payer' })).toBeInTheDocument()
    // Another mode is chosen on the order's payment page.
    expect(within(await orderCard(main, pending.numerocommande)).getByRole('link', { name: 'Payer autrement' })).toHaveAttribute('href', `/failed?commande=${pending.numerocommande}`)

    const card = await orderCard(main, failed.numerocommande)
    await user.click(within(card).getByRole('button', { name: 'Réessayer le paiement' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(account.paymentUrl))
    expect(restCalls('POST', `/api/commande/${failed.numerocommande}/paiement`)).toHaveLength(1)
    expect(within(card).getByRole('button', { name: 'Redirection…' })).toBeDisabled()
  })

  it("tells why the payment cannot start and lets the customer try again", async () => {
    const assign = stubLocationAssign()
    const commande = makeCommande({ etat: 'en_attente_paiement', modepaiement: WAVE })
    account.commandes = [commande]
    const { user, main } = await renderOrders()
    const card = await orderCard(main, commande.numerocommande)
    // Expired meanwhile.
    failRest('post', '/api/commande/:numero/paiement', 409, MESSAGES.orderNotPayable)
    await user.click(within(card).getByRole('button', { name: 'Payer' }))
    expect(await screen.findByText(`${MESSAGES.paymentStartError} : ${MESSAGES.orderNotPayable}`)).toBeInTheDocument()
    expect(assign).not.toHaveBeenCalled()
    expect(within(card).getByRole('button', { name: 'Payer' })).toBeEnabled()
  })

  it('pages through the orders, the page in the address', async () => {
    account.commandes = Array.from({ length: 7 }, (_, i) => makeCommande({ created_at_fr: `0${i + 1}/11/2026 à 10:00` }))
    const { user, main, router } = await renderOrders()
    await orderCard(main, account.commandes[0]!.numerocommande)
    expect(main.getAllByRole('article')).toHaveLength(5)
    const pager = main.getByRole('navigation', { name: 'Pages des commandes' })
    expect(within(pager).getByRole('button', { name: 'Précédent' })).toBeDisabled()
    await user.click(within(pager).getByRole('button', { name: 'Suivant' }))

    expect(await orderCard(main, account.commandes[5]!.numerocommande)).toBeInTheDocument()
    expect(main.getAllByRole('article')).toHaveLength(2)
    expect(router.state.location.search).toBe('?page=2')
    expect(pager).toHaveTextContent('Page 2 / 2')
    expect(within(pager).getByRole('button', { name: 'Suivant' })).toBeDisabled()
    expect(graphqlCalls('Commandes').at(-1)?.variables).toEqual({ page: 2, count: 5 })
  })

  it('opens the page named in the address', async () => {
    account.commandes = Array.from({ length: 7 }, () => makeCommande())
    const { main } = await renderOrders('/profile/orders?page=2')
    expect(await orderCard(main, account.commandes[6]!.numerocommande)).toBeInTheDocument()
    expect(main.getByRole('navigation', { name: 'Pages des commandes' })).toHaveTextContent('Page 2 / 2')
  })

  it('says when there is no order yet, with a way to the shop', async () => {
    const { main } = await renderOrders()
    expect(await main.findByText("Vous n'avez pas encore de commande.")).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'Découvrir la boutique' })).toHaveAttribute('href', '/')
  })

  it('tells when the orders cannot be loaded', async () => {
    failGraphql('Commandes', 500)
    const { main } = await renderOrders()
    expect(await main.findByText(MESSAGES.ordersLoadError)).toBeInTheDocument()
  })

  it('shows on a refunded order how much was given back, when, and for which articles', async () => {
    const commande = makeCommande({
      etat: 'livree',
      modepaiement: WAVE,
      lignes: [
        { designation: 'Riz parfumé 5 kg', prix: 6500, quantite: 2 },
        { designation: 'Huile 1 L', prix: 1250, quantite: 3 },
      ],
      rembourse: 8000,
      rembourseformat: '8 000 FCFA',
      remboursements: [
        { id: 1, montant: 6500, montantformat: '6 500 FCFA', date_fr: '23/11/2026 à 11:00', lignes: [{ designation: 'Riz parfumé 5 kg', quantite: 1, total: 6500, totalformat: '6 500 FCFA' }] },
        { id: 2, montant: 1500, montantformat: '1 500 FCFA', date_fr: '24/11/2026 à 09:00', lignes: [] },
      ],
    })
    const untouched = makeCommande({ etat: 'livree' })
    account.commandes = [commande, untouched]
    const { user, main } = await renderOrders()
    const card = await orderCard(main, commande.numerocommande)
    await user.click(within(card).getByRole('button', { name: 'Voir les détails' }))
    expect(within(card).getByText('Remboursé')).toBeInTheDocument()
    expect(within(card).getByText('8 000 FCFA')).toBeInTheDocument()
    const refunds = within(card).getByRole('region', { name: 'Remboursements' })
    const items = within(refunds).getAllByRole('listitem').filter((li) => li.parentElement?.parentElement === refunds)
    expect(items.map((li) => li.textContent)).toEqual([
      '6 500 FCFA remboursés le 23/11/2026 à 11:001 × Riz parfumé 5 kg (6 500 FCFA)',
      '1 500 FCFA remboursés le 24/11/2026 à 09:00',
    ])

    const other = await orderCard(main, untouched.numerocommande)
    await user.click(within(other).getByRole('button', { name: 'Voir les détails' }))
    expect(within(other).queryByText('Remboursé')).not.toBeInTheDocument()
    expect(within(other).queryByRole('region', { name: 'Remboursements' })).not.toBeInTheDocument()
  })
})

describe('the invoice and the credit notes (ADR 061)', () => {
  it('offers « Facture (PDF) » and one « Avoir (PDF) » per refund only where they exist, and tells why a download failed', async () => {
    const delivered = makeCommande({ etat: 'livree' })
    delivered.facture = 'F-2026-000123'
    delivered.avoirs = [{ numero: 'A-2026-000045', montant: 1500, montantformat: '1 500 FCFA' }]
    const waiting = makeCommande({ etat: 'en_attente' })
    waiting.facture = null
    waiting.avoirs = []
    account.commandes = [delivered, waiting]
    const { user, main } = await renderOrders()

    expect(within(await orderCard(main, waiting.numerocommande)).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument()
    const card = await orderCard(main, delivered.numerocommande)
    const invoice = within(card).getByRole('button', { name: `${INVOICE_LINKS.facture} F-2026-000123` })
    expect(within(card).getByRole('button', { name: `${INVOICE_LINKS.avoir} A-2026-000045 (1 500 FCFA)` })).toBeInTheDocument()

    failRest('get', '/api/commande/:numero/facture.pdf', 409, INVOICE_MESSAGES.unavailable)
    await user.click(invoice)
    expect(await screen.findByText(`${INVOICE_MESSAGES.downloadError} : ${INVOICE_MESSAGES.unavailable}`)).toBeInTheDocument()
    expect(restCalls('GET', `/api/commande/${delivered.numerocommande}/facture.pdf`)).toHaveLength(1)
    expect(restCalls('GET', `/api/commande/${delivered.numerocommande}/facture.pdf`)[0]!.authorization).toMatch(/^Bearer /)
    expect(invoice).toBeEnabled()
  })
})
