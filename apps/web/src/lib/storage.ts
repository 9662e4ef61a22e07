// Browser storage of the API token and the guest cart, as stores React can subscribe to
// (another tab's change included). Storage can be missing or full (private mode, old
// WebViews, the server rendering a page): every access is guarded so the shop still works.

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

export interface StoredValue {
  get(): string | null
  set(value: string): void
  clear(): void
  /** For useSyncExternalStore: called after every change, here or in another tab. */
  subscribe(listener: () => void): () => void
}

export function storedValue(key: string): StoredValue {
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify()
  }
  return {
    get: () => read(key),
    set(value) {
      write(key, value)
      notify()
    },
    clear() {
      write(key, null)
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
