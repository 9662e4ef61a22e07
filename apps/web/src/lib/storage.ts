// Browser storage of the API token, the guest cart (localStorage) and the checkout's delivery
// context (sessionStorage), as stores React can subscribe to (another tab's change included).
// Storage can be missing or full (private mode, old WebViews, the server rendering a page):
// every access is guarded so the shop still works.

export type StorageArea = 'localStorage' | 'sessionStorage'

/** The stored value; undefined when the storage cannot be read. */
function read(area: StorageArea, key: string): string | null | undefined {
  try {
    return window[area].getItem(key)
  } catch {
    return undefined
  }
}

function write(area: StorageArea, key: string, value: string | null): boolean {
  try {
    if (value === null) window[area].removeItem(key)
    else window[area].setItem(key, value)
    return true
  } catch {
    return false
  }
}

export interface StoredValue {
  get(): string | null
  set(value: string): void
  clear(): void
  /** For useSyncExternalStore: called after every change, here or in another tab. */
  subscribe(listener: () => void): () => void
}

/** One key of the browser's storage; sessionStorage lives as long as the tab (a reload keeps it). */
export function storedValue(key: string, area: StorageArea = 'localStorage'): StoredValue {
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  // Storage unavailable or full: the value lives only as long as the page.
  let memory: string | null = null
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify()
  }
  return {
    get: () => {
      const stored = read(area, key)
      return stored === undefined ? memory : (stored ?? memory)
    },
    set(value) {
      memory = write(area, key, value) ? null : value
      notify()
    },
    clear() {
      write(area, key, null)
      memory = null
      notify()
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
      }
    },
  }
}

export const tokenStorage = storedValue('teranga.token')
