// Preparation: missing items and substitutes (issue 25 §2, ADR 055). The back office's body, its
// French messages, the money a preparation changes (written once: the server computes it, the
// picking list previews it) and the one message the shopper gets listing what changed.
import { z } from 'zod'
import { ADD_TO_CART_MAX } from './constants.ts'
import { formatPrix } from './money.ts'
import { goodsPaid, orderTotal } from './order-amounts.ts'
import { bodyIdSchema } from './schemas.ts'

export const PREPARATION_MESSAGES = {
  notPreparing: 'Seule une commande « En préparation » peut être préparée.',
  alreadyPrepared: 'Cette commande a déjà été préparée.',
  linesInvalid: 'Indiquez de 1 à 200 lignes, chacune avec un produit et la quantité préparée.',
  lineUnknown: 'Ce produit ne fait pas partie de la commande.',
  lineTwice: 'Cette ligne est indiquée deux fois.',
  quantityInvalid: 'La quantité préparée est un nombre entier, de 0 à la quantité commandée.',
  quantityTooMany: (ordered: number) => `La quantité préparée ne peut pas dépasser la quantité commandée (${ordered}).`,
  substituteQuantity: `La quantité du produit de remplacement est un nombre entier de 1 à ${ADD_TO_CART_MAX}.`,
  substituteNotWanted: 'Le client a demandé de ne pas remplacer ce produit.',
  substituteNothingMissing: 'Rien ne manque sur cette ligne : il n’y a rien à remplacer.',
  substituteUnknown: 'Ce produit de remplacement n’existe pas ou n’est plus en vente.',
  substituteInOrder: 'Ce produit est déjà dans la commande : ajustez sa ligne plutôt.',
  substituteOutOfStock: (designation: string, stock: number) => `Stock insuffisant pour « ${designation} » : ${stock} disponible(s).`,
  // The shopper's acceptance of a dearer substitute.
  supplementNone: 'Aucun supplément n’est à accepter pour cette commande.',
  supplementTooLate: 'Cette commande ne peut plus être modifiée : le supplément ne peut plus être accepté.',
  supplementLinkInvalid: 'Ce lien n’est pas valide pour cette commande.',
} as const

/** Lines one preparation may name (an order holds at most as many as a cart). */
export const PREPARATION_LINES_MAX = 200

const quantityPrepared = z
  .number({ error: PREPARATION_MESSAGES.quantityInvalid })
  .int({ error: PREPARATION_MESSAGES.quantityInvalid })
  .min(0, { error: PREPARATION_MESSAGES.quantityInvalid })
  .max(10_000, { error: PREPARATION_MESSAGES.quantityInvalid })

export const substituteSchema = z.object({
  produit: bodyIdSchema,
  /** The variant; may be left out for a product sold one way. */
  variante: bodyIdSchema.optional(),
  quantite: z
    .number({ error: PREPARATION_MESSAGES.substituteQuantity })
    .int({ error: PREPARATION_MESSAGES.substituteQuantity })
    .min(1, { error: PREPARATION_MESSAGES.substituteQuantity })
    .max(ADD_TO_CART_MAX, { error: PREPARATION_MESSAGES.substituteQuantity }),
})

export const preparationLineSchema = z.object({
  produit: bodyIdSchema,
  variante: bodyIdSchema.optional(),
  quantite_preparee: quantityPrepared,
  /** Another product for what is missing, at its own current price. */
  remplacement: substituteSchema.optional().nullable(),
})

/**
 * Body of POST /api/commande/{numero}/preparation: the lines that differ from what was ordered
 * (a line not named is prepared in full), each with what was prepared and its substitute.
 */
export const preparationSchema = z.object({
  lignes: z.array(preparationLineSchema, { error: PREPARATION_MESSAGES.linesInvalid }).min(1, { error: PREPARATION_MESSAGES.linesInvalid }).max(PREPARATION_LINES_MAX, { error: PREPARATION_MESSAGES.linesInvalid }),
})
export type PreparationBody = z.infer<typeof preparationSchema>

/** Body of POST /api/suivi/{numero}/supplement: the signed key of the message's link. */
export const supplementAcceptSchema = z.object({ k: z.string({ error: PREPARATION_MESSAGES.supplementLinkInvalid }).max(100, { error: PREPARATION_MESSAGES.supplementLinkInvalid }) })

/** An order's amounts as stored, what a preparation recomputes. */
export interface StoredAmounts {
  montantcommande: number
  montantliv: number
  remise: number
  remiseCode: number
  remiseLivraison: number | null
}

/**
 * The order's amounts once its goods are worth `goods` (ADR 055, ADR 041): the discount on the
 * goods (the code's and the loyalty tier's percentage) follows the goods in proportion, so that
 * each unit left keeps what it was paid and a missing one gives back exactly its paid share; it
 * never grows beyond what it was at checkout, nor beyond the goods. The delivery's part stays.
 */
export function preparedAmounts(order: StoredAmounts, goods: number): Pick<StoredAmounts, 'montantcommande' | 'remise' | 'remiseCode'> & { total: number } {
  const before = Math.max(0, order.montantcommande)
  const after = Math.max(0, Math.floor(goods))
  const onGoods = order.montantcommande - goodsPaid(order)
  const scale = (amount: number) => (before === 0 ? 0 : Number((BigInt(Math.max(0, amount)) * BigInt(Math.min(after, before))) / BigInt(before)))
  const discount = Math.min(scale(onGoods), after)
  const remiseCode = Math.min(scale(order.remiseCode), discount)
  const remise = discount + Math.max(0, order.remiseLivraison ?? 0)
  return { montantcommande: after, remise, remiseCode, total: orderTotal({ montantcommande: after, montantliv: order.montantliv, remise }) }
}

/**
 * What goes back to a shopper who paid online when the order now costs `after` instead of
 * `before`: the difference, never below 0, never more than what is left of what was paid.
 */
export function preparationRefund(money: { paid: number; refunded: number; before: number; after: number }): number {
  const left = Math.max(0, money.paid - Math.max(0, money.refunded))
  return Math.min(left, Math.max(0, money.before - money.after))
}

/** A dearer substitute's supplement the shopper accepted (ADR 058), else 0. */
const acceptedSupplement = (order: { supplement: number | null; supplementAccepted: boolean }) => (order.supplementAccepted && order.supplement ? order.supplement : 0)

/**
 * What is collected at delivery (by the courier, or at the depot's counter): a cash order's
 * total; for an order paid online, the dearer substitute's supplement the shopper accepted
 * (ADR 058), else nothing. Written once: « Mes livraisons », « Livrée » and the cash page read it
 * (the cash page's SQL spells the same rule, `COLLECT_SQL` beside its query).
 */
export function amountToCollect(order: { cash: boolean; total: number; supplement: number | null; supplementAccepted: boolean }): number {
  if (order.cash) return order.total
  return acceptedSupplement(order)
}

/** States after which no supplement is due: collected at delivery, or the order is over. */
const NOTHING_DUE_AFTER: readonly string[] = ['livree', 'annulee', 'remboursee']

/**
 * The supplement still due at delivery (or at the counter) on an order paid online, in state
 * `etat`: the accepted dearer substitute's (ADR 058), 0 for a cash order (its total is what is
 * collected, the supplement is in it), 0 once delivered (collected then), cancelled or refunded.
 * Written once: the tracking answer, the order messages, the back office's order and its slips.
 */
export function supplementDue(order: { cash: boolean; etat: string; supplement: number | null; supplementAccepted: boolean }): number {
  if (order.cash || NOTHING_DUE_AFTER.includes(order.etat)) return 0
  return acceptedSupplement(order)
}

/** Where what is left is paid: « à payer au retrait » for a pickup at a depot, « à payer à la livraison » else. */
export const payAtHandover = (pickup: boolean) => (pickup ? 'à payer au retrait' : 'à payer à la livraison')

/** « Supplément de 500 FCFA à payer à la livraison » (« au retrait » for a pickup): tracking page, messages, slips. */
export const supplementDueText = (amount: number, formatAmount: (amount: number) => string = formatPrix, pickup = false) =>
  `Supplément de ${formatAmount(amount)} ${payAtHandover(pickup)}`

/** What a substitute line charges: its own price, at most the replaced units' amount unless the shopper accepted. */
export function substituteCharge(own: number, replaced: number): { charged: number; supplement: number } {
  const charged = Math.min(own, Math.max(0, replaced))
  return { charged, supplement: own - charged }
}

/** One change a preparation made, as the shopper is told of it. */
export type PreparedChange =
  | { kind: 'manquant'; quantite: number; designation: string }
  | { kind: 'remplace'; quantite: number; designation: string; par: string }

/**
 * « 1 × Huile 1 L remplacée par Huile 1 L Dinor ; 2 × Lait caillé manquants, 1 800 FCFA
 * remboursés sur Wave » (the words): each change, then the money. `formatAmount` is
 * the shared formatting (the SMS's takes plain spaces).
 */
export function preparationSummary(
  changes: readonly PreparedChange[],
  money: { rembourse?: { montant: number; destination: string } | null; aEncaisser?: number | null; supplement?: number | null; pickup?: boolean },
  formatAmount: (amount: number) => string = formatPrix,
): string {
  const parts = changes.map((c) =>
    c.kind === 'manquant'
      ? `${c.quantite} × ${c.designation} ${c.quantite > 1 ? 'manquants' : 'manquant'}`
      : `${c.quantite} × ${c.designation} ${c.quantite > 1 ? 'remplacées' : 'remplacée'} par ${c.par}`,
  )
  let text = parts.join(' ; ')
  if (money.rembourse && money.rembourse.montant > 0) text += `, ${formatAmount(money.rembourse.montant)} remboursés ${money.rembourse.destination}`
  else if (money.aEncaisser != null) text += `, ${formatAmount(money.aEncaisser)} ${payAtHandover(money.pickup ?? false)}`
  return text
}
