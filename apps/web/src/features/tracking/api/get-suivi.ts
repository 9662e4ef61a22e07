// An order as its tracking link shows it (GET /api/suivi/{numero}?k=…, ADR 034): readable
// without signing in; a wrong key is a 404, as an unknown order.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Suivi } from '@teranga/shared/order-messages'
import { ApiError, rest } from '@/lib/api-client.ts'

export const getSuiviQueryOptions = (numero: string, key: string) =>
  queryOptions({
    queryKey: ['suivi', numero, key] as const,
    queryFn: async () => (await rest<{ commande: Suivi }>('GET', `/suivi/${encodeURIComponent(numero)}?k=${encodeURIComponent(key)}`)).commande,
    // A 404 is the answer, not a hiccup: not asked again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 0,
  })

/** Without a key nothing is asked: the page is the not-found page. */
export const useSuivi = (numero: string, key: string) => useQuery({ ...getSuiviQueryOptions(numero, key), enabled: key !== '' })
