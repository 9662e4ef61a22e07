// The query client of spec §7: no refetch on focus or mount, no retry. Catalogue answers
// stay fresh for a minute, so going back to a page shows it at once from the cache.
import { QueryClient } from '@tanstack/react-query'
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
