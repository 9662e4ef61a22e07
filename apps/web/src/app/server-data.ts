// What a page needs before its first paint, declared by its route (`handle.serverData`) with
// the same query options its components read: the server runs those documents for a visitor
// and embeds the answers under the same keys, so the first paint needs no round trip. The
// server keeps a page per path and per these queries: what a page draws from its address's
// query string must therefore pass through them (as the home grid's page and category do).
import type { Params, RouteObject } from 'react-router'
import type { StorefrontQuery } from '@teranga/shared/storefront-queries'
import type { RouteMeta } from './page-meta.ts'

type StorefrontKey = readonly ['gql', StorefrontQuery, Record<string, unknown>, 'anon' | 'auth']

export interface ServerDataArgs {
  params: Params
  searchParams: URLSearchParams
}

/** The queries a route's page shows first, for a visitor (the server knows no customer). */
export type ServerData = (args: ServerDataArgs) => ReadonlyArray<{ queryKey: StorefrontKey }>

export interface RouteHandle {
  serverData?: ServerData
  /**
   * What else the page draws from its address than the data (the product page's chosen variant):
   * the server keeps a page per path, queries and view.
   */
  view?: (args: ServerDataArgs) => string | undefined
  /** The page's title, description and preview for engines and shared links (page-meta.ts). */
  meta?: RouteMeta
}

/** One document the server runs for a page, with the variables the app asks with. */
export interface PageQuery {
  name: StorefrontQuery
  variables: Record<string, unknown>
}

/** Every document the matched routes declare, outermost route first, each once. */
export function pageQueries(matches: ReadonlyArray<{ route: Pick<RouteObject, 'handle'>; params: Params }>, url: URL): PageQuery[] {
  const queries = new Map<string, PageQuery>()
  for (const match of matches) {
    const serverData = (match.route.handle as RouteHandle | undefined)?.serverData
    for (const { queryKey } of serverData?.({ params: match.params, searchParams: url.searchParams }) ?? []) {
      const [, name, variables] = queryKey
      queries.set(JSON.stringify([name, variables]), { name, variables })
    }
  }
  return [...queries.values()]
}

/** What the matched routes draw from the address beyond their data (`handle.view`), one string; empty when none. */
export function pageView(matches: ReadonlyArray<{ route: Pick<RouteObject, 'handle'>; params: Params }>, url: URL): string {
  return matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.view?.({ params: match.params, searchParams: url.searchParams }))
    .filter((view): view is string => Boolean(view))
    .join('&')
}
