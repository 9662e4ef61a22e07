// zod schemas for every input both sides validate: the same schema backs the form in the
// storefront and the route on the server, so their French messages cannot drift apart.
import { z } from 'zod'
import { ADD_TO_CART_MAX, CART_ACTION, MAX_PAGE_SIZE, ORDER_NOTE_MAX, REPERE_MAX } from './constants.ts'
import { slotChoiceSchema } from './delivery-slots.ts'
import { MESSAGES } from './messages.ts'

// zod's own messages ("expected a number"…) in French, for the storefront and the server alike.
z.config(z.locales.fr())

/**
 * A whole number spelled in text (a path, a query string, a GraphQL ID) is decimal digits and
 * nothing else: `0x10`, `1e3`, `+16`, `16.0` or ` 16`, which JavaScript's Number() would all
 * read as numbers, stay text and fail the number schema that follows.
 */
export const fromDecimalDigits = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: string | number) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), schema)

/** A strict integer id in a JSON body (no coercion from strings like "1e3"). */
export const bodyIdSchema = z
  .number({ error: MESSAGES.idInteger })
  .int({ error: MESSAGES.idInteger })
  .positive({ error: MESSAGES.idInteger })
  .max(2_147_483_647, { error: MESSAGES.idInteger })

/** An id in a path, a query string or a GraphQL argument: decimal digits, or a JSON integer. */
export const idSchema = fromDecimalDigits(bodyIdSchema)

export const quantitySchema = z
  .number({ error: MESSAGES.quantityInteger })
  .int({ error: MESSAGES.quantityInteger })
  .min(1, { error: MESSAGES.quantityMin })
  .max(ADD_TO_CART_MAX, { error: MESSAGES.quantityMax })

export const paginationSchema = z.object({
  page: fromDecimalDigits(z.number({ error: MESSAGES.pageInvalid }).int({ error: MESSAGES.pageInvalid }).min(1, { error: MESSAGES.pageInvalid }).max(1_000_000, { error: MESSAGES.pageInvalid })).default(1),
  count: fromDecimalDigits(z.number({ error: MESSAGES.countInvalid }).int({ error: MESSAGES.countInvalid }).min(1, { error: MESSAGES.countInvalid }).max(MAX_PAGE_SIZE, { error: MESSAGES.countInvalid })).default(12),
})

/** A phone number as people type it in Senegal: digits and spaces, an optional +. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ]{6,19}$/

/**
 * Text PostgreSQL cannot store as sent: a NUL byte (refused by the database), or half of a
 * UTF-16 surrogate pair (silently turned into U+FFFD on the way). The server refuses both in
 * every input, once, before any route or resolver runs.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
export const isStorableText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value)

/** A profile photo: an https address only (no javascript:, data: or plain http). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password
  } catch {
    return false
  }
}
const httpsImageUrl = z
  .string()
  .trim()
  .max(1024, { error: MESSAGES.googleImgInvalid })
  .refine(isHttpsUrl, { error: MESSAGES.googleImgInvalid })

/**
 * An optional field of the API: empty (or only spaces), what a form or a client written for the
 * spec sends for a field it has no value for, is no value, like null or leaving it out, and never
 * fails the field's format; it reads as null, so an update clears the field. Required fields do
 * not use it and stay required.
 */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value: z.input<T> | null | undefined) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable().optional(),
  )

const optionalText = (max: number) => optionalField(z.string().trim().max(max, { error: MESSAGES.textTooLong(max) }))

/** The landmark for the courier (issue 25 §3), the same on a saved address and on the order. */
export const repereSchema = optionalField(z.string({ error: MESSAGES.repereTooLong }).trim().max(REPERE_MAX, { error: MESSAGES.repereTooLong }))

/** Body of POST /api/sociallogin: the spec's social-login user, plus the Firebase ID token. */
export const socialLoginSchema = z.object({
  idToken: z.string({ error: MESSAGES.idTokenRequired }).min(20, { error: MESSAGES.idTokenRequired }).max(8192, { error: MESSAGES.idTokenRequired }),
  email: optionalText(254),
  login: optionalText(254),
  nom: optionalText(120),
  prenom: optionalText(120),
  tel: optionalText(30),
  telephone1: optionalText(30),
  image: optionalText(1024),
  googleImg: optionalField(httpsImageUrl),
  // Sign-up (spec §2 /signup) sends the customer's details with the first sign-in.
  civilite: z.literal([0, 1], { error: MESSAGES.civiliteRequired }).optional().nullable(),
  ville: optionalText(120),
  pays: optionalField(z.string().regex(/^[A-Z]{3}$/, { error: MESSAGES.paysInvalid })),
})
/** The customer's details, as the sign-up page (and later the account page) asks for them. */
export const customerDetailsSchema = z.object({
  civilite: z.literal([0, 1], { error: MESSAGES.civiliteRequired }),
  prenom: z.string().trim().min(1, { error: MESSAGES.prenomRequired }).max(120, { error: MESSAGES.textTooLong(120) }),
  nom: z.string().trim().min(1, { error: MESSAGES.nomRequired }).max(120, { error: MESSAGES.textTooLong(120) }),
  telephone: z.string().trim().regex(PHONE_PATTERN, { error: MESSAGES.telephoneInvalid }),
  ville: z.string().trim().min(1, { error: MESSAGES.villeRequired }).max(120, { error: MESSAGES.textTooLong(120) }),
  pays: z.string().regex(/^[A-Z]{3}$/, { error: MESSAGES.paysInvalid }),
})
export type CustomerDetails = z.infer<typeof customerDetailsSchema>

export type SocialLoginInput = z.infer<typeof socialLoginSchema>

/** Body of POST /api/favorie. */
export const favouriteSchema = z.object({
  client: bodyIdSchema,
  produit: bodyIdSchema,
})

/** Body of POST /api/panier: action 0 add, 1 set quantity, 2 remove (spec §4). */
export const cartLineSchema = z
  .object({
    produit: bodyIdSchema,
    user: bodyIdSchema,
    /** The variant (ADR 053 §4); without it, the product's only variant (400 on `variante` when it has several). */
    variante: bodyIdSchema.optional(),
    action: z.union([z.literal(CART_ACTION.add), z.literal(CART_ACTION.update), z.literal(CART_ACTION.remove)], {
      error: MESSAGES.actionInvalid,
    }),
    quantite: quantitySchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action !== CART_ACTION.remove && value.quantite === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantite'], message: MESSAGES.quantityInteger })
    }
  })
export type CartLineInput = z.infer<typeof cartLineSchema>

/** A discount code as the shopper types it: letters, digits, `_` and `-`; compared without case. */
export const promoCodeSchema = z
  .string({ error: MESSAGES.promoCodeRequired })
  .trim()
  .min(1, { error: MESSAGES.promoCodeRequired })
  .regex(/^[A-Za-z0-9_-]{3,30}$/, { error: MESSAGES.promoCodeFormat })
  .transform((code) => code.toUpperCase())

/** Body of POST /api/commande: the delivery and payment choices; the lines come from the server cart. */
export const orderSchema = z.object({
  modelivraison: bodyIdSchema,
  modepaiement: bodyIdSchema,
  tel: z.string({ error: MESSAGES.telephoneInvalid }).trim().regex(PHONE_PATTERN, { error: MESSAGES.telephoneInvalid }),
  adresseliv: optionalText(300),
  zone: optionalText(80),
  depot: bodyIdSchema.optional().nullable(),
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
  /** A discount code (issue 19 §1): its discount is computed on the server, in the order's transaction. */
  codepromo: optionalField(promoCodeSchema),
  /** The landmark for the courier (issue 25 §3): kept for a home delivery, ignored for a pickup. */
  repere: repereSchema,
  /** A note for the preparer (issue 25 §2). */
  note: optionalField(z.string({ error: MESSAGES.orderNoteTooLong }).trim().max(ORDER_NOTE_MAX, { error: MESSAGES.orderNoteTooLong })),
  /**
   * The cart's variants not to replace if missing (« Ne pas remplacer »); every other line may be
   * replaced by a similar product (the default). Each must be a variant of the cart.
   */
  ne_pas_remplacer: z
    .array(bodyIdSchema, { error: MESSAGES.orderNoReplaceInvalid })
    .max(100, { error: MESSAGES.orderNoReplaceInvalid })
    .optional(),
  /** The delivery slot (issue 25 §1): required when the shop offers slots for the chosen delivery; checked and taken on the server. */
  creneau: slotChoiceSchema.nullable().optional(),
})
export type OrderInput = z.infer<typeof orderSchema>

/** The Idempotency-Key header of POST /api/commande. */
export const idempotencyKeySchema = z.string().regex(/^[\w-]{8,100}$/, { error: MESSAGES.idempotencyKeyInvalid })

/** Body of POST /api/commande/{numero}/paiement (issue 19 §4): the mode to pay with now; none keeps the order's. */
export const repaySchema = z.object({ modepaiement: bodyIdSchema.optional() })

/** An order's number in a path (`TRG-221122-K7MQ2X`). */
export const orderNumeroSchema = z.string().regex(/^[\w-]{4,40}$/)

/** Body of POST /api/adresses and PUT /api/adresses/{id}: a saved delivery address. */
export const addressSchema = z
  .object({
    libelle: optionalText(50),
    adresse: z.string({ error: MESSAGES.adresseLength }).trim().min(3, { error: MESSAGES.adresseLength }).max(200, { error: MESSAGES.adresseLength }),
    /** A zone id of the delivery-zone table. */
    zone: z.number({ error: MESSAGES.orderZoneUnknown }).int({ error: MESSAGES.orderZoneUnknown }).positive({ error: MESSAGES.orderZoneUnknown }).max(2_147_483_647, { error: MESSAGES.orderZoneUnknown }),
    telephone: z.string({ error: MESSAGES.telephoneInvalid }).trim().regex(PHONE_PATTERN, { error: MESSAGES.telephoneInvalid }),
    latitude: z.number({ error: MESSAGES.latitudeInvalid }).min(-90, { error: MESSAGES.latitudeInvalid }).max(90, { error: MESSAGES.latitudeInvalid }).optional().nullable(),
    longitude: z.number({ error: MESSAGES.longitudeInvalid }).min(-180, { error: MESSAGES.longitudeInvalid }).max(180, { error: MESSAGES.longitudeInvalid }).optional().nullable(),
    pardefaut: z.boolean({ error: MESSAGES.pardefautInvalid }).optional(),
    /** The landmark for the courier (issue 25 §3). */
    repere: repereSchema,
  })
  .superRefine((value, ctx) => {
    // A point on the map needs both coordinates: the missing one is the field in error.
    const hasLatitude = value.latitude != null
    if (hasLatitude !== (value.longitude != null)) {
      ctx.addIssue({ code: 'custom', path: [hasLatitude ? 'longitude' : 'latitude'], message: MESSAGES.coordinatesPair })
    }
  })
export type AddressInput = z.infer<typeof addressSchema>
