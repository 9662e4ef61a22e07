// Browser storage of the API token and the guest cart. Storage can be missing or full
// (private mode, old WebViews): every access is guarded so the shop still works without it.

const TOKEN_KEY = 'teranga.token'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage unavailable: the value lives only as long as the page.
  }
}

export const tokenStorage = {
  get: () => read(TOKEN_KEY),
  set: (token: string) => write(TOKEN_KEY, token),
  clear: () => write(TOKEN_KEY, null),
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = read(key)
  if (!raw) return fallback
  try {
    return JSON.parse(raw) as T
  } catch {
    return fallback
  }
}

export function writeJson(key: string, value: unknown): void {
  write(key, value === null ? null : JSON.stringify(value))
}
