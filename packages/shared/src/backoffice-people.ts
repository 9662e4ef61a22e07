// The back office's people (docs/back-office-api.md, « Clients » and « Journal »): the
// customers, their points, and the audit trail, as the server answers them and apps/admin
// reads them.
import { z } from 'zod'

/** A line of GET /api/client. */
export const customerResponseSchema = z.object({
  id: z.number(),
  prenom: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  /** How many orders. */
  commandes: z.number(),
  points: z.number(),
  privilege: z.string().nullable(),
  created_at: z.string(),
  created_at_fr: z.string(),
})
export type Customer = z.infer<typeof customerResponseSchema>

/**
 * GET /api/client/{id}: the line with `commandes` as the last 20 orders (the count moves to
 * `nb_commandes`) and the last 50 points movements; `achats`: what the customer's orders that
 * count as sales brought, in FCFA (ADR 050).
 */
export const customerDetailResponseSchema = customerResponseSchema.extend({
  nb_commandes: z.number(),
  achats: z.number(),
  achats_fr: z.string(),
  adresses: z.array(z.object({ id: z.number(), libelle: z.string().nullable(), adresse: z.string(), telephone: z.string().nullable(), zone: z.string().nullable(), par_defaut: z.boolean() })),
  commandes: z.array(z.object({ id: z.number(), numerocommande: z.string(), etat: z.string(), date: z.string(), date_fr: z.string(), total: z.number(), total_fr: z.string() })),
  mouvements_points: z.array(z.object({ id: z.number(), points: z.number(), motif: z.string(), numerocommande: z.string().nullable(), date: z.string(), date_fr: z.string() })),
})
export type CustomerDetail = z.infer<typeof customerDetailResponseSchema>

/** POST /api/client/{id}/points: the balance after the adjustment, and its movement's id. */
export const pointsAdjustmentResultSchema = z.object({ points: z.number(), mouvement: z.number() })
export type PointsAdjustmentResult = z.infer<typeof pointsAdjustmentResultSchema>

/** A line of GET /api/audit: who (null: the shop itself) did what to which record, its fields before and after. */
export const auditEntryResponseSchema = z.object({
  id: z.number(),
  date: z.string(),
  date_fr: z.string(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  staff: z.object({ id: z.number(), email: z.string().nullable() }).nullable(),
  avant: z.unknown(),
  apres: z.unknown(),
})
export type AuditEntry = z.infer<typeof auditEntryResponseSchema>
