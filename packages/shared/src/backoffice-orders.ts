// The back office's orders (issue 10, docs/back-office-api.md « Dashboard », « Orders »): the
// French messages and the schemas the server checks and the admin app reuses.
import { z } from 'zod'
import { MESSAGES } from './messages.ts'
import { formatPrix } from './money.ts'
import { bodyIdSchema, optionalField } from './schemas.ts'
import { ORDER_STATUS_VALUES, ORDER_STATUSES, PROVIDER_ONLY_STATUSES, type OrderStatus } from './order-status.ts'

export const ORDERS_MESSAGES = {
  motifRequired: 'Indiquez le motif (1 à 500 caractères).',
  refundIsAnAction: 'Le remboursement se fait avec l’action « Rembourser », qui rend l’argent au client.',
  notRefundable: 'Cette commande ne peut pas être remboursée : seule une commande payée puis annulée, ou livrée, peut l’être.',
  alreadyRefunded: 'Cette commande a déjà été remboursée.',
  refundProviderFailed: 'Le prestataire de paiement n’a pas accepté le remboursement. La commande n’a pas changé ; réessayez plus tard.',
  refundLinesOrAmount: 'Indiquez des lignes ou un montant, pas les deux.',
  refundLinesInvalid: 'Indiquez de 1 à 100 lignes, chacune avec un produit, une quantité et le choix de la remettre en stock, un produit une seule fois.',
  refundQuantityInvalid: 'La quantité à rembourser est un nombre entier d’au moins 1.',
  refundRestockInvalid: 'Indiquez si la marchandise revient en stock (oui ou non).',
  refundAmountInvalid: 'Le montant à rembourser est un nombre entier de FCFA d’au moins 1.',
  refundLineUnknown: 'Ce produit ne fait pas partie de la commande.',
  refundLineTooMany: (reste: number) => (reste === 0 ? 'Cette ligne a déjà été remboursée en entier.' : `Au plus ${reste} à rembourser pour cette ligne.`),
  refundTooMuch: (reste: number) => `Le remboursement dépasse ce qui reste à rembourser (${formatPrix(reste)}).`,
  refundRestockCancelled: 'La marchandise d’une commande annulée est déjà revenue en stock à l’annulation.',
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

/** Most lines one refund names. */
export const REFUND_LINES_MAX = 100

/** One line of a refund: a product of the order, how many of it, and whether they go back to stock. */
export const refundLineSchema = z.object({
  produit: bodyIdSchema,
  quantite: z.number({ error: ORDERS_MESSAGES.refundQuantityInvalid }).int({ error: ORDERS_MESSAGES.refundQuantityInvalid }).min(1, { error: ORDERS_MESSAGES.refundQuantityInvalid }).max(100_000, { error: ORDERS_MESSAGES.refundQuantityInvalid }),
  restock: z.boolean({ error: ORDERS_MESSAGES.refundRestockInvalid }),
})

/**
 * Body of POST /api/commande/{numero}/remboursement (ADR 025): why, and either lines, or an
 * amount in FCFA; with neither, what remains to refund.
 */
export const refundSchema = z
  .object({
    motif: motifSchema,
    lignes: z
      .array(refundLineSchema, { error: ORDERS_MESSAGES.refundLinesInvalid })
      .min(1, { error: ORDERS_MESSAGES.refundLinesInvalid })
      .max(REFUND_LINES_MAX, { error: ORDERS_MESSAGES.refundLinesInvalid })
      .refine((lines) => new Set(lines.map((l) => l.produit)).size === lines.length, { error: ORDERS_MESSAGES.refundLinesInvalid })
      .optional(),
    montant: z.number({ error: ORDERS_MESSAGES.refundAmountInvalid }).int({ error: ORDERS_MESSAGES.refundAmountInvalid }).min(1, { error: ORDERS_MESSAGES.refundAmountInvalid }).max(1_000_000_000, { error: ORDERS_MESSAGES.refundAmountInvalid }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lignes && body.montant !== undefined) ctx.addIssue({ code: 'custom', path: ['montant'], message: ORDERS_MESSAGES.refundLinesOrAmount })
  })
export type RefundBody = z.infer<typeof refundSchema>

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
