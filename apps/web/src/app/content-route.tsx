// What the shop's own pages share in their routes: the page's text is the data the server
// embeds, and its title and description are the page's head for engines and shared links.
import { CONTENT_PAGE_PATHS, type ContentSlug } from '@teranga/shared/content-pages'
import { getPageQueryOptions, usePage } from '@/features/pages/api/get-page.ts'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import type { RouteHandle } from './server-data.ts'

export function contentHandle(slug: ContentSlug, extra: RouteHandle['serverData'] = () => []): RouteHandle {
  return {
    serverData: (args) => [getPageQueryOptions(slug), ...extra(args)],
    meta: ({ queryClient }) => {
      const page = queryClient.getQueryData(getPageQueryOptions(slug).queryKey)
      return page ? { title: page.titre, description: page.description, canonical: CONTENT_PAGE_PATHS[slug] } : undefined
    },
  }
}

/** The tab's title once the page's text is known. */
export function useContentTitle(slug: ContentSlug) {
  useDocumentTitle(usePage(slug).data?.titre)
}
