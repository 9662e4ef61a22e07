// Order messages by SMS and WhatsApp (issue 18 §2, ADR 034): how a customer chooses to hear
// about their orders (the account page's form and PUT /api/profile/messages share the schema),
// and the public tracking page's answer (GET /api/suivi/{numero}?k=…), which the storefront reads.
import { z } from 'zod'
import { orderSlotSchema } from './delivery-slots.ts'

/** SMS by default, WhatsApp, or nothing at all. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'aucun'] as const
export type MessageChannelChoice = (typeof MESSAGE_CHANNELS)[number]

/** A customer who never chose hears by SMS (the default). */
export const DEFAULT_MESSAGE_CHANNEL: MessageChannelChoice = 'sms'

export const ORDER_MESSAGES_TEXT = {
  title: 'Suivi de mes commandes',
  intro: 'Recevez un message à chaque étape de vos commandes, au numéro de téléphone donné à la commande.',
  labels: { sms: 'Par SMS', whatsapp: 'Par WhatsApp', aucun: 'Ne pas me prévenir' } satisfies Record<MessageChannelChoice, string>,
  channelInvalid: 'Choisissez SMS, WhatsApp ou aucun message.',
  save: 'Enregistrer mon choix',
  saved: 'Votre choix est enregistré.',
  trackingTitle: (numero: string) => `Suivi de la commande ${numero}`,
  onTheWayWith: (prenom: string) => `En route avec ${prenom}`,
} as const

export const messagesChoiceSchema = z.object({
  canal: z.enum(MESSAGE_CHANNELS, { error: ORDER_MESSAGES_TEXT.channelInvalid }),
})
export type MessagesChoice = z.infer<typeof messagesChoiceSchema>

/** The tracking page's order: its state, lines and amounts, nothing else of the customer's. */
export const suiviSchema = z.object({
  numerocommande: z.string(),
  etat: z.string(),
  etat_text: z.string(),
  etat_badge: z.string(),
  created_at_fr: z.string(),
  modelivraison: z.string(),
  montantcommande: z.number(),
  montantliv: z.number(),
  remise: z.number(),
  montanttotal: z.number(),
  lignes: z.array(z.object({ designation: z.string(), quantite: z.number(), prix: z.number() })),
  /** The delivery slot (issue 25 §1); null without one. */
  creneau: orderSlotSchema.nullable().optional(),
  /** Paid online, a dearer substitute's supplement accepted (ADR 058): what is still paid at delivery or at the counter, until delivered, cancelled or refunded (`supplementDue`); null otherwise. */
  supplement_a_payer: z.number().nullable().optional(),
  /** A pickup at a depot: what is left is paid « au retrait » (absent from an older server: a delivery). */
  retrait: z.boolean().optional(),
})
export type Suivi = z.infer<typeof suiviSchema>

/** The tracking page as the storefront reads it (GraphQL `suivi`): the order, and the refunds done. */
export const suiviPageSchema = suiviSchema.extend({
  /** The courier's first name while the order is out for delivery (issue 25 §3); null otherwise. */
  livreur: z.object({ prenom: z.string() }).nullable(),
  rembourse: z.number(),
  remboursements: z.array(
    z.object({ id: z.number(), montant: z.number(), date_fr: z.string(), lignes: z.array(z.object({ designation: z.string(), quantite: z.number(), total: z.number() })) }),
  ),
})
export type SuiviPage = z.infer<typeof suiviPageSchema>
