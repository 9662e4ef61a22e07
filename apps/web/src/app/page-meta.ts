// What a page tells search engines and link previews, declared by its route beside the data it
// shows first (`handle.meta`, read with the same query options as its components): the server
// renders the page, then asks the deepest matched route that declares one, with the page's
// data in the query cache, and writes the answer into the document's head (page-head.ts on the
// server). Crawlers and WhatsApp's preview run no JavaScript, so only this counts for them.
import type { QueryClient } from '@tanstack/react-query'
import type { Params, RouteObject } from 'react-router'
import type { PageMeta } from '@teranga/shared/page-meta'

export interface MetaArgs {
  params: Params
  searchParams: URLSearchParams
  /** The page's data as the server embedded it: `queryClient.getQueryData(options.queryKey)`. */
  queryClient: QueryClient
}

/** A route's head: undefined leaves it to an outer route, or to the shop's defaults. */
export type RouteMeta = (args: MetaArgs) => PageMeta | undefined

/** The innermost matched route's head, if any declares one. */
export function pageMeta(
  matches: ReadonlyArray<{ route: Pick<RouteObject, 'handle'>; params: Params }>,
  url: URL,
  queryClient: QueryClient,
): PageMeta | undefined {
  for (const match of [...matches].reverse()) {
    const meta = (match.route.handle as { meta?: RouteMeta } | undefined)?.meta
    const answer = meta?.({ params: match.params, searchParams: url.searchParams, queryClient })
    if (answer) return answer
  }
  return undefined
}

/** Text for a description: Markdown's marks and line breaks out, at most `max` characters. */
export function plainText(text: string | null | undefined, max = 200): string | undefined {
  if (!text) return undefined
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!plain) return undefined
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

/** A picture for link previews: the 640-pixel rendering (sharp on a phone, light to fetch). */
export function previewImage(image: string | null | undefined, srcset: string | null | undefined): string | null {
  const candidates = (srcset ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .flatMap(([src, width]) => (src && width && /^\d+w$/.test(width) ? [{ src, width: Number.parseInt(width, 10) }] : []))
  const chosen = candidates.find((c) => c.width === 640) ?? candidates.sort((a, b) => b.width - a.width)[0]
  return chosen?.src ?? image ?? null
}
