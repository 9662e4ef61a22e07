// The answer of POST /api/commande/{numero}/recommander (issue 25 §5, ADR 057), checked by the
// server's response schema; the storefront imports its type only.
import { z } from 'zod'
import { REORDER_REASONS } from './reorder.ts'
import { panierSchema } from './storefront-answers.ts'

const lineSchema = z.object({ produit: z.number(), variante: z.number().nullable(), designation: z.string() })

/**
 * POST /api/commande/{numero}/recommander: the cart after, the order's lines not put in it
 * (`motif` says why), and those put in with less than ordered (`ajoute`: the line's quantity now).
 */
export const reorderAnswerSchema = z.object({
  panier: panierSchema,
  indisponibles: z.array(lineSchema.extend({ motif: z.enum(REORDER_REASONS) })),
  partiels: z.array(lineSchema.extend({ variante: z.number(), demande: z.number(), ajoute: z.number() })),
})
export type ReorderAnswer = z.infer<typeof reorderAnswerSchema>
