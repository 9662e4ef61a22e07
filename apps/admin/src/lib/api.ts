// The back-office's REST client: the shop's bearer token, DESIGN §4 errors as ApiError, and a
// 401 drops the token and returns to sign-in (the `unauthorized` listeners).
const TOKEN_KEY = 'teranga-admin-token'

export const tokenStorage = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message)
  }
}

const unauthorizedListeners = new Set<() => void>()
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

export function authHeaders(): Record<string, string> {
  const token = tokenStorage.get()
  return token ? { authorization: `Bearer ${token}` } : {}
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`/api${path}`, { ...init, headers: { accept: 'application/json', ...authHeaders(), ...(init.headers as Record<string, string>) } })
  if (response.status === 401 && tokenStorage.get()) {
    tokenStorage.clear()
    unauthorizedListeners.forEach((listener) => listener())
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> }
    throw new ApiError(response.status, body.message ?? GENERIC_ERROR, body.errors)
  }
  return response
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers = { 'content-type': 'application/json' }
  }
  const response = await apiFetch(path, init)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** A query string from filters, without the empty ones. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

export interface Page<T> {
  metadata: { total: number; per_page: number; current_page: number; last_page: number }
  data: T[]
}

/** A list the server answers whole (an array) or as DESIGN's page. */
export const listOf = <T,>(data: T[] | Page<T> | undefined): T[] => (Array.isArray(data) ? data : (data?.data ?? []))

const GENERIC_ERROR = 'Une erreur est survenue. Réessayez.'

/** The French message to show for a failed call: the server's own, or a generic one. */
export const errorMessage = (err: unknown): string => (err instanceof ApiError ? err.message : GENERIC_ERROR)
