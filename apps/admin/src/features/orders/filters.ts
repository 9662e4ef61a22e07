// The orders list's filters, page and sort, kept in the URL (shareable, back button).
export const FILTER_KEYS = ['etat', 'du', 'au', 'modelivraison', 'zone', 'depot', 'livreur', 'modepaiement', 'creneau_date', 'creneau', 'q'] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

/** The API's query string (GET /api/commande, export.csv) from the page's URL search. */
export function ordersQuery(search: URLSearchParams, { paging = true } = {}): string {
  const query = new URLSearchParams()
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim()
    if (value) query.set(key, value)
  }
  if (paging) {
    query.set('page', search.get('page') ?? '1')
    query.set('count', '20')
  }
  query.set('sort', search.get('sort') ?? 'datecomm')
  query.set('dir', search.get('dir') ?? 'desc')
  return query.toString()
}
