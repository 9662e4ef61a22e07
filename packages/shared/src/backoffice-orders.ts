// The back office's orders (issue 10, docs/back-office-api.md « Dashboard », « Orders »): the
// French messages and the schemas the server checks and the admin app reuses.
import { z } from 'zod'
import { MESSAGES } from './messages.ts'
import { optionalField } from './schemas.ts'
import { ORDER_STATUS_VALUES, ORDER_STATUSES, PROVIDER_ONLY_STATUSES, type OrderStatus } from './order-status.ts'

export const ORDERS_MESSAGES = {
  motifRequired: 'Indiquez le motif (1 à 500 caractères).',
  refundIsAnAction: 'Le remboursement se fait avec l’action « Rembourser », qui rend l’argent au client.',
  notRefundable: 'Cette commande ne peut pas être remboursée : seule une commande payée puis annulée, ou livrée, peut l’être.',
  alreadyRefunded: 'Cette commande a déjà été remboursée.',
  refundProviderFailed: 'Le prestataire de paiement n’a pas accepté le remboursement. La commande n’a pas changé ; réessayez plus tard.',
  tooManyStreams: 'Trop de flux d’événements ouverts pour ce compte : fermez un onglet du back-office.',
  numerosInvalid: 'Indiquez de 1 à 50 numéros de commande séparés par des virgules.',
  dateInvalid: 'Date invalide (AAAA-MM-JJ).',
  etatInvalid: 'État de commande inconnu dans le filtre.',
  providerOnly: `Seul le prestataire de paiement fait passer une commande à ${PROVIDER_ONLY_STATUSES.map((etat) => `« ${ORDER_STATUSES[etat].text} »`).join(' ou ')} : le back-office ne le peut pas.`,
} as const

/** Most order numbers a delivery-slip request names. */
export const SLIPS_MAX = 50
/** Most rows of the CSV export. */
export const ORDERS_EXPORT_MAX = 10_000
/** Open event streams per staff member. */
export const EVENT_STREAMS_PER_STAFF = 5

export const motifSchema = z
  .string({ error: ORDERS_MESSAGES.motifRequired })
  .trim()
  .min(1, { error: ORDERS_MESSAGES.motifRequired })
  .max(500, { error: ORDERS_MESSAGES.motifRequired })

/** Body of POST /api/commande/{numero}/remboursement. */
export const refundSchema = z.object({ motif: motifSchema })

/**
 * Body of POST /api/commande/{numero}/etat: the state to move to, and why (required to cancel).
 * Here rather than in schemas.ts, which the storefront's first page loads.
 */
export const orderStatusChangeSchema = z
  .object({
    etat: z.enum(ORDER_STATUS_VALUES as [OrderStatus, ...OrderStatus[]], { error: MESSAGES.orderStatusUnknown }),
    /** Why: required to cancel (annulee), 1–500 characters. */
    motif: optionalField(motifSchema),
  })
  .superRefine((body, ctx) => {
    if (body.etat === 'annulee' && !body.motif) ctx.addIssue({ code: 'custom', path: ['motif'], message: ORDERS_MESSAGES.motifRequired })
  })
