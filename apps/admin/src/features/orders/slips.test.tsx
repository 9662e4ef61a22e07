// The delivery slips: the shop's name, logo and phone, unit prices, amounts that add up to the
// total (with the discount), whether the courier collects money, and the chosen print format.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { formatPrix } from '@teranga/shared/money'
import { orderDetail, server } from '../../testing/server.ts'

/** A cash order: 2 × 500 of goods, 1 000 of delivery, 20 off for the customer's tier. */
const cashOrder = orderDetail({
  numero: 'T-000321',
  etat: 'en_livraison',
  etat_text: 'En cours de livraison',
  total: 1980,
  total_fr: '1 980 FCFA',
  modepaiement: { code: 'CASH', designation: 'Paiement à la livraison' },
  lignes: [{ produit: { id: 8, designation: 'Bissap séché 250 g', code: 'BIS250', image: null }, variante: null, quantite: 2, prix: 500, prix_fr: formatPrix(500), total: 1000, total_fr: formatPrix(1000), paye: 1000, paye_fr: formatPrix(1000) }],
  montantcommande: 1000,
  montantcommande_fr: '1 000 FCFA',
  montantliv: 1000,
  montantliv_fr: '1 000 FCFA',
  remise: 20,
  remise_fr: '20 FCFA',
  paiement: null,
})

const slipOf = async (numero: string) => (await screen.findByText(numero)).closest('article')!

/** The slip's amounts as label → value, in order. */
const amountsOf = (slip: HTMLElement) =>
  Array.from(slip.querySelectorAll('dl dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])

describe('delivery slips', () => {
  it("heads each slip with the shop's name, logo and phone, and prices every line", async () => {
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [cashOrder] })))
    renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    expect(within(slip).getByRole('heading', { name: 'Teranga — bon de livraison' })).toBeInTheDocument()
    expect(await within(slip).findByRole('img', { name: 'Logo Teranga' })).toHaveAttribute('src', '/media/brand/logo-320.webp')
    expect(within(slip).getByText('Tél. : +221 33 800 00 00')).toBeInTheDocument()
    expect(within(slip).queryByText(/Livraison prévue/)).not.toBeInTheDocument()
    expect(within(slip).getByRole('columnheader', { name: 'Prix unitaire' })).toBeInTheDocument()
    const cells = within(slip).getAllByRole('row')[1]!.querySelectorAll('td')
    expect(Array.from(cells).map((cell) => cell.textContent)).toEqual(['Bissap séché 250 g', '2', '500\u00a0FCFA', '1\u00a0000\u00a0FCFA'])
    expect(await seriousViolations()).toEqual([])
  })

  it('prints the delivery slot the order holds (issue 25 §1)', async () => {
    const slotted = { ...cashOrder, creneau: { date: '2026-11-30', debut: '15:00', fin: '18:00', libelle: 'Lundi 30 novembre, 15:00–18:00' } }
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [slotted] })))
    renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    expect(within(slip).getByText('Livraison prévue : Lundi 30 novembre, 15:00–18:00')).toBeInTheDocument()
  })

  it("shows the slot on the order's page too", async () => {
    server.use(http.get('*/api/admin/commande/:numero', () => HttpResponse.json({ ...cashOrder, creneau: { date: '2026-11-30', debut: '15:00', fin: '18:00', libelle: 'Lundi 30 novembre, 15:00–18:00' } })))
    renderAdmin('/commandes/T-000321')
    expect(await screen.findByText('Livraison prévue : Lundi 30 novembre, 15:00–18:00')).toBeInTheDocument()
  })

  it('prints the landmark for the courier under the address, and shows it on the order page (issue 25 §3)', async () => {
    server.use(
      http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [cashOrder, { ...cashOrder, numero: 'T-000322', repere: null }] })),
      http.get('*/api/admin/commande/:numero', () => HttpResponse.json(cashOrder)),
    )
    const { unmount } = renderAdmin('/bons?numeros=T-000321,T-000322')
    expect(within(await slipOf('T-000321')).getByText('Repère : Face à la boulangerie')).toBeInTheDocument()
    expect((await slipOf('T-000322')).textContent).not.toContain('Repère')
    unmount()
    renderAdmin('/commandes/T-000321')
    expect(await screen.findByText('Repère : Face à la boulangerie')).toBeInTheDocument()
  })

  it('prints a variant line with its variant’s designation and code, both on the slip and on the order page (ADR 053)', async () => {
    const oil = { id: 9, designation: 'Huile d’arachide', code: 'HUI', image: null }
    const variantOrder = {
      ...cashOrder,
      lignes: [
        { produit: oil, variante: { id: 21, designation: 'Huile d’arachide 1 L', code: 'HUI-1L' }, quantite: 2, prix: 1500, prix_fr: formatPrix(1500), total: 3000, total_fr: formatPrix(3000), paye: 3000, paye_fr: formatPrix(3000) },
        { produit: oil, variante: { id: 22, designation: 'Huile d’arachide 5 L', code: 'HUI-5L' }, quantite: 1, prix: 7000, prix_fr: formatPrix(7000), total: 7000, total_fr: formatPrix(7000), paye: 7000, paye_fr: formatPrix(7000) },
        cashOrder.lignes[0]!,
      ],
    }
    server.use(
      http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [variantOrder] })),
      http.get('*/api/admin/commande/:numero', () => HttpResponse.json(variantOrder)),
    )
    const { unmount } = renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    const names = (root: HTMLElement) => within(root).getAllByRole('row').slice(1).map((row) => row.querySelector('td')!.textContent)
    // A line older than variants keeps the product's name (its code is not printed, as before).
    expect(names(slip)).toEqual(['Huile d’arachide 1 L HUI-1L', 'Huile d’arachide 5 L HUI-5L', 'Bissap séché 250 g'])
    unmount()
    renderAdmin('/commandes/T-000321')
    const lines = await screen.findByRole('region', { name: 'Articles de la commande' })
    expect(names(lines)).toEqual(['Huile d’arachide 1 L HUI-1L', 'Huile d’arachide 5 L HUI-5L', 'Bissap séché 250 g BIS250'])
  })

  it('adds up: sub-total, delivery, discount and total; a cash order says how much to collect', async () => {
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [cashOrder] })))
    renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    expect(amountsOf(slip)).toEqual([
      ['Sous-total', '1\u00a0000\u00a0FCFA'],
      ['Livraison', '1\u00a0000\u00a0FCFA'],
      ['Remise', '− 20\u00a0FCFA'],
      ['Total', '1\u00a0980\u00a0FCFA'],
    ])
    expect(within(slip).getByText('À encaisser : 1 980 FCFA')).toBeInTheDocument()
    expect(within(slip).queryByText(/Payée/)).not.toBeInTheDocument()
  })

  it('a cash order paid online after all (a late approval, issue 23 §2) says « Payée — rien à encaisser »', async () => {
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [{ ...cashOrder, paiement: { provider: 'wave', statut: 'payee', montant: 1980 } }] })))
    renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    expect(within(slip).getByText('Payée — rien à encaisser')).toBeInTheDocument()
    expect(within(slip).queryByText(/À encaisser/)).not.toBeInTheDocument()
  })

  it("names the order's courier, for a round's slips printed from the orders list filtered by courier", async () => {
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [{ ...cashOrder, livreur: { id: 3, nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: true } }] })))
    renderAdmin('/bons?numeros=T-000321')
    expect(within(await slipOf('T-000321')).getByText('Livreur : Moussa Ndiaye · 77 555 12 34')).toBeInTheDocument()
  })

  it('says « Payée » for an order its provider was paid for, and shows no discount line without one', async () => {
    renderAdmin('/bons?numeros=T-000123')
    const slip = await slipOf('T-000123')
    expect(within(slip).getByText('Payée — rien à encaisser')).toBeInTheDocument()
    expect(within(slip).queryByText(/À encaisser/)).not.toBeInTheDocument()
    expect(amountsOf(slip)).toEqual([
      ['Sous-total', '10\u00a0000\u00a0FCFA'],
      ['Livraison', '2\u00a0500\u00a0FCFA'],
      ['Total', '12\u00a0500\u00a0FCFA'],
    ])
  })

  it('an order paid online whose shopper accepted a dearer substitute says the supplement to collect (ADR 058)', async () => {
    const paidOnline = { ...cashOrder, modepaiement: { code: 'WAVE', designation: 'Wave' }, paiement: { provider: 'wave', statut: 'payee', montant: 1980 }, supplement: 800, supplement_accepte: true, a_encaisser: 800 }
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [paidOnline] })))
    renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    expect(within(slip).getByText(/^Payée — Supplément de 800\s+FCFA à payer à la livraison$/)).toBeInTheDocument()
    expect(within(slip).queryByText(/rien à encaisser/)).not.toBeInTheDocument()
  })

  it('a cash order already delivered has nothing left to collect', async () => {
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [{ ...cashOrder, etat: 'livree', etat_text: 'Livrée' }] })))
    renderAdmin('/bons?numeros=T-000321')
    const slip = await slipOf('T-000321')
    expect(within(slip).getByText('Payée — rien à encaisser')).toBeInTheDocument()
    expect(within(slip).queryByText(/À encaisser/)).not.toBeInTheDocument()
  })

  it('the supplement line only while it is due: not on a delivered cash order, not once collected on delivery; « au retrait » for a pickup', async () => {
    const withSupplement = { supplement: 800, supplement_accepte: true }
    const paidOnline = { modepaiement: { code: 'WAVE', designation: 'Wave' }, paiement: { provider: 'wave', statut: 'payee', montant: 1980 } }
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      // A cash order delivered, whose shopper had accepted a dearer substitute: its total was collected, supplement included.
      ['T-000401', { ...cashOrder, ...withSupplement, numero: 'T-000401', etat: 'livree', etat_text: 'Livrée', a_encaisser: 12_500 }, /^Payée — rien à encaisser$/],
      // Paid online, the supplement collected by the courier at delivery.
      ['T-000402', { ...cashOrder, ...paidOnline, ...withSupplement, numero: 'T-000402', etat: 'livree', etat_text: 'Livrée', a_encaisser: 800 }, /^Payée — rien à encaisser$/],
      // Paid online, a pickup at the depot not yet collected: paid at the counter.
      ['T-000403', { ...cashOrder, ...paidOnline, ...withSupplement, numero: 'T-000403', etat: 'prete_retrait', etat_text: 'Prête au retrait', depot: { id: 1, designation: 'Dépôt Plateau' }, a_encaisser: 800 }, /^Payée — Supplément de 800\s+FCFA à payer au retrait$/],
    ]
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: cases.map(([, order]) => order) })))
    renderAdmin(`/bons?numeros=${cases.map(([numero]) => numero).join(',')}`)
    for (const [numero, , due] of cases) {
      const slip = await slipOf(numero)
      expect(within(slip).getByText(due)).toBeInTheDocument()
    }
    expect(within(await slipOf('T-000401')).queryByText(/Supplément/)).not.toBeInTheDocument()
    expect(within(await slipOf('T-000402')).queryByText(/Supplément/)).not.toBeInTheDocument()
  })

  it("still prints when the shop's details are not saved yet or cannot be read", async () => {
    server.use(http.get('*/api/preferences', () => HttpResponse.json(null)))
    const { unmount } = renderAdmin('/bons?numeros=T-000123')
    let slip = await slipOf('T-000123')
    expect(within(slip).getByRole('heading', { name: 'Teranga — bon de livraison' })).toBeInTheDocument()
    expect(within(slip).queryByRole('img')).not.toBeInTheDocument()
    expect(within(slip).queryByText(/Tél\./)).not.toBeInTheDocument()
    unmount()
    server.use(http.get('*/api/preferences', () => HttpResponse.json({ message: 'Une erreur est survenue.' }, { status: 500 })))
    renderAdmin('/bons?numeros=T-000123')
    slip = await slipOf('T-000123')
    expect(within(slip).getByText('12 500 FCFA', { selector: 'dd' })).toBeInTheDocument()
  })

  it('says so when the slips cannot be loaded, or when no order was chosen', async () => {
    server.use(http.get('*/api/admin/commande/bons', () => HttpResponse.json({ message: 'Indiquez de 1 à 50 numéros de commande séparés par des virgules.' }, { status: 400 })))
    const { unmount } = renderAdmin('/bons?numeros=T-000123')
    expect(await screen.findByText("Une erreur s'est produite lors du chargement des bons.")).toBeInTheDocument()
    unmount()
    renderAdmin('/bons')
    expect(await screen.findByText('Aucune commande choisie.')).toBeInTheDocument()
  })

  it('prints A4 by default and an 80 mm ticket when chosen, each on its own named page', async () => {
    renderAdmin('/bons?numeros=T-000123')
    const slip = await slipOf('T-000123')
    const slips = slip.parentElement!
    expect(slips).toHaveClass('slips-a4')
    expect(screen.getByRole('button', { name: 'A4' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Ticket 80 mm' }))
    expect(slips).toHaveClass('slips-ticket')
    expect(slips).not.toHaveClass('slips-a4')
    // The page size lives in the print styles (admin.scss, `page: slip-ticket`), not in a style
    // element of the page: Chromium proves it prints 80 mm wide (e2e, back-office).
    expect(document.querySelector('style[data-print-page]')).toBeNull()
  })
})
