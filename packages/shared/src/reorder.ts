// « Commander à nouveau » (issue 25 §5, ADR 057): an earlier order's lines put back into the
// cart at today's prices, and what could not be, as the storefront shows it in the cart panel.
// Texts only, no zod: the storefront's bundle takes them (the answer's schema: reorder-answer.ts).
import { formatNombre } from './money.ts'

export const REORDER_MESSAGES = {
  done: 'Les articles de votre commande sont dans votre panier, aux prix du jour.',
  nothingAdded: "Aucun article de cette commande n'est disponible aujourd'hui.",
  unavailableTitle: 'Plus disponibles',
  partialTitle: 'Quantités réduites',
  unavailable: "N'est plus en vente.",
  outOfStock: 'En rupture de stock.',
  cartFull: 'Votre panier est plein.',
  partial: (demande: number, ajoute: number) => `${formatNombre(ajoute)} sur ${formatNombre(demande)} dans votre panier (stock du jour).`,
  signInToReorder: 'Connectez-vous pour commander à nouveau.',
  button: 'Commander à nouveau',
  working: 'Ajout au panier…',
  error: 'Impossible de remettre cette commande dans le panier',
} as const

/** Why a line of the order is not in the cart. */
export const REORDER_REASONS = ['indisponible', 'rupture', 'panier_plein'] as const
export type ReorderReason = (typeof REORDER_REASONS)[number]
export const reorderReasonText: Record<ReorderReason, string> = {
  indisponible: REORDER_MESSAGES.unavailable,
  rupture: REORDER_MESSAGES.outOfStock,
  panier_plein: REORDER_MESSAGES.cartFull,
}
