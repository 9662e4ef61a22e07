// The one way the storefront talks to the server: requests sent, errors with the server's
// French message, network failures, and a 401 dropping the token.
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { GRAPHQL_GET_MESSAGES } from '@teranga/shared/graphql-get-messages'
import { MESSAGES } from '@teranga/shared/messages'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'
import { createHash } from 'node:crypto'
import { makePreferences } from '@/testing/factories.ts'
import { db, failGraphql, failRest, requests, server } from '@/testing/server.ts'
import { storedToken, TOKEN_KEY } from '@/testing/browser-storage.ts'
import { ApiError, graphql, rest, storefront } from './api-client.ts'
import { documentHash, publicReadUrl } from './public-read.ts'

const NETWORK_MESSAGE = MESSAGES.serverUnreachable

describe('api client', () => {
  it("sends a visitor's public read as a GET naming its document by hash, and answers its data", async () => {
    db.preferences = makePreferences({ telephone: '+221 33 000 00 00' })
    const data = await storefront<{ preferences: { telephone: string } }>('preferences')
    expect(data.preferences.telephone).toBe('+221 33 000 00 00')
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/graphql', authorization: null, operation: 'Preferences' })
    // The hash the server computes from the same shared text.
    const sha256Hash = createHash('sha256').update(STOREFRONT_QUERIES.preferences).digest('hex')
    expect(await documentHash(STOREFRONT_QUERIES.preferences)).toBe(sha256Hash)
    expect(requests[0]?.body).toEqual({ query: STOREFRONT_QUERIES.preferences, variables: {} })
    expect(publicReadUrl(sha256Hash, {})).toBe(`/graphql?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }))}`)
  })

  it('gives the same page the same address whatever the order of its variables (caches share it)', () => {
    const a = publicReadUrl('abc', { page: 2, count: 12, categorie_id: 3, tri: undefined })
    const b = publicReadUrl('abc', { categorie_id: 3, count: 12, page: 2 })
    expect(a).toBe(b)
    const params = new URL(a, 'https://boutique.example.sn').searchParams
    expect(params.get('variables')).toBe('{"categorie_id":3,"count":12,"page":2}')
    expect(params.has('query')).toBe(false)
  })

  it('resends the document once when the server does not know its hash (another release)', async () => {
    db.preferences = makePreferences({ telephone: '+221 33 111 11 11' })
    let refused = 0
    server.use(
      http.get('*/graphql', ({ request }) => {
        if (new URL(request.url).searchParams.has('query')) return undefined
        refused++
        return HttpResponse.json({ data: null, errors: [{ message: GRAPHQL_GET_MESSAGES.persistedQueryNotFound, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }, { status: 400 })
      }),
    )
    const data = await storefront<{ preferences: { telephone: string } }>('preferences')
    expect(data.preferences.telephone).toBe('+221 33 111 11 11')
    expect(refused).toBe(1)
    const sent = requests.filter((r) => r.path === '/graphql')
    expect(sent).toHaveLength(2)
    expect(sent[1]).toMatchObject({ method: 'GET', body: { query: STOREFRONT_QUERIES.preferences } })
  })

  it('posts a public read where the browser offers no Web Crypto (a page over plain HTTP on a LAN)', async () => {
    db.preferences = makePreferences({ telephone: '+221 33 222 22 22' })
    vi.stubGlobal('crypto', {})
    try {
      const data = await storefront<{ preferences: { telephone: string } }>('preferences')
      expect(data.preferences.telephone).toBe('+221 33 222 22 22')
    } finally {
      vi.unstubAllGlobals()
    }
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/graphql', authorization: null })
  })

  it('posts a signed-in read (its `like` is personal) and any private document', async () => {
    db.user = { id: 1, prenom: 'Awa', nom: 'Diop', email: 'a@example.sn', image: null, googleImg: null }
    window.localStorage.setItem(TOKEN_KEY, db.token)
    await storefront('produits', { page: 1, count: 12 })
    await vi.waitFor(() => expect(requests[0]?.body).toBeDefined())
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/graphql',
      authorization: `Bearer ${db.token}`,
      body: { query: STOREFRONT_QUERIES.produits, variables: { page: 1, count: 12 } },
    })
    window.localStorage.removeItem(TOKEN_KEY)
    await storefront('favoris', { page: 1, count: 8 }).catch(() => undefined)
    expect(requests.at(-1)).toMatchObject({ method: 'POST', authorization: null })
  })

  it('sends the stored token as a bearer token', async () => {
    db.user = { id: 1, prenom: 'Awa', nom: 'Diop', email: 'a@example.sn', image: null, googleImg: null }
    window.localStorage.setItem(TOKEN_KEY, db.token)
    await rest('GET', '/profile')
    expect(requests[0]?.authorization).toBe(`Bearer ${db.token}`)
  })

  it("throws the first GraphQL error's message and code", async () => {
    failGraphql('Produits', 500, 'Requête GraphQL invalide.')
    const error = await storefront('produits', { page: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: 'Requête GraphQL invalide.', status: 500, code: 'INTERNAL_SERVER_ERROR' })
  })

  it('throws the GraphQL error of a 200 answer too', async () => {
    const error = await storefront('favoris', { page: 1, count: 8 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: MESSAGES.unauthenticated, status: 200, code: 'UNAUTHENTICATED' })
  })

  it('throws the network message when the server cannot be reached (status 0)', async () => {
    failGraphql('Preferences', 'network')
    await expect(storefront('preferences')).rejects.toMatchObject({ message: NETWORK_MESSAGE, status: 0 })
    failRest('get', '/api/profile', 'network')
    await expect(rest('GET', '/profile')).rejects.toMatchObject({ message: NETWORK_MESSAGE, status: 0 })
  })

  it('says a connection is needed when the phone is offline (issue 18 §3)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      failRest('post', '/api/commande', 'network')
      await expect(rest('POST', '/commande', { lignes: [] })).rejects.toMatchObject({ message: MESSAGES.connectionRequired, status: 0 })
    } finally {
      onLine.mockRestore()
    }
  })

  it('throws the network message for an answer that is not JSON', async () => {
    server.use(http.post('*/graphql', () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502 })))
    await expect(graphql('query X { x }')).rejects.toMatchObject({ message: NETWORK_MESSAGE, status: 502 })
  })

  it('throws the network message for a success that is not JSON', async () => {
    server.use(http.get('*/api/profile', () => new HttpResponse('<html>Portail Wi-Fi</html>', { status: 200 })))
    await expect(rest('GET', '/profile')).rejects.toMatchObject({ message: NETWORK_MESSAGE, status: 200 })
  })

  it('takes an answer cut short (the page left, the cell lost) for an unreachable server, and keeps the token', async () => {
    window.localStorage.setItem(TOKEN_KEY, db.token)
    server.use(
      http.get('*/api/profile', () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"utilisateur":{"id":1,'))
            controller.error(new TypeError('network error'))
          },
        })
        return new HttpResponse(body, { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    await expect(rest('GET', '/profile')).rejects.toMatchObject({ message: NETWORK_MESSAGE, status: 0 })
    expect(storedToken()).toBe(db.token)
  })

  it("throws a REST error's message, status and field errors", async () => {
    server.use(
      http.post('*/api/panier', () =>
        HttpResponse.json({ message: MESSAGES.invalidInput, errors: { quantite: [MESSAGES.quantityMin] } }, { status: 400 }),
      ),
    )
    const error = await rest('POST', '/panier', { produit: 1, user: 1, action: 0, quantite: 0 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: MESSAGES.invalidInput, status: 400, errors: { quantite: [MESSAGES.quantityMin] } })
  })

  it('sends JSON only with a payload', async () => {
    db.user = { id: 1, prenom: 'Awa', nom: 'Diop', email: 'a@example.sn', image: null, googleImg: null }
    window.localStorage.setItem(TOKEN_KEY, db.token)
    let contentType: string | null = 'unset'
    server.use(
      http.delete('*/api/favorie/:produit', ({ request }) => {
        contentType = request.headers.get('content-type')
        return HttpResponse.json({ message: MESSAGES.favouriteRemoved })
      }),
    )
    await rest('DELETE', '/favorie/3')
    expect(contentType).toBeNull()
  })

  it('removes the token on a 401', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'jeton-perime-0123456789abcdef')
    await expect(storefront('preferences')).rejects.toMatchObject({ status: 401, message: MESSAGES.invalidToken })
    expect(storedToken()).toBeNull()
  })

  it('keeps a newer token when the 401 answers a request sent with the one it replaced', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'jeton-perime-0123456789abcdef')
    let answer!: () => void
    server.use(http.get('*/api/profile', () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ message: MESSAGES.invalidToken }, { status: 401 }))))))
    const late = rest('GET', '/profile').catch((e: unknown) => e)
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'))
    // Signed in again meanwhile: the old token's refusal says nothing about the new one.
    window.localStorage.setItem(TOKEN_KEY, db.token)
    answer()
    expect(await late).toMatchObject({ status: 401 })
    expect(storedToken()).toBe(db.token)
  })

  it('keeps the token on other failures', async () => {
    window.localStorage.setItem(TOKEN_KEY, db.token)
    failRest('post', '/api/panier', 403, MESSAGES.forbiddenOtherUser)
    await expect(rest('POST', '/panier', {})).rejects.toMatchObject({ status: 403, message: MESSAGES.forbiddenOtherUser })
    failGraphql('Preferences', 'network')
    await expect(storefront('preferences')).rejects.toMatchObject({ status: 0 })
    expect(storedToken()).toBe(db.token)
  })
})
