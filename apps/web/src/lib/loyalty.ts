// The customer's loyalty (GET /api/fidelite): balance, tier with its rewards, next tier and
// history. One query for the profile's rewards page and the payment page's discount preview.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LoyaltyReward } from '@teranga/shared/order-amounts'
import { rest } from './api-client.ts'

export interface Privilege {
  id: number
  designation: string
  couleur: string | null
  point: number
  privilegerecompenses: Array<{ id: number; valeur: number; typerecompense: { id: number; code: string; designation: string } }>
}

export interface MouvementPoints {
  id: number
  points: number
  motif: string
  numerocommande: string | null
  date: string
  date_fr: string
}

export interface Fidelite {
  points: number
  privilege: Privilege | null
  prochain: Privilege | null
  historique: MouvementPoints[]
}

export const getFideliteQueryOptions = () =>
  queryOptions({
    queryKey: ['fidelite'] as const,
    queryFn: () => rest<Fidelite>('GET', '/fidelite'),
    staleTime: 0,
    // Points move when an order is delivered: asked again on every visit.
    refetchOnMount: true,
  })

export const useFidelite = () => useQuery(getFideliteQueryOptions())

/** The current tier's rewards, as the shared order computation takes them. */
export const rewardsOf = (privilege: Privilege | null): LoyaltyReward[] =>
  (privilege?.privilegerecompenses ?? []).map((r) => ({ code: r.typerecompense.code, valeur: r.valeur }))
