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
