// The customer's loyalty (GET /api/fidelite): balance, tier with its rewards, next tier and
// history. One query for the profile's rewards page, the header and the payment page's
// discount preview (so not one feature's).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Fidelite } from '@teranga/shared/customer-answers'
import { rest } from '../api-client.ts'

export const getFideliteQueryOptions = () =>
  queryOptions({
    queryKey: ['fidelite'] as const,
    queryFn: () => rest<Fidelite>('GET', '/fidelite'),
    staleTime: 0,
    // Points move when an order is delivered: asked again on every visit.
    refetchOnMount: true,
  })

export const useFidelite = () => useQuery(getFideliteQueryOptions())
