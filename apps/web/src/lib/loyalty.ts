// The customer's loyalty tier as the shared order computation reads it.
import type { Privilege } from '@teranga/shared/customer-answers'
import type { LoyaltyReward } from '@teranga/shared/order-amounts'

/** The current tier's rewards, as the shared order computation takes them. */
export const rewardsOf = (privilege: Privilege | null): LoyaltyReward[] =>
  (privilege?.privilegerecompenses ?? []).map((r) => ({ code: r.typerecompense.code, valeur: r.valeur }))
