// The forms' schemas that are not the server's own yet (the others come from packages/shared):
// they mirror docs/back-office-api.md's field names and the spec's exact messages.
import { z } from 'zod'

/** POST /api/commande/{numero}/etat, and the refund: a reason of 1–500 characters. */
export const reasonSchema = z.object({
  motif: z.string().trim().min(1, { error: 'Le motif est requis' }).max(500, { error: 'Le motif ne doit pas dépasser 500 caractères' }),
})
