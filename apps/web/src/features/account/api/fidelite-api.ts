// Loyalty: the tiers and their rewards (GraphQL privileges) and the customer's balance, tier,
// next tier and history (GET /api/fidelite).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { graphql, rest } from '@/lib/api-client.ts'

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

const PRIVILEGES_QUERY = `query Privileges { privileges { id designation couleur point
  privilegerecompenses { id valeur typerecompense { id code designation } } } }`

export const getPrivilegesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'privileges'] as const,
    queryFn: async () => (await graphql<{ privileges: Privilege[] }>(PRIVILEGES_QUERY)).privileges,
    staleTime: Infinity,
  })

export const usePrivileges = () => useQuery(getPrivilegesQueryOptions())

export const getFideliteQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'fidelite'] as const,
    queryFn: () => rest<Fidelite>('GET', '/fidelite'),
    staleTime: 0,
  })

export const useFidelite = () => useQuery(getFideliteQueryOptions())
