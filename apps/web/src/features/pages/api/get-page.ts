// One of the shop's own pages (CGV, FAQ, livraison, contact) as the owner wrote it: its title,
// description and the HTML the server rendered from its Markdown (safe to show as is).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ContentSlug } from '@teranga/shared/content-pages'
import type { ContentPage } from '@teranga/shared/storefront-answers'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { storefrontData } from '@/lib/api-client.ts'

export const getPage = (slug: ContentSlug) => storefrontData<ContentPage | null>('pagecontenu', { slug })

export function getPageQueryOptions(slug: ContentSlug) {
  return queryOptions({ queryKey: storefrontKey('pagecontenu', { slug }), queryFn: () => getPage(slug), staleTime: 5 * 60_000 })
}

export const usePage = (slug: ContentSlug) => useQuery(getPageQueryOptions(slug))
