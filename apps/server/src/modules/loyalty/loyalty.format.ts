// How the loyalty tiers appear in API answers: from the lowest threshold up, each with its
// image and rewards.
import type { Privilege } from '@teranga/shared/customer-answers'
import { mediaFields } from '@teranga/shared/media'
import type { LoyaltyRepository } from './loyalty.repository.ts'

export { privilegeSchema } from '@teranga/shared/customer-answers'
export type { Privilege }

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
