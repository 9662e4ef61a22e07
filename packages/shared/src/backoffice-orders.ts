// The back office's orders (issue 10, docs/back-office-api.md « Dashboard », « Orders »): the
// French messages, the schemas the server checks and the admin app reuses, and the answers'
// schemas (the server's `response`, the admin's types).
import { z } from 'zod'
import { orderDispatchSchema } from './backoffice-dispatch.ts'
import { orderSlotSchema } from './delivery-slots.ts'
import { MESSAGES } from './messages.ts'
import { formatPrix } from './money.ts'
import { bodyIdSchema, optionalField } from './schemas.ts'
import { ORDER_STATUS_VALUES, ORDER_STATUSES, PROVIDER_ONLY_STATUSES, TO_ACT_ON_STATUSES, type OrderStatus, type ToActOnStatus } from './order-status.ts'

export const ORDERS_MESSAGES = {
  motifRequired: 'Indiquez le motif (1 à 500 caractères).',
  refundIsAnAction: 'Le remboursement se fait avec l’action « Rembourser », qui rend l’argent au client.',
  /** Why an online payment goes back when a failed delivery is cancelled (issue 25 §3), without the staff's own words. */
  failedDeliveryRefund: 'Échec de livraison : commande annulée',
  notRefundable: 'Cette commande ne peut pas être remboursée : seule une commande payée peut l’être (en ligne dès le paiement reçu, en espèces une fois livrée).',
  alreadyRefunded: 'Cette commande a déjà été remboursée.',
  refundProviderFailed: 'Le prestataire de paiement n’a pas accepté le remboursement. La commande n’a pas changé ; réessayez plus tard.',
  refundLinesOrAmount: 'Indiquez des lignes ou un montant, pas les deux.',
  refundLinesInvalid: 'Indiquez de 1 à 100 lignes, chacune avec un produit, une quantité et le choix de la remettre en stock, une variante une seule fois.',
  refundQuantityInvalid: 'La quantité à rembourser est un nombre entier d’au moins 1.',
  refundRestockInvalid: 'Indiquez si la marchandise revient en stock (oui ou non).',
  refundAmountInvalid: 'Le montant à rembourser est un nombre entier de FCFA d’au moins 1.',
  refundLineUnknown: 'Ce produit ne fait pas partie de la commande.',
  refundLineTooMany: (reste: number) => (reste === 0 ? 'Cette ligne a déjà été remboursée en entier.' : `Au plus ${reste} à rembourser pour cette ligne.`),
  refundTooMuch: (reste: number) => `Le remboursement dépasse ce qui reste à rembourser (${formatPrix(reste)}).`,
  refundLinesNothingPaid: 'Les réductions ont payé ces articles en entier : il n’y a rien à rembourser au client pour eux.',
  refundRestockCancelled: 'La marchandise d’une commande annulée est déjà revenue en stock à l’annulation.',
  tooManyStreams: 'Trop de flux d’événements ouverts pour ce compte : fermez un onglet du back-office.',
  numerosInvalid: 'Indiquez de 1 à 50 numéros de commande séparés par des virgules.',
  dateInvalid: 'Date invalide (AAAA-MM-JJ).',
  etatInvalid: 'État de commande inconnu dans le filtre.',
  providerOnly: `Seul le prestataire de paiement fait passer une commande à ${PROVIDER_ONLY_STATUSES.map((etat) => `« ${ORDER_STATUSES[etat].text} »`).join(' ou ')} : le back-office ne le peut pas.`,
} as const

/** Most order numbers a delivery-slip request names. */
export const SLIPS_MAX = 50
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
  /** Which of the product's variants (ADR 053 §4): required when the order holds several lines of that product. */
  variante: bodyIdSchema.optional(),
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
      .refine((lines) => new Set(lines.map((l) => `${l.produit}:${l.variante ?? ''}`)).size === lines.length, { error: ORDERS_MESSAGES.refundLinesInvalid })
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

/** One order of the list (GET /api/commande), of the CSV export and of the dashboard. */
export const orderSummaryResponseSchema = z.object({
  numero: z.string(),
  etat: z.string(),
  etat_text: z.string(),
  etat_badge: z.string(),
  datecomm: z.string(),
  date_fr: z.string(),
  client: z.object({ id: z.number(), nom: z.string(), telephone: z.string().nullable() }),
  total: z.number(),
  total_fr: z.string(),
  modepaiement: z.object({ code: z.string(), designation: z.string() }),
  modelivraison: z.object({ code: z.string(), designation: z.string() }),
  zone: z.string().nullable(),
  depot: z.object({ id: z.number(), designation: z.string() }).nullable(),
  a_rembourser: z.boolean(),
  expires_at: z.string().nullable(),
  /** The delivery slot promised (issue 25 §1); null without one. */
  creneau: orderSlotSchema.nullable(),
})
export type OrderSummary = z.infer<typeof orderSummaryResponseSchema>

/** The variant an order or refund line names (ADR 053 §4); null only for a line older than variants. */
export const lineVarianteResponseSchema = z.object({ id: z.number(), designation: z.string(), code: z.string() }).nullable()

/** One refund given (ADR 025): its amount, by whom, why, and the lines it named. */
export const refundResponseSchema = z.object({
  id: z.number(),
  montant: z.number(),
  montant_fr: z.string(),
  provider: z.string(),
  statut: z.string(),
  motif: z.string(),
  par: z.string().nullable(),
  date: z.string(),
  date_fr: z.string(),
  lignes: z.array(z.object({ produit: z.object({ id: z.number(), designation: z.string() }), variante: lineVarianteResponseSchema, quantite: z.number(), prix: z.number(), total: z.number(), total_fr: z.string(), restock: z.boolean() })),
})
export type OrderRefund = z.infer<typeof refundResponseSchema>

/** One order (GET /api/admin/commande/{numero}, and the answer of every write on it). */
export const orderDetailResponseSchema = orderSummaryResponseSchema.extend({
  lignes: z.array(
    z.object({
      produit: z.object({ id: z.number(), designation: z.string(), code: z.string().nullable(), image: z.string().nullable() }),
      /** The variant sold: its name (the product's and its values) and SKU, printed on the slips. */
      variante: lineVarianteResponseSchema,
      quantite: z.number(),
      prix: z.number(),
      prix_fr: z.string(),
      total: z.number(),
      total_fr: z.string(),
      /** What the customer paid for the line: its total less its share of the code and of the loyalty reward (ADR 041). */
      paye: z.number(),
      paye_fr: z.string(),
      // Preparation (issue 25 §2, ADR 055); optional for answers of the previous release.
      /** The order line's id (a substitute's `remplace` names it). */
      ligne: z.number().optional(),
      /** The product's category, which the picking list groups by. */
      categorie: z.string().nullable().optional(),
      /** The shopper's choice if missing: a similar product (true) or « Ne pas remplacer ». */
      remplacer: z.boolean().optional(),
      /** What was ordered, once prepared (null before): `quantite` is then what was prepared. */
      quantite_commandee: z.number().nullable().optional(),
      /** A substitute: the line (`ligne`) it replaces. */
      remplace: z.number().nullable().optional(),
      /** A dearer substitute: the part of its total not charged until the shopper accepts. */
      supplement: z.number().optional(),
    }),
  ),
  note_preparation: z.string().nullable().optional(),
  /** When the order was prepared (once), null before. */
  preparee: z.string().nullable().optional(),
  /** What dearer substitutes would add if the shopper accepts (null: none offered), and whether they did. */
  supplement: z.number().nullable().optional(),
  supplement_accepte: z.boolean().optional(),
  /** What the courier collects: a cash order's total, null for one paid online. */
  a_encaisser: z.number().nullable().optional(),
  montantcommande: z.number(),
  montantcommande_fr: z.string(),
  montantliv: z.number(),
  montantliv_fr: z.string(),
  remise: z.number(),
  remise_fr: z.string(),
  client: z.object({ id: z.number(), nom: z.string(), prenom: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable(), telephone: z.string().nullable() }),
  tel: z.string().nullable(),
  adresseliv: z.string().nullable(),
  /** The customer's landmark for the courier (issue 25 §3); optional so that answers of the previous release still read. */
  repere: z.string().nullable().optional(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  carte: z.string().nullable(),
  whatsapp: z.string().nullable(),
  historique: z.array(
    z.object({
      date: z.string(),
      date_fr: z.string(),
      de: z.string().nullable(),
      vers: z.string(),
      vers_text: z.string(),
      acteur: z.string(),
      acteur_nom: z.string().nullable(),
      motif: z.string().nullable(),
    }),
  ),
  suivants: z.array(z.object({ etat: z.string(), etat_text: z.string() })),
  paiement: z.object({ provider: z.string(), statut: z.string(), montant: z.number() }).nullable(),
  /** What was given back so far (ADR 025), and each refund with its lines. */
  rembourse: z.number(),
  rembourse_fr: z.string(),
  remboursements: z.array(refundResponseSchema),
  remboursable: z.boolean(),
  /** The courier now, every hand-over and the staff's notes (the dispatch module). */
  ...orderDispatchSchema.shape,
})
export type OrderDetail = z.infer<typeof orderDetailResponseSchema>

/** GET /api/admin/commande/bons: the chosen orders' details, in the order asked for. */
export const slipsResponseSchema = z.object({ data: z.array(orderDetailResponseSchema) })
export type Slips = z.infer<typeof slipsResponseSchema>

/** GET /api/admin/tableau: how many orders wait in each state to act on, and today's figures. */
export const dashboardResponseSchema = z.object({
  a_traiter: z.object(Object.fromEntries(TO_ACT_ON_STATUSES.map((etat) => [etat, z.number()])) as Record<ToActOnStatus, z.ZodNumber>),
  expirent_bientot: z.array(orderSummaryResponseSchema),
  stock_bas: z.array(z.object({ id: z.number(), designation: z.string(), code: z.string().nullable(), quantite: z.number(), seuil: z.number() })),
  ventes: z.object({ aujourdhui: z.number(), aujourdhui_fr: z.string(), sept_jours: z.number(), sept_jours_fr: z.string() }),
  courbe: z.array(z.object({ jour: z.string(), montant: z.number(), commandes: z.number() })),
})
export type Dashboard = z.infer<typeof dashboardResponseSchema>
