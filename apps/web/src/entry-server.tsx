// Server rendering of a page (used by the shop's server): which documents a page needs first,
// as its routes declare them, then the real route tree, with the query cache seeded from their
// answers, rendered as a visitor sees it. The browser then hydrates the same markup (main.tsx),
// so the first paint needs no JavaScript.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router'
import type { PageMeta } from '@teranga/shared/page-meta'
import type { InitialQuery } from '@teranga/shared/storefront-queries'
import { createQueryClient } from '@/lib/query-client.ts'
import { AppProvider } from './app/provider.tsx'
import { routes } from './app/router.tsx'
import { pageMeta } from './app/page-meta.ts'
import { pageQueries, pageView, type PageQuery } from './app/server-data.ts'
import { ResponseStatusContext, type ResponseStatus } from './app/response-status.ts'

export interface RenderedApp {
  html: string
  status: number
  /** What the page's head tells engines and link previews (its routes' `handle.meta`). */
  meta?: PageMeta
}

const handler = createStaticHandler(routes)
const requestFor = (url: string) => new Request(new URL(url, 'http://shop.local'))

/** The documents the page at `url` shows first (its routes' `handle.serverData`), for a visitor. */
export async function dataFor(url: string): Promise<PageQuery[]> {
  // The static handler loads the matched lazy routes, whose modules declare their own data.
  const context = await handler.query(requestFor(url))
  if (context instanceof Response) return []
  return pageQueries(context.matches, new URL(url, 'http://shop.local'))
}

/**
 * What the page at `url` draws from its address beyond its data (the product page's chosen
 * variant), so the server keeps one page per view: '' for most pages.
 */
export async function viewFor(url: string): Promise<string> {
  const context = await handler.query(requestFor(url))
  if (context instanceof Response) return ''
  return pageView(context.matches, new URL(url, 'http://shop.local'))
}

export async function render(url: string, queries: InitialQuery[]): Promise<RenderedApp> {
  const context = await handler.query(requestFor(url))
  if (context instanceof Response) return { html: '', status: context.status }
  const router = createStaticRouter(handler.dataRoutes, context)
  const queryClient = createQueryClient(queries)
  // A page that draws the not-found page (an unknown path, a product that does not exist…) marks it.
  const response: ResponseStatus = { status: context.statusCode }
  const html = renderToString(
    <StrictMode>
      <ResponseStatusContext value={response}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </ResponseStatusContext>
    </StrictMode>,
  )
  const notFound = response.status === 404 || context.matches.some((match) => match.route.id === 'not-found')
  const meta = notFound ? { title: 'Page introuvable', noindex: true } : pageMeta(context.matches, new URL(url, 'http://shop.local'), queryClient)
  return { html, status: notFound ? 404 : context.statusCode, meta }
}

/**
 * Every page of the route table as a path pattern ('/product/:id', '/*' for any other path),
 * so that tests visit each page the table knows, a new one included.
 */
export function routePatterns(table: RouteObject[] = routes, parent = ''): string[] {
  const patterns = table.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent
    const own = route.index || (route.path && !route.children) ? [path || '/'] : []
    return [...own, ...routePatterns(route.children ?? [], path)]
  })
  return [...new Set(patterns)]
}
