// Searches to try when a search finds nothing (issue 19 §2): its words spelled as the
// catalogue's names write them (« ognion » → « oignon »).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'

export function getSpellings(q: string): Promise<string[]> {
  return storefrontData<string[]>('orthographes', { q })
}

export function getSpellingsQueryOptions(q: string) {
  // The same for every visitor: no viewer in the key.
  return queryOptions({ queryKey: storefrontKey('orthographes', { q }, 'anon'), queryFn: () => getSpellings(q) })
}

export function useSpellings(q: string) {
  return useQuery(getSpellingsQueryOptions(q))
}
