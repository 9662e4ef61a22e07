// The query client of spec §7: no refetch on focus or mount, no retry. Catalogue answers
// stay fresh for a minute, so going back to a page shows it at once from the cache.
import { hashKey, QueryClient } from '@tanstack/react-query'
import type { InitialQuery } from '@teranga/shared/storefront-queries'
import { bootData } from './boot-data.ts'

export function createQueryClient(initial: InitialQuery[] = bootData().queries): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        retry: false,
        staleTime: 60_000,
        gcTime: 10 * 60_000,
      },
      mutations: { retry: false },
    },
  })
  // The first page's data came inside the HTML: the screen renders without waiting.
  for (const { key, data } of initial) client.setQueryData(key, data)
  return client
}

/**
 * `placeholderData` for a query keyed `['gql', name, variables, viewer]`: while only the viewer
 * changed (a signed-in visitor, whose answers carry `like`), the previous answer for the same
 * variables shows until the personal one arrives; never another product's.
 */
export function keepForSameVariables(variables: Record<string, unknown>) {
  const wanted = hashKey([variables])
  return <T,>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery && hashKey([previousQuery.queryKey[2]]) === wanted ? previous : undefined
}
