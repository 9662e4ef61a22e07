// The audit log in words: its actions, records and fields as French labels, and the values
// written the way the rest of the back-office writes them, instead of codes and raw JSON.
import { formatPrix } from '@teranga/shared/money'
import { isOrderStatus, ORDER_STATUSES } from '@teranga/shared/order-status'
import { paymentProviderName } from '@teranga/shared/payment-labels'
import { SHOP_TIME_ZONE } from '../../lib/format.ts'

/** The records the back-office writes, as `resource` names them. */
export const AUDIT_RESOURCES: Readonly<Record<string, string>> = {
  produit: 'Produit',
  categorie: 'Catégorie',
  souscategorie: 'Sous-catégorie',
  media: 'Image',
  commande: 'Commande',
  client: 'Client',
  zone: 'Zone de livraison',
  depot: 'Dépôt',
  modepaiement: 'Mode de paiement',
  caroussel: 'Diapositive',
  preference: 'Coordonnées de la boutique',
  facturation: 'Facturation',
  alertes: 'Alertes',
  privilege: 'Palier de fidélité',
  livreur: 'Livreur',
  staff: 'Équipe',
  invitation: 'Invitation',
}

/** What was done: the part of `action` after the record's name (`produit.modifier`). */
const VERBS: Readonly<Record<string, string>> = {
  creer: 'Création',
  modifier: 'Modification',
  supprimer: 'Suppression',
  ajouter: 'Ajout',
  archiver: 'Archivage',
  desarchiver: 'Remise en vente',
  importer: 'Import CSV',
  stock: 'Mouvement de stock',
  etat: "Changement d'état",
  remboursement: 'Remboursement',
  points: 'Ajustement de points',
  livreur: 'Livreur assigné',
  note: 'Note interne',
  acceptee: 'Invitation acceptée',
  role: 'Rôle changé',
  retirer: "Retrait de l'équipe",
  ordonner: 'Nouvel ordre',
}

const FIELDS: Readonly<Record<string, string>> = {
  id: 'Identifiant',
  designation: 'Désignation',
  description: 'Description',
  code: 'Code',
  prix: 'Prix',
  quantite: 'Quantité',
  unite: 'Unité',
  image: 'Image',
  souscategorieId: 'Sous-catégorie',
  souscategorie_id: 'Sous-catégorie',
  categorieId: 'Catégorie',
  categorie_id: 'Catégorie',
  actif: 'En vente',
  seuil: "Seuil d'alerte",
  vues: 'Vues',
  createdAt: 'Créé le',
  updatedAt: 'Modifié le',
  position: 'Position',
  ordre: 'Ordre (identifiants)',
  frais: 'Frais de livraison',
  adresse: 'Adresse',
  latitude: 'Latitude',
  longitude: 'Longitude',
  horaires: 'Horaires',
  titre: 'Titre',
  logo: 'Logo',
  logo2: 'Logo 2',
  email: 'E-mail',
  lieu: 'Adresse de la boutique',
  promotion: 'Promotion 1',
  promotion2: 'Promotion 2',
  siteweb: 'Site web',
  telephone: 'Téléphone',
  telephone2: 'Téléphone 2',
  telephonesAlertes: 'Numéros prévenus des nouvelles commandes',
  indicatifsMessages: 'Autres pays recevant les messages des commandes',
  couleur: 'Couleur',
  point: 'Seuil de points',
  recompenses: 'Récompenses',
  type: 'Type',
  valeur: 'Valeur',
  points: 'Points',
  ajustement: 'Ajustement',
  motif: 'Motif',
  etat: 'État',
  delta: 'Variation',
  montant: 'Montant',
  provider: 'Prestataire',
  providerRef: 'Référence du paiement',
  taille: 'Taille',
  role: 'Rôle',
  livreur: 'Livreur',
  note: 'Note',
  nom: 'Nom',
  prenom: 'Prénom',
  name: 'Nom',
  // A depot's pickup windows (ADR 058).
  retrait_creneaux: 'Retrait sur créneaux',
  retrait_capacite: 'Commandes à retirer par jour',
  // The « Alertes » settings (ADR 062).
  canal: 'Envoyées par',
  resume_heure: 'Résumé du jour',
  stock: 'Stock bas',
  impayees: 'Commandes non payées',
  impayees_minutes: 'Commandes non payées : minutes avant expiration',
  paiement_echoue: 'Paiements échoués',
  // The « Facturation » settings (ADR 061).
  ninea: 'NINEA',
  rccm: 'RCCM',
  tva_taux: 'Taux de TVA',
  pied: 'Pied de facture',
}

/** Amounts in FCFA, written as every price is. */
const MONEY_FIELDS = new Set(['prix', 'frais', 'montant', 'montantcommande', 'montantliv', 'remise', 'total'])
/** Columns the database fills for itself, which no one changed by hand. */
const HIDDEN_FIELDS = new Set(['recherche'])
const ROLES: Readonly<Record<string, string>> = { admin: 'Administrateur', gestionnaire: 'Gestionnaire' }

const moment = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: SHOP_TIME_ZONE })
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** « produit » → « Produit »; a record this list does not know yet keeps its name. */
export const resourceLabel = (resource: string) => AUDIT_RESOURCES[resource] ?? resource

/** `produit.modifier`, `12` → « Modification — Produit n° 12 ». */
export function actionLabel(action: string, resource: string, resourceId: string | null): string {
  const verb = action.slice(action.indexOf('.') + 1)
  const what = `${resourceLabel(resource)}${resourceId ? ` n° ${resourceId}` : ''}`
  return `${VERBS[verb] ?? verb} — ${what}`
}

/** `souscategorie_id` → « Sous-catégorie »; an unknown field in words (`provider_ref` → « Provider ref »). */
export function fieldLabel(field: string): string {
  const known = FIELDS[field]
  if (known) return known
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A recorded value as the back-office writes it elsewhere: amounts, states, yes or no, dates. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non'
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return formatPrix(value)
    if (field === 'delta' || field === 'ajustement') return value > 0 ? `+${value}` : String(value)
    if (field === 'taille') return `${Math.max(1, Math.round(value / 1024))} Ko`
    return String(value)
  }
  if (typeof value === 'string') {
    if (field === 'etat' && isOrderStatus(value)) return ORDER_STATUSES[value].text
    if (field === 'provider') return paymentProviderName(value)
    if (field === 'role') return ROLES[value] ?? value
    if (ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value))) return moment.format(new Date(value))
    return value
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueText(field, item)).join(' ; ')
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldLabel(key)} : ${valueText(key, inner)}`)
      .join(', ')
  return String(value)
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

export interface AuditChange {
  field: string
  label: string
  before: string
  after: string
}

/**
 * What an entry changed, field by field: what was written and its value before; for a
 * creation or a deletion, the whole record on its one side.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = asRecord(before)
  const is = asRecord(after)
  const fields = Object.keys(is ?? was ?? {}).filter((field) => !HIDDEN_FIELDS.has(field))
  return fields
    .filter((field) => !was || !is || JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .map((field) => ({ field, label: fieldLabel(field), before: was ? valueText(field, was[field]) : '—', after: is ? valueText(field, is[field]) : '—' }))
}
