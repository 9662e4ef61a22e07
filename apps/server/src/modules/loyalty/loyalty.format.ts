// How the loyalty tiers appear in API answers: from the lowest threshold up, each with its
// image and rewards.
import { z } from 'zod'
import { mediaFields } from '@teranga/shared/media'
import { mediaSchema } from '../../lib/rest.ts'
import type { LoyaltyRepository } from './loyalty.repository.ts'

export const privilegeSchema = z.object({
  id: z.number(),
  designation: z.string(),
  couleur: z.string().nullable(),
  point: z.number(),
  ...mediaSchema,
  privilegerecompenses: z.array(
    z.object({
      id: z.number(),
      valeur: z.number(),
      typerecompense: z.object({ id: z.number(), code: z.string(), designation: z.string() }),
    }),
  ),
})

export type Privilege = z.infer<typeof privilegeSchema>

/** The tiers from the repository's rows (one per tier and reward, tiers in threshold order). */
export function toPrivileges(rows: Awaited<ReturnType<LoyaltyRepository['privileges']>>): Privilege[] {
  const tiers = new Map<number, Privilege>()
  for (const row of rows) {
    const p = row.privilege
    let tier = tiers.get(p.id)
    if (!tier) {
      tier = { id: p.id, designation: p.designation, couleur: p.couleur, point: p.point, ...mediaFields(p.image), privilegerecompenses: [] }
      tiers.set(p.id, tier)
    }
    if (row.reward && row.type) tier.privilegerecompenses.push({ ...row.reward, typerecompense: row.type })
  }
  return [...tiers.values()]
}
