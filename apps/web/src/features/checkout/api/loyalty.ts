// The customer's loyalty rewards (GET /api/fidelite, the current tier's privilegerecompenses),
// for the payment page's preview of the discount; the server computes it again anyway.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LoyaltyReward } from '@teranga/shared/order-amounts'
import { rest } from '@/lib/api-client.ts'

interface FideliteAnswer {
  points: number
  privilege: {
    id: number
    designation: string
    privilegerecompenses: Array<{ id: number; valeur: number; typerecompense: { id: number; code: string; designation: string } }>
  } | null
}

export interface CheckoutLoyalty {
  tier: string | null
  rewards: LoyaltyReward[]
}

export function getLoyalty(): Promise<CheckoutLoyalty> {
  return rest<FideliteAnswer>('GET', '/fidelite').then(({ privilege }) => ({
    tier: privilege?.designation ?? null,
    rewards: (privilege?.privilegerecompenses ?? []).map((r) => ({ code: r.typerecompense.code, valeur: r.valeur })),
  }))
}

export const getLoyaltyQueryOptions = () => queryOptions({ queryKey: ['checkout', 'fidelite'] as const, queryFn: getLoyalty, staleTime: 0 })

export const useLoyalty = () => useQuery(getLoyaltyQueryOptions())
