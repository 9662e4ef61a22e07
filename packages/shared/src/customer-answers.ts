// The signed-in customer's answers: the session (GET /api/profile, POST /api/sociallogin), their
// orders (POST|GET /api/commande…, GraphQL commandespaginated), loyalty (GET /api/fidelite,
// GraphQL privileges) and saved addresses (/api/adresses): one zod schema each, the types
// inferred from them (ADR 051). The server declares them as its REST responses (their field order
// is the answer's order); the storefront imports the types only.
import { z } from 'zod'
import { orderSlotSchema } from './delivery-slots.ts'
import { orderCodePromoSchema } from './promotions.ts'
import { depotHoursFields, modelivraisonSchema, modepaiementSchema, produitSchema, zoneLivraisonSchema } from './storefront-answers.ts'

export const roleSchema = z.object({ id: z.number(), name: z.string(), isadmin: z.boolean(), isclient: z.boolean() })

export const utilisateurSchema = z.object({
  id: z.number(),
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  googleImg: z.string().nullable(),
  // The account's fields: every answer has them (optional for the storefront's canned sessions).
  telephone: z.string().nullable().optional(),
  /** The number Firebase proved by SMS (E.164); `telephone` is the contact number typed by the customer. */
  telephoneVerifie: z.string().nullable().optional(),
  ville: z.string().nullable().optional(),
  pays: z.string().nullable().optional(),
  civilite: z.number().nullable().optional(),
  adresseliv: z.string().nullable().optional(),
  /** Only for a staff member's session. */
  role: roleSchema.optional(),
  points: z.number().optional(),
})
export type Utilisateur = z.infer<typeof utilisateurSchema>

/** GET /api/profile, PUT /api/profile and PUT /api/profile/telephone. */
export const profileAnswerSchema = z.object({ utilisateur: utilisateurSchema })
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>
/** POST /api/sociallogin: the shop's token and who it opens. */
export const socialLoginAnswerSchema = z.object({ utilisateur: utilisateurSchema, token: z.string() })
export type SocialLoginAnswer = z.infer<typeof socialLoginAnswerSchema>
/** POST /api/profile/telephone/session: a Firebase custom token to prove a new number with. */
export const phoneSessionAnswerSchema = z.object({ customToken: z.string() })
export type PhoneSessionAnswer = z.infer<typeof phoneSessionAnswerSchema>
/** The answers that only say what was done (sign out, sign out everywhere, delete the account). */
export const messageAnswerSchema = z.object({ message: z.string() })
export type MessageAnswer = z.infer<typeof messageAnswerSchema>

/**
 * The variant an order line sold (ADR 053 §4): its id, values by option name, name (the product's
 * followed by its values) and SKU; null only for a line older than variants.
 */
export const ligneVarianteSchema = z.object({
  id: z.number(),
  options: z.record(z.string(), z.string()),
  designation: z.string(),
  code: z.string(),
})
export type LigneVariante = z.infer<typeof ligneVarianteSchema>

export const detailCommandeSchema = z.object({
  id: z.number(),
  quantite: z.number(),
  /** Unit price in FCFA when the order was placed. */
  prix: z.number(),
  /** The product as the catalogue shows it; the storefront's list of orders asks its name and image only. */
  produit: produitSchema.partial({
    prix: true,
    prixformat: true,
    prix_initial: true,
    quantite: true,
    description: true,
    code: true,
    unite: true,
    like: true,
    souscategorie: true,
  }),
  variante: ligneVarianteSchema.nullable(),
})
export type DetailCommande = z.infer<typeof detailCommandeSchema>

/** A refund the shop made on an order: its amount, when, and the lines it covered (none for an amount). */
export const remboursementSchema = z.object({
  id: z.number(),
  montant: z.number(),
  montantformat: z.string(),
  date_fr: z.string(),
  lignes: z.array(z.object({ designation: z.string(), quantite: z.number(), total: z.number(), totalformat: z.string() })),
})
export type Remboursement = z.infer<typeof remboursementSchema>

/**
 * An order as the server shows it to its customer (spec §3 Commande). The REST answers have every
 * field but the refunds; the storefront's list (GraphQL commandespaginated) asks only some, and the refunds.
 */
export const commandeSchema = z.object({
  id: z.number(),
  numerocommande: z.string(),
  etat: z.string(),
  etat_text: z.string(),
  etat_badge: z.string(),
  datecomm: z.string().optional(),
  created_at_fr: z.string(),
  dateliv: z.string().nullable().optional(),
  montantcommande: z.number(),
  montantliv: z.number(),
  remise: z.number(),
  montanttotal: z.number(),
  montanttotalformat: z.string(),
  code: z.string().nullable().optional(),
  tel: z.string().nullable().optional(),
  adresseliv: z.string().nullable(),
  image: z.string().nullable().optional(),
  client: utilisateurSchema.extend({ name: z.string(), login: z.string().nullable() }).optional(),
  modepaiement: modepaiementSchema.partial({ desc: true, image: true, imagesrcset: true }),
  modelivraison: modelivraisonSchema,
  /** Where a pickup is collected, and when (`horairestexte`, in French). */
  depot: z.object({ id: z.number(), designation: z.string(), adresse: z.string().nullable().optional(), ...depotHoursFields }).nullable(),
  detailcommandes: z.array(detailCommandeSchema),
  /** The discount code the order used and its discount (also counted in `remise`). */
  codepromo: orderCodePromoSchema.optional(),
  /** The delivery slot chosen (issue 25 §1), as promised when the order was placed; null without one. */
  creneau: orderSlotSchema.nullable().optional(),
  /** Paid online, a dearer substitute's supplement accepted (ADR 058): what is still paid at delivery; null otherwise. */
  supplement_a_payer: z.number().nullable().optional(),
  /** What was given back so far (FCFA), and each refund with its lines; only the profile's list asks for them. */
  rembourse: z.number().optional(),
  rembourseformat: z.string().optional(),
  remboursements: z.array(remboursementSchema).optional(),
  /** The invoice's number (null until paid online or delivered) and one credit note per refund (ADR 061); only the profile's list asks for them. */
  facture: z.string().nullable().optional(),
  avoirs: z.array(z.object({ numero: z.string(), montant: z.number(), montantformat: z.string() })).optional(),
})
export type Commande = z.infer<typeof commandeSchema>

/** POST /api/commande, GET /api/commande/{numero}, POST …/annulation. */
export const commandeAnswerSchema = z.object({ commande: commandeSchema })
export type CommandeAnswer = z.infer<typeof commandeAnswerSchema>
/** POST /api/commande/{numero}/paiement: the provider's page to go to, and the order. */
export const paymentAnswerSchema = z.object({ url: z.string(), commande: commandeSchema })
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>
/** The same with another mode (issue 19 §4): cash answers no page (`url` null). */
export const otherPaymentAnswerSchema = z.object({ url: z.string().nullable(), commande: commandeSchema })
export type OtherPaymentAnswer = z.infer<typeof otherPaymentAnswerSchema>

export const privilegeSchema = z.object({
  id: z.number(),
  designation: z.string(),
  couleur: z.string().nullable(),
  point: z.number(),
  /** Not asked by the storefront's list of tiers. */
  image: z.string().nullable().optional(),
  imagesrcset: z.string().nullable().optional(),
  privilegerecompenses: z.array(
    z.object({ id: z.number(), valeur: z.number(), typerecompense: z.object({ id: z.number(), code: z.string(), designation: z.string() }) }),
  ),
})
export type Privilege = z.infer<typeof privilegeSchema>

export const mouvementPointsSchema = z.object({
  id: z.number(),
  points: z.number(),
  motif: z.string(),
  numerocommande: z.string().nullable(),
  date: z.string(),
  date_fr: z.string(),
})
export type MouvementPoints = z.infer<typeof mouvementPointsSchema>

/** GET /api/fidelite: balance, tier with its rewards, next tier and history. */
export const fideliteSchema = z.object({
  points: z.number(),
  privilege: privilegeSchema.nullable(),
  prochain: privilegeSchema.nullable(),
  historique: z.array(mouvementPointsSchema),
})
export type Fidelite = z.infer<typeof fideliteSchema>

export const adresseSchema = z.object({
  id: z.number(),
  libelle: z.string().nullable(),
  adresse: z.string(),
  zone: zoneLivraisonSchema.nullable(),
  telephone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pardefaut: z.boolean(),
  /** The landmark for the courier (issue 25 §3); optional so that a client of the previous release still reads. */
  repere: z.string().nullable().optional(),
})
export type Adresse = z.infer<typeof adresseSchema>

/** GET /api/adresses. */
export const adressesAnswerSchema = z.object({ adresses: z.array(adresseSchema) })
export type AdressesAnswer = z.infer<typeof adressesAnswerSchema>
/** POST /api/adresses, PUT /api/adresses/{id}: the saved address. */
export const adresseAnswerSchema = z.object({ adresse: adresseSchema })
export type AdresseAnswer = z.infer<typeof adresseAnswerSchema>
