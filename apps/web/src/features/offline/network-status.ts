// What the offline banner and the update prompt show: whether the phone has a connection,
// whether the page is showing answers kept by the service worker (possibly outdated), and a
// new release waiting to take over. Small external stores read with useSyncExternalStore.
import { KEPT_PAGE_META, STALE_MESSAGE } from './worker-rules.ts'

type Listener = () => void

function createStore<T>(initial: T) {
  let value = initial
  const listeners = new Set<Listener>()
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** The browser's own word on the connection (the `online`/`offline` events). */
export const connection = {
  subscribe(listener: Listener) {
    window.addEventListener('online', listener)
    window.addEventListener('offline', listener)
    return () => {
      window.removeEventListener('online', listener)
      window.removeEventListener('offline', listener)
    }
  },
  online: () => navigator.onLine,
  /** The server renders for a connected visitor; the browser corrects it after hydration. */
  onlineOnServer: () => true,
}

/** Set when the worker answered from its cache; cleared when the connection comes back. */
export const staleAnswers = createStore(false)

/** Accepting the waiting release (its worker takes over, then the page reloads); null if none. */
export const waitingRelease = createStore<null | (() => void)>(null)

/**
 * Listens to the worker's word that an answer came from its cache. Installed when this module
 * loads, before the first queries, so no message is missed.
 */
export function listenToWorker(target: { serviceWorker?: ServiceWorkerContainer } = navigator, win: Window = window): () => void {
  // A page the worker served from its copy (the network was too slow or absent) says so in its head.
  if (win.document.querySelector(`meta[name="${KEPT_PAGE_META}"]`)) staleAnswers.set(true)
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === STALE_MESSAGE) staleAnswers.set(true)
  }
  const onOnline = () => staleAnswers.set(false)
  target.serviceWorker?.addEventListener('message', onMessage)
  target.serviceWorker?.startMessages()
  win.addEventListener('online', onOnline)
  return () => {
    target.serviceWorker?.removeEventListener('message', onMessage)
    win.removeEventListener('online', onOnline)
  }
}

if (typeof window !== 'undefined' && typeof navigator !== 'undefined') listenToWorker()
