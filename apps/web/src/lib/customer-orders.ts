// The customer's orders over REST, shared by the checkout and the profile: placing one
// (POST /api/commande with its Idempotency-Key), reading its real state, cancelling it while it
// waits, and starting or retrying its online payment (which answers the provider's page).
import type { OrderInput } from '@teranga/shared/schemas'
import { rest } from './api-client.ts'

export interface DetailCommande {
  id: number
  quantite: number
  /** Unit price in FCFA when the order was placed. */
  prix: number
  produit: { id: number; designation: string; image: string | null; imagesrcset: string | null }
}

/** An order as the server shows it (spec §3 Commande); the list asks only some fields. */
export interface Commande {
  id: number
  numerocommande: string
  etat: string
  etat_text: string
  etat_badge: string
  datecomm?: string
  created_at_fr: string
  dateliv?: string | null
  montantcommande: number
  montantliv: number
  remise: number
  montanttotal: number
  montanttotalformat: string
  code?: string | null
  tel?: string
  adresseliv: string | null
  modepaiement: { id: number; designation: string; code: string; image?: string | null; imagesrcset?: string | null; desc?: string | null }
  modelivraison: { id: number; code: string; designation: string }
  /** Where a pickup is collected, and when (`horairestexte`, in French). */
  depot: { id: number; designation: string; adresse?: string | null; horairestexte?: string | null } | null
  detailcommandes: DetailCommande[]
  /** The discount code the order used and its discount (also counted in `remise`). */
  codepromo?: { code: string; remise: number; remiseformat: string } | null
  /** What was given back so far (FCFA), and each refund with its lines; only the profile's list asks for them. */
  rembourse?: number
  rembourseformat?: string
  remboursements?: Remboursement[]
}

/** A refund the shop made on an order: its amount, when, and the lines it covered (none for an amount). */
export interface Remboursement {
  id: number
  montant: number
  montantformat: string
  date_fr: string
  lignes: { designation: string; quantite: number; total: number; totalformat: string }[]
}

const path = (numero: string) => `/commande/${encodeURIComponent(numero)}`

export function placeOrder(input: OrderInput, idempotencyKey: string): Promise<Commande> {
  return rest<{ commande: Commande }>('POST', '/commande', input, { 'Idempotency-Key': idempotencyKey }).then((r) => r.commande)
}

export function startPayment(numero: string): Promise<{ url: string; commande: Commande }> {
  return rest('POST', `${path(numero)}/paiement`)
}

/**
 * Pays the unpaid online order with another mode (issue 19 §4): an online mode answers its
 * provider's page; cash (home delivery only) answers no page (`url` null), the order now waits
 * for confirmation.
 */
export function payAnotherWay(numero: string, modepaiement: number): Promise<{ url: string | null; commande: Commande }> {
  return rest('POST', `${path(numero)}/paiement`, { modepaiement })
}

export function getOrder(numero: string): Promise<Commande> {
  return rest<{ commande: Commande }>('GET', path(numero)).then((r) => r.commande)
}

export function cancelOrder(numero: string): Promise<Commande> {
  return rest<{ commande: Commande }>('POST', `${path(numero)}/annulation`).then((r) => r.commande)
}

export const orderQueryKey = (numero: string) => ['commande', numero] as const
