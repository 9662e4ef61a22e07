// The one way the storefront talks to the server: GraphQL and REST with the stored bearer
// token. Any 401 removes the token (spec §4), which the auth provider hears; errors carry the
// server's French message. A visitor's catalogue reads are GETs naming their document by its
// hash (ADR 063), which the browser, a CDN and the service worker may keep.
import { MESSAGES } from '@teranga/shared/messages'
import { STOREFRONT_PRIVATE_QUERIES, STOREFRONT_QUERIES, STOREFRONT_ROOT_FIELDS, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { tokenStorage } from './storage.ts'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

const NETWORK_MESSAGE = MESSAGES.serverUnreachable

/** No answer: the phone says it has no connection (issue 18 §3), or the server is unreachable. */
const unreachable = () => new ApiError(typeof navigator !== 'undefined' && navigator.onLine === false ? MESSAGES.connectionRequired : NETWORK_MESSAGE, 0)

function headers(json: boolean): Record<string, string> {
  const token = tokenStorage.get()
  return {
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }
}

/**
 * Spec §4: any 401 removes the stored token; whoever shows the session hears it from the store.
 * Only the token that was refused: a late answer to a request sent before the customer signed
 * in again must not sign the new session out.
 */
function unauthorized(sent: string | null) {
  if (sent !== null && tokenStorage.get() === sent) tokenStorage.clear()
}

async function send(path: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
  const sent = tokenStorage.get()
  let response: Response
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init })
  } catch {
    throw unreachable()
  }
  let text: string
  try {
    text = await response.text()
  } catch {
    // The connection dropped in the middle of the answer (the page is being left, the phone
    // lost its cell): as unreachable as no answer at all, and it says nothing about the token.
    throw new ApiError(NETWORK_MESSAGE, 0)
  }
  // No content (204) is null; anything else must be JSON.
  const body = text === '' ? null : parseJson(text)
  if (response.status === 401) unauthorized(sent)
  // A success that is not the server's JSON (a proxy's page) is not an answer either.
  if (response.ok && body === undefined) throw new ApiError(NETWORK_MESSAGE, response.status)
  return { response, body: body ?? null }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message
  return fallback
}

/** `extraHeaders`: a call's own headers (e.g. the order's Idempotency-Key). */
export async function rest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  const { response, body } = await send(`/api${path}`, {
    method,
    headers: { ...headers(payload !== undefined), ...extraHeaders },
    body: payload === undefined ? null : JSON.stringify(payload),
  })
  if (!response.ok) {
    const errors = body && typeof body === 'object' && 'errors' in body ? (body.errors as Record<string, string[]>) : undefined
    throw new ApiError(messageOf(body, NETWORK_MESSAGE), response.status, undefined, errors)
  }
  return body as T
}

/**
 * A file the API sends to the signed-in customer (an invoice's PDF): fetched with the token, which
 * a plain link cannot send, then saved as `fileName`. Errors carry the server's French message.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const sent = tokenStorage.get()
  let response: Response
  try {
    response = await fetch(`/api${path}`, { credentials: 'same-origin', headers: { accept: 'application/pdf, application/json', ...(sent ? { authorization: `Bearer ${sent}` } : {}) } })
  } catch {
    throw unreachable()
  }
  if (response.status === 401) unauthorized(sent)
  if (!response.ok) throw new ApiError(messageOf(parseJson(await response.text().catch(() => '')), NETWORK_MESSAGE), response.status)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

interface GraphqlBody<T> {
  data?: T
  errors?: Array<{ message: string; extensions?: { code?: string } }>
}

function graphqlData<T>(response: Response, body: unknown): T {
  const result = body as GraphqlBody<T> | null
  const first = result?.errors?.[0]
  if (first) throw new ApiError(first.message, response.status, first.extensions?.code)
  if (!response.ok || !result?.data) throw new ApiError(messageOf(body, NETWORK_MESSAGE), response.status)
  return result.data
}

export async function graphql<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { response, body } = await send('/graphql', {
    method: 'POST',
    headers: headers(true),
    body: JSON.stringify({ query: document, variables }),
  })
  return graphqlData<T>(response, body)
}

/**
 * Runs one of the shared storefront documents: a visitor's public read as a GET, anything
 * else (a signed-in customer's `like`, the cart, an order's follow-up) as a POST.
 */
export function storefront<T>(name: StorefrontQuery, variables: Record<string, unknown> = {}): Promise<T> {
  // Without Web Crypto (a page over plain HTTP on a LAN) the hash cannot be made: a POST.
  if (STOREFRONT_PRIVATE_QUERIES.has(name) || tokenStorage.get() !== null || !globalThis.crypto?.subtle) return graphql<T>(STOREFRONT_QUERIES[name], variables)
  // The GET form loads apart, once: the first page's script stays within its 150 KB.
  return import('./public-read.ts')
    .then((m) => m.publicRead(STOREFRONT_QUERIES[name], variables, (url) => send(url, { method: 'GET', headers: headers(false) })))
    .then(({ response, body }) => graphqlData<T>(response, body))
}

/**
 * One storefront document's answer under its root field: what the query cache keeps, and what
 * the server embeds in a page under the same key (the same shared map decides both).
 */
export async function storefrontData<T>(name: StorefrontQuery, variables: Record<string, unknown> = {}): Promise<T> {
  const data = await storefront<Record<string, T>>(name, variables)
  return data[STOREFRONT_ROOT_FIELDS[name]] as T
}
