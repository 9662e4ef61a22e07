// The storefront's service worker (docs/decisions/032): the shop keeps opening when the 3G
// drops. It owns the caches below and never keeps an answer meant for one signed-in customer.
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { NETWORK_TIMEOUT_SECONDS, OFFLINE_SHELL, STALE_MESSAGE, SKIP_WAITING_MESSAGE, isPrivateAnswer, isShopPage, isGraphqlRead, markKeptPage } from './worker-rules.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

const PAGES = 'teranga-pages'
const IMAGES = 'teranga-images'
const ASSETS = 'teranga-assets'
const API = 'teranga-api'

// The shell: the entry scripts, the stylesheet, the icons and the offline page, fetched once
// per release (the build lists them with their hashes).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// A new release waits until the page's « Recharger » says to take over (update-prompt.tsx).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting()
})

/** Keeps out what one customer's session produced (ADR 032): such answers are never written. */
const keepPrivateOut: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    request.headers.has('authorization') || isPrivateAnswer(response.headers.get('cache-control')) ? null : response,
}

/** Tells the page that it is showing a kept copy, which it marks « possiblement pas à jour ». */
async function tellStale(clientId: string | undefined) {
  const client = clientId ? await self.clients.get(clientId) : undefined
  client?.postMessage({ type: STALE_MESSAGE })
}

const staleNotice: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    if (cachedResponse && event instanceof FetchEvent) event.waitUntil(tellStale(event.clientId))
    return cachedResponse
  },
}

/** A page from the cache says so in its head: the page is not loaded yet to hear a message. */
const markKeptCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse
    const headers = new Headers(cachedResponse.headers)
    // The kept body is already decoded.
    headers.delete('content-length')
    headers.delete('content-encoding')
    return new Response(markKeptPage(await cachedResponse.text()), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers })
  },
}

// Pages: the server's HTML (the same for every visitor) from the network, unless it takes more
// than a few seconds; then the copy kept from the last visit; then the offline shell, which
// the app draws from its own kept data.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isShopPage(url, self.location.origin),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), keepPrivateOut, markKeptCopy, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
)

// Product images: named after their content's version by the server, so a kept copy is good
// until the phone needs the room.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: IMAGES,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// The screens' code left out of the shell (the checkout map): hashed names, kept once used.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS, plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })] }),
)

// REST reads of a visitor: network first, then the kept copy.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/') && !request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: API,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), keepPrivateOut, staleNotice, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
  'GET',
)

// A visitor's catalogue reads are GETs (ADR 063): kept under their own address like REST
// reads. The server marks every other GET answer no-store, which keepPrivateOut refuses.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && url.pathname === '/graphql' && !request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: API,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), keepPrivateOut, staleNotice, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
  'GET',
)

// Other GraphQL reads are POSTs, which the Cache API cannot key: a visitor's query is kept under
// a GET address named after the hash of its body. Mutations and signed-in requests pass through.
const apiExpiration = new CacheExpiration(API, { maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 })

async function keyFor(body: string): Promise<Request> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
  return new Request(`${self.location.origin}/graphql?lu=${hex}`)
}

async function graphqlRead(event: FetchEvent): Promise<Response> {
  const { request } = event
  const body = await request.clone().text()
  if (!isGraphqlRead(body)) return fetch(request)
  const key = await keyFor(body)
  const cache = await caches.open(API)
  const kept = async () => {
    const copy = await cache.match(key)
    if (copy) event.waitUntil(tellStale(event.clientId))
    return copy
  }
  const network = fetch(request).then((response) => {
    if (response.status === 200 && !isPrivateAnswer(response.headers.get('cache-control'))) {
      event.waitUntil(
        cache
          .put(key, response.clone())
          .then(() => apiExpiration.updateTimestamp(key.url))
          .then(() => apiExpiration.expireEntries()),
      )
    }
    return response
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), NETWORK_TIMEOUT_SECONDS * 1000)
  })
  try {
    const first = await Promise.race([network, slow])
    if (first !== 'slow') return first
    // The network is slow: the kept copy if there is one, else keep waiting for it.
    network.catch(() => undefined)
    return (await kept()) ?? (await network)
  } catch (error) {
    const copy = await kept()
    if (copy) return copy
    throw error
  } finally {
    clearTimeout(timer)
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/graphql') return
  if (request.headers.has('authorization')) return
  event.respondWith(graphqlRead(event))
})

// A page never seen, with no network: the offline shell, which draws the page itself.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_SHELL)) ?? Response.error()
  return Response.error()
})
