// Loyalty tiers and their rewards (GraphQL privileges); the customer's own standing is in
// lib/api/loyalty-api.ts.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Privilege } from '@teranga/shared/customer-answers'
import { graphql } from '@/lib/api-client.ts'

const PRIVILEGES_QUERY = `query Privileges { privileges { id designation couleur point
  privilegerecompenses { id valeur typerecompense { id code designation } } } }`

export const getPrivilegesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'privileges'] as const,
    queryFn: async () => (await graphql<{ privileges: Privilege[] }>(PRIVILEGES_QUERY)).privileges,
    staleTime: Infinity,
  })

export const usePrivileges = () => useQuery(getPrivilegesQueryOptions())
