// The audit log reads as sentences and tables in French: actions and records by their names,
// fields by their labels, values as the back-office writes them (amounts, states, yes or no,
// dates), never the stored keys or raw JSON.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { server } from '../../testing/server.ts'
import { actionLabel, auditChanges } from './audit-labels.ts'

const entry = (id: number, fields: Record<string, unknown>) => ({
  id,
  date: '2026-11-24T09:30:00.000Z',
  date_fr: '24 novembre 2026 à 09:30',
  resource_id: String(id),
  staff: { id: 1, email: 'admin@teranga.sn' },
  avant: null,
  apres: null,
  ...fields,
})

const LOG = [
  entry(12, {
    action: 'produit.modifier',
    resource: 'produit',
    avant: { id: 12, designation: 'Riz parfumé 5 kg', prix: 1500, actif: true, souscategorieId: 4, recherche: 'riz parfume 5 kg', updatedAt: '2026-11-20T10:00:00.000Z' },
    apres: { designation: 'Riz parfumé 5 kg', prix: 1750, actif: false, souscategorieId: 4 },
  }),
  entry(31, { action: 'commande.etat', resource: 'commande', resource_id: 'T-000031', avant: { etat: 'en_preparation' }, apres: { etat: 'annulee', motif: 'Client injoignable' } }),
  entry(5, { action: 'categorie.creer', resource: 'categorie', apres: { id: 5, designation: 'Boissons', position: 2, createdAt: '2026-11-24T09:30:00.000Z' } }),
  entry(7, { action: 'zone.supprimer', resource: 'zone', avant: { id: 7, designation: 'Ngor', frais: 1500 } }),
  entry(40, { action: 'commande.remboursement', resource: 'commande', staff: null, avant: { etat: 'livree' }, apres: { etat: 'remboursee', montant: 12500, provider: 'wave' } }),
]

const entryTitled = async (title: RegExp) => (await screen.findByText(title)).closest('details') as HTMLElement

describe('audit log', () => {
  it('names the action and the record in French, then what changed field by field', async () => {
    server.use(http.get('*/api/audit', () => HttpResponse.json({ metadata: { total: LOG.length, per_page: 50, current_page: 1, last_page: 1 }, data: LOG })))
    renderAdmin('/journal')
    const product = await entryTitled(/^24 novembre 2026 à 09:30 · Modification — Produit n° 12 · admin@teranga\.sn$/)
    // Only what was written and differs; the database's own columns stay out.
    expect(within(product).getAllByRole('row').map((row) => row.textContent)).toEqual(['ChampAvantAprès', 'Prix1\u00a0500\u00a0FCFA1\u00a0750\u00a0FCFA', 'En venteOuiNon'])
    expect(product).not.toHaveTextContent(/recherche|souscategorieId|prix|\{/)

    const cancel = await entryTitled(/Changement d'état — Commande n° T-000031/)
    expect(within(cancel).getAllByRole('row').map((row) => row.textContent)).toEqual(['ChampAvantAprès', 'ÉtatEn préparationAnnulée', 'Motif—Client injoignable'])

    const created = await entryTitled(/Création — Catégorie n° 5/)
    const fields = Array.from(created.querySelectorAll('dt'), (dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(fields).toEqual([
      ['Identifiant', '5'],
      ['Désignation', 'Boissons'],
      ['Position', '2'],
      ['Créé le', '24 novembre 2026 à 09:30'],
    ])
    expect(within(created).getByText('Après')).toBeInTheDocument()

    const deleted = await entryTitled(/Suppression — Zone de livraison n° 7/)
    expect(within(deleted).getByText('Avant')).toBeInTheDocument()
    expect(within(deleted).getByText('Frais de livraison').nextElementSibling).toHaveTextContent('1 500 FCFA')

    const refund = await entryTitled(/Remboursement — Commande n° 40 · Automatique$/)
    expect(within(refund).getAllByRole('row').map((row) => row.textContent)).toEqual(['ChampAvantAprès', 'ÉtatLivréeRemboursée', 'Montant—12\u00a0500\u00a0FCFA', 'Prestataire—Wave'])
    expect(await seriousViolations()).toEqual([])
  })

  it('offers the records to filter by their French names', async () => {
    renderAdmin('/journal')
    const select = await screen.findByLabelText('Ressource')
    const options = within(select).getAllByRole('option').map((option) => option.textContent)
    expect(options).toContain('Palier de fidélité')
    expect(options).toContain('Coordonnées de la boutique')
    expect(options).not.toContain('privilege')
  })

  it('keeps the name of a record or action it does not know, and says when an entry changed nothing', async () => {
    server.use(
      http.get('*/api/audit', () =>
        HttpResponse.json({
          metadata: { total: 1, per_page: 50, current_page: 1, last_page: 1 },
          data: [entry(3, { action: 'coupon.publier', resource: 'coupon', avant: { actif: true }, apres: { actif: true } })],
        }),
      ),
    )
    renderAdmin('/journal')
    const line = await entryTitled(/publier — coupon n° 3/)
    expect(within(line).getByText('Aucun changement enregistré.')).toBeInTheDocument()
  })

  it('says when the log cannot be read', async () => {
    server.use(http.get('*/api/audit', () => HttpResponse.json({ message: 'Réservé aux administrateurs.' }, { status: 403 })))
    renderAdmin('/journal')
    expect(await screen.findByText("Une erreur s'est produite lors du chargement du journal.")).toBeInTheDocument()
  })
})

describe('audit log: catalogue upkeep', () => {
  it('names a new order of the categories in French', async () => {
    const reorder = entry(0, { action: 'categorie.ordonner', resource: 'categorie', resource_id: null, avant: { ordre: [1, 2, 3] }, apres: { ordre: [2, 1, 3] } })
    server.use(http.get('*/api/audit', () => HttpResponse.json({ metadata: { total: 1, per_page: 50, current_page: 1, last_page: 1 }, data: [reorder] })))
    renderAdmin('/journal')
    const line = await entryTitled(/^24 novembre 2026 à 09:30 · Nouvel ordre — Catégorie · admin@teranga\.sn$/)
    expect(within(line).getByText('Ordre (identifiants)')).toBeInTheDocument()
  })
})

describe('audit log: the delivery day, alerts and billing settings in French', () => {
  it('names the « Alertes » and « Facturation » records and their fields, with their accents', () => {
    expect(actionLabel('alertes.modifier', 'alertes', '1')).toBe('Modification — Alertes n° 1')
    expect(actionLabel('facturation.modifier', 'facturation', '1')).toBe('Modification — Facturation n° 1')
    const alertes = auditChanges(
      { canal: 'sms', resume_heure: null, stock: true, impayees: false, impayees_minutes: 10, paiement_echoue: false },
      { canal: 'whatsapp', resume_heure: '08:00', stock: false, impayees: true, impayees_minutes: 15, paiement_echoue: true },
    )
    expect(alertes.map((c) => c.label)).toEqual(['Envoyées par', 'Résumé du jour', 'Stock bas', 'Commandes non payées', 'Commandes non payées : minutes avant expiration', 'Paiements échoués'])
    const billing = auditChanges({ ninea: null, rccm: null, tva_taux: null, pied: null }, { ninea: '0123456 2G3', rccm: 'SN-DKR-2020-B-123', tva_taux: 18, pied: 'Merci' })
    expect(billing.map((c) => c.label)).toEqual(['NINEA', 'RCCM', 'Taux de TVA', 'Pied de facture'])
    const depot = auditChanges({ retrait_creneaux: false, retrait_capacite: null }, { retrait_creneaux: true, retrait_capacite: 40 })
    expect(depot.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Retrait sur créneaux', 'Non', 'Oui'],
      ['Commandes à retirer par jour', '—', '40'],
    ])
  })
})
