// Promotions (issue 19 §1): a product's sale price and its dates, discount codes and the rules
// that accept or refuse one for a basket, with the French reason the shopper reads. The server
// applies them in the order's transaction; the back office's forms and the storefront's
// checkout use the same schemas and words. Dates are the shop's, Africa/Dakar (UTC all year).
import { z } from 'zod'
import { formatPrix } from './money.ts'
import { optionalField, promoCodeSchema } from './schemas.ts'

export { promoCodeSchema }
export { discountPercent } from './sale-price.ts'

export const PROMO_MESSAGES = {
  prixPromoInvalid: 'Le prix promotionnel doit être un nombre entier de FCFA, positif',
  prixPromoNotLower: 'Le prix promotionnel doit être inférieur au prix',
  dateInvalid: 'La date est invalide (jj/mm/aaaa hh:mm)',
  finBeforeDebut: 'La fin doit venir après le début',
  promoDatesWithoutPrice: 'Les dates de la promotion demandent un prix promotionnel',
  typeInvalid: 'Le type est « pourcentage » ou « montant »',
  valeurInvalid: 'La valeur doit être un nombre entier positif',
  pourcentageMax: 'Un pourcentage ne dépasse pas 100',
  montantMax: `La valeur ne doit pas dépasser ${formatPrix(100_000_000)}`,
  minimumInvalid: 'Le minimum doit être un nombre entier de FCFA, positif ou nul',
  utilisationsInvalid: "Le nombre d'utilisations doit être un entier d'au moins 1",
  souscategoriesInvalid: 'Les sous-catégories sont une liste de sous-catégories existantes',
  codeTaken: 'Ce code existe déjà',
  codeNotFound: "Ce code promo n'existe pas",
  // Refusals the shopper reads at checkout.
  // One answer for a code that does not exist and one the staff turned off: a guesser learns nothing.
  unknown: "Ce code promo n'existe pas",
  notYet: (debut: string) => `Ce code sera valable à partir du ${debut}`,
  expired: 'Ce code a expiré',
  exhausted: 'Ce code a atteint son nombre maximal d’utilisations',
  perClient: (max: number) => (max === 1 ? 'Vous avez déjà utilisé ce code' : `Vous avez déjà utilisé ce code ${max} fois`),
  firstOrderOnly: 'Ce code est réservé à une première commande',
  minimum: (minimum: number) => `Montant minimum : ${formatPrix(minimum)}`,
  noMatchingProduct: "Ce code ne s'applique à aucun produit de votre panier",
  cartEmpty: 'Votre panier est vide',
  tooManyChecks: 'Trop de codes essayés : patientez une minute avant de réessayer.',
} as const

/** Codes one customer may try a minute at /paiement (POST /api/codepromo/verifier). */
export const PROMO_CHECKS_PER_MINUTE = 10

/**
 * Codes one address (client IP) may try a minute, whatever the accounts: new accounts are free,
 * so the per-customer limit alone let one address guess ten codes per account. Looser than
 * per customer, as a mobile carrier puts many shoppers behind one address (ADR 042).
 */
export const PROMO_CHECKS_PER_ADDRESS_PER_MINUTE = 20

/**
 * A date and time in the shop's time (Africa/Dakar, UTC+0 all year): `2026-12-24T08:00` as a
 * `datetime-local` field sends it, or with a `Z` or an offset; the output is an ISO instant.
 */
export const dakarDateTimeSchema = z
  .string({ error: PROMO_MESSAGES.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, { error: PROMO_MESSAGES.dateInvalid })
  .transform((text, ctx) => {
    const withTime = text.includes('T') ? text : `${text}T00:00`
    const at = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(withTime) ? withTime : `${withTime}Z`)
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: PROMO_MESSAGES.dateInvalid })
      return z.NEVER
    }
    return at.toISOString()
  })

/** A stored instant as a `datetime-local` field shows it, in Dakar: `2026-12-24T08:00`. */
export const toDakarInput = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().slice(0, 16) : '')

const formInteger = (value: unknown) => {
  if (value === null || value === undefined) return value
  if (typeof value !== 'string') return value
  const text = value.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (text === '') return null
  return /^\d+$/.test(text) ? Number(text) : value
}

const amountSchema = (message: string, min = 1) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(100_000_000, { error: PROMO_MESSAGES.montantMax })

/** The product form's sale fields: a sale price, optional start and end. */
export const salePriceFields = {
  prix_promo: z.preprocess(formInteger, amountSchema(PROMO_MESSAGES.prixPromoInvalid).nullable().optional()),
  promo_debut: optionalField(dakarDateTimeSchema),
  promo_fin: optionalField(dakarDateTimeSchema),
}

/** The checks across fields: below the price, the end after the start, no dates without a price. */
export function checkSalePrice(
  value: { prix?: number | undefined; prix_promo?: number | null | undefined; promo_debut?: string | null | undefined; promo_fin?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.prix_promo != null && value.prix != null && value.prix_promo >= value.prix) {
    ctx.addIssue({ code: 'custom', path: ['prix_promo'], message: PROMO_MESSAGES.prixPromoNotLower })
  }
  if (value.prix_promo == null && (value.promo_debut || value.promo_fin)) {
    ctx.addIssue({ code: 'custom', path: ['prix_promo'], message: PROMO_MESSAGES.promoDatesWithoutPrice })
  }
  if (value.promo_debut && value.promo_fin && value.promo_fin <= value.promo_debut) {
    ctx.addIssue({ code: 'custom', path: ['promo_fin'], message: PROMO_MESSAGES.finBeforeDebut })
  }
}


export const CODE_TYPES = ['pourcentage', 'montant'] as const
export type CodeType = (typeof CODE_TYPES)[number]

const usesSchema = z.preprocess(formInteger, z.number({ error: PROMO_MESSAGES.utilisationsInvalid }).int({ error: PROMO_MESSAGES.utilisationsInvalid }).min(1, { error: PROMO_MESSAGES.utilisationsInvalid }).max(1_000_000, { error: PROMO_MESSAGES.utilisationsInvalid }).nullable().optional())

/** POST /api/codepromo and PUT /api/codepromo/{id} (back office): a discount code. */
export const codePromoFormSchema = z
  .object({
    code: promoCodeSchema,
    type: z.enum(CODE_TYPES, { error: PROMO_MESSAGES.typeInvalid }),
    valeur: z.preprocess(formInteger, amountSchema(PROMO_MESSAGES.valeurInvalid)),
    minimum: z.preprocess(formInteger, amountSchema(PROMO_MESSAGES.minimumInvalid, 0).nullable().optional()),
    debut: optionalField(dakarDateTimeSchema),
    fin: optionalField(dakarDateTimeSchema),
    utilisations_max: usesSchema,
    par_client: usesSchema,
    premiere_commande: z.boolean({ error: 'premiere_commande est vrai ou faux' }).optional(),
    souscategories: z
      .array(z.number({ error: PROMO_MESSAGES.souscategoriesInvalid }).int({ error: PROMO_MESSAGES.souscategoriesInvalid }).positive({ error: PROMO_MESSAGES.souscategoriesInvalid }).max(2_147_483_647, { error: PROMO_MESSAGES.souscategoriesInvalid }), { error: PROMO_MESSAGES.souscategoriesInvalid })
      .max(200, { error: PROMO_MESSAGES.souscategoriesInvalid })
      .nullable()
      .optional(),
    actif: z.boolean({ error: 'actif est vrai ou faux' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'pourcentage' && value.valeur > 100) ctx.addIssue({ code: 'custom', path: ['valeur'], message: PROMO_MESSAGES.pourcentageMax })
    if (value.debut && value.fin && value.fin <= value.debut) ctx.addIssue({ code: 'custom', path: ['fin'], message: PROMO_MESSAGES.finBeforeDebut })
  })
export type CodePromoFormInput = z.input<typeof codePromoFormSchema>
export type CodePromoForm = z.output<typeof codePromoFormSchema>

/** A code as the back office lists it: its rules, its uses and the sales of the orders that used it. */
export const codePromoResponseSchema = z.object({
  id: z.number(),
  code: z.string(),
  type: z.enum(CODE_TYPES),
  valeur: z.number(),
  minimum: z.number(),
  debut: z.string().nullable(),
  fin: z.string().nullable(),
  utilisations_max: z.number().nullable(),
  par_client: z.number().nullable(),
  premiere_commande: z.boolean(),
  souscategories: z.array(z.number()).nullable(),
  actif: z.boolean(),
  /** Orders placed with it and not cancelled. */
  utilisations: z.number(),
  /** What those orders brought (goods and delivery, less their discounts), and what the code gave. */
  ventes: z.number(),
  ventes_fr: z.string(),
  remises: z.number(),
  remises_fr: z.string(),
  created_at: z.string(),
})
export type CodePromo = z.infer<typeof codePromoResponseSchema>

/** POST /api/codepromo/verifier (a signed-in shopper): the code to try on the cart. */
export const codePromoCheckSchema = z.object({
  code: promoCodeSchema,
  /** The order's phone number, when known: a first-order code is for a number's first order too. */
  tel: z.string().trim().max(30).optional(),
})

/** Its answer: the discount the code gives the cart now. */
export const codePromoPreviewSchema = z.object({ code: z.string(), remise: z.number(), remiseformat: z.string() })
export type CodePromoPreview = z.infer<typeof codePromoPreviewSchema>

/** What an order's answer says of its code (its discount is also inside `remise`). */
export const orderCodePromoSchema = z.object({ code: z.string(), remise: z.number(), remiseformat: z.string() }).nullable()

/** A code's rules, as the server reads them. */
export interface PromoCodeRules {
  type: CodeType
  valeur: number
  minimum: number
  debut: Date | null
  fin: Date | null
  actif: boolean
  utilisationsMax: number | null
  utilisations: number
  parClient: number | null
  premiereCommande: boolean
  souscategories: number[] | null
}

/** What the rules are checked against: the cart at today's prices and the customer's past. */
export interface PromoBasket {
  lines: ReadonlyArray<{ prix: number; quantite: number; souscategorieId: number }>
  /** The customer's orders with this code, not cancelled. */
  usesByClient: number
  /** Whether the customer has an order already, not cancelled. */
  hasOrdered: boolean
  at: Date
}

const dakarDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Dakar', dateStyle: 'short', timeStyle: 'short' })

/**
 * The discount `code` gives `basket`, or the French reason it is refused. The discount is on the
 * goods (the matching sub-categories' lines only, when the code names some), never above them;
 * the minimum is the whole basket's goods.
 */
export function applyPromoCode(code: PromoCodeRules, basket: PromoBasket): { ok: true; remise: number } | { ok: false; message: string } {
  if (!code.actif) return { ok: false, message: PROMO_MESSAGES.unknown }
  if (code.debut && code.debut > basket.at) return { ok: false, message: PROMO_MESSAGES.notYet(dakarDay.format(code.debut)) }
  if (code.fin && code.fin <= basket.at) return { ok: false, message: PROMO_MESSAGES.expired }
  if (code.utilisationsMax !== null && code.utilisations >= code.utilisationsMax) return { ok: false, message: PROMO_MESSAGES.exhausted }
  if (code.parClient !== null && basket.usesByClient >= code.parClient) return { ok: false, message: PROMO_MESSAGES.perClient(code.parClient) }
  if (code.premiereCommande && basket.hasOrdered) return { ok: false, message: PROMO_MESSAGES.firstOrderOnly }
  if (basket.lines.length === 0) return { ok: false, message: PROMO_MESSAGES.cartEmpty }
  const goods = basket.lines.reduce((sum, line) => sum + line.prix * line.quantite, 0)
  if (goods < code.minimum) return { ok: false, message: PROMO_MESSAGES.minimum(code.minimum) }
  const only = code.souscategories?.length ? new Set(code.souscategories) : null
  const base = only ? basket.lines.filter((line) => only.has(line.souscategorieId)).reduce((sum, line) => sum + line.prix * line.quantite, 0) : goods
  if (base === 0) return { ok: false, message: PROMO_MESSAGES.noMatchingProduct }
  const remise = code.type === 'pourcentage' ? Math.floor((base * code.valeur) / 100) : code.valeur
  return { ok: true, remise: Math.min(remise, base) }
}
