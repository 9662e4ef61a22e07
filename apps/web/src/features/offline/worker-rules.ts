// What the service worker (sw.ts) and the page agree on: the messages they exchange, the
// offline shell's address, how long the network gets, and which answers are never kept.

/** How long a read waits for the network before the kept copy is shown (a slow 3G cell). */
export const NETWORK_TIMEOUT_SECONDS = 3
/** The page the server draws without data; the app renders any address in it offline. */
export const OFFLINE_SHELL = '/offline.html'
/** Worker → page: an answer came from the cache, so what the page shows may be outdated. */
export const STALE_MESSAGE = 'teranga:copie-conservee'
/** Set in the head of a page the worker answered from its copy (a slow or absent network). */
export const KEPT_PAGE_META = 'teranga-copie-conservee'
/** Page → waiting worker: take over now (the shopper pressed « Recharger »). */
export const SKIP_WAITING_MESSAGE = 'teranga:activer'

/** An answer meant for one person (a signed-in customer's): the server marks it no-store or private. */
export function isPrivateAnswer(cacheControl: string | null): boolean {
  return cacheControl !== null && /\b(no-store|private)\b/i.test(cacheControl)
}

// The server's own pages and files, none of them a storefront page to keep: the API, images
// and scripts (cached apart), the back office, the payment sandboxes, an order's follow-up link
// (it carries a key), health.
const NOT_A_SHOP_PAGE = /^\/(api|graphql|media|assets|admin|sandbox|suivi|health|metrics)(\/|$)/

export function isShopPage(url: URL, origin: string): boolean {
  return url.origin === origin && !NOT_A_SHOP_PAGE.test(url.pathname)
}

/** A GraphQL body that only reads (no mutation, no subscription): the only kind ever kept. */
export function isGraphqlRead(body: string): boolean {
  let query: unknown
  try {
    query = (JSON.parse(body) as { query?: unknown } | null)?.query
  } catch {
    return false
  }
  if (typeof query !== 'string') return false
  const withoutComments = query.replace(/#[^\n]*/g, '')
  return !/\b(mutation|subscription)\b/.test(withoutComments)
}

/** The page's HTML marked as a kept copy, so that the page can say it may be outdated. */
export function markKeptPage(html: string): string {
  const mark = `<meta name="${KEPT_PAGE_META}" content="1">`
  return html.includes('</head>') ? html.replace('</head>', `${mark}</head>`) : html
}
