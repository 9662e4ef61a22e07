// The fake API of the route tests: an msw server answering the GraphQL documents and REST
// endpoints the storefront calls with the canned data a test puts in `db`, reset before every
// test. It answers what it is given, as given: it sorts, filters, spells, counts stock and checks
// ownership never (ADR 051). The server does, and its own tests check it on the real database;
// a screen test states the answer (`db`, `answerGraphql`, `failRest`) and checks what the
// screen shows and what it sent (`requests`).
import { delay, http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'
import { CART_ACTION } from '@teranga/shared/constants'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import type { Caroussel, Categorie, Preferences, Produit, Souscategorie } from '@teranga/shared/storefront-answers'
import { STOREFRONT_QUERIES, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { documentHash } from '@/lib/public-read.ts'
import { makePanier } from './factories.ts'

/**
 * A token the fake server accepts, new for every test (long enough for the real server's token
 * pattern): a late 401 to the previous test's request cannot sign this test's customer out.
 */
let tokensIssued = 0
const newValidToken = () => `token-valide-${++tokensIssued}-0123456789abcdef`

export interface FakeDb {
  preferences: Preferences | null
  slides: Caroussel[]
  souscategories: Array<Souscategorie & { categorie: { id: number; designation: string } }>
  /** The products of every product list (grids, search, category), in the order answered, one page at a time. */
  produits: Produit[]
  /** The similar products of a product page. */
  similaires: Produit[]
  /** The most-viewed list, as answered. */
  mostViewed: Produit[]
  /** The close spellings answered for a search. */
  orthographes: string[]
  /** The shop's own pages (CGV, FAQ, livraison, contact) by slug, as the server renders them. */
  pages: Record<string, { slug: string; titre: string; description: string; html: string }>
  /** The delivery zones as the owner set them (the FAQ and the delivery page show their fees). */
  zones: Array<{ id: number; designation: string; frais: number; fraisformat: string }>
  /** The customer behind `token`; null means every token is refused. */
  user: Utilisateur | null
  token: string
  /** What POST /api/sociallogin answers as the new token. */
  issuedToken: string
  favoris: number[]
  cart: Array<{ produit_id: number; quantite: number; variante_id?: number }>
}

function emptyDb(): FakeDb {
  return {
    preferences: null,
    slides: [],
    souscategories: [],
    produits: [],
    similaires: [],
    mostViewed: [],
    orthographes: [],
    pages: {
      cgv: { slug: 'cgv', titre: 'Conditions générales de vente', description: 'Nos conditions.', html: '<h2>Prix</h2>\n<p>En FCFA.</p>\n' },
      faq: { slug: 'faq', titre: 'Questions fréquentes', description: 'Vos questions.', html: '<h3>Comment passer commande ?</h3>\n<p>Ajoutez vos produits au panier.</p>\n' },
      livraison: { slug: 'livraison', titre: 'Livraison et retrait', description: 'La livraison.', html: '<h2>Livraison à domicile</h2>\n<p>Tous les jours.</p>\n' },
      contact: { slug: 'contact', titre: 'Nous contacter', description: 'Nos coordonnées.', html: '<p>Appelez-nous.</p>\n' },
    },
    zones: [
      { id: 1, designation: 'Mermoz', frais: 1000, fraisformat: formatPrix(1000) },
      { id: 2, designation: 'Fann', frais: 1500, fraisformat: formatPrix(1500) },
    ],
    user: null,
    token: newValidToken(),
    issuedToken: 'token-emis-par-le-serveur-0123456789',
    favoris: [],
    cart: [],
  }
}

export let db: FakeDb = emptyDb()

export interface RecordedRequest {
  method: string
  path: string
  authorization: string | null
  /** GraphQL: the operation name read from the document. */
  operation: string | undefined
  variables: Record<string, unknown> | undefined
  body: unknown
}

/** Every request the app sent during the test, in order (bodies are read as they arrive). */
export const requests: RecordedRequest[] = []

export function resetServerState(): void {
  db = emptyDb()
  requests.length = 0
}

/** The requests to one REST path (e.g. 'POST', '/api/panier'), their JSON bodies. */
export function restCalls(method: string, path: string | RegExp): RecordedRequest[] {
  return requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)))
}

/** The GraphQL requests of one operation (e.g. 'Produits'). */
export function graphqlCalls(operation: string): RecordedRequest[] {
  return requests.filter((r) => r.path === '/graphql' && r.operation === operation)
}

export function operationName(query: string): string | undefined {
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1]
}

// ---------------------------------------------------------------------------------------
// The shop's answers.

type Viewer = { kind: 'visitor' } | { kind: 'user'; user: Utilisateur } | { kind: 'refused' }

/** Like the real server: no header is a visitor, a header with an unknown token is a 401 on any route. */
function viewerOf(request: Request): Viewer {
  const header = request.headers.get('authorization')
  if (header === null) return { kind: 'visitor' }
  if (db.user && header === `Bearer ${db.token}`) return { kind: 'user', user: db.user }
  return { kind: 'refused' }
}

/** The signed-in customer behind a request; null for a visitor or a refused token. */
export function customerOf(request: Request): Utilisateur | null {
  const viewer = viewerOf(request)
  return viewer.kind === 'user' ? viewer.user : null
}

const invalidTokenGraphql = () =>
  HttpResponse.json({ data: null, errors: [{ message: MESSAGES.invalidToken, extensions: { code: 'UNAUTHENTICATED' } }] }, { status: 401 })
/** The real server's 401 for a REST route asked without a valid token. */
export const invalidTokenRest = () => HttpResponse.json({ message: MESSAGES.invalidToken }, { status: 401 })

/** The real server's 400: the first message of each field it names. */
export function invalidInput(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) (errors[String(issue.path[0])] ??= []).push(issue.message)
  return HttpResponse.json({ message: MESSAGES.invalidInput, errors }, { status: 400 })
}

function withLike(produit: Produit, viewer: Viewer): Produit {
  return { ...produit, like: viewer.kind === 'user' && db.favoris.includes(produit.id) ? 1 : 0 }
}

/** One page of a list with the real server's metadata. */
export function page<T>(items: T[], pageNumber: number, count: number) {
  const lastPage = Math.max(1, Math.ceil(items.length / count))
  return {
    metadata: { total: items.length, per_page: count, current_page: pageNumber, last_page: lastPage },
    data: items.slice((pageNumber - 1) * count, pageNumber * count),
  }
}

function currentPanier() {
  const lines = db.cart.flatMap((line) => {
    const produit = db.produits.find((p) => p.id === line.produit_id)
    const variante = produit?.variantes?.find((v) => v.id === line.variante_id)
    return produit ? [{ produit: { ...produit, like: db.favoris.includes(produit.id) ? 1 : 0 }, quantite: line.quantite, ...(variante ? { variante } : {}) }] : []
  })
  return makePanier(lines)
}

function categoryTree(): Categorie[] {
  const tree = new Map<number, Categorie>()
  for (const sous of db.souscategories) {
    const { categorie, ...rest } = sous
    const node = tree.get(categorie.id) ?? { id: categorie.id, designation: categorie.designation, image: null, imagesrcset: null, souscategories: [] }
    node.souscategories.push(rest)
    tree.set(categorie.id, node)
  }
  return [...tree.values()]
}

const unauthenticatedError = (field: string) => ({
  data: { [field]: null },
  errors: [{ message: MESSAGES.unauthenticated, path: [field], extensions: { code: 'UNAUTHENTICATED' } }],
})

type Resolver = (variables: Record<string, unknown>, viewer: Viewer) => JsonBodyType

const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback)

const resolvers: Record<string, Resolver> = {
  Preferences: () => ({ data: { preferences: db.preferences } }),
  Categories: () => ({ data: { categories: categoryTree() } }),
  Souscategories: () => ({ data: { souscategories: db.souscategories } }),
  Caroussels: () => ({ data: { caroussels: db.slides } }),
  Produits: (variables, viewer) => ({
    data: { produitspaginated: page(db.produits.map((p) => withLike(p, viewer)), num(variables['page'], 1), num(variables['count'], 12)) },
  }),
  Produit: (variables, viewer) => {
    const found = db.produits.find((p) => p.id === variables['id'])
    return { data: { produits: found ? withLike(found, viewer) : null } }
  },
  Similaires: (variables, viewer) => ({
    data: { produitsimilairespaginated: page(db.similaires.map((p) => withLike(p, viewer)), num(variables['page'], 1), num(variables['count'], 6)) },
  }),
  Orthographes: () => ({ data: { orthographes: db.orthographes } }),
  PlusVus: (_variables, viewer) => ({
    data: { produitplusvus: db.mostViewed.map((p) => withLike(p, viewer)) },
  }),
  Favoris: (variables, viewer) => {
    if (viewer.kind !== 'user') return unauthenticatedError('favoriespaginated')
    const favoris = db.favoris.flatMap((id, index) => {
      const produit = db.produits.find((p) => p.id === id)
      return produit ? [{ id: index + 1, produit: withLike(produit, viewer) }] : []
    })
    return { data: { favoriespaginated: page(favoris, num(variables['page'], 1), num(variables['count'], 8)) } }
  },
  Panier: (_variables, viewer) => {
    if (viewer.kind !== 'user') return unauthenticatedError('paniers')
    return { data: { paniers: db.cart.length ? [currentPanier()] : [] } }
  },
  EnregistrerVue: () => ({ data: { enregistrerVue: true } }),
  PageContenu: (variables) => ({ data: { pagecontenu: db.pages[String(variables['slug'])] ?? null } }),
  Zones: () => ({ data: { zoneslivraison: db.zones } }),
  // The checkout's and the account's documents: checkout-api.ts and account-api.ts.
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    return (await request.clone().json()) as Record<string, unknown>
  } catch {
    return {}
  }
}

const DOCUMENTS_BY_HASH = new Map(
  await Promise.all(Object.keys(STOREFRONT_QUERIES).map(async (name) => [await documentHash(STOREFRONT_QUERIES[name as StorefrontQuery]), STOREFRONT_QUERIES[name as StorefrontQuery]] as const)),
)

function parseParam(value: string | null): unknown {
  try {
    return value === null ? undefined : (JSON.parse(value) as unknown)
  } catch {
    return undefined
  }
}

/** A GraphQL request's document and variables, as the server reads them: a POST's body, or a GET's parameters (its document named by hash, ADR 063). */
export function graphqlParts(url: URL, body: unknown): { query?: unknown; variables?: unknown } {
  if (url.searchParams.has('extensions') || url.searchParams.has('query')) {
    const hash = (parseParam(url.searchParams.get('extensions')) as { persistedQuery?: { sha256Hash?: string } } | undefined)?.persistedQuery?.sha256Hash
    return { query: url.searchParams.get('query') ?? (hash ? DOCUMENTS_BY_HASH.get(hash) : undefined), variables: parseParam(url.searchParams.get('variables')) ?? {} }
  }
  return (body ?? {}) as { query?: unknown; variables?: unknown }
}

/** What a GraphQL request asks, whether POSTed or sent as a GET. */
export async function readGraphql(request: Request): Promise<{ query?: unknown; variables?: unknown }> {
  return graphqlParts(new URL(request.url), request.method === 'GET' ? undefined : await readJson(request))
}

export const handlers = [
  http.all('*/graphql', async ({ request }) => {
    const { query, variables } = await readGraphql(request)
    const viewer = viewerOf(request)
    if (viewer.kind === 'refused') return invalidTokenGraphql()
    const name = typeof query === 'string' ? operationName(query) : undefined
    const resolver = name ? resolvers[name] : undefined
    if (!resolver) return HttpResponse.json({ data: null, errors: [{ message: `Opération inconnue : ${name}` }] }, { status: 400 })
    return HttpResponse.json(resolver((variables ?? {}) as Record<string, unknown>, viewer))
  }),

  http.get('*/api/profile', ({ request }) => {
    const viewer = viewerOf(request)
    if (viewer.kind !== 'user') return invalidTokenRest()
    return HttpResponse.json({ utilisateur: viewer.user })
  }),

  // Like the real route, a stale token in the header does not stop a new sign-in.
  http.post('*/api/sociallogin', async ({ request }) => {
    const body = await readJson(request)
    if (typeof body['idToken'] !== 'string' || body['idToken'].length < 20) {
      return HttpResponse.json({ message: MESSAGES.invalidInput, errors: { idToken: [MESSAGES.idTokenRequired] } }, { status: 400 })
    }
    const utilisateur = db.user ?? { id: 99, prenom: String(body['prenom'] ?? ''), nom: String(body['nom'] ?? ''), email: String(body['email'] ?? ''), image: null, googleImg: null }
    // From now on the new token opens this account.
    db.user = utilisateur
    db.token = db.issuedToken
    return HttpResponse.json({ token: db.issuedToken, utilisateur })
  }),

  http.post('*/api/logout', ({ request }) => {
    if (viewerOf(request).kind !== 'user') return invalidTokenRest()
    return HttpResponse.json({ message: MESSAGES.loggedOut })
  }),

  http.post('*/api/panier', async ({ request }) => {
    const viewer = viewerOf(request)
    if (viewer.kind !== 'user') return invalidTokenRest()
    // The cart keeps the lines it is sent; the stock and whose cart it is are the server's
    // to check (a test wanting its refusal answers it with `failRest`).
    const { produit, variante, quantite, action } = (await readJson(request)) as { produit: number; variante?: number; quantite?: number; action: number }
    // A line is a variant; without one, the product's first (its only one, the server would
    // say); a product listing no variants is its own one, of its id (as makePanier answers it).
    const variantOf = (produitId: number, named?: number) => named ?? db.produits.find((p) => p.id === produitId)?.variantes?.[0]?.id ?? produitId
    const varianteId = variantOf(produit, variante)
    const isLine = (l: (typeof db.cart)[number]) => l.produit_id === produit && variantOf(l.produit_id, l.variante_id) === varianteId
    const line = db.cart.find(isLine)
    if (action === CART_ACTION.remove) {
      db.cart = db.cart.filter((l) => !isLine(l))
    } else {
      const wanted = action === CART_ACTION.add ? (line?.quantite ?? 0) + (quantite ?? 0) : (quantite ?? 0)
      if (line) line.quantite = wanted
      else db.cart.push({ produit_id: produit, quantite: wanted, ...(db.produits.find((p) => p.id === produit)?.variantes?.length ? { variante_id: varianteId } : {}) })
    }
    return HttpResponse.json({ panier: currentPanier() })
  }),

  http.post('*/api/favorie', async ({ request }) => {
    const viewer = viewerOf(request)
    if (viewer.kind !== 'user') return invalidTokenRest()
    const { client, produit } = (await readJson(request)) as { client: number; produit: number }
    if (!db.favoris.includes(produit)) db.favoris.push(produit)
    return HttpResponse.json({ message: MESSAGES.favouriteAdded, favori: { id: db.favoris.length, client, produit } }, { status: 201 })
  }),

  http.delete('*/api/favorie/:produit', ({ request, params }) => {
    if (viewerOf(request).kind !== 'user') return invalidTokenRest()
    db.favoris = db.favoris.filter((id) => id !== Number(params['produit']))
    return HttpResponse.json({ message: MESSAGES.favouriteRemoved })
  }),
]

export const server = setupServer(...handlers)

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url)
  const entry: RecordedRequest = {
    method: request.method,
    path: url.pathname,
    authorization: request.headers.get('authorization'),
    operation: undefined,
    variables: undefined,
    body: undefined,
  }
  // Pushed at once so the order is the order of sending; the body follows.
  requests.push(entry)
  if (url.pathname === '/graphql' && request.method === 'GET') {
    const { query, variables } = graphqlParts(url, undefined)
    entry.body = { query, variables }
    entry.operation = typeof query === 'string' ? operationName(query) : undefined
    entry.variables = variables as Record<string, unknown>
  }
  if (request.method === 'GET' || request.method === 'HEAD') return
  void request
    .clone()
    .text()
    .then((text) => {
      if (!text) return
      const body = JSON.parse(text) as unknown
      entry.body = body
      if (url.pathname === '/graphql' && body && typeof body === 'object' && 'query' in body && typeof body.query === 'string') {
        entry.operation = operationName(body.query)
        entry.variables = ('variables' in body ? body.variables : {}) as Record<string, unknown>
      }
    })
    .catch(() => {})
})

// ---------------------------------------------------------------------------------------
// Sad paths: one operation or route answering badly, the others as usual.

export type Failure = 'network' | 'hang' | number

const defaultMessage = (failure: Failure) => (failure === 401 ? MESSAGES.invalidToken : MESSAGES.internalError)

function failureResponse(failure: Failure, body: JsonBodyType) {
  if (failure === 'network') return HttpResponse.error()
  if (failure === 'hang') return delay('infinite').then(() => HttpResponse.json(body))
  return HttpResponse.json(body, { status: failure })
}

/**
 * Makes one GraphQL operation fail: a network error, an answer that never comes, or an HTTP
 * status with the server's error shape (a 401 is the invalid-token answer).
 */
export function failGraphql(operation: string, failure: Failure, message?: string): void {
  server.use(
    http.all('*/graphql', async ({ request }) => {
      const { query } = await readGraphql(request)
      if (typeof query !== 'string' || operationName(query) !== operation) return undefined
      const code = failure === 401 ? 'UNAUTHENTICATED' : 'INTERNAL_SERVER_ERROR'
      return failureResponse(failure, { data: null, errors: [{ message: message ?? defaultMessage(failure), extensions: { code } }] })
    }),
  )
}

/**
 * Answers one GraphQL operation with fixed data (its root field and value), the others as
 * usual; with `when`, only the requests whose variables hold those values (e.g. a search's
 * `designation`), so one screen's two lists can each get their own answer.
 */
export function answerGraphql(operation: string, data: Record<string, unknown>, when: Record<string, unknown> = {}): void {
  server.use(
    http.all('*/graphql', async ({ request }) => {
      const { query, variables } = await readGraphql(request)
      if (typeof query !== 'string' || operationName(query) !== operation) return undefined
      const sent = (variables ?? {}) as Record<string, unknown>
      if (Object.entries(when).some(([name, value]) => sent[name] !== value)) return undefined
      return HttpResponse.json({ data })
    }),
  )
}

/** The search's answer for `designation`: these products, on one page. */
export function answerSearch(designation: string, produits: Produit[]): void {
  answerGraphql('Produits', { produitspaginated: page(produits, 1, Math.max(1, produits.length)) }, { designation })
}

/** The server's refusal (409, e.g. not enough stock) of a cart change for one product; the other products' changes as usual. */
export function refuseCartLine(produit: number, message: string): void {
  server.use(
    http.post('*/api/panier', async ({ request }) => {
      if ((await readJson(request))['produit'] !== produit) return undefined
      return HttpResponse.json({ message, errors: { quantite: [message] } }, { status: 409 })
    }),
  )
}

/** Makes one REST route fail (path as msw matches it, e.g. '/api/favorie/:produit'). */
export function failRest(method: 'get' | 'post' | 'delete', path: string, failure: Failure, message?: string): void {
  server.use(http[method](`*${path}`, () => failureResponse(failure, { message: message ?? defaultMessage(failure) })))
}
