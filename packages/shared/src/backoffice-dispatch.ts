// Who delivers and what the staff noted (issue 16): the shop's couriers, an order's courier,
// and internal notes on an order. Schemas shared by the server and apps/admin, with their
// French messages.
import { z } from 'zod'
import type { OrderStatus } from './order-status.ts'
import { bodyIdSchema } from './schemas.ts'

export const DISPATCH_MESSAGES = {
  nomRequired: 'Le nom du livreur est obligatoire.',
  nomTooLong: 'Le nom du livreur est trop long (100 caractères au plus).',
  telephoneInvalid: "Le numéro de téléphone du livreur n'est pas valide.",
  actifInvalid: 'Indiquez si le livreur est actif.',
  courierNotFound: 'Livreur introuvable.',
  courierInactive: "Ce livreur n'est plus actif : choisissez-en un autre.",
  courierInUse: 'Ce livreur a des commandes : désactivez-le plutôt que de le supprimer.',
  notHomeDelivery: "Un livreur ne s'affecte qu'à une commande livrée à domicile.",
  orderClosed: 'Cette commande est close : son livreur ne change plus.',
  noteRequired: 'La note est vide.',
  noteTooLong: 'La note est trop longue (1 000 caractères au plus).',
} as const

/** The order states after which its courier no longer changes. */
export const COURIER_CLOSED_STATES: readonly OrderStatus[] = ['livree', 'annulee', 'remboursee', 'echec_paiement']
export const courierMayChange = (etat: string) => !(COURIER_CLOSED_STATES as readonly string[]).includes(etat)

/** A phone as people write it in Senegal: digits and spaces, an optional +. */
const phone = z.string({ error: DISPATCH_MESSAGES.telephoneInvalid }).trim().regex(/^\+?[0-9][0-9 ]{6,19}$/, { error: DISPATCH_MESSAGES.telephoneInvalid })

export const courierSchema = z.object({
  nom: z.string({ error: DISPATCH_MESSAGES.nomRequired }).trim().min(1, { error: DISPATCH_MESSAGES.nomRequired }).max(100, { error: DISPATCH_MESSAGES.nomTooLong }),
  telephone: phone,
  actif: z.boolean({ error: DISPATCH_MESSAGES.actifInvalid }).default(true),
})
export type CourierInput = z.input<typeof courierSchema>

/** PUT /api/commande/{numero}/livreur: a courier's id, or null to take the order back. */
export const courierAssignmentSchema = z.object({ livreur: bodyIdSchema.nullable() })

export const orderNoteSchema = z.object({
  texte: z.string({ error: DISPATCH_MESSAGES.noteRequired }).trim().min(1, { error: DISPATCH_MESSAGES.noteRequired }).max(1000, { error: DISPATCH_MESSAGES.noteTooLong }),
})

export const courierResponseSchema = z.object({ id: z.number(), nom: z.string(), telephone: z.string(), actif: z.boolean() })
export type Courier = z.infer<typeof courierResponseSchema>

/** An order's courier now, and who handed it over, when. */
export const assignmentResponseSchema = z.object({
  livreur: courierResponseSchema.nullable(),
  date: z.string(),
  date_fr: z.string(),
  par: z.string().nullable(),
})

export const orderNoteResponseSchema = z.object({ id: z.number(), texte: z.string(), date: z.string(), date_fr: z.string(), auteur: z.string().nullable() })
export type OrderNote = z.infer<typeof orderNoteResponseSchema>

/** What the order page shows of dispatch: the courier now, every hand-over, and the notes, oldest first. */
export const orderDispatchSchema = z.object({
  livreur: courierResponseSchema.nullable(),
  affectations: z.array(assignmentResponseSchema),
  notes: z.array(orderNoteResponseSchema),
})
export type OrderDispatch = z.infer<typeof orderDispatchSchema>

// The courier's phone (issue 25 §3, ADR 056): « Mes livraisons », what a courier delivered and
// collected, or why they could not deliver. One schema for the admin app's forms and the server.

export const COURIER_MESSAGES = {
  livreurOnly: 'Cette page est réservée aux livreurs.',
  notForCourier: "Cet espace n'est pas ouvert aux livreurs : seules « Mes livraisons » le sont.",
  noCourierLinked: "Votre compte n'est lié à aucun livreur : demandez à un administrateur de vous inviter à nouveau.",
  notYourOrder: "Cette commande n'est pas confiée à vous.",
  notOutForDelivery: "Cette commande n'est pas en cours de livraison : elle ne se livre plus.",
  amountInvalid: 'Le montant encaissé est un nombre entier de FCFA, 0 ou plus.',
  amountTooHigh: (max: string) => `Le montant encaissé dépasse de loin le total de la commande (${max} au plus) : vérifiez-le.`,
  reasonInvalid: 'Choisissez la raison : client absent, adresse introuvable, refusée ou autre.',
  detailRequired: 'Précisez ce qui s’est passé.',
  detailTooLong: 'La précision est trop longue (300 caractères au plus).',
  delivered: 'Commande livrée.',
  failed: 'Échec de livraison enregistré.',
  none: "Aucune livraison pour vous aujourd'hui.",
} as const

/** Why a delivery failed, as the courier picks it. */
export const DELIVERY_FAILURE_REASONS = {
  client_absent: 'Client absent',
  adresse_introuvable: 'Adresse introuvable',
  refusee: 'Refusée',
  autre: 'Autre',
} as const
export type DeliveryFailureReason = keyof typeof DELIVERY_FAILURE_REASONS

/** The most a courier may enter as collected: twice the total (a typo of one zero more is refused). */
export const maxCollected = (total: number) => total * 2

/** POST /api/livraisons/{numero}/livree: the amount collected (cash orders; ignored for orders paid online). */
export const deliveredSchema = z.object({
  montant_encaisse: z
    .number({ error: COURIER_MESSAGES.amountInvalid })
    .int({ error: COURIER_MESSAGES.amountInvalid })
    .min(0, { error: COURIER_MESSAGES.amountInvalid })
    .max(100_000_000, { error: COURIER_MESSAGES.amountInvalid })
    .optional(),
})
export type DeliveredInput = z.infer<typeof deliveredSchema>

/** POST /api/livraisons/{numero}/echec: the reason, and what happened for « Autre ». */
export const deliveryFailureSchema = z
  .object({
    raison: z.enum(Object.keys(DELIVERY_FAILURE_REASONS) as [DeliveryFailureReason, ...DeliveryFailureReason[]], { error: COURIER_MESSAGES.reasonInvalid }),
    precision: z
      .string({ error: COURIER_MESSAGES.detailRequired })
      .trim()
      .max(300, { error: COURIER_MESSAGES.detailTooLong })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.raison === 'autre' && !value.precision) ctx.addIssue({ code: 'custom', path: ['precision'], message: COURIER_MESSAGES.detailRequired })
  })
export type DeliveryFailureInput = z.infer<typeof deliveryFailureSchema>

/** The reason as the order's history keeps it. */
export const failureReasonText = (input: DeliveryFailureInput) =>
  input.raison === 'autre' ? `${DELIVERY_FAILURE_REASONS.autre} : ${input.precision ?? ''}` : DELIVERY_FAILURE_REASONS[input.raison]

/** One order of « Mes livraisons » (GET /api/livraisons). */
export const courierDeliverySchema = z.object({
  numero: z.string(),
  etat: z.string(),
  etat_texte: z.string(),
  prenom: z.string().nullable(),
  adresse: z.string().nullable(),
  /** The customer's landmark (issue 25 §3); optional so that answers of the previous release still read. */
  repere: z.string().nullable().optional(),
  telephone: z.string().nullable(),
  appel: z.string().nullable(),
  whatsapp: z.string().nullable(),
  carte: z.string().nullable(),
  creneau: z.string().nullable(),
  a_encaisser: z.number(),
  montant_total: z.number(),
  paiement_a_la_livraison: z.boolean(),
  montant_encaisse: z.number().nullable(),
})
export type CourierDelivery = z.infer<typeof courierDeliverySchema>

export const courierDeliveriesSchema = z.object({ livreur: z.object({ id: z.number(), nom: z.string() }), commandes: z.array(courierDeliverySchema) })
export type CourierDeliveries = z.infer<typeof courierDeliveriesSchema>
