// The shop's grids (issue 19 §2): how a page of products may be sorted and filtered (price
// range, in stock only, on sale), read alike by the server (GraphQL and REST arguments) and by
// the storefront (its address's query string, which the server reads too to embed the page's
// first data), with the French words the shopper reads and the reasons a value is refused. The
// arguments' schema is catalogue-grid-schema.ts: the storefront's grids need no zod.
import { formatNombre } from './money.ts'

/** The sorts a grid offers, with their labels; without one, the catalogue's own order (or relevance for a search). */
export const GRID_SORTS = {
  prix_croissant: 'Prix croissant',
  prix_decroissant: 'Prix décroissant',
  nouveautes: 'Nouveautés',
  meilleures_ventes: 'Meilleures ventes',
} as const

export type GridSort = keyof typeof GRID_SORTS
export const GRID_SORT_VALUES = Object.keys(GRID_SORTS) as GridSort[]

/** A price bound a shopper may type, in FCFA. */
export const GRID_PRICE_MAX = 100_000_000

/** Units sold over this many days make a best seller. */
export const BEST_SELLERS_DAYS = 30

export const GRID_MESSAGES = {
  triInvalid: `Tri inconnu : choisissez ${GRID_SORT_VALUES.join(', ')}`,
  prixInvalid: `Le prix doit être un nombre entier de FCFA, entre 0 et ${formatNombre(GRID_PRICE_MAX)}`,
  prixRange: 'Le prix minimum dépasse le prix maximum',
  booleanInvalid: 'Choisissez oui (true) ou non (false)',
  noResult: (q: string) => `Aucun résultat pour « ${q} »`,
} as const


/** What a grid page's address holds: its page, sort and filters (the search term apart). */
export interface GridState {
  page: number
  tri?: GridSort | undefined
  prix_min?: number | undefined
  prix_max?: number | undefined
  en_stock?: boolean | undefined
}

const wholeNumber = (value: string | null, max: number) => {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined
  const n = Number(value)
  return n <= max ? n : undefined
}

/**
 * A grid's state from its address: what does not make sense is left out (a shopper who edits
 * the address gets the grid without it, not an error page), a minimum above the maximum too.
 */
export function readGridState(params: URLSearchParams): GridState {
  const tri = params.get('tri')
  const prixMin = wholeNumber(params.get('prix_min'), GRID_PRICE_MAX)
  const prixMax = wholeNumber(params.get('prix_max'), GRID_PRICE_MAX)
  const range = prixMin !== undefined && prixMax !== undefined && prixMin > prixMax ? {} : { prix_min: prixMin, prix_max: prixMax }
  return {
    page: Math.max(1, wholeNumber(params.get('page'), 1_000_000) ?? 1),
    tri: tri && tri in GRID_SORTS ? (tri as GridSort) : undefined,
    ...range,
    en_stock: params.get('en_stock') === '1' ? true : undefined,
  }
}

/** The address's query string for a grid's state (and search term), without defaults. */
export function gridSearchParams(state: GridState, q?: string): URLSearchParams {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (state.tri) params.set('tri', state.tri)
  if (state.prix_min !== undefined) params.set('prix_min', String(state.prix_min))
  if (state.prix_max !== undefined) params.set('prix_max', String(state.prix_max))
  if (state.en_stock) params.set('en_stock', '1')
  if (state.page > 1) params.set('page', String(state.page))
  return params
}
