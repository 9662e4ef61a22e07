// An order as its tracking link shows it (GraphQL `suivi`, ADR 034): readable without signing
// in; a wrong key answers null, as an unknown order. The server runs the same document to
// draw the page (a link opened from an SMS on a weak phone needs no script to be read), so the
// key is the visitor's whoever asks: the embedded answer is found after hydration.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SuiviPage } from '@teranga/shared/order-messages'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'

export const getSuiviQueryOptions = (numero: string, k: string) =>
  queryOptions({
    queryKey: storefrontKey('suivi', { numero, k }, 'anon'),
    queryFn: () => storefrontData<SuiviPage | null>('suivi', { numero, k }),
    staleTime: 0,
  })

/** Without a key nothing is asked: the page is the not-found page. */
export const useSuivi = (numero: string, k: string) => useQuery({ ...getSuiviQueryOptions(numero, k), enabled: k !== '' })
